"""Resemblyzer's speaker encoder (resemblyzer 0.1.4, Apache-2.0) in numpy, without torch.

The network is small: 40-channel mel frames (25 ms window, 10 ms hop, 16 kHz) into a 3-layer LSTM
of 256 units, a linear layer and a ReLU, L2-normalised: one 256-dim "d-vector" per 1.6 s partial
utterance, averaged over the utterance. scripts/setup-speech.sh converts the weights shipped in
the wheel (`pretrained.pt`, a legacy torch pickle) once into an .npz with `convert_weights` below,
which reads the pickle with numpy alone, so torch is never installed at run time.
test/speech/speaker-encoder.test.ts checks this port against embeddings computed once by the
reference implementation (torch + librosa), stored in test/fixtures/speaker-encoder-reference.json.
"""
import collections
import pickle
import struct

import numpy as np

SAMPLE_RATE = 16000
N_FFT = 400  # 25 ms
HOP = 160  # 10 ms
N_MELS = 40
PARTIAL_FRAMES = 160  # 1.6 s
AUDIO_NORM_TARGET_DBFS = -30


def _mel_filters():
    """librosa.filters.mel(sr=16000, n_fft=400, n_mels=40): Slaney mel scale and area norm."""
    def hz_to_mel(f):
        f = np.asanyarray(f, dtype=np.float64)
        f_sp = 200.0 / 3
        mels = f / f_sp
        min_log_hz, min_log_mel, logstep = 1000.0, 1000.0 / f_sp, np.log(6.4) / 27.0
        return np.where(f >= min_log_hz, min_log_mel + np.log(np.maximum(f, 1e-10) / min_log_hz) / logstep, mels)

    def mel_to_hz(m):
        m = np.asanyarray(m, dtype=np.float64)
        f_sp = 200.0 / 3
        freqs = f_sp * m
        min_log_hz, min_log_mel, logstep = 1000.0, 1000.0 / f_sp, np.log(6.4) / 27.0
        return np.where(m >= min_log_mel, min_log_hz * np.exp(logstep * (m - min_log_mel)), freqs)

    fftfreqs = np.linspace(0, SAMPLE_RATE / 2, 1 + N_FFT // 2)
    mel_f = mel_to_hz(np.linspace(hz_to_mel(0.0), hz_to_mel(SAMPLE_RATE / 2), N_MELS + 2))
    fdiff = np.diff(mel_f)
    ramps = mel_f[:, None] - fftfreqs[None, :]
    weights = np.zeros((N_MELS, len(fftfreqs)))
    for i in range(N_MELS):
        lower = -ramps[i] / fdiff[i]
        upper = ramps[i + 2] / fdiff[i + 1]
        weights[i] = np.maximum(0, np.minimum(lower, upper))
    weights *= (2.0 / (mel_f[2 : N_MELS + 2] - mel_f[:N_MELS]))[:, None]
    return weights.astype(np.float32)


MEL_FILTERS = _mel_filters()
# librosa's default window is the periodic Hann window.
WINDOW = (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(N_FFT) / N_FFT)).astype(np.float32)


