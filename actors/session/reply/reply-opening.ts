/**
 * A reply's opening words, read from the model's text before its first sentence is complete: its
 * first breath group (runtime/text/breath-points.ts), as soon as the word after its breath point is
 * whole ("Everest, which "), so that the point is sure. A voice synthesises them while the model is
 * still writing the rest of the sentence (ReplyContext.onOpening), and may say them at once. A
 * voice's own first words (ReplyContext.onDraft) may be the opening instead, where they are plain.
 */
import { breathPoints, spokenLength } from '../../../runtime/text/breath-points.js';
import { stripTemplateTokens } from './reply-cleaner.js';

/** The shortest opening (as the frame pacer's first piece). */
const MIN_CHARS = 16;
/**
 * Text that may not be said as written: a sentence's end, a line break, a speaker label, markup,
 * brackets or quotes, which the reply cleaner may still change.
 */
const NOT_PLAIN = /[.!?…\n:;*_#<>()[\]{}"“”«»]/u;
/** A Chinese or Japanese clause mark: a breath point with no word after it to wait for. */
const CJK_MARK = /[，；：]$/u;

/** Whether a voice's first words (of the reply so far) may be said as the opening: plain words. */
export function plainWords(words: string): boolean {
  return !NOT_PLAIN.test(words);
}

/** The opening words of `text` (the model's reply so far), or undefined while there are none yet. */
export function replyOpening(text: string): string | undefined {
  const said = stripTemplateTokens(text).trimStart();
  for (const at of breathPoints(said)) {
    const head = said.slice(0, at).trim();
    if (spokenLength(head) < MIN_CHARS) continue;
    // The word after a comma decides whether it is a breath point: whole, not the start of a longer one.
    const sure = CJK_MARK.test(head) || /^\s+\S+\s/u.test(said.slice(at));
    if (!sure) return undefined;
    return NOT_PLAIN.test(head.slice(0, -1)) || /[:;]$/.test(head) ? undefined : head;
  }
  return undefined;
}
