"""Speaker-adapted Kokoro voices: a search in Kokoro's style space, scored by a speaker encoder.

This is not a neural voice clone. Kokoro conditions its decoder on a 256-dim style vector (a
table of 510 of them, one per phoneme count); the stock voices are points in that space. Given a
reference recording, we look for a point whose synthesised speech a speaker encoder (Resemblyzer,
speaker_encoder.py) places close to the reference, in the spirit of the open KVoiceWalk project:

  1. start (version 1, no candidate synthesised, so the voice is usable within seconds): rank the
     stock English voices by the cosine between the reference's d-vector and the d-vectors of
     their own synthesis (computed once at set-up into stock-voice-embeddings.npz), and blend the
     three nearest, weighted by similarity;
  2. refine: a random walk (a (1+1) evolution strategy): perturb the best style with Gaussian
     noise scaled per dimension by the spread of the stock voices, keep the candidate when its
     synthesis (of about 4 s of the transcript) scores higher, shrink the step after a run of
     failures. Each round starts by scoring the current style on the same text.

Candidates are scored against the *search* part of the reference only. The score reported to
users is measured on a *held-out* part never used by the search: a synthesis of a fixed sentence,
embedded, against the held-out audio's d-vector.

Owns: stock embeddings, the scoring and the search. Not: HTTP (tts_server.py), files of accounts
(the caller names them), or quality checks (analyse_reference reports measurements; the service
decides what fails).
"""
import logging
import os
import time

import numpy as np

from speaker_encoder import SAMPLE_RATE, SpeakerEncoder, preprocess

log = logging.getLogger("voice-builder")

# Used to embed the stock voices and to score on held-out audio: phonetically varied, ~4 s.
CALIBRATION_TEXT = (
    "The quick brown fox jumps over the lazy dog, while a gentle breeze carries the smell of fresh bread."
)
HELD_OUT_TEXT = "I would love to tell you more about it later, once we have both had a cup of tea."
STOCK_PREFIXES = ("af_", "am_", "bf_", "bm_")


def cosine(a, b):
    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b) + 1e-12))


def resample(audio, from_hz, to_hz=SAMPLE_RATE):
    """Linear-interpolation resampling, enough for a speaker embedding of 24 kHz synthesis."""
    if from_hz == to_hz or len(audio) == 0:
        return np.asarray(audio, np.float32)
    n = int(round(len(audio) * to_hz / from_hz))
    x = np.linspace(0, len(audio) - 1, n)
    return np.interp(x, np.arange(len(audio)), audio).astype(np.float32)


