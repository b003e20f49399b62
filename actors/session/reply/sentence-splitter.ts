import { splitSentences } from '../../../runtime/text/sentences.js';

/**
 * Cuts a stream of text into sentences as soon as each one is complete, with the same rules as
 * speech synthesis (runtime/text/sentences.ts): not at decimals, abbreviations or initials. It is
 * eager: "…the lamp." ends a sentence before the next token arrives; a mark or closing quote that
 * then continues it ("!!", '."') is dropped from the start of the next sentence.
 */
export class SentenceSplitter {
  private buffer = '';

  /** Adds text; returns the sentences it completed. */
  push(text: string): string[] {
    this.buffer += text;
    const { sentences, rest } = splitSentences(this.buffer, false, true);
    this.buffer = rest;
    return sentences.map(stripLeadingMarks).filter(Boolean);
  }

  /** The rest, at the end of the stream. */
  flush(): string[] {
    const { sentences } = splitSentences(this.buffer, true);
    this.buffer = '';
    return sentences.map(stripLeadingMarks).filter((x) => /[\p{L}\p{N}]/u.test(x));
  }
}

function stripLeadingMarks(sentence: string): string {
  return sentence.replace(/^[.!?…"'”’)\]\s]+/u, '');
}
