"""Voice conversion by signal processing, applied to Kokoro's output for a cloned voice, and the
measures it is chosen by.

Kokoro's style space holds no voice at every speaker's pitch: a clone that is only the nearest
stock voice (or a blend of a few) sat 2-9 semitones below its speaker (docs/VOICES.md). No model
weights are needed to move a voice's pitch and vocal-tract length: Praat's "Change gender" (PSOLA
resynthesis after resampling by the formant-shift ratio; Praat 6.1 through parselmouth) sets the
median F0 of each synthesised sentence to the speaker's, scales the F0 range around it, and shifts
the spectral envelope (formants) by a vocal-tract factor. Then a *timbre filter* (`timbre_db`, a
zero-phase equaliser with a gain per mel band, 100-3800 Hz) moves the long-term spectrum towards the
reference's: the spectral tilt and resonances a vocal-tract factor cannot express (and, since one
recording cannot tell them apart, its microphone's colour). Its parameters are part of a cloned
voice's version (`conversion`), so every synthesis of that version applies them, sentence by
sentence as replies are streamed (each sentence's own median goes to the target, so sentences
agree with each other).

Measures, on 16 kHz (or any rate) float audio:
  pitch_stats      median F0 (Hz) and the spread of F0 in semitones (standard deviation), on the
                   voiced frames of Praat's autocorrelation tracker (60-500 Hz);
  formant_medians  median F1-F3 (Hz) of voiced frames, the audio first band-limited to 4 kHz so a
                   telephone reference and full-band synthesis are measured alike;
  ltas             the long-term average spectrum of speech frames in 24 mel bands, 100-3800 Hz
                   (the band every reference has, telephone included), level-normalised (dB);
                   `ltas_distance` is the RMS difference of two of them in dB: the timbre measure.

Owns: the conversion and the measures. Not: choosing the parameters (voice_builder.py) or which
voice is converted (cloned_voices.py).
"""
import logging
import math

import numpy as np

log = logging.getLogger("voice-conversion")

PITCH_FLOOR_HZ = 60
PITCH_CEILING_HZ = 500
# What a conversion may do: beyond these the resynthesis was audibly damaged (and they bound what a
# stored or registered parameter set can ask of the synthesis path).
LIMITS = {"pitch_hz": (60.0, 400.0), "pitch_range": (0.5, 2.0), "formant_ratio": (0.8, 1.25)}
# The timbre filter: one gain per LTAS band (dB, level-neutral), each within this bound; and the
# share of the reference-minus-voice difference it applies (the builder's choice, kept for the record).
TIMBRE_LIMIT_DB = 12.0
TIMBRE_MAX_DB = 9.0
TIMBRE_SMOOTH_BANDS = 3
LTAS_LOW_HZ, LTAS_HIGH_HZ, LTAS_BANDS = 100, 3800, 24
# A converted sentence whose median F0 is further than this from the target is converted again.
RESIDUAL_ST = 0.25
CORRECTIONS = 2  # at most this many more passes (each kept only if closer)


def check_conversion(conversion):
    """The conversion as synthesis applies it, or None for none; raises ValueError when malformed."""
    if conversion is None:
        return None
    if not isinstance(conversion, dict):
        raise ValueError("conversion must be an object")
    out = {}
    for key, (lo, hi) in LIMITS.items():
        value = conversion.get(key)
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value) or not lo <= value <= hi:
            raise ValueError(f"conversion.{key} must be a number in [{lo}, {hi}]")
        out[key] = float(value)
    timbre = conversion.get("timbre_db")
    if timbre is not None:
        if (
            not isinstance(timbre, list)
            or len(timbre) != LTAS_BANDS
            or not all(isinstance(g, (int, float)) and not isinstance(g, bool) and math.isfinite(g) and abs(g) <= TIMBRE_LIMIT_DB for g in timbre)
        ):
            raise ValueError(f"conversion.timbre_db must be {LTAS_BANDS} numbers in [-{TIMBRE_LIMIT_DB:g}, {TIMBRE_LIMIT_DB:g}]")
        out["timbre_db"] = [float(g) for g in timbre]
        strength = conversion.get("timbre_strength", 1.0)
        if not isinstance(strength, (int, float)) or isinstance(strength, bool) or not 0 <= strength <= 1:
            raise ValueError("conversion.timbre_strength must be a number in [0, 1]")
        out["timbre_strength"] = float(strength)
    return out