def mel_spectrogram(wav):
    """Power mel spectrogram, frames × 40, as librosa.feature.melspectrogram (center, zero pad)."""
    padded = np.pad(wav.astype(np.float32), (N_FFT // 2, N_FFT // 2), mode="constant")
    n_frames = 1 + (len(padded) - N_FFT) // HOP
    idx = np.arange(N_FFT)[None, :] + HOP * np.arange(n_frames)[:, None]
    spectrum = np.abs(np.fft.rfft(padded[idx] * WINDOW, axis=1)) ** 2
    return (spectrum @ MEL_FILTERS.T).astype(np.float32)


def partial_slices(n_samples, rate=1.3, min_coverage=0.75):
    samples_per_frame = SAMPLE_RATE * 10 // 1000
    n_frames = int(np.ceil((n_samples + 1) / samples_per_frame))
    frame_step = int(np.round((SAMPLE_RATE / rate) / samples_per_frame))
    starts = list(range(0, max(1, n_frames - PARTIAL_FRAMES + frame_step + 1), frame_step))
    last = starts[-1] * samples_per_frame
    coverage = (n_samples - last) / (PARTIAL_FRAMES * samples_per_frame)
    if coverage < min_coverage and len(starts) > 1:
        starts = starts[:-1]
    return starts, samples_per_frame


def _sigmoid(x):
    return 0.5 * (1.0 + np.tanh(0.5 * x))  # = 1 / (1 + e^-x), without overflow


class SpeakerEncoder:
    """Owns the weights and computes d-vectors; knows nothing of HTTP or voices."""

    def __init__(self, weights_path):
        w = np.load(weights_path)
        self.layers = [
            (w[f"lstm.weight_ih_l{i}"].T.copy(), w[f"lstm.weight_hh_l{i}"].T.copy(), w[f"lstm.bias_ih_l{i}"] + w[f"lstm.bias_hh_l{i}"])
            for i in range(3)
        ]
        self.linear_w = w["linear.weight"].T.copy()
        self.linear_b = w["linear.bias"]

    def forward(self, mels):
        """mels: batch × frames × 40 → batch × 256, L2-normalised (torch.nn.LSTM gate order i, f, g, o)."""
        x = mels
        batch, steps, _ = x.shape
        for w_ih, w_hh, bias in self.layers:
            hidden = w_hh.shape[0]
            gates_in = x @ w_ih + bias  # all time steps at once
            h = np.zeros((batch, hidden), np.float32)
            c = np.zeros((batch, hidden), np.float32)
            outputs = np.empty((batch, steps, hidden), np.float32)
            for t in range(steps):
                g = gates_in[:, t] + h @ w_hh
                i, f, cell, o = np.split(g, 4, axis=1)
                c = _sigmoid(f) * c + _sigmoid(i) * np.tanh(cell)
                h = _sigmoid(o) * np.tanh(c)
                outputs[:, t] = h
            x = outputs
        raw = np.maximum(0, h @ self.linear_w + self.linear_b)
        return raw / np.maximum(np.linalg.norm(raw, axis=1, keepdims=True), 1e-12)

    def embed_utterance(self, wav, rate=1.3, min_coverage=0.75):
        """resemblyzer.VoiceEncoder.embed_utterance: a 16 kHz float waveform → 256-dim d-vector."""
        starts, spf = partial_slices(len(wav), rate, min_coverage)
        needed = (starts[-1] + PARTIAL_FRAMES) * spf
        if needed >= len(wav):
            wav = np.pad(wav, (0, needed - len(wav)))
        mel = mel_spectrogram(wav)
        mels = np.stack([mel[s : s + PARTIAL_FRAMES] for s in starts])
        partials = self.forward(mels)
        raw = partials.mean(axis=0)
        return raw / np.linalg.norm(raw), partials


def normalize_volume(wav, target_dbfs=AUDIO_NORM_TARGET_DBFS):
    """resemblyzer.preprocess_wav's volume step (increase only)."""
    rms = np.sqrt(np.mean(wav.astype(np.float64) ** 2))
    if rms <= 0:
        return wav
    change = target_dbfs - 20 * np.log10(rms)
    return wav if change < 0 else (wav * 10 ** (change / 20)).astype(np.float32)


def trim_long_silences(wav, window_ms=30, max_silence_windows=6):
    """Shortens silences as resemblyzer.preprocess_wav does, with an energy detector in place of
    webrtcvad (not installed): windows within 30 dB of the loudest speech are kept, with six
    windows of silence either side."""
    n = SAMPLE_RATE * window_ms // 1000
    wav = wav[: len(wav) - len(wav) % n]
    if len(wav) == 0:
        return wav
    energy = 10 * np.log10(np.mean(wav.reshape(-1, n).astype(np.float64) ** 2, axis=1) + 1e-12)
    voiced = energy > np.percentile(energy, 95) - 30
    keep = np.convolve(voiced.astype(np.int32), np.ones(2 * max_silence_windows + 1, np.int32), mode="same") > 0
    return wav[np.repeat(keep, n)]


def preprocess(wav):
    return trim_long_silences(normalize_volume(np.asarray(wav, np.float32)))


def convert_weights(pt_path, npz_path):
    """Reads resemblyzer's legacy-format torch checkpoint with pickle and numpy only."""
    dtypes = {"FloatStorage": np.float32, "DoubleStorage": np.float64, "LongStorage": np.int64, "IntStorage": np.int32}
    storages = {}

    class Tensor:
        def __init__(self, key, offset, size, stride):
            self.key, self.offset, self.size, self.stride = key, offset, tuple(size), tuple(stride)

    def rebuild_tensor(storage, offset, size, stride, *_):
        return Tensor(storage, offset, size, stride)

    class Unpickler(pickle.Unpickler):
        def find_class(self, module, name):
            if (module, name) == ("torch._utils", "_rebuild_tensor_v2"):
                return rebuild_tensor
            if (module, name) == ("torch._utils", "_rebuild_parameter"):
                return lambda data, *_: data
            if module == "torch" and name.endswith("Storage"):
                return name
            if (module, name) == ("collections", "OrderedDict"):
                return collections.OrderedDict
            raise pickle.UnpicklingError(f"unexpected {module}.{name} in the checkpoint")

        def persistent_load(self, pid):
            _, storage_type, key, _location, numel, _view = pid
            storages.setdefault(key, [storage_type, numel, None])
            return key

    with open(pt_path, "rb") as f:
        for _ in range(3):
            pickle.load(f)  # magic number, protocol version, system info
        checkpoint = Unpickler(f).load()
        for key in pickle.load(f):
            numel = struct.unpack("<q", f.read(8))[0]
            dtype = np.dtype(dtypes[storages[key][0]])
            storages[key][2] = np.frombuffer(f.read(numel * dtype.itemsize), dtype)

    def array(t):
        data = storages[t.key][2]
        strides = [s * data.itemsize for s in t.stride]
        return np.lib.stride_tricks.as_strided(data[t.offset :], t.size, strides).copy()

    weights = {k: array(v) for k, v in checkpoint["model_state"].items() if isinstance(v, Tensor) and k.startswith(("lstm.", "linear."))}
    np.savez(npz_path, **weights)
    return sorted(weights)


if __name__ == "__main__":
    import sys

    print(" ".join(convert_weights(sys.argv[1], sys.argv[2])))
