/**
 * Where a speaker would breathe inside a sentence: the only places speech may be cut into pieces
 * synthesised apart (media/speech/text-chunks.ts, and a session starting a long first sentence).
 * Each piece is spoken by its own call to an engine, with its own start and end, so a cut anywhere
 * else is heard: cutting "The birch canoe slid on the | smooth planks." after 30 characters put a
 * 160 ms silence and a falling "the" in the middle of the sentence.
 *
 * A breath point is just after a semicolon, a colon or a dash between words, or a comma that a
 * conjunction of any language spoken here follows (", and", ", which", ", pero", ", mais", ", che"…),
 * or a Chinese clause mark (，；：). Not after other commas: lists ("red, green") and short openers
 * ("Well, I…") are said in one breath.
 */
import { SPEECH_LANGUAGES } from './languages.js';

/** English's, then every other language's (languages.ts): a comma before one of them is a breath point, whatever the sentence's language. */
const CONJUNCTIONS = new Set([
  ...['and', 'but', 'or', 'so', 'yet', 'nor', 'because', 'while', 'although', 'though', 'whereas'],
  ...['which', 'who', 'where', 'when', 'if', 'unless', 'since', 'until', 'then'],
  ...SPEECH_LANGUAGES.flatMap((language) => language.conjunctions),
]);
/** Chinese and Japanese clause marks, written without a space after them: each is a breath point. */
const CJK_MARKS = /[，；：](?=\S)/gu;
/** Han characters, each a syllable: about three letters of an alphabet when a piece's length is weighed. */
const HAN = /\p{Script=Han}/gu;

/** Offsets into `sentence` just past each breath point's mark, in order (cut with `slice`). */
export function breathPoints(sentence: string): number[] {
  const points: number[] = [];
  for (const m of sentence.matchAll(/(?:[;:]|\s[—–-]|,)(?=\s+(\S+))/gu)) {
    const at = m.index + m[0].length;
    const nextWord = m[1]!.toLowerCase().replace(/[^\p{L}\p{M}]/gu, '');
    if (m[0] === ',' && !CONJUNCTIONS.has(nextWord)) continue;
    if (sentence.slice(at).trim() === '') continue;
    points.push(at);
  }
  for (const m of sentence.matchAll(CJK_MARKS)) points.push(m.index + 1);
  return points.sort((a, b) => a - b);
}

/** A piece's length as said: letters, with each Han character weighed as a syllable of three. */
export function spokenLength(text: string): number {
  return text.length + 2 * (text.match(HAN)?.length ?? 0);
}

/**
 * `sentence` cut at its first breath point that leaves at least `minChars` (spokenLength) on each side, or
 * undefined when it has none: the short head starts the audio sooner.
 */
export function firstBreathGroup(sentence: string, minChars: number): [head: string, rest: string] | undefined {
  for (const at of breathPoints(sentence)) {
    const head = sentence.slice(0, at).trim();
    const rest = sentence.slice(at).trim();
    if (spokenLength(head) >= minChars && spokenLength(rest) >= minChars) return [head, rest];
  }
  return undefined;
}
