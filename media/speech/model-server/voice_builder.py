"""Speaker-adapted Kokoro voices: a stock voice (or a blend) converted to the speaker's pitch and
vocal tract, chosen by a speaker encoder.

This is not a neural voice clone. Kokoro conditions its decoder on a 256-dim style vector (a
table of 510 of them, one per phoneme count); the stock voices are points in that space, and none
is at every speaker's pitch. A cloned voice's version is a style and a *conversion* of Kokoro's
output by signal processing (voice_conversion.py: Praat's PSOLA "Change gender"): the median F0
mapped to the reference's, the F0 range scaled to its spread, and the spectral envelope shifted by
a vocal-tract factor estimated from the median formants F1-F3 of the reference against the
voice's, then a timbre filter that equalises the long-term spectrum towards the reference's (at a
strength chosen like the rest). A candidate's *score* is the cosine between the d-vector of the
reference's search part and the d-vector of the candidate (converted) speaking SCORING_TEXTS (about
10 s of speech, embedded as one utterance: Resemblyzer averages its 1.6 s partials, so a longer
utterance gives a steadier score than one short sentence).

  1. start (version 1, nothing synthesised, so the voice is usable within seconds): the
     START_CANDIDATES stock voices with the best score, each converted to the reference, scored on
     their set-up audio (stock-voice-audio-v1.npz: Kokoro's output of the scoring, validation and
     held-out sentences for every stock voice, with its pitch and formants; Kokoro is
     deterministic, so a conversion of it is exactly what synthesis gives); the best one;
  2. refine, one round per call, bounded in time: round 1 converts each of the NEIGHBOURS nearest
     stock voices with vocal-tract factors around its estimate (set-up audio again: seconds);
     round 2 tries the even blends of the nearest two to four, each synthesised, measured and
     converted; later rounds step the best blend's weights towards random blends. Blends stay
     among voices Kokoro was trained to speak; free steps in the 256-dim space (tried first, as
     KVoiceWalk does) climbed the score on the reference without getting closer on held-out audio;
  3. a round's result becomes a new version only when it also improves on a *validation* score:
     the same reference against the candidate speaking VALIDATION_TEXT, a sentence the candidates
     are not chosen on, so a candidate that fits the scoring sentences only is not taken.

Narrow-band (telephone) references are compared with full-band synthesis: band-limiting the
synthesis before embedding it was measured and made the ranking worse (for the Asterisk speaker
every band-limited stock voice scored about 0.85, and the held-out best fell to 13th). The
formants are measured below 4 kHz on both sides, so telephone references are measured alike.

What users see is measured on a *held-out* part of the reference never used by the search or the
validation: the candidate speaking HELD_OUT_TEXT, converted, against the held-out part: the
encoder cosine (`similarity`), the median-F0 distance in semitones and the long-term spectrum
distance in dB (version_measures), recorded per version.

Owns: stock embeddings and audio, the scoring and the search. Not: HTTP (tts_server.py), files of
accounts (the caller names them), the conversion itself (voice_conversion.py) or quality checks
(analyse_reference reports measurements; the service decides what fails).
"""
import logging
import os
import time

import numpy as np

from speaker_encoder import SAMPLE_RATE, SpeakerEncoder, preprocess
from voice_conversion import LIMITS, apply_timbre, convert, formant_medians, ltas, ltas_distance, pitch_stats, semitones, shift_voice, timbre_gains

log = logging.getLogger("voice-builder")

