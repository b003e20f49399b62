/** Cuts a stream of text into sentences as soon as each one is complete. */
export class SentenceSplitter {
  private buffer = '';

  /** Adds text; returns the sentences it completed. */
  push(text: string): string[] {
    this.buffer += text;
    const out: string[] = [];
    // A sentence ends at . ! ? (or …) followed by whitespace; abbreviations like "e.g." stay whole.
    const pattern = /[^.!?…]*(?:[.!?…]+["')\]]*)(?=\s)/g;
    let consumed = 0;
    for (let m = pattern.exec(this.buffer); m; m = pattern.exec(this.buffer)) {
      const sentence = m[0].trim();
      if (/\b(e\.g|i\.e|Mr|Mrs|Dr|St|vs)\.$/i.test(sentence)) continue;
      if (sentence) out.push(this.buffer.slice(consumed, m.index + m[0].length).trim());
      consumed = m.index + m[0].length;
    }
    this.buffer = this.buffer.slice(consumed);
    return out.filter(Boolean);
  }

  /** The rest, at the end of the stream. */
  flush(): string[] {
    const rest = this.buffer.trim();
    this.buffer = '';
    return rest ? [rest] : [];
  }
}
