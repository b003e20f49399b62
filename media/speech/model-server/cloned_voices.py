"""Cloned (speaker-adapted) Kokoro voices for the synthesis server: the registry of their style
tables, and the builder routes the service's voice-clone workflow calls (voice_builder.py does the
work).

The service owns a cloned voice's style table (a file under the account's files directory, so
deletion and erasure remove it); this server only holds registered tables in memory, under the
name `clone:<userId>/<voiceId>/<version>`, each with its conversion (voice_conversion.py: the
pitch and formant shift every synthesis of that version gets). A synthesis naming an unregistered
clone answers 404 "voice not registered", and the service registers it again (after a restart of
this server).
Because everything goes through these routes, a GPU cloning server can replace this one.

Routes (our extension, not OpenAI's):
  POST /v1/voices/analyse   {audio}                                  → measurements of a reference
  POST /v1/voices/build     {search_audio, held_out_audio}           → version 1: style, conversion, scores
  POST /v1/voices/refine    {style, conversion, search_audio, held_out_audio, lang, validation_score, …}
  POST /v1/voices/register  {name, style, conversion}                → usable by /v1/audio/speech
  POST /v1/voices/unregister {name}
  POST /v1/voices/embed     {audio}                                  → the d-vector (benchmarks)
  POST /v1/voices/measure   {audio}                                  → median F0, F0 spread, LTAS (benchmarks)
  GET  /v1/voices/conversion-cost                                    → CPU spent converting, per audio second
A `text` (the reference's transcript) is accepted and unused by the Kokoro search, which scores on
fixed sentences; a builder that needs a transcript has it.
Audio is a base64 16 kHz mono 16-bit WAV; a style is a base64 float32 array of 510×1×256.
"""
import base64
import io
import os
import re
import threading
import time
import wave
from collections import OrderedDict

import numpy as np

from common import HttpError
from voice_conversion import check_conversion, convert, ltas, pitch_stats

MODELS = os.environ.get("SPEECH_MODELS_DIR", ".tools/speech-models")
ENCODER_WEIGHTS = os.path.join(MODELS, "speaker-encoder-v1.npz")
STOCK_EMBEDDINGS = os.path.join(MODELS, "stock-voice-embeddings-v2.npz")
STOCK_AUDIO = os.path.join(MODELS, "stock-voice-audio-v1.npz")
NAME = re.compile(r"^clone:usr_[0-9A-Za-z]+/vce_[0-9A-Za-z]+/[1-9][0-9]{0,5}$")
STYLE_SHAPE = (510, 1, 256)
MAX_REGISTERED = 256

_registry = OrderedDict()
_registry_lock = threading.Lock()
_builder = None
_builder_lock = threading.Lock()
# What conversion has cost so far (benchmarks read it: the CPU added per second of cloned speech).
_conversion_cost = {"cpu_s": 0.0, "audio_s": 0.0, "calls": 0}


def is_clone(name):
    return isinstance(name, str) and name.startswith("clone:")


def check_name(name):
    if not isinstance(name, str) or not NAME.match(name):
        raise HttpError(400, f"not a cloned voice name: {name}")
    return name


def load_voice(name):
    """(style, conversion or None) of a registered version."""
    with _registry_lock:
        if name in _registry:
            _registry.move_to_end(name)
            return _registry[name]
    raise HttpError(404, f"voice not registered: {name}")


def synthesize(kokoro, voice, text, speed):
    """Speech of a cloned voice: Kokoro with the version's style, then the version's conversion.
    `voice` is `clone:…` (with "@en-gb" for British phonemes). Returns what KokoroEngine.synthesize
    does: the conversion keeps the audio's length, so its phoneme timings stay true."""
    name, _, lang = voice.partition("@")
    style, conversion = load_voice(name)
    audio, sr, timings, spoken = kokoro.synthesize(text, style, speed, lang or None)
    if conversion:
        started = time.thread_time()  # this request's thread only: the server handles several at once
        audio = convert(audio, sr, conversion)
        with _registry_lock:
            _conversion_cost["cpu_s"] += time.thread_time() - started
            _conversion_cost["audio_s"] += len(audio) / sr
            _conversion_cost["calls"] += 1
    return audio, sr, timings, spoken


def encode_style(style):
    return base64.b64encode(np.ascontiguousarray(style, np.float32).tobytes()).decode("ascii")


def decode_style(b64):
    try:
        raw = base64.b64decode(b64 or "", validate=True)
    except ValueError:
        raise HttpError(400, "style is not base64")
    if len(raw) != 4 * int(np.prod(STYLE_SHAPE)):
        raise HttpError(400, f"style must be {STYLE_SHAPE} float32")
    return np.frombuffer(raw, np.float32).reshape(STYLE_SHAPE).copy()


