"""End-of-turn detection: has the speaker finished their turn, or only paused?

Smart Turn v3.2 (pipecat-ai, BSD-2-Clause; an 8 MB int8 ONNX classifier over a Whisper encoder,
23 languages), fetched by scripts/setup-speech.sh from the PyPI wheel that ships it. It reads the
last 8 s of the turn as Whisper's log-mel features (80 bins, 10 ms hop; computed here with numpy,
as transformers' WhisperFeatureExtractor does) and answers the probability that the turn is
complete: intonation and words both count, so "What is the tallest mountain" waits and "What is
the tallest mountain in the world?" does not.
"""
import os
import threading

import numpy as np

RATE = 16000
WINDOW_S = 8
N_FFT = 400
HOP = 160
N_MELS = 80


def _hz_to_mel(freq):
    # The Slaney scale: linear below 1 kHz, logarithmic above.
    freq = np.atleast_1d(np.asarray(freq, dtype=np.float64))
    mels = 3.0 * freq / 200.0
    log = freq >= 1000.0
    mels[log] = 15.0 + np.log(freq[log] / 1000.0) * (27.0 / np.log(6.4))
    return mels


def _mel_to_hz(mels):
    mels = np.atleast_1d(np.asarray(mels, dtype=np.float64))
    freq = 200.0 * mels / 3.0
    log = mels >= 15.0
    freq[log] = 1000.0 * np.exp((np.log(6.4) / 27.0) * (mels[log] - 15.0))
    return freq


def _mel_filters():
    """Triangular, Slaney-normalised filters: (N_FFT/2+1, N_MELS)."""
    edges = _mel_to_hz(np.linspace(_hz_to_mel(0.0)[0], _hz_to_mel(RATE / 2)[0], N_MELS + 2))
    bins = np.linspace(0, RATE // 2, N_FFT // 2 + 1)
    slopes = edges[None, :] - bins[:, None]
    widths = np.diff(edges)
    down = -slopes[:, :-2] / widths[:-1]
    up = slopes[:, 2:] / widths[1:]
    filters = np.maximum(0.0, np.minimum(down, up))
    return filters * (2.0 / (edges[2:] - edges[:-2]))[None, :]


FILTERS = _mel_filters()
HANN = np.hanning(N_FFT + 1)[:-1]  # periodic, as torch.hann_window


def log_mel(audio):
    """Whisper's normalised log-mel features of exactly WINDOW_S seconds: (80, 800) float32."""
    x = np.asarray(audio, dtype=np.float32)
    x = (x - x.mean()) / np.sqrt(x.var() + 1e-7)
    padded = np.pad(x.astype(np.float64), (N_FFT // 2, N_FFT // 2), mode="reflect")
    frames = np.lib.stride_tricks.sliding_window_view(padded, N_FFT)[::HOP]
    power = np.abs(np.fft.rfft(frames * HANN, axis=-1)) ** 2
    spec = np.log10(np.maximum(1e-10, power @ FILTERS)).T[:, :-1]
    spec = np.maximum(spec, spec.max() - 8.0)
    return ((spec + 4.0) / 4.0).astype(np.float32)


def last_window(pcm):
    """The last WINDOW_S seconds of the turn, zeros in front of a shorter one."""
    n = RATE * WINDOW_S
    return pcm[-n:] if len(pcm) >= n else np.pad(pcm, (n - len(pcm), 0))


class TurnModel:
    """One ONNX session, one thread: a check takes 10-100 ms and must never wait behind a transcription."""

    def __init__(self, path):
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        self.session = ort.InferenceSession(path, sess_options=options, providers=["CPUExecutionProvider"])
        self.lock = threading.Lock()
        self.complete(np.zeros(RATE, np.float32))  # the first run allocates: not on a user's turn

    def complete(self, pcm):
        """P(the turn is complete) for 16 kHz float32 audio of the turn so far."""
        features = log_mel(last_window(pcm))[None, :, :]
        with self.lock:
            out = self.session.run(None, {"input_features": features})[0]
        return float(np.asarray(out).reshape(-1)[0])


def load():
    """The model SPEECH_TURN_MODEL names (default: setup's copy), or None when it is not installed."""
    models = os.environ.get("SPEECH_MODELS_DIR", ".tools/speech-models")
    path = os.environ.get("SPEECH_TURN_MODEL", os.path.join(models, "smart-turn", "smart-turn-v3.2-cpu.onnx"))
    return TurnModel(path) if os.path.isfile(path) else None
