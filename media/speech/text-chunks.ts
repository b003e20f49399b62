/**
 * Splits text into the pieces synthesised one call at a time: whole sentences (sentences.ts: not at
 * decimals, abbreviations or initials), so that the stream route sends audio after the first one,
 * and so that no single call to the model server grows with the whole text. Very short sentences
 * are merged with the next.
 *
 * A sentence is never cut except where a speaker would breathe (runtime/text/breath-points.ts):
 * every piece is one call to the engine, said as a whole utterance with its own start and end, so
 * a cut anywhere else is a seam in the middle of the sentence. Two cuts remain, both at breath
 * points: a long first sentence gives up its first breath group as the first piece, so the first
 * audio leaves sooner; and a sentence too long for one call is cut at the breath point nearest the
 * limit (at the last comma, or as a last resort a word, only when it has none).
 *
 * The complete, streamed and timed routes all use the same pieces (SPEECH_CHUNKS), so they give the
 * same audio of the same text.
 */
import { breathPoints, firstBreathGroup, spokenLength } from '../../runtime/text/breath-points.js';
import { splitSentences } from '../../runtime/text/sentences.js';

export interface ChunkOptions {
  /** A first sentence longer than this gives up its first breath group as the first piece. */
  firstMaxChars: number;
  /** The shortest first breath group, and the shortest rest of the sentence after it. */
  firstMinChars: number;
  /** Longest piece; a longer sentence is cut at breath points. */
  maxChars: number;
  /** Sentences shorter than this are merged with the next one. */
  minChars: number;
}

export const SPEECH_CHUNKS: ChunkOptions = { firstMaxChars: 60, firstMinChars: 16, maxChars: 300, minChars: 12 };

export function textChunks(text: string, options: ChunkOptions): string[] {
  const { sentences } = splitSentences(text, true);
  const merged: string[] = [];
  for (const sentence of sentences) {
    const last = merged.length - 1;
    if (last >= 0 && merged[last]!.length < options.minChars && merged[last]!.length + sentence.length <= options.maxChars) {
      merged[last] = `${merged[last]} ${sentence}`;
    } else {
      merged.push(sentence);
    }
  }
  const out: string[] = [];
  for (const [i, sentence] of merged.entries()) {
    let rest = sentence;
    const firstGroup = i === 0 && spokenLength(rest) > options.firstMaxChars ? firstBreathGroup(rest, options.firstMinChars) : undefined;
    if (firstGroup) {
      out.push(firstGroup[0]);
      rest = firstGroup[1];
    }
    while (rest.length > options.maxChars) {
      const cut = cutAt(rest, options.maxChars);
      out.push(rest.slice(0, cut).trim());
      rest = rest.slice(cut).trim();
    }
    if (rest) out.push(rest);
  }
  return out;
}

/** Where to cut `text` at most `limit` characters in: the last breath point, else the last comma, else a space. */
function cutAt(text: string, limit: number): number {
  const breath = breathPoints(text.slice(0, limit + 1)).filter((at) => at >= limit / 3);
  if (breath.length > 0) return breath[breath.length - 1]!;
  const window = text.slice(0, limit + 1);
  const comma = window.lastIndexOf(', ');
  if (comma >= limit / 3) return comma + 1;
  const space = window.lastIndexOf(' ');
  if (space > 0) return space;
  return limit;
}