# Fixed, phonetically varied sentences; each role has its own, so no score is measured on a
# sentence another step selected on. Changing them needs new stock embeddings (STOCK_EMBEDDINGS).
SCORING_TEXTS = (
    "The quick brown fox jumps over the lazy dog, while a gentle breeze carries the smell of fresh bread.",
    "Every morning, my neighbour walks his old dog along the river, whatever the weather brings.",
)
VALIDATION_TEXT = "I would love to tell you more about it later, once we have both had a cup of tea."
HELD_OUT_TEXT = "Could you remind me which train leaves first on Sunday, and where we should meet?"
STOCK_PREFIXES = ("af_", "am_", "bf_", "bm_")
KOKORO_RATE = 24000
# Version 1 converts this many of the best-scoring stock voices and keeps the best converted one.
START_CANDIDATES = 3
# Round 1 converts this many of the nearest stock voices (on the tuning speakers 4 came closest on
# held-out audio of 3, 4 and 6).
CONVERSION_NEIGHBOURS = 4
# Round 1 tries each neighbour with the vocal-tract factor estimated from the formants times these.
FORMANT_STEPS = (0.94, 1.0, 1.06)
# Round 2 tries the current conversion with its F0 range factor and its vocal-tract factor times these.
RANGE_STEPS = (0.75, 1.33)
FINE_FORMANT_STEPS = (0.97, 1.03)
# The timbre filter's strengths (the share of the reference-minus-voice long-term spectrum applied)
# tried on version 1's voice and on round 1's TIMBRE_FINALISTS best candidates; 0 is no filter. On
# the tuning speakers, choosing among these by score + validation put the clone first by the
# encoder on held-out audio for 5 of 5 (4 of 5 without the filter, and with it applied only after
# the search); trying them on all 16 round-1 candidates also gave 5 of 5, for three times the
# embeddings (docs/VOICES.md).
TIMBRE_STRENGTHS = (0.5, 1.0)
TIMBRE_FINALISTS = 4
# The vocal-tract factors a conversion may use.
FORMANT_RATIO_RANGE = (0.85, 1.2)
# Whether the F0 range is mapped too (the reference's F0 spread over the voice's), or only the median.
RANGE_MAPPED = True
NEIGHBOURS = 6  # the stock voices a clone is a blend of
# The even blends round 1 tries, as indices into the neighbours by score: 1+2, 1+3, 2+3, 1+2+3, 1-4.
EVEN_BLENDS = ((0, 1), (0, 2), (1, 2), (0, 1, 2), (0, 1, 2, 3))
# A candidate replaces the current style only when it scores this much higher (round 1's blends
# as one batch: their best). Smaller differences did not carry over to held-out audio: on the
# LibriVox speaker a 5-voice blend scoring 0.007 above the even 3-voice blend was 0.045 further
# from the held-out part.
MARGIN = 0.01
# Except for round 1's even blends against version 1, the single best-scoring stock voice: that
# voice is the best of 28 on the scoring sentences, so its score there is inflated by the choice
# (the validation sentence, which did not choose it, shows it), and the best blend only has to
# match it there and beat it on the validation sentence. On the LibriVox speaker the even blend of
# its 2nd and 3rd voices scored 0.001 above the 1st on the scoring sentences and 0.058 above it on
# the validation sentence; with the margin it was refused.
FIRST_BATCH_MARGIN = 0.0


def cosine(a, b):
    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b) + 1e-12))


