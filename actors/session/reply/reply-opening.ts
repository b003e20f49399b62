/**
 * A reply's opening words, read from the model's text before its first sentence is complete: its
 * first breath group (runtime/text/breath-points.ts), once enough of the sentence follows it. A
 * voice synthesises them while the model is still writing the rest of the sentence
 * (ReplyContext.onOpening), so the answer starts as soon as the sentence is, not a synthesis later.
 */
import { firstBreathGroup } from '../../../runtime/text/breath-points.js';
import { stripTemplateTokens } from './reply-cleaner.js';

/** The shortest opening, and the least of the sentence that must follow it (as the frame pacer's first piece). */
const MIN_CHARS = 16;
/**
 * Text that may not be said as written: a sentence's end, a line break, a speaker label, markup,
 * brackets or quotes, which the reply cleaner may still change.
 */
const NOT_PLAIN = /[.!?…\n:;*_#<>()[\]{}"“”«»]/u;

/** The opening words of `text` (the model's reply so far), or undefined while there are none yet. */
export function replyOpening(text: string): string | undefined {
  const group = firstBreathGroup(stripTemplateTokens(text).trimStart(), MIN_CHARS);
  if (!group) return undefined;
  const [head] = group;
  return NOT_PLAIN.test(head.slice(0, -1)) || /[:;]$/.test(head) ? undefined : head;
}
