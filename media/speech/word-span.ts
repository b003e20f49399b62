/**
 * A run of words cut out of synthesised speech by its measured word timings, so that a sentence
 * can be said from pieces synthesised apart without a seam: each piece is synthesised with a few
 * words of context on either side ("The tallest mountain in the world" for "The tallest mountain
 * in"), and only its own words are kept. The words kept are then said as they are inside the
 * sentence (no piece-final fall in pitch, no silence after them), and the cut lies between two
 * words (cutBetween()), where the next piece's audio takes over.
 */
import type { PhonemeTiming, TimedSpeech, WordTiming } from './tts-client.js';
import type { Pcm } from './wav.js';

/** Words `from` (inclusive) to `to` (exclusive, default: to the end, its final pause kept) of a text, counted as wordsOf() counts them. */
export interface WordSpan {
  from: number;
  to?: number;
}

/** The fade at a cut inside speech, so that the join makes no click. */
const FADE_S = 0.004;
/**
 * How far before and after the measured boundary between two words a cut may fall, and how finely
 * it is sought. Hardly after it: a cut 20-40 ms into a word that starts with a vowel left its onset
 * in both pieces ("river and until", "in in"; 26-28 of 40 joins heard right, against 36 of 40 with
 * 10 ms and 37-40 for the whole syntheses).
 */
const EARLY_S = 0.1;
const LATE_S = 0.01;
const STEP_S = 0.0025;
const WINDOW_S = 0.005;
/** Zero crossings per sample of a hiss (/s/: 0.3–0.45 at 22 kHz; vowels 0.02–0.05). */
const HISS_CROSSINGS = 0.15;

/** `timed` cut to `span`: its audio, words and phonemes, with times from the cut. */
export function cutToWords(timed: TimedSpeech, span: WordSpan): TimedSpeech {
  const { words, pcm } = timed;
  const to = Math.min(span.to ?? words.length, words.length);
  const from = Math.min(Math.max(0, span.from), to);
  const totalS = pcm.data.length / 2 / pcm.sampleRateHz;
  const startS = from > 0 ? cutBetween(timed, words[from - 1]!, words[from]!) : 0;
  const endS = to < words.length ? cutBetween(timed, words[to - 1]!, words[to]!) : totalS;
  const first = Math.round(startS * pcm.sampleRateHz);
  const last = Math.max(first, Math.round(endS * pcm.sampleRateHz));
  const data = Buffer.from(pcm.data.subarray(first * 2, last * 2));
  const fade = Math.round(FADE_S * pcm.sampleRateHz);
  if (from > 0) fadeIn(data, fade);
  if (to < words.length) fadeOut(data, fade);
  const shift = (t: number) => Math.round((Math.min(Math.max(t, startS), endS) - startS) * 1000) / 1000;
  const within = <T extends WordTiming | PhonemeTiming>(list: readonly T[]) =>
    list
      .filter((x) => (x.start + x.end) / 2 >= startS && (x.start + x.end) / 2 < endS)
      .map((x) => ({ ...x, start: shift(x.start), end: shift(x.end) }));
  return { ...timed, pcm: { ...pcm, data }, words: within(words.slice(from, to)), phonemes: within(timed.phonemes) };
}

/**
 * Where to cut between two words. A phoneme's sound can come well before its measured start: the
 * hiss of a fricative up to ~70 ms (Piper's /s/ of "sold" in "brother sold"), so the boundary alone
 * would leave the start of the next word at the end of the first piece ("brother s | old", heard
 * "brother hold"). Before a word that starts with a fricative the cut is at the onset of its hiss;
 * before others, at the quietest moment near the boundary (a stop's closure, the gap between the
 * words). Both syntheses of a join say the same sounds there, so each is cut at the same place.
 */
function cutBetween(timed: TimedSpeech, before: WordTiming, after: WordTiming): number {
  const boundary = (before.end + Math.max(before.end, after.start)) / 2;
  const lo = Math.max(before.start, boundary - EARLY_S);
  const hi = Math.min(after.end, boundary + LATE_S);
  const next = timed.phonemes.find((p) => p.start >= after.start - 0.001 && p.end <= after.end + 0.001);
  if (next && FRICATIVES.has([...next.phoneme][0]!)) {
    const onset = hissOnset(timed.pcm, lo, hi, boundary);
    if (onset !== undefined) return onset;
  }
  return quietestNear(timed.pcm, lo, hi, boundary);
}

/** IPA fricatives: their hiss (noise, many zero crossings) leads their measured start. */
const FRICATIVES = new Set(['s', 'z', 'ʃ', 'ʒ', 'f', 'v', 'θ', 'ð', 'h', 'x', 'ç', 'ɕ', 'ʑ', 'ʂ', 'ʐ', 'ɸ', 'β', 'χ']);

/** The start of the hiss that runs through `near` (or begins soon after it), within [lo, hi]; undefined without one. */
function hissOnset(pcm: Pcm, lo: number, hi: number, near: number): number | undefined {
  const rate = pcm.sampleRateHz;
  const width = Math.round(WINDOW_S * rate);
  const hissy = (t: number): boolean => {
    const a = Math.max(0, Math.round(t * rate));
    const b = Math.min(pcm.data.length / 2, a + width);
    let crossings = 0;
    for (let i = a + 1; i < b; i++) if (pcm.data.readInt16LE(i * 2) >= 0 !== pcm.data.readInt16LE((i - 1) * 2) >= 0) crossings++;
    return b - a > 1 && crossings / (b - a) >= HISS_CROSSINGS;
  };
  let at = near;
  while (at <= hi && !hissy(at)) at += STEP_S;
  if (at > hi) return undefined;
  while (at - STEP_S >= lo && hissy(at - STEP_S)) at -= STEP_S;
  return at;
}

/** The quietest moment within [lo, hi]; of moments equally quiet, the nearest to `near`. */
function quietestNear(pcm: Pcm, lo: number, hi: number, near: number): number {
  const rate = pcm.sampleRateHz;
  const width = Math.round(WINDOW_S * rate);
  const energyAt = (t: number): number => {
    const a = Math.max(0, Math.round(t * rate) - (width >> 1));
    const b = Math.min(pcm.data.length / 2, a + width);
    let sum = 0;
    for (let i = a; i < b; i++) sum += pcm.data.readInt16LE(i * 2) ** 2;
    return b > a ? sum / (b - a) : Infinity;
  };
  let best = near;
  let quietest = energyAt(near);
  for (let k = 1; near - k * STEP_S >= lo || near + k * STEP_S <= hi; k++) {
    for (const t of [near + k * STEP_S, near - k * STEP_S]) {
      if (t < lo || t > hi) continue;
      const energy = energyAt(t);
      if (energy < quietest) {
        quietest = energy;
        best = t;
      }
    }
  }
  return best;
}

function fadeIn(data: Buffer, samples: number): void {
  const n = Math.min(samples, data.length / 2);
  for (let i = 0; i < n; i++) data.writeInt16LE(Math.round((data.readInt16LE(i * 2) * i) / n), i * 2);
}

function fadeOut(data: Buffer, samples: number): void {
  const total = data.length / 2;
  const n = Math.min(samples, total);
  for (let i = 0; i < n; i++) {
    const at = (total - 1 - i) * 2;
    data.writeInt16LE(Math.round((data.readInt16LE(at) * i) / n), at);
  }
}
