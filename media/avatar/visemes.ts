/**
 * Visemes: the mouth shapes a listener can tell apart, and the track of them that goes with one
 * piece of audio. The track is built from the phoneme timings of that very audio (measured by the
 * engine, in the language's own phonemes) so the mouth cannot drift from the voice; for a server
 * that only gives word times, each word's letters are spread over its time and the track says
 * `interpolated`.
 */
import type { PhonemeTiming, WordTiming } from '../speech/tts-client.js';

export const VISEMES = ['rest', 'AA', 'E', 'I', 'O', 'U', 'MBP', 'FV', 'L', 'WQ', 'CH', 'TH'] as const;
export type Viseme = (typeof VISEMES)[number];

export interface VisemeSegment {
  viseme: Viseme;
  /** Milliseconds from the start of the audio. */
  startMs: number;
  endMs: number;
}

export interface VisemeTrack {
  segments: VisemeSegment[];
  durationMs: number;
  timing: 'measured' | 'interpolated';
}

/**
 * espeak-ng IPA (what Piper and Kokoro speak) → viseme. Consonants made inside the mouth (t, d, k, g, n, s,
 * z, h, j) barely show on the lips: they take the open-teeth shape `I`, slightly open.
 */
const PHONEME_VISEMES: Record<string, Viseme> = {
  // open vowels
  a: 'AA',
  ɑ: 'AA',
  æ: 'AA',
  ʌ: 'AA',
  ɐ: 'AA',
  ɒ: 'O',
  // mid and front vowels
  e: 'E',
  ɛ: 'E',
  ə: 'E',
  ɜ: 'E',
  ɚ: 'E',
  ɝ: 'E',
  i: 'I',
  ɪ: 'I',
  ᵻ: 'I',
  j: 'I',
  // rounded vowels
  o: 'O',
  ɔ: 'O',
  u: 'U',
  ʊ: 'U',
  ɵ: 'U',
  // lips closed
  m: 'MBP',
  b: 'MBP',
  p: 'MBP',
  // lower lip on teeth
  f: 'FV',
  v: 'FV',
  // tongue
  l: 'L',
  ɫ: 'L',
  θ: 'TH',
  ð: 'TH',
  // rounded consonants
  w: 'WQ',
  ʍ: 'WQ',
  ɹ: 'WQ',
  r: 'WQ',
  // teeth together, lips forward
  ʃ: 'CH',
  ʒ: 'CH',
  tʃ: 'CH',
  dʒ: 'CH',
  // inside the mouth
  t: 'I',
  d: 'I',
  n: 'I',
  s: 'I',
  z: 'I',
  k: 'E',
  ɡ: 'E',
  g: 'E',
  ŋ: 'E',
  h: 'E',
  ʔ: 'rest',
  ɾ: 'I',
  // Other languages' sounds, as espeak-ng writes them (Spanish, French, Italian, Portuguese, Hindi,
  // Mandarin), by where the lips and jaw are.
  y: 'U',
  ʏ: 'U',
  ø: 'U',
  ɯ: 'U',
  œ: 'O',
  ɤ: 'E',
  ɘ: 'E',
  ɨ: 'I',
  β: 'MBP',
  ɸ: 'FV',
  ʋ: 'FV',
  x: 'E',
  χ: 'E',
  ɣ: 'E',
  ʁ: 'E',
  q: 'E',
  ɦ: 'E',
  ʝ: 'I',
  ɲ: 'I',
  ɳ: 'I',
  ʈ: 'I',
  ɖ: 'I',
  ɽ: 'I',
  c: 'CH',
  ɟ: 'CH',
  ɕ: 'CH',
  ʑ: 'CH',
  ʂ: 'CH',
  ʐ: 'CH',
  ʎ: 'L',
  ɭ: 'L',
  ɬ: 'L',
  // Affricates written as one symbol, and Mandarin's other sounds, as misaki writes them (Kokoro).
  ʦ: 'I',
  ʣ: 'I',
  ʧ: 'CH',
  ʤ: 'CH',
  ʨ: 'CH',
  ʥ: 'CH',
  ꭧ: 'CH',
  ɻ: 'WQ',
  ɥ: 'U',
  ɰ: 'U',
  ᵊ: 'E',
};

/** The viseme of one phoneme; pauses (punctuation) and unknown symbols rest the mouth. */
export function visemeOfPhoneme(phoneme: string): Viseme {
  const known = PHONEME_VISEMES[phoneme];
  if (known) return known;
  // Diphthongs and affricates written as several symbols start with the shape of the first.
  const first = [...phoneme.normalize('NFC')].find((c) => PHONEME_VISEMES[c]);
  return first ? PHONEME_VISEMES[first]! : 'rest';
}

/** How far open the mouth is for a viseme, 0..1 (the renderer may use it to scale its shape). */
export const VISEME_OPENNESS: Record<Viseme, number> = {
  rest: 0,
  AA: 1,
  E: 0.6,
  I: 0.4,
  O: 0.8,
  U: 0.5,
  MBP: 0,
  FV: 0.2,
  L: 0.6,
  WQ: 0.4,
  CH: 0.4,
  TH: 0.4,
};

/** A track from measured phonemes (seconds), merging neighbours of the same viseme. */
export function trackFromPhonemes(phonemes: readonly PhonemeTiming[], durationMs: number): VisemeTrack {
  const segments: VisemeSegment[] = [];
  for (const p of phonemes) push(segments, visemeOfPhoneme(p.phoneme), p.start * 1000, p.end * 1000);
  return { segments, durationMs, timing: 'measured' };
}