def resample(audio, from_hz, to_hz=SAMPLE_RATE):
    """Band-limited (FFT) resampling: a linear interpolation of 24 kHz synthesis folds its 8-12 kHz
    content into the band the encoder hears."""
    audio = np.asarray(audio, np.float32)
    if from_hz == to_hz or len(audio) == 0:
        return audio
    n = int(round(len(audio) * to_hz / from_hz))
    spectrum = np.fft.rfft(audio)
    kept = np.zeros(n // 2 + 1, spectrum.dtype)
    k = min(len(spectrum), len(kept))
    kept[:k] = spectrum[:k]
    return (np.fft.irfft(kept, n) * (n / len(audio))).astype(np.float32)


def blend_weights(style, basis):
    """The weights (non-negative, summing to 1) of the blend of `basis` closest to `style`: the
    start of a round is a stock voice or a blend found earlier, so this recovers its weights."""
    w, *_ = np.linalg.lstsq(basis.reshape(len(basis), -1).T.astype(np.float64), style.reshape(-1).astype(np.float64), rcond=None)
    w = np.clip(w, 0, None)
    return w / w.sum() if w.sum() > 0 else np.eye(len(basis))[0]


class KokoroStyleSearch:
    def __init__(self, kokoro, kokoro_lock, encoder_weights, stock_embeddings_path, stock_audio_path=None):
        self.kokoro = kokoro
        self.kokoro_lock = kokoro_lock
        self.encoder = SpeakerEncoder(encoder_weights)
        voices = kokoro.voices
        self.stock_names = sorted(n for n in voices.files if n.startswith(STOCK_PREFIXES))
        self.stock = {n: np.asarray(voices[n], np.float32) for n in self.stock_names}
        stacked = np.stack([self.stock[n] for n in self.stock_names])
        self.spread = stacked.std(axis=0)  # per-dimension scale of the random steps
        self.stock_audio, self.stock_measures = self._stock_audio(stock_audio_path) if stock_audio_path else ({}, {})
        self.stock_embeddings = self._stock_embeddings(stock_embeddings_path)

    # -- embeddings ---------------------------------------------------------------------------

    def embed(self, wav16k):
        wav = preprocess(wav16k)
        if len(wav) < SAMPLE_RATE // 2:
            wav = np.asarray(wav16k, np.float32)
        embedding, _ = self.encoder.embed_utterance(wav)
        return embedding

    def synthesize24(self, style, texts, lang):
        """Kokoro's own output (24 kHz) of `texts` one after the other."""
        pieces = []
        sr = KOKORO_RATE
        for text in texts:
            # The engine lock is held per sentence only, so live synthesis interleaves with a search.
            with self.kokoro_lock:
                audio, sr = self.kokoro.create(text, voice=style, lang=lang)
            pieces.append(np.asarray(audio, np.float32))
        return np.concatenate(pieces), sr

    def synthesize(self, style, texts, lang):
        """16 kHz speech of `texts` one after the other, and its duration."""
        audio, sr = self.synthesize24(style, texts, lang)
        wav = resample(audio, sr)
        return wav, len(wav) / SAMPLE_RATE

    def converted_embedding(self, audio24, conversion):
        """The d-vector of Kokoro output after a conversion, exactly as synthesis would give it."""
        return self.embed(resample(convert(audio24, KOKORO_RATE, conversion), KOKORO_RATE))

    ROLES = (("score", SCORING_TEXTS), ("validation", (VALIDATION_TEXT,)), ("held_out", (HELD_OUT_TEXT,)))

    def _stock_audio(self, path):
        """Per stock voice: Kokoro's 24 kHz output (int16) of the scoring, validation and held-out
        sentences ("<voice>|score", …), and the pitch and formants of its scoring speech
        ("<voice>|pitch": median Hz, spread in semitones; "<voice>|formants": F1-F3 Hz). Kokoro is
        deterministic, so a conversion of this audio is exactly what synthesis with the stock style
        and that conversion gives: version 1 and round 1 choose conversions without synthesising."""
        out = {}
        if os.path.exists(path):
            with np.load(path) as data:
                out = {k: data[k] for k in data.files}
        missing = [(n, role, texts) for n in self.stock_names for role, texts in self.ROLES if f"{n}|{role}" not in out]
        unmeasured = [n for n in self.stock_names if f"{n}|formants" not in out]
        if missing or unmeasured:
            started = time.time()
            for name, role, texts in missing:
                audio, _ = self.synthesize24(self.stock[name], texts, self.lang_of(name))
                out[f"{name}|{role}"] = np.round(np.clip(audio, -1, 1) * 32767).astype(np.int16)
            for name in self.stock_names:
                if f"{name}|formants" in out:
                    continue
                audio = out[f"{name}|score"].astype(np.float32) / 32767
                stats = pitch_stats(audio, KOKORO_RATE)
                out[f"{name}|pitch"] = np.array([stats["median_hz"], stats["sd_st"]], np.float64)
                out[f"{name}|formants"] = np.array(formant_medians(audio, KOKORO_RATE), np.float64)
            np.savez(path + ".tmp.npz", **out)
            os.replace(path + ".tmp.npz", path)
            log.info("synthesised %d stock voice sentences and measured %d voices in %.1f s", len(missing), len(unmeasured), time.time() - started)
        audio = {k: v for k, v in out.items() if k.rsplit("|", 1)[1] in ("score", "validation", "held_out")}
        measures = {
            n: {"median_hz": float(out[f"{n}|pitch"][0]), "sd_st": float(out[f"{n}|pitch"][1]), "formants": [float(x) for x in out[f"{n}|formants"]]}
            for n in self.stock_names
        }
        return audio, measures

    def stock_wav(self, name, role):
        return self.stock_audio[f"{name}|{role}"].astype(np.float32) / 32767

    def _stock_embeddings(self, path):
        """Per stock voice: the d-vectors of its scoring, validation and held-out speech
        ("<voice>|score", "<voice>|validation", "<voice>|held_out"). Only the missing ones are
        computed (a file from before the held-out role keeps its other two)."""
        out = {}
        if os.path.exists(path):
            with np.load(path) as data:
                out = {k: data[k] for k in data.files}
        missing = [(n, role, texts) for n in self.stock_names for role, texts in self.ROLES if f"{n}|{role}" not in out]
        if not missing:
            return out
        started = time.time()
        for name, role, texts in missing:
            if f"{name}|{role}" in self.stock_audio:
                wav = resample(self.stock_wav(name, role), KOKORO_RATE)
            else:
                wav, _ = self.synthesize(self.stock[name], texts, self.lang_of(name))
            out[f"{name}|{role}"] = self.embed(wav)
        np.savez(path + ".tmp.npz", **out)
        os.replace(path + ".tmp.npz", path)
        log.info("embedded %d stock voice sentences in %.1f s", len(missing), time.time() - started)
        return out

    @staticmethod
    def lang_of(name):
        return "en-gb" if name[:1] == "b" else "en-us"

    # -- measures and conversions ---------------------------------------------------------------

    @staticmethod
    def reference_measures(wav16k):
        """The reference's median F0, F0 spread and formants (None where they cannot be measured),
        taken on the whole reference: the encoder's search keeps the held-out part out, but a
        speaker's median F0 over all 12 s is a steadier target than over the search part's 9."""
        stats = pitch_stats(wav16k, SAMPLE_RATE)
        formants = formant_medians(wav16k, SAMPLE_RATE)
        if stats is None:
            return None
        spectrum = ltas(wav16k, SAMPLE_RATE)
        return {
            "median_hz": stats["median_hz"],
            "sd_st": stats["sd_st"],
            "formants": formants,
            "ltas": None if spectrum is None else [round(float(x), 3) for x in spectrum],
        }

    @staticmethod
    def conversion_for(reference, voice, formant_scale=1.0):
        """The conversion that takes a voice (its measures on the scoring sentences) to the
        reference: its median F0, its F0 spread (as a range factor) and a vocal-tract factor, the
        geometric mean of the ratios of the median formants F1-F3 (times `formant_scale`, the
        refinement's steps around that estimate)."""
        lo, hi = LIMITS["pitch_range"]
        pitch_range = float(np.clip(reference["sd_st"] / max(voice["sd_st"], 0.1), lo, hi)) if RANGE_MAPPED else 1.0
        ratio = 1.0
        if reference.get("formants") and voice.get("formants"):
            ratio = float(np.exp(np.mean(np.log(np.asarray(reference["formants"]) / np.asarray(voice["formants"])))))
        lo_f, hi_f = FORMANT_RATIO_RANGE
        return {
            "pitch_hz": round(float(np.clip(reference["median_hz"], *LIMITS["pitch_hz"])), 2),
            "pitch_range": round(pitch_range, 3),
            "formant_ratio": round(float(np.clip(ratio * formant_scale, lo_f, hi_f)), 4),
        }

    @staticmethod
    def voice_measures(audio24):
        stats = pitch_stats(audio24, KOKORO_RATE)
        if stats is None:
            return None
        return {"median_hz": stats["median_hz"], "sd_st": stats["sd_st"], "formants": formant_medians(audio24, KOKORO_RATE)}

    def version_measures(self, audio24, held_out_wav, conversion):
        """What users and the record see of a version: on the builder's held-out sentence, after
        the conversion, the encoder cosine with the held-out part of the reference, the distance
        of its median F0 from that part's (semitones) and of its long-term spectrum (dB)."""
        converted = convert(audio24, KOKORO_RATE, conversion)
        wav = resample(converted, KOKORO_RATE)
        similarity = cosine(self.embed(wav), self.embed(held_out_wav))
        mine, theirs = pitch_stats(converted, KOKORO_RATE), pitch_stats(held_out_wav, SAMPLE_RATE)
        spectrum, reference = ltas(wav, SAMPLE_RATE), ltas(held_out_wav, SAMPLE_RATE)
        return {
            "similarity": round(similarity, 4),
            "pitch_hz": mine["median_hz"] if mine else None,
            "pitch_st": round(semitones(mine["median_hz"], theirs["median_hz"]), 2) if mine and theirs else None,
            "timbre_db": round(ltas_distance(spectrum, reference), 2) if spectrum is not None and reference is not None else None,
        }

    # -- scores -------------------------------------------------------------------------------

    def nearest_stock(self, target):
        ranked = sorted(((cosine(target, self.stock_embeddings[f"{n}|score"]), n) for n in self.stock_names), reverse=True)
        return [(n, s) for s, n in ranked]

    def score(self, style, texts, target, lang):
        wav, duration_s = self.synthesize(style, texts, lang)
        return cosine(self.embed(wav), target), duration_s

    def validate(self, style, target, lang):
        return self.score(style, (VALIDATION_TEXT,), target, lang)[0]

    def held_out_score(self, style, held_out_wav, lang):
        """The similarity users see: the held-out reference against a sentence no search step used."""
        wav, _ = self.synthesize(style, (HELD_OUT_TEXT,), lang)
        return cosine(self.embed(wav), self.embed(held_out_wav))

    # -- the search ---------------------------------------------------------------------------

    def initial(self, search_wav, held_out_wav, text=None):
        """Version 1, fast: the START_CANDIDATES stock voices that score best, each converted to
        the reference's pitch and vocal tract, scored on their set-up audio (nothing synthesised):
        the converted voice with the best score + validation score. Without a measurable pitch (or without set-up audio) it is the
        best stock voice as it is."""
        target = self.embed(search_wav)
        ranked = self.nearest_stock(target)
        reference = self.reference_measures(np.concatenate([search_wav, held_out_wav])) if self.stock_audio else None
        candidates = []
        for name, score in ranked[: START_CANDIDATES if reference else 1]:
            if reference:
                conversion = self.conversion_for(reference, self.stock_measures[name])
                score, validation = self._scored(target, name, conversion)
            else:
                conversion, validation = None, cosine(target, self.stock_embeddings[f"{name}|validation"])
            candidates.append((score, validation, name, conversion))
        # By score + validation score, as the refinement rounds choose; then the chosen voice with
        # its timbre filter at each strength (kept when that scores higher).
        score, validation, name, conversion = max(candidates, key=lambda c: c[0] + c[1])
        for s, v, filtered in self._timbre_scored(target, reference, name, conversion):
            candidates.append((s, v, name, filtered))
            if s + v > score + validation:
                score, validation, conversion = s, v, filtered
        lang = self.lang_of(name)
        if conversion:
            measures = self.version_measures(self.stock_wav(name, "held_out"), held_out_wav, conversion)
            held_out = measures["similarity"]
        else:
            held_out = cosine(self.embed(held_out_wav), self.stock_embeddings[f"{name}|held_out"])
            measures = None
        return {
            "style": self.stock[name].copy(),
            "conversion": conversion,
            "search_score": score,
            "validation_score": validation,
            "held_out_score": held_out,
            "measures": measures,
            "reference": reference,
            "start": f"stock:{name}",
            "lang": lang,
            "nearest": [{"voice": n, "similarity": round(s, 4)} for n, s in ranked[:5]],
            "tried": [{"voice": n, "conversion": c, "score": round(s, 4), "validation": round(v, 4)} for s, v, n, c in candidates],
            "candidates": len(candidates),
        }

    def _scored(self, target, name, conversion):
        """(score, validation score) of a stock voice under a conversion, on its set-up audio."""
        return (
            cosine(target, self.converted_embedding(self.stock_wav(name, "score"), conversion)),
            cosine(target, self.converted_embedding(self.stock_wav(name, "validation"), conversion)),
        )

    @staticmethod
    def spectrum_of(shifted24):
        """The long-term spectrum (as `ltas` measures the reference) of 24 kHz speech."""
        return ltas(resample(shifted24, KOKORO_RATE), SAMPLE_RATE)

    @staticmethod
    def with_timbre(conversion, reference, spectrum, strength):
        """`conversion` with a timbre filter of `strength` (none at 0): its gains take `spectrum`
        (spectrum_of the voice's scoring speech after the pitch and vocal-tract shift) towards the
        reference's. Without a filter when either spectrum is missing."""
        base = {k: v for k, v in conversion.items() if k not in ("timbre_db", "timbre_strength")}
        if strength <= 0 or not reference or reference.get("ltas") is None or spectrum is None:
            return base
        return {**base, "timbre_db": timbre_gains(reference["ltas"], spectrum, strength), "timbre_strength": strength}

    def _timbre_scored(self, target, reference, name, conversion, strengths=TIMBRE_STRENGTHS):
        """[(score, validation score, conversion)] of a stock voice under `conversion` with a
        timbre filter of each strength, on its set-up audio (the pitch shift and its spectrum
        measured once)."""
        if not conversion or not reference or reference.get("ltas") is None:
            return []
        shifted = {role: shift_voice(self.stock_wav(name, role), KOKORO_RATE, conversion) for role in ("score", "validation")}
        spectrum = self.spectrum_of(shifted["score"])
        out = []
        for strength in strengths:
            filtered = self.with_timbre(conversion, reference, spectrum, strength)
            if "timbre_db" not in filtered:
                continue
            score, validation = (
                cosine(target, self.embed(resample(apply_timbre(shifted[role], KOKORO_RATE, filtered["timbre_db"]), KOKORO_RATE)))
                for role in ("score", "validation")
            )
            out.append((score, validation, filtered))
        return out

    def _conversion_round(self, target, reference, neighbours, out_of_time):
        """Round 1, no synthesis: each of the CONVERSION_NEIGHBOURS nearest stock voices under
        vocal-tract factors around its estimate (FORMANT_STEPS) and none (1.0), then the
        TIMBRE_FINALISTS best of those with the timbre filter at each of TIMBRE_STRENGTHS. Returns the
        best by score + validation score as (score, validation, name, conversion), and all tried."""
        tried, found = [], None
        for name in neighbours[:CONVERSION_NEIGHBOURS]:
            conversions = [self.conversion_for(reference, self.stock_measures[name], scale) for scale in FORMANT_STEPS]
            conversions.append({**conversions[0], "formant_ratio": 1.0})
            for conversion in conversions:
                if out_of_time():
                    return found, tried
                score, validation = self._scored(target, name, conversion)
                tried.append({"voice": name, "conversion": conversion, "score": round(score, 4), "validation": round(validation, 4)})
                if found is None or score + validation > found[0] + found[1]:
                    found = (score, validation, name, conversion)
        # The best few again, each with its timbre filter at each strength.
        finalists = sorted(tried, key=lambda t: -(t["score"] + t["validation"]))[:TIMBRE_FINALISTS]
        for finalist in finalists:
            if out_of_time():
                break
            for score, validation, conversion in self._timbre_scored(target, reference, finalist["voice"], finalist["conversion"]):
                tried.append({"voice": finalist["voice"], "conversion": conversion, "score": round(score, 4), "validation": round(validation, 4)})
                if score + validation > found[0] + found[1]:
                    found = (score, validation, finalist["voice"], conversion)
        return found, tried

    def _fine_round(self, target, reference, name, conversion, out_of_time):
        """Round 2, no synthesis: the current stock voice with the F0 range factor and the
        vocal-tract factor each moved a step either way (RANGE_STEPS, FINE_FORMANT_STEPS), the
        target F0 and the timbre filter's strength kept (its gains measured again). Returns the best as _conversion_round does."""
        tried, found = [], None
        if name is None or not conversion:
            return found, tried
        lo_r, hi_r = LIMITS["pitch_range"]
        lo_f, hi_f = FORMANT_RATIO_RANGE
        for key, steps, lo, hi in (("pitch_range", RANGE_STEPS, lo_r, hi_r), ("formant_ratio", FINE_FORMANT_STEPS, lo_f, hi_f)):
            for scale in steps:
                if out_of_time():
                    return found, tried
                candidate = {**conversion, key: round(float(np.clip(conversion[key] * scale, lo, hi)), 4)}
                if candidate[key] == conversion[key]:
                    continue
                strength = conversion.get("timbre_strength", 0.0)
                filtered = self._timbre_scored(target, reference, name, candidate, (strength,)) if strength > 0 else []
                if filtered:
                    score, validation, candidate = filtered[0]
                else:
                    score, validation = self._scored(target, name, candidate)
                tried.append({"voice": name, "conversion": candidate, "score": round(score, 4), "validation": round(validation, 4)})
                if found is None or score + validation > found[0] + found[1]:
                    found = (score, validation, name, candidate)
        return found, tried

    def refine(self, style, conversion, search_wav, held_out_wav, lang, iterations, seed, step, max_seconds, validation_score=None, best_score=None, check=None):
        """One round of the search from `style` and its conversion (round = seed), bounded by
        `max_seconds` (checked before each candidate). `check`, called there too, may raise to
        stop the round (the HTTP route's: the client has gone, so a cancelled call stops its work).

        Rounds 1 and 2 synthesise nothing (set-up audio, seconds): round 1 converts each of the
        CONVERSION_NEIGHBOURS nearest stock voices with vocal-tract factors around its estimate,
        round 2 moves the current conversion's F0 range and vocal-tract factor a step either way;
        a candidate replaces the start when its score + validation score is higher. Later rounds
        try blends of the nearest stock voices (round 3 the even blends of two to four, then random
        steps of the best blend's weights), each synthesised and converted to the reference by its
        own measured pitch and formants (each costs a synthesis of about 10 s of speech); a blend
        must score MARGIN above the start on the scoring sentences (round 3's batch:
        FIRST_BATCH_MARGIN) and the round's best must also score higher on the validation
        sentence."""
        rng = np.random.default_rng(seed)
        started = time.time()

        def out_of_time():
            if check is not None:
                check()
            return time.time() - started > max_seconds

        target = self.embed(search_wav)
        reference = self.reference_measures(np.concatenate([search_wav, held_out_wav])) if self.stock_audio else None
        neighbours = [n for n, _ in self.nearest_stock(target)[:NEIGHBOURS]]
        basis = np.stack([self.stock[n] for n in neighbours])
        start = np.asarray(style, np.float32)
        weights = blend_weights(start, basis)
        start_stock = next((n for n in self.stock_names if np.array_equal(self.stock[n], start)), None)
        if best_score is None or validation_score is None or (conversion is None and reference is not None):
            # Unknown, or a voice from before conversions: score the start as it is synthesised.
            audio, _ = self.synthesize24(start, SCORING_TEXTS, lang)
            best_score = cosine(target, self.converted_embedding(audio, conversion))
            audio, _ = self.synthesize24(start, (VALIDATION_TEXT,), lang)
            validation_score = cosine(target, self.converted_embedding(audio, conversion))
        start_score = best_score
        tried, kept, done = [], 0, 0
        # The round's choice: (score, validation or None, style, conversion, weights, stock name).
        choice = None
        if seed in (1, 2):
            if reference is not None:
                if seed == 1:
                    found, tried = self._conversion_round(target, reference, neighbours, out_of_time)
                else:
                    found, tried = self._fine_round(target, reference, start_stock, conversion, out_of_time)
                done = len(tried)
                # Score + validation score together: on the tuning speakers closer on held-out audio
                # than by the score alone (docs/VOICES.md).
                if found is not None and found[0] + found[1] > start_score + validation_score:
                    score, validation, name, conv = found
                    choice = (score, validation, self.stock[name], conv, blend_weights(self.stock[name], basis), name)
                    kept = 1
        else:
            choice, kept, done, tried, step = self._blend_round(
                target, reference, neighbours, basis, start, conversion, start_score, weights, lang, iterations, seed, step, out_of_time, rng
            )
        if check is not None:
            check()  # before the chosen one's validation and measures, which synthesise
        improved = False
        rejected = None
        if choice is not None:
            score, validation, best_style, best_conversion, best_weights, stock_name = choice
            if validation is None:
                audio, _ = self.synthesize24(best_style, (VALIDATION_TEXT,), lang)
                validation = cosine(target, self.converted_embedding(audio, best_conversion))
                improved = validation > validation_score
                rejected = None if improved else round(validation, 4)
            else:
                improved = True
        measures = None
        new_lang = lang
        if improved:
            new_lang = self.lang_of(stock_name) if stock_name is not None else lang
            if stock_name is not None:
                held_audio = self.stock_wav(stock_name, "held_out")
            else:
                held_audio, _ = self.synthesize24(best_style, (HELD_OUT_TEXT,), lang)
            measures = self.version_measures(held_audio, held_out_wav, best_conversion)
        return {
            "style": best_style if improved else start,
            "conversion": best_conversion if improved else conversion,
            "lang": new_lang,
            "search_score": score if improved else start_score,
            "validation_score": validation if improved else validation_score,
            "held_out_score": measures["similarity"] if improved else None,
            "measures": measures,
            "improved": int(improved),
            "kept": kept,
            "rejected_validation": rejected,
            "weights": {n: round(float(x), 3) for n, x in zip(neighbours, best_weights if improved else weights) if x > 0.005},
            "iterations": done,
            "tried": tried,
            "seconds": round(time.time() - started, 2),
            "step": step,
        }

    def _blend_round(self, target, reference, neighbours, basis, start, conversion, start_score, weights, lang, iterations, seed, step, out_of_time, rng):
        """Rounds from 3 on: blends of the neighbours, each synthesised, measured and converted."""
        base_duration = float(np.median([len(self.stock_audio[f"{n}|score"]) for n in neighbours])) / KOKORO_RATE if self.stock_audio else None
        planned = [np.bincount(ix, minlength=len(neighbours)) / len(ix) for ix in EVEN_BLENDS] if seed == 3 else []
        best = (start_score, None, start, conversion, weights, None)
        batch = None
        kept = done = 0
        tried = []
        for i in range(int(iterations)):
            if out_of_time():
                break
            if seed == 3 and i >= len(planned):
                break  # round 3 is the even blends only
            w = planned[i] if i < len(planned) else (1 - step) * best[4] + step * rng.dirichlet(np.full(len(neighbours), 0.5))
            candidate = np.tensordot(w, basis, axes=1).astype(np.float32)
            audio, _ = self.synthesize24(candidate, SCORING_TEXTS, lang)
            measured = self.voice_measures(audio) if reference else None
            conv = self.conversion_for(reference, measured) if reference and measured else conversion
            strength = (conversion or {}).get("timbre_strength", 0.0)
            if conv and strength > 0:
                conv = self.with_timbre(conv, reference, self.spectrum_of(shift_voice(audio, KOKORO_RATE, conv)), strength)
            s = cosine(target, self.converted_embedding(audio, conv))
            done += 1
            tried.append({"weights": {n: round(float(x), 3) for n, x in zip(neighbours, w) if x > 0.005}, "conversion": conv, "score": round(s, 4)})
            # A candidate that speaks far faster or slower than the neighbours is degenerate.
            usable = base_duration is None or 0.8 < (len(audio) / KOKORO_RATE) / base_duration < 1.25
            if i < len(planned):
                if usable and (batch is None or s > batch[0]):
                    batch = (s, None, candidate, conv, w, None)
                if i == len(planned) - 1:
                    if batch is not None and batch[0] > best[0] + FIRST_BATCH_MARGIN:
                        best, kept = batch, kept + 1
                    batch = None
            elif usable and s > best[0] + MARGIN:
                best, kept = (s, None, candidate, conv, w, None), kept + 1
            else:
                step = max(step * 0.85, 0.05)
        if batch is not None and batch[0] > best[0] + FIRST_BATCH_MARGIN:  # fewer iterations than planned blends
            best, kept = batch, kept + 1
        return (best if kept else None), kept, done, tried, step


def analyse_reference(encoder, wav16k):
    """Measurements the service's quality checks use (media/voices/reference-quality.ts)."""
    wav = np.asarray(wav16k, np.float32)
    n = SAMPLE_RATE * 30 // 1000
    frames = wav[: len(wav) - len(wav) % n].reshape(-1, n) if len(wav) >= n else np.zeros((1, n), np.float32)
    energy_db = 10 * np.log10(np.mean(frames.astype(np.float64) ** 2, axis=1) + 1e-12)
    peak_dbfs = float(20 * np.log10(np.max(np.abs(wav)) + 1e-12))
    loud = float(np.percentile(energy_db, 95))
    floor = float(np.percentile(energy_db, 10))
    active = energy_db > max(loud - 25, -55)
    speech_s = float(active.sum() * n / SAMPLE_RATE)
    clipped = float(np.mean(np.abs(wav) >= 0.999)) if len(wav) else 0.0
    # Voicing: the share of active frames with a clear pitch period (60-400 Hz) by autocorrelation.
    voiced = 0
    for frame in frames[active][:400]:
        f = frame - frame.mean()
        ac = np.correlate(f, f, mode="full")[n - 1 :]
        if ac[0] <= 0:
            continue
        lo, hi = SAMPLE_RATE // 400, SAMPLE_RATE // 60
        if hi < len(ac) and ac[lo:hi].max() / ac[0] > 0.4:
            voiced += 1
    voiced_fraction = voiced / max(1, min(int(active.sum()), 400))
    # Speaker consistency: the least similar pair of d-vectors of 2 s windows of speech, every 1 s.
    # Short windows, so a turn of a few seconds by a second speaker fills one (two people taking
    # 2.5 s and 6 s turns gave 0.56 and 0.54; seven single-speaker clips 0.66-0.79).
    speech = preprocess(wav)
    window = 2 * SAMPLE_RATE
    vectors = []
    for start in range(0, len(speech) - window + 1, SAMPLE_RATE):
        vectors.append(encoder.embed_utterance(speech[start : start + window])[0])
    min_pair = min((cosine(a, b) for i, a in enumerate(vectors) for b in vectors[i + 1 :]), default=1.0)
    return {
        "duration_s": round(len(wav) / SAMPLE_RATE, 3),
        "speech_s": round(speech_s, 3),
        "peak_dbfs": round(peak_dbfs, 2),
        "loud_db": round(loud, 2),
        "noise_floor_db": round(floor, 2),
        "snr_db": round(loud - floor, 2),
        "clipped_fraction": round(clipped, 6),
        "voiced_fraction": round(voiced_fraction, 3),
        "speaker_min_similarity": round(min_pair, 4),
        "speaker_windows": len(vectors),
    }