def decode_wav(b64):
    try:
        with wave.open(io.BytesIO(base64.b64decode(b64))) as w:
            if w.getnchannels() != 1 or w.getsampwidth() != 2 or w.getframerate() != 16000:
                raise HttpError(400, "audio must be 16 kHz mono 16-bit WAV")
            return np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(np.float32) / 32768
    except (wave.Error, EOFError, ValueError):
        raise HttpError(400, "audio is not a WAV file")


def conversion_of(body):
    try:
        return check_conversion(body.get("conversion"))
    except ValueError as err:
        raise HttpError(400, str(err))


def builder(engines):
    global _builder
    with _builder_lock:
        if _builder is None:
            from voice_builder import KokoroStyleSearch

            kokoro = engines.get("kokoro")
            if kokoro is None:
                raise HttpError(404, "voice building needs the kokoro engine")
            _builder = KokoroStyleSearch(kokoro.kokoro, kokoro.lock, ENCODER_WEIGHTS, STOCK_EMBEDDINGS, STOCK_AUDIO)
        return _builder


def routes(engines):
    def analyse(handler):
        from voice_builder import analyse_reference

        body = handler.read_json()
        handler.send_json(200, analyse_reference(builder(engines).encoder, decode_wav(body.get("audio"))))

    def embed(handler):
        body = handler.read_json()
        handler.send_json(200, {"embedding": [round(float(x), 6) for x in builder(engines).embed(decode_wav(body.get("audio")))]})

    def measure(handler):
        wav = decode_wav(handler.read_json().get("audio"))
        spectrum = ltas(wav, 16000)
        handler.send_json(200, {"pitch": pitch_stats(wav, 16000), "ltas": None if spectrum is None else [round(float(x), 3) for x in spectrum]})

    def conversion_cost(handler):
        handler.send_json(200, dict(_conversion_cost))

    def build(handler):
        body = handler.read_json()
        result = builder(engines).initial(decode_wav(body.get("search_audio")), decode_wav(body.get("held_out_audio")))
        result["style"] = encode_style(result["style"])
        handler.send_json(200, result)

    def refine(handler):
        body = handler.read_json()
        result = builder(engines).refine(
            decode_style(body.get("style")),
            conversion_of(body),
            decode_wav(body.get("search_audio")),
            decode_wav(body.get("held_out_audio")),
            "en-gb" if body.get("lang") == "en-gb" else "en-us",
            min(int(body.get("iterations") or 10), 200),
            int(body.get("seed") or 0),
            float(body.get("step") or 0.3),
            min(float(body.get("max_seconds") or 60), 600),
            float(body["validation_score"]) if isinstance(body.get("validation_score"), (int, float)) else None,
            float(body["best_score"]) if isinstance(body.get("best_score"), (int, float)) and body["best_score"] > 0 else None,
            # A round runs for up to max_seconds: it stops once the service has cancelled the call.
            check=handler.stop_if_client_gone,
        )
        result["style"] = encode_style(result["style"])
        handler.send_json(200, result)

    def register(handler):
        body = handler.read_json()
        name = check_name(body.get("name"))
        style = decode_style(body.get("style"))
        conversion = conversion_of(body)
        with _registry_lock:
            _registry[name] = (style, conversion)
            _registry.move_to_end(name)
            while len(_registry) > MAX_REGISTERED:
                _registry.popitem(last=False)
        handler.send_json(200, {"name": name, "registered": True})

    def unregister(handler):
        body = handler.read_json()
        prefix = body.get("prefix")
        if not isinstance(prefix, str) or not re.match(r"^clone:usr_[0-9A-Za-z]+/(vce_[0-9A-Za-z]+/)?$", prefix):
            raise HttpError(400, "prefix must be clone:<userId>/ or clone:<userId>/<voiceId>/")
        with _registry_lock:
            gone = [n for n in _registry if n.startswith(prefix)]
            for n in gone:
                del _registry[n]
        handler.send_json(200, {"removed": len(gone)})

    return {
        ("POST", "/v1/voices/analyse"): analyse,
        ("POST", "/v1/voices/embed"): embed,
        ("POST", "/v1/voices/measure"): measure,
        ("GET", "/v1/voices/conversion-cost"): conversion_cost,
        ("POST", "/v1/voices/build"): build,
        ("POST", "/v1/voices/refine"): refine,
        ("POST", "/v1/voices/register"): register,
        ("POST", "/v1/voices/unregister"): unregister,
    }