/**
 * Letters → visemes, for words whose sounds are unknown (engines with word times only). Crude
 * English spelling rules, which the Latin-script languages share closely enough once their accents
 * are set aside ("está" as "esta"); Devanagari by its letters' sounds (the script is phonemic);
 * a Chinese character is one syllable, said as a consonant then an open vowel. The timing is the
 * word's, spread evenly over its shapes.
 */
const DIGRAPHS: Array<[RegExp, Viseme]> = [
  [/^(ch|sh|tch|dg)/, 'CH'],
  [/^th/, 'TH'],
  [/^(oo|ou|ew)/, 'U'],
  [/^(ee|ea|ie)/, 'I'],
  [/^(ph)/, 'FV'],
  [/^(wh|qu)/, 'WQ'],
];
const LETTERS: Record<string, Viseme> = {
  a: 'AA',
  e: 'E',
  i: 'I',
  y: 'I',
  o: 'O',
  u: 'U',
  m: 'MBP',
  b: 'MBP',
  p: 'MBP',
  f: 'FV',
  v: 'FV',
  l: 'L',
  w: 'WQ',
  r: 'WQ',
  q: 'WQ',
  j: 'CH',
};

/** Devanagari letters and vowel signs (Hindi) → visemes; the inherent vowel of a consonant is `ə` (E). */
const DEVANAGARI: Record<string, Viseme> = {
  ...Object.fromEntries([...'अ'].map((c) => [c, 'E' as Viseme])),
  ...Object.fromEntries([...'आा'].map((c) => [c, 'AA' as Viseme])),
  ...Object.fromEntries([...'इईिीएेऐै'].map((c) => [c, 'I' as Viseme])),
  ...Object.fromEntries([...'उऊुू'].map((c) => [c, 'U' as Viseme])),
  ...Object.fromEntries([...'ओोऔौऑॉ'].map((c) => [c, 'O' as Viseme])),
  ...Object.fromEntries([...'पफबभम'].map((c) => [c, 'MBP' as Viseme])),
  ...Object.fromEntries([...'व'].map((c) => [c, 'FV' as Viseme])),
  ...Object.fromEntries([...'लळ'].map((c) => [c, 'L' as Viseme])),
  ...Object.fromEntries([...'चछजझशष'].map((c) => [c, 'CH' as Viseme])),
  ...Object.fromEntries([...'र'].map((c) => [c, 'WQ' as Viseme])),
  ...Object.fromEntries([...'कखगघङहयतथदधनटठडढणस'].map((c) => [c, 'I' as Viseme])),
};
function devanagariVisemes(word: string): Viseme[] {
  const out: Viseme[] = [];
  const chars = [...word];
  chars.forEach((c, i) => {
    const shape = DEVANAGARI[c];
    if (!shape) return;
    out.push(shape);
    // A consonant without a vowel sign or virama after it carries the inherent vowel.
    const next = chars[i + 1];
    const consonant = /[\u0915-\u0939]/u.test(c);
    if (consonant && (next === undefined || !/[\u093e-\u094d\u0962\u0963]/u.test(next)) && i + 1 < chars.length) out.push('E');
  });
  return out;
}

export function visemesOfWord(word: string): Viseme[] {
  if (/\p{Script=Devanagari}/u.test(word)) return devanagariVisemes(word);
  const syllables = word.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  if (syllables) return syllables.flatMap(() => ['I', 'AA'] as Viseme[]);
  const out: Viseme[] = [];
  let rest = word
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '');
  while (rest.length > 0) {
    const digraph = DIGRAPHS.find(([pattern]) => pattern.test(rest));
    if (digraph) {
      out.push(digraph[1]);
      rest = rest.slice(digraph[0].exec(rest)![0].length);
      continue;
    }
    out.push(LETTERS[rest[0]!] ?? 'I');
    rest = rest.slice(1);
  }
  return out;
}

/** A track from word times only: flagged `interpolated`. */
export function trackFromWords(words: readonly WordTiming[], durationMs: number): VisemeTrack {
  const segments: VisemeSegment[] = [];
  for (const w of words) {
    const shapes = visemesOfWord(w.word);
    if (shapes.length === 0) continue;
    const step = ((w.end - w.start) * 1000) / shapes.length;
    shapes.forEach((viseme, i) => push(segments, viseme, w.start * 1000 + i * step, w.start * 1000 + (i + 1) * step));
  }
  return { segments, durationMs, timing: 'interpolated' };
}

function push(segments: VisemeSegment[], viseme: Viseme, startMs: number, endMs: number): void {
  if (endMs <= startMs) return;
  const last = segments[segments.length - 1];
  if (last && last.viseme === viseme && startMs - last.endMs < 1) {
    last.endMs = Math.max(last.endMs, endMs);
    return;
  }
  segments.push({ viseme, startMs, endMs });
}

/** The viseme at `tMs` (binary search); `rest` before, after and between segments. */
export function visemeAt(track: VisemeTrack, tMs: number): Viseme {
  const { segments } = track;
  let lo = 0;
  let hi = segments.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = segments[mid]!;
    if (tMs < s.startMs) hi = mid - 1;
    else if (tMs >= s.endMs) lo = mid + 1;
    else return s.viseme;
  }
  return 'rest';
}
