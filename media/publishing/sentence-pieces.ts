/**
 * The pieces a reply's first sentence is said in (media/publishing/frame-pacer.ts), as text: what
 * each piece synthesises and what a listener hears of it. With a voice that cuts out words
 * (media/speech/word-span.ts), its first words, synthesised with CONTEXT_WORDS more, then the rest,
 * synthesised from CONTEXT_WORDS before it; with other voices, a long sentence's first breath group
 * (runtime/text/breath-points.ts) then the rest; else the sentence whole. Words are the text's
 * white-space tokens, as the voice counts them (media/speech/written-words.ts).
 *
 * The first words are as few as the voice's measured pace allows (media/speech/synthesis-pace.ts):
 * the rest of the sentence must be synthesised before they have been heard, and they must be ready
 * sooner than the whole sentence would be. A fast voice (Piper) starts with a few words; a slow one
 * (Kokoro) with more of them, or with the sentence whole.
 */
import { firstBreathGroup, spokenLength } from '../../runtime/text/breath-points.js';
import type { Pace } from '../speech/synthesis-pace.js';
import type { WordSpan } from '../speech/word-span.js';
import { isWord } from '../speech/written-words.js';
import { wordsIn } from '../../runtime/text/said-words.js';

/** What one entry of a sentence synthesises and says. */
export interface Piece {
  /** What is synthesised: the sentence, or one of its pieces (its first words or breath group, then the rest). */
  piece: string;
  /** The words of `piece` said (the others are context for them), when not all of it is. */
  words?: WordSpan | undefined;
  /** What a listener hears of this entry: `piece`, or its words in `words`. */
  said: string;
}

/** A reply's first sentence longer than this starts with its first breath group (at least FIRST_MIN_CHARS), as SPEECH_CHUNKS does. */
const FIRST_MAX_CHARS = 60;
const FIRST_MIN_CHARS = 16;
/**
 * A first sentence cut at a word starts with at least this much of its first words (and at least
 * FIRST_WORDS_MIN of them): about 1.3 s of speech, while the rest is synthesised. The voice's pace
 * may ask for more.
 */
const FIRST_WORDS_CHARS = 20;
const FIRST_WORDS_MIN = 3;
/** How much sooner than the first words end the rest must be predicted ready: the pace is a prediction. */
const KEEP_UP_MARGIN_MS = 100;
/** A sentence not yet complete is taken to be at least this long when its rest is weighed. */
const ASSUMED_SENTENCE_CHARS = 80;
/** The words said after a cut as context: after the first words (they are not played), before the rest (nor these). */
const CONTEXT_WORDS = 2;
/** The fewest words after the first words for a sentence to be cut at all: shorter ones are quick to synthesise whole. */
const REST_MIN_WORDS = 3;
const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/u;

/** A first sentence's pieces when nothing was synthesised ahead: cut at a word when the voice cuts words (its `pace` is given). */
export function firstPiecesOf(sentence: string, pace: Pace | undefined): Piece[] {
  const first = pace ? firstWords(sentence, true, pace) : undefined;
  const rest = first && restFrom(sentence, first.words!.to!, true);
  if (first && rest) return [first, rest];
  const group = spokenLength(sentence) > FIRST_MAX_CHARS ? firstBreathGroup(sentence, FIRST_MIN_CHARS) : undefined;
  return (group ?? [sentence]).map((piece) => ({ piece, said: piece }));
}

/**
 * The pieces of a sentence queued while the reply plays: whole when the voice's pace has it
 * synthesised before the audio ahead of it ends (`slackMs`: that audio, less the syntheses still to
 * run before its own); else cut as a first sentence is, its first words as soon as they can be (a
 * long sentence after a short one: "Ciao! | Sono Lorenzo Bianchi, liutaio a Cremona.").
 */
export function laterPiecesOf(sentence: string, pace: Pace | undefined, slackMs: number): Piece[] {
  if (!pace || pace.synthesisMs(spokenLength(sentence)) + KEEP_UP_MARGIN_MS <= slackMs) return [{ piece: sentence, said: sentence }];
  return firstPiecesOf(sentence, pace);
}

/**
 * The first words of a sentence (`complete`) or of a reply's text so far (its last word may be
 * cut), as the first piece of its sentence: at least FIRST_WORDS_CHARS of whole words, synthesised
 * with CONTEXT_WORDS more, and with a `pace`, as many more as it takes for the rest to be
 * synthesised while they play; undefined when the text has too few words, when marks that are not
 * words are among them (their words would not be counted as the voice counts them), or when they
 * would be ready no sooner than the whole sentence.
 */
export function firstWords(text: string, complete: boolean, pace?: Pace): Piece | undefined {
  const tokens = wordsIn(text);
  if (!complete) tokens.pop();
  const after = complete ? Math.max(CONTEXT_WORDS, REST_MIN_WORDS) : CONTEXT_WORDS;
  const whole = complete && pace ? pace.synthesisMs(spokenLength(text)) : Infinity;
  for (let count = FIRST_WORDS_MIN; count + after <= tokens.length; count++) {
    const lead = tokens.slice(0, count + CONTEXT_WORDS);
    // A sentence's end among them: the draft's first sentence is complete (speak() brings it), or an abbreviation.
    if (!lead.every((token) => isWord(token) && !SENTENCE_END.test(token))) return undefined;
    const said = tokens.slice(0, count).join(' ');
    if (spokenLength(said) < FIRST_WORDS_CHARS) continue;
    if (pace) {
      if (pace.synthesisMs(spokenLength(lead.join(' '))) >= whole) return undefined;
      const rest = spokenLength(tokens.slice(count - CONTEXT_WORDS).join(' '));
      const restChars = complete ? rest : Math.max(rest, ASSUMED_SENTENCE_CHARS - spokenLength(said));
      if (pace.synthesisMs(restChars) + KEEP_UP_MARGIN_MS > pace.audioMs(spokenLength(said))) continue;
    }
    return { piece: lead.join(' '), words: { from: 0, to: count }, said };
  }
  return undefined;
}

/**
 * The rest of `sentence` after its first `count` words: synthesised from CONTEXT_WORDS before it
 * when the piece before it was cut out of more words (`cut`), else alone; undefined when nothing is left.
 */
export function restFrom(sentence: string, count: number, cut: boolean): Piece | undefined {
  const tokens = wordsIn(sentence);
  if (tokens.length <= count) return undefined;
  const said = tokens.slice(count).join(' ');
  return cut ? { piece: tokens.slice(count - CONTEXT_WORDS).join(' '), words: { from: CONTEXT_WORDS }, said } : { piece: said, said };
}

/** What a run of pieces says. */
export function saidOf(pieces: readonly Piece[]): string {
  return pieces.map((p) => p.said).join(' ');
}

/** What a run of pieces' syntheses say up to their end: what they say, and the context after the last. */
export function spokenOf(pieces: readonly Piece[]): string {
  const last = pieces.at(-1);
  if (!last?.words?.to) return saidOf(pieces);
  return [...pieces.slice(0, -1).map((p) => p.said), wordsIn(last.piece).slice(last.words.from).join(' ')].join(' ');
}
