/**
 * Whether a turn the speaker paused in is finished, from the two things known at the pause: the
 * end-of-turn model's probability (it hears the intonation) and the early transcript (Whisper
 * writes a sentence's end as `.` `?` `!`, or `。` `？` `！`, and a phrase cut short as none, a comma,
 * or an ellipsis). Either alone hears too many pauses between words as ends; a turn ends early
 * only when both say it is over (docs/BENCHMARKS.md#end-of-turn-model).
 */
import { speechLanguage } from '../../runtime/text/languages.js';

/** A sentence's last mark as Whisper writes it, in Latin and CJK scripts, closing quotes aside. */
const SENTENCE_END = /[.?!。？！]["'”’»)\]]*$/u;
/** A phrase trailing off ("and then..."): no end, even with its dots. */
const TRAILING_OFF = /(\.\.|…)["'”’»)\]]*$/u;

/** The transcript ends as a sentence does. */
export function endsSentence(text: string): boolean {
  const trimmed = text.trim();
  return SENTENCE_END.test(trimmed) && !TRAILING_OFF.test(trimmed);
}

/** The transcript's last word is one the language's data marks as opening a clause ("y", "mais"): more is coming. */
export function endsOnConjunction(text: string, language: string | undefined): boolean {
  const conjunctions = speechLanguage(language)?.conjunctions ?? [];
  const last = text
    .trim()
    .toLowerCase()
    .split(/\s+/u)
    .pop()
    ?.replace(/[^\p{L}\p{M}\p{N}]/gu, '');
  return last !== undefined && conjunctions.includes(last);
}

/** What is known at a pause: the model's probability that the turn is complete, and the turn's words so far. */
export interface PauseEvidence {
  probability: number;
  text: string;
  /** The language the words were heard in (ISO 639-1), when known. */
  language?: string | undefined;
}

/** The turn is over: the model finds it complete (≥ `completeAbove`) and its words end a sentence. */
export function turnComplete(evidence: PauseEvidence, completeAbove: number): boolean {
  return evidence.probability >= completeAbove && endsSentence(evidence.text) && !endsOnConjunction(evidence.text, evidence.language);
}