def convert(audio, sample_rate, conversion):
    """`audio` (float32) with its median F0 moved to conversion.pitch_hz, its F0 range scaled by
    pitch_range and its formants by formant_ratio, then through the timbre filter when the
    conversion has one; the same length. Audio without enough voicing to track a pitch (a short
    interjection) keeps its pitch and formants."""
    if not conversion or len(audio) == 0:
        return audio
    converted = shift_voice(audio, sample_rate, conversion)
    return apply_timbre(converted, sample_rate, conversion["timbre_db"]) if conversion.get("timbre_db") else converted


def shift_voice(audio, sample_rate, conversion):
    """The pitch and vocal-tract part of `convert` (no timbre filter).

    PSOLA lands the median up to about 0.9 semitone off the asked one (Praat's own pitch analysis
    inside "Change gender" is not the tracker that measures the result, and resynthesis moves
    some periods), so the output is measured and, when it is more than RESIDUAL_ST off, converted
    again from the input with the target corrected by the residual (up to CORRECTIONS times, a
    pass kept only when it lands closer). On Kokoro sentences converted to 95-230 Hz: mean
    |residual| 0.24 → 0.13 semitone, largest 0.87 → 0.47; in the clone benchmark the conversion
    went from 12.1 to 14.4 CPU ms per second of audio."""
    if not conversion or len(audio) == 0:
        return audio
    target = conversion["pitch_hz"]
    converted = _change_gender(audio, sample_rate, conversion, target)
    if converted is None:
        return audio
    residual = _residual(converted, sample_rate, target)
    asked = target
    for _ in range(CORRECTIONS):
        if residual is None or abs(residual) <= RESIDUAL_ST:
            break
        lo, hi = LIMITS["pitch_hz"]
        asked = float(np.clip(asked * 2 ** (-residual / 12), lo, hi))
        again = _change_gender(audio, sample_rate, conversion, asked)
        again_residual = None if again is None else _residual(again, sample_rate, target)
        if again_residual is None or abs(again_residual) >= abs(residual):
            break  # the correction did not help: keep the closer one
        converted, residual = again, again_residual
    n = len(audio)
    converted = converted[:n] if len(converted) >= n else np.pad(converted, (0, n - len(converted)))
    peak = float(np.max(np.abs(converted))) if n else 0.0
    if peak > 0.99:  # PSOLA can overshoot where the input was near full scale
        converted = converted * (0.99 / peak)
    return converted.astype(np.float32)


