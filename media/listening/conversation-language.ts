/**
 * The language a room's conversation is in, as its turns are heard: the hint the transcriber gets
 * for the next turn (`language_hint`, with `auto`). The detector on one short turn is often unsure
 * between neighbouring languages (Spanish heard as Portuguese, French as Spanish); the hint keeps the
 * conversation's language unless another is detected surely (docs/BENCHMARKS.md#languages). A turn
 * heard in it only thanks to the hint, the detector finding another likelier, may be the user
 * switching: the next turn goes without the hint, so a switch is followed one turn later at worst.
 */
export class ConversationLanguage {
  private doubted = false;

  /** `expected`: ISO 639-1, the language the conversation is expected in (the user's last, or the character's). */
  constructor(private language?: string) {}

  /** The hint for the next turn, if any. */
  get hint(): string | undefined {
    return this.doubted ? undefined : this.language;
  }

  /**
   * The companion answers in `language` (ISO 639-1): a typed turn in another language moved the
   * conversation there, and its next spoken turn is expected in it.
   */
  answeredIn(language: string): void {
    if (language === this.language) return;
    this.language = language;
    this.doubted = false;
  }

  /** A turn was heard in `language`; `detected`: the detector's own likeliest, where the transcriber says. */
  heard(language: string, detected?: string): void {
    this.doubted = detected !== undefined && detected !== language;
    this.language = language;
  }
}
