/** The spoken form of a text, as every normaliser answers it (text-normaliser.ts, language-normaliser.ts). */
export interface SpokenToken {
  /** A white-space token of the input, as written. */
  written: string;
  /** What is said for it: one or more words, or '' (nothing). */
  spoken: string;
}

export interface SpokenText {
  /** The text to give an engine. */
  text: string;
  /** The input's tokens in order, each with its spoken form. */
  tokens: SpokenToken[];
}