class KokoroStyleSearch:
    def __init__(self, kokoro, kokoro_lock, encoder_weights, stock_embeddings_path):
        self.kokoro = kokoro
        self.kokoro_lock = kokoro_lock
        self.encoder = SpeakerEncoder(encoder_weights)
        voices = kokoro.voices
        self.stock_names = sorted(n for n in voices.files if n.startswith(STOCK_PREFIXES))
        self.stock = {n: np.asarray(voices[n], np.float32) for n in self.stock_names}
        stacked = np.stack([self.stock[n] for n in self.stock_names])
        self.spread = stacked.std(axis=0)  # per-dimension scale of the random walk
        self.stock_embeddings = self._stock_embeddings(stock_embeddings_path)

    # -- embeddings ---------------------------------------------------------------------------

    def embed(self, wav16k):
        wav = preprocess(wav16k)
        if len(wav) < SAMPLE_RATE // 2:
            wav = np.asarray(wav16k, np.float32)
        embedding, _ = self.encoder.embed_utterance(wav)
        return embedding

    def synth_embedding(self, style, text, lang="en-us"):
        # The engine lock is held per candidate only, so live synthesis interleaves with a search.
        with self.kokoro_lock:
            audio, sr = self.kokoro.create(text, voice=style, lang=lang)
        return self.embed(resample(audio, sr)), len(audio) / sr

    def _stock_embeddings(self, path):
        if os.path.exists(path):
            data = np.load(path)
            if all(n in data.files for n in self.stock_names):
                return {n: data[n] for n in self.stock_names}
        started = time.time()
        out = {}
        for name in self.stock_names:
            out[name], _ = self.synth_embedding(self.stock[name], CALIBRATION_TEXT, self.lang_of(name))
        np.savez(path + ".tmp.npz", **out)
        os.replace(path + ".tmp.npz", path)
        log.info("embedded %d stock voices in %.1f s", len(out), time.time() - started)
        return out

    @staticmethod
    def lang_of(name):
        return "en-gb" if name[:1] == "b" else "en-us"

    # -- the search ---------------------------------------------------------------------------

    def nearest_stock(self, reference_embedding):
        ranked = sorted(((cosine(reference_embedding, e), n) for n, e in self.stock_embeddings.items()), reverse=True)
        return [(n, s) for s, n in ranked]

    def score(self, style, text, target_embedding, lang):
        embedding, duration_s = self.synth_embedding(style, text, lang)
        return cosine(embedding, target_embedding), duration_s

    def initial(self, search_wav, held_out_wav, text):
        """Version 1, fast: the blend of the nearest stock voices by speaker embedding (their
        embeddings were computed at set-up), with no candidate synthesised; one synthesis scores it
        on the held-out audio. The refinement rounds (refine) then search from it."""
        target = self.embed(search_wav)
        ranked = self.nearest_stock(target)
        top = ranked[:3]
        sims = np.array([s for _, s in top])
        style = self._blend([n for n, _ in top], np.exp((sims - sims.max()) * 20))
        lang = self.lang_of(top[0][0])
        return {
            "style": style,
            "search_score": None,
            "held_out_score": self.held_out_score(style, held_out_wav, lang),
            "start": "blend-3",
            "lang": lang,
            "nearest": [{"voice": n, "similarity": round(s, 4)} for n, s in ranked[:5]],
            "candidates": 0,
        }

    def _blend(self, names, weights):
        w = np.asarray(weights, np.float64)
        w = w / w.sum()
        return sum(wi * self.stock[n] for wi, n in zip(w, names)).astype(np.float32)

    def held_out_score(self, style, held_out_wav, lang):
        target = self.embed(held_out_wav)
        s, _ = self.score(style, HELD_OUT_TEXT, target, lang)
        return s

    def refine(self, style, search_wav, held_out_wav, text, lang, best_score, iterations, seed, step, max_seconds):
        """A (1+1)-ES random walk from `style`. Returns the best style found and its scores."""
        rng = np.random.default_rng(seed)
        target = self.embed(search_wav)
        text = scoring_text(text)
        best_style = np.asarray(style, np.float32)
        # The start is scored on this text (a score from another text is not comparable).
        best, base_duration = self.score(best_style, text, target, lang)
        improved = 0
        failures = 0
        started = time.time()
        done = 0
        for _ in range(int(iterations)):
            if time.time() - started > max_seconds:
                break
            noise = rng.standard_normal(best_style.shape[1:]).astype(np.float32)
            # One perturbation for the whole table: the rows are styles of one voice at different
            # phoneme counts, so they move together.
            candidate = best_style + step * self.spread * noise
            s, duration = self.score(candidate, text, target, lang)
            done += 1
            # A candidate that speaks far faster or slower than its parent is degenerate.
            if s > best and 0.75 < duration / base_duration < 1.33:
                best_style, best = candidate, s
                improved += 1
                failures = 0
            else:
                failures += 1
                if failures >= 8:
                    step = max(step * 0.7, 0.02)
                    failures = 0
        held_out = self.held_out_score(best_style, held_out_wav, lang) if improved else None
        return {
            "style": best_style,
            "search_score": best,
            "held_out_score": held_out,
            "improved": improved,
            "iterations": done,
            "step": step,
        }


def scoring_text(text, max_chars=160):
    """The part of the transcript candidates speak: about 4 s of speech, cut at a word boundary,
    so each candidate costs one short synthesis."""
    if len(text) <= max_chars:
        return text
    cut = text[:max_chars].rsplit(" ", 1)[0]
    return cut or text[:max_chars]


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
    # Speaker consistency: the least similar pair of d-vectors of 3 s windows of speech.
    speech = preprocess(wav)
    window = 3 * SAMPLE_RATE
    vectors = []
    for start in range(0, len(speech) - window + 1, window):
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
