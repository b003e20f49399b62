import { splitSentences } from '../../../media/speech/sentences.js';

/**
 * Cuts a stream of text into sentences as soon as each one is complete, with the same rules as
 * speech synthesis (media/speech/sentences.ts): not at decimals, abbreviations or initials.
 */
export class SentenceSplitter {
  private buffer = '';

  /** Adds text; returns the sentences it completed. */
  push(text: string): string[] {
    this.buffer += text;
    const { sentences, rest } = splitSentences(this.buffer, false);
    this.buffer = rest;
    return sentences;
  }

  /** The rest, at the end of the stream. */
  flush(): string[] {
    const { sentences } = splitSentences(this.buffer, true);
    this.buffer = '';
    return sentences;
  }
}
