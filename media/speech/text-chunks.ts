/**
 * Splits text into the pieces synthesised one call at a time: sentences (sentences.ts: not at
 * decimals, abbreviations or initials), so that the stream route sends audio after the first one,
 * and so that no single call to the model server grows with the whole text. The first piece is
 * kept short (a clause or a few words) because it alone decides how soon the first audio leaves;
 * later pieces are whole sentences, short ones merged.
 *
 * The complete, streamed and timed routes all use the same pieces (SPEECH_CHUNKS): every piece is
 * one call to the engine, with its own leading and trailing silence and sentence-final pause, so
 * different pieces would make different audio of the same text.
 */
import { splitSentences } from './sentences.js';

export interface ChunkOptions {
  /** Longest first piece, in characters, before it is cut at a clause or word boundary. */
  firstMaxChars: number;
  /** Longest later piece; longer sentences are cut at clause or word boundaries. */
  maxChars: number;
  /** Sentences shorter than this are merged with the next one. */
  minChars: number;
}

export const SPEECH_CHUNKS: ChunkOptions = { firstMaxChars: 30, maxChars: 300, minChars: 12 };

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
  for (const piece of merged) {
    let rest = piece;
    while (rest.length > (out.length === 0 ? options.firstMaxChars : options.maxChars)) {
      const limit = out.length === 0 ? options.firstMaxChars : options.maxChars;
      const cut = cutAt(rest, limit);
      out.push(rest.slice(0, cut).trim());
      rest = rest.slice(cut).trim();
    }
    if (rest) out.push(rest);
  }
  return out;
}

/** Where to cut `text` at most `limit` characters in: after a clause mark, else at a space. */
function cutAt(text: string, limit: number): number {
  const window = text.slice(0, limit + 1);
  const clause = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '), window.lastIndexOf(': '), window.lastIndexOf(' - '));
  if (clause >= limit / 3) return clause + 1;
  const space = window.lastIndexOf(' ');
  if (space > 0) return space;
  return limit;
}
