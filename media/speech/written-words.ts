/**
 * Word timings of the spoken form (runtime/text/text-normaliser.ts) mapped back to the words the
 * caller wrote: "$12.50" is said as five words, and the caller gets one word "$12.50" spanning
 * them. A word is a white-space token with a letter or a digit in it, as the TTS server counts them
 * (Python's `\w`), so both sides count the same words.
 */
import type { SpokenToken } from '../../runtime/text/text-normaliser.js';
import type { WordTiming } from './tts-client.js';

export function isWord(token: string): boolean {
  return /[\p{L}\p{N}_]/u.test(token);
}

export function wordsOf(text: string): string[] {
  return text.split(/\s+/u).filter(isWord);
}

/**
 * One timing per written word, from the timings of the spoken words; undefined when the spoken
 * timings do not have the words the spoken form has (an engine that dropped or split one).
 */
export function writtenWordTimes(tokens: readonly SpokenToken[], spoken: readonly WordTiming[]): WordTiming[] | undefined {
  const out: WordTiming[] = [];
  let next = 0;
  for (const token of tokens) {
    const count = wordsOf(token.spoken).length;
    const span = spoken.slice(next, next + count);
    next += count;
    if (span.length < count) return undefined;
    if (!isWord(token.written)) continue; // "&" said "and": no written word to time
    const at = out.length > 0 ? out[out.length - 1]!.end : (spoken[0]?.start ?? 0);
    out.push({ word: token.written, start: span[0]?.start ?? at, end: span[span.length - 1]?.end ?? at });
  }
  return next === spoken.length ? out : undefined;
}