def timbre_gains(reference_ltas, voice_ltas, strength):
    """The timbre filter's gains (dB per LTAS band): `strength` times the reference's long-term
    spectrum minus the voice's, smoothed over TIMBRE_SMOOTH_BANDS bands, level-neutral (mean 0) and
    bounded by TIMBRE_MAX_DB. Both spectra are measured by `ltas` on the same band."""
    d = np.asarray(reference_ltas, np.float64) - np.asarray(voice_ltas, np.float64)
    k = TIMBRE_SMOOTH_BANDS
    d = np.convolve(np.pad(d, k // 2, mode="edge"), np.ones(k) / k, mode="valid")
    return [round(float(g), 2) for g in np.clip((d - d.mean()) * strength, -TIMBRE_MAX_DB, TIMBRE_MAX_DB)]


def _mel(hz):
    return 2595 * np.log10(1 + np.asarray(hz, np.float64) / 700)


def _band_edges():
    return 700 * (10 ** (np.linspace(_mel(LTAS_LOW_HZ), _mel(LTAS_HIGH_HZ), LTAS_BANDS + 1) / 2595) - 1)


def apply_timbre(audio, sample_rate, gains_db):
    """`audio` through a zero-phase equaliser: the gains at the LTAS bands' centres, interpolated on
    the mel scale between them and held beyond them (below 100 Hz and above 3.8 kHz, which a
    telephone reference cannot tell), at the input's loudness (RMS) and length. The whole sentence
    is filtered in one FFT: the same fixed filter for every sentence, so streamed sentences agree."""
    x = np.asarray(audio, np.float64)
    n = len(x)
    if n == 0:
        return audio
    size = 1 << int(np.ceil(np.log2(n + sample_rate // 10)))  # room for the filter's short tails
    edges = _band_edges()
    centres = _mel(np.sqrt(edges[:-1] * edges[1:]))
    gain = np.interp(_mel(np.fft.rfftfreq(size, 1 / sample_rate)), centres, np.asarray(gains_db, np.float64))
    y = np.fft.irfft(np.fft.rfft(x, size) * 10 ** (gain / 20), size)[:n]
    rms_in, rms_out = np.sqrt(np.mean(x**2)), np.sqrt(np.mean(y**2))
    if rms_out > 0:
        y *= rms_in / rms_out
    peak = float(np.max(np.abs(y)))
    if peak > 0.99:
        y *= 0.99 / peak
    return y.astype(np.float32)


def _residual(audio, sample_rate, target_hz):
    stats = pitch_stats(audio, sample_rate)
    return None if stats is None else semitones(stats["median_hz"], target_hz)


def _change_gender(audio, sample_rate, conversion, pitch_hz):
    """Praat's "Change gender" of `audio` to median F0 `pitch_hz`, or None without voicing."""
    import parselmouth
    from parselmouth.praat import call

    sound = parselmouth.Sound(np.asarray(audio, np.float64), sample_rate)
    try:
        out = call(
            sound,
            "Change gender",
            PITCH_FLOOR_HZ,
            PITCH_CEILING_HZ,
            conversion["formant_ratio"],
            pitch_hz,
            conversion["pitch_range"],
            1.0,
        )
    except parselmouth.PraatError as err:  # e.g. no voiced frame at all
        log.debug("conversion skipped: %s", err)
        return None
    return out.values[0]


def _pitch_values(wav, sample_rate):
    import parselmouth

    pitch = parselmouth.Sound(np.asarray(wav, np.float64), sample_rate).to_pitch_ac(time_step=0.01, pitch_floor=PITCH_FLOOR_HZ, pitch_ceiling=PITCH_CEILING_HZ)
    f0 = pitch.selected_array["frequency"]
    return pitch, f0


def pitch_stats(wav, sample_rate):
    """{median_hz, sd_st, voiced_s}, or None with under 0.2 s of voicing."""
    _, f0 = _pitch_values(wav, sample_rate)
    f0 = f0[f0 > 0]
    if len(f0) < 20:
        return None
    st = 12 * np.log2(f0)
    return {"median_hz": round(float(np.median(f0)), 2), "sd_st": round(float(np.std(st)), 3), "voiced_s": round(len(f0) * 0.01, 2)}


def formant_medians(wav, sample_rate):
    """[F1, F2, F3] medians (Hz) over voiced frames, or None."""
    import parselmouth

    sound = parselmouth.Sound(np.asarray(wav, np.float64), sample_rate)
    if sample_rate > 8000:
        sound = sound.resample(8000)
    pitch = sound.to_pitch_ac(time_step=0.01, pitch_floor=PITCH_FLOOR_HZ, pitch_ceiling=PITCH_CEILING_HZ)
    formant = sound.to_formant_burg(0.01, 4, 3800, 0.025, 50)
    times = np.asarray(formant.xs())
    voiced = np.array([pitch.get_value_at_time(t) for t in times])
    times = times[np.isfinite(voiced) & (voiced > 0)]
    if len(times) < 20:
        return None
    out = []
    for i in (1, 2, 3):
        values = np.array([formant.get_value_at_time(i, t) for t in times])
        values = values[np.isfinite(values)]
        if len(values) < 10:
            return None
        out.append(round(float(np.median(values)), 1))
    return out


def ltas(wav, sample_rate, low_hz=LTAS_LOW_HZ, high_hz=LTAS_HIGH_HZ, bands=LTAS_BANDS):
    """Level-normalised long-term average spectrum (dB) of the speech frames, in mel bands."""
    x = np.asarray(wav, np.float64)
    n = int(round(0.032 * sample_rate))
    hop = n // 2
    if len(x) < n * 4:
        return None
    frames = np.lib.stride_tricks.sliding_window_view(x, n)[::hop] * np.hanning(n)
    power = np.abs(np.fft.rfft(frames, axis=1)) ** 2
    energy = 10 * np.log10(power.sum(axis=1) + 1e-12)
    power = power[energy > np.percentile(energy, 95) - 30]
    freqs = np.fft.rfftfreq(n, 1 / sample_rate)

    def mel(hz):
        return 2595 * np.log10(1 + hz / 700)

    edges = 700 * (10 ** (np.linspace(mel(low_hz), mel(high_hz), bands + 1) / 2595) - 1)
    mean = power.mean(axis=0)
    banded = np.array([mean[(freqs >= a) & (freqs < b)].mean() for a, b in zip(edges[:-1], edges[1:])])
    db = 10 * np.log10(banded + 1e-12)
    return db - db.mean()


def ltas_distance(a, b):
    return float(np.sqrt(np.mean((np.asarray(a) - np.asarray(b)) ** 2)))


def semitones(hz, reference_hz):
    return float(12 * np.log2(hz / reference_hz))
