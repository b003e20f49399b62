"""Whisper's encoder window fitted to the audio (SPEECH_STT_WINDOW=fit, the default).

Whisper pads every window to 30 s of features before its encoder, whose cost grows with that
length: on a 2-core machine the encoder of whisper tiny.en took about 1.3 s for a 2 s turn padded to
30 s, and about 0.1 s for the same turn padded to 10 s. A spoken turn is rarely longer than a few
seconds, so its window is cut to the audio plus a margin (at least MIN_S); windows of long audio
stay 30 s. The language is detected in a fitted window too (DETECT_MIN_S): in the 10 s window it
picked the same language as the full one (14 of 15 French, Italian and English prompts right both
ways) in a sixth of the time.
A short window sometimes sends the decoder into a loop ("Location. Location. Location. …"): a
transcript with far more words than the audio could hold, or that compresses like a repetition, is
decoded again in the full window. `30s` keeps Whisper's own padding everywhere. A caller that
would rather have the text at once (a live caption, read for a moment and replaced) asks for the
loop to be cut at its first repeat instead (`on_loop="cut"`): the full window costs about a second
on 2 cores, in the transcriber's queue ahead of the turn's own transcript.

faster-whisper 1.2.1 pads with `pad_or_trim` from its transcribe module (the windows it decodes and
the one it detects the language on); that name is replaced there, and reads the window of the
transcription running on its thread.
"""
import dataclasses
import os
import threading

import faster_whisper.transcribe as fw_transcribe
from faster_whisper.audio import pad_or_trim

from transcript_loops import looped, unlooped

WINDOW = os.environ.get("SPEECH_STT_WINDOW", "fit")
if WINDOW not in ("fit", "30s"):
    raise SystemExit(f"stt: SPEECH_STT_WINDOW must be fit or 30s, got {WINDOW!r}")

FRAMES_PER_S = 100  # Whisper's features: one frame per 10 ms
# The shortest fitted window (SPEECH_STT_MIN_WINDOW_S). Shorter is faster (5 s decoded a 3 s prompt
# about a fifth faster than 10 s) but heard a little worse on held-out speech, 4 s worse still
# (docs/BENCHMARKS.md#a-turns-transcript).
_MIN_S = os.environ.get("SPEECH_STT_MIN_WINDOW_S", "10")
try:
    MIN_S = float(_MIN_S)
    if not 4.0 <= MIN_S <= 30.0:
        raise ValueError
except ValueError:
    raise SystemExit(f"stt: SPEECH_STT_MIN_WINDOW_S must be a number of seconds from 4 to 30, got {_MIN_S!r}") from None
MARGIN_S = 2.0
# The language is told from a tighter window: 4 s at least, 1 s of margin. On 81 prompts in five
# languages (asterisk-core-sounds) it was right 73 times, against 74 in the 10 s window, three times faster.
DETECT_MIN_S = 4.0
DETECT_MARGIN_S = 1.0
_window = threading.local()


def fitted(array, length=3000, *, axis=-1):
    """The features padded to their own length plus a margin (at least MIN_S), never past `length`."""
    if getattr(_window, "full", True):
        return pad_or_trim(array, length, axis=axis)
    frames = array.shape[axis]
    least, margin = (DETECT_MIN_S, DETECT_MARGIN_S) if getattr(_window, "detecting", False) else (MIN_S, MARGIN_S)
    target = min(length, max(int(least * FRAMES_PER_S), frames + int(margin * FRAMES_PER_S)))
    return pad_or_trim(array, target, axis=axis)


fw_transcribe.pad_or_trim = fitted


def detect_language(model, audio, candidates=None):
    """`model.detect_language` on the audio (16 kHz float32) in a fitted window: (language, probability, all),
    the most probable of `candidates` when given."""
    _window.full = WINDOW == "30s" or len(audio) / 16000 > 30 - MARGIN_S
    _window.detecting = True
    try:
        language, probability, everything = model.detect_language(audio)
    finally:
        _window.full = True
        _window.detecting = False
    if candidates:
        allowed = [(code, p) for code, p in everything if code in candidates]
        if allowed:
            language, probability = max(allowed, key=lambda pair: pair[1])
    return language, probability, everything


def transcribe(model, audio, duration_s, on_loop="redecode", **options):
    """`model.transcribe` in a fitted window (then the full one if the decode looped, or with
    `on_loop="cut"` the text cut where it loops): (segments, info)."""
    _window.full = WINDOW == "30s" or duration_s > 30 - MARGIN_S
    try:
        segments, info = model.transcribe(audio, **options)
        segments = list(segments)
        if on_loop == "cut" and looped(" ".join(s.text for s in segments), duration_s):
            text = unlooped(" ".join(s.text.strip() for s in segments))
            return [dataclasses.replace(segments[0], text=text, words=None)], info
        if not _window.full and looped(" ".join(s.text for s in segments), duration_s):
            _window.full = True
            segments, info = model.transcribe(audio, **options)
            segments = list(segments)
        if looped(" ".join(s.text for s in segments), duration_s) and options.get("temperature") == 0:
            # Greedy decoding looped in the full window too: Whisper's own way out, sampling again at
            # rising temperatures until the text stops repeating itself.
            segments, info = model.transcribe(audio, **{**options, "temperature": (0.2, 0.4, 0.6, 0.8)})
            segments = list(segments)
        return segments, info
    finally:
        _window.full = True
