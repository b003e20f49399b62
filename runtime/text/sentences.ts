/**
 * Where sentences end, for everything that speaks text sentence by sentence: the synthesis routes
 * (text-chunks.ts) and the session's reply stream (actors/session/reply/sentence-splitter.ts).
 *
 * A sentence ends at `.`, `!`, `?` or `…` (with closing quotes or brackets) followed by white space
 * or the end of the text; at the ideographic marks `。`, `！`, `？` (Chinese, Japanese) whatever
 * follows, as those languages put no space between sentences. A period is not a full stop:
 *   - inside a number ("$12.50", "3.14"): no white space follows, so it never matches;
 *   - after a title or a Latin abbreviation ("Mr.", "Dr.", "e.g.", "i.e."): never an end;
 *   - after an initial ("J. R. R. Tolkien"): a single capital letter is never an end;
 *   - after an abbreviation that often closes a sentence ("etc.", "Inc.", "U.S."): an end only when
 *     the next word starts with a capital letter.
 */

import { SPEECH_LANGUAGES } from './languages.js';

/** Titles and abbreviations a sentence does not end with (lower case, without the final period). */
const NEVER_ENDS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'vs',
  'cf',
  'viz',
  'e.g',
  'i.e',
  'approx',
  'fig',
  'no',
  'gen',
  'gov',
  'sen',
  'rep',
  'capt',
  'lt',
  'col',
  'sgt',
]);
/** Abbreviations that end a sentence when a capitalised word follows. */
const ENDS_BEFORE_CAPITAL = new Set(['etc', 'inc', 'ltd', 'co', 'corp', 'al', 'jan', 'feb', 'aug', 'sept', 'oct', 'nov', 'dec']);
// The other languages' abbreviations ("Sra.", "Dott.", "ecc."), from their data: a text's language
// is not known here, and none of them is an English word that ends sentences.
for (const language of SPEECH_LANGUAGES) {
  for (const written of Object.keys(language.abbreviations)) {
    if (!written.endsWith('.') || /^\p{L}\.$/u.test(written)) continue; // single letters: initials already
    (language.mayEndSentence.includes(written) ? ENDS_BEFORE_CAPITAL : NEVER_ENDS).add(written.slice(0, -1));
  }
}

const END_MARK = /[.!?…。！？]+["'”’)\]」』）]*/gu;
/** Ideographic end marks: a sentence ends there whatever follows. */
const IDEOGRAPHIC_END = /^[。！？]/u;

export interface SentenceSplit {
  /** The complete sentences, trimmed. */
  sentences: string[];
  /** What follows the last complete sentence (untrimmed): an unfinished sentence, or ''. */
  rest: string;
}

/**
 * Splits `text` into sentences. With `final`, the end of the text ends the last sentence; without it
 * (text still arriving), a sentence is complete only once what follows it decides it is. With
 * `eager` (a reply streamed by a model, token by token), a sentence whose last word is a plain word
 * of two letters or more, closed by one `.`, `!` or `?` at the very end of the text, is complete at
 * once: waiting for the next token would add a token's time to the first sentence. Not after a
 * number, an initial or an abbreviation, nor inside an open quote or bracket.
 */
export function splitSentences(text: string, final: boolean, eager = false): SentenceSplit {
  const sentences: string[] = [];
  let start = 0;
  END_MARK.lastIndex = 0;
  for (let m = END_MARK.exec(text); m; m = END_MARK.exec(text)) {
    const after = m.index + m[0].length;
    const next = text.slice(after);
    const ideographic = IDEOGRAPHIC_END.test(m[0]);
    if (!ideographic && next.length > 0 && !/^\s/u.test(next)) continue; // "12.50", "e.g" mid-token, "Hi!!x"
    // The mark may yet be followed by more of the token (a closing quote after 。).
    if (next.length === 0 && !final && !(eager && (ideographic || endsAtOnce(text.slice(start, after))))) break;
    const following = final || next.trim() !== '' ? next.trimStart() : undefined;
    const ends = m[0].startsWith('.') && !m[0].includes('..') ? isFullStop(text.slice(start, m.index), following) : true;
    if (ends === undefined) break; // the next word decides: wait for it
    if (!ends) continue;
    const sentence = text.slice(start, after).trim();
    if (/[\p{L}\p{N}]/u.test(sentence)) sentences.push(sentence);
    else if (sentences.length > 0) sentences[sentences.length - 1] += ` ${sentence}`;
    start = after;
  }
  let rest = text.slice(start);
  if (final) {
    const tail = rest.trim();
    if (/[\p{L}\p{N}]/u.test(tail)) sentences.push(tail);
    rest = '';
  }
  return { sentences, rest };
}

/** The sentence so far ends with a plain word and one end mark, outside quotes and brackets. */
function endsAtOnce(sentence: string): boolean {
  const word = /(?:^|[^\p{L}\p{N}.'’-])(\p{L}{2,})[.!?]$/u.exec(sentence)?.[1]?.toLowerCase();
  if (!word || NEVER_ENDS.has(word) || ENDS_BEFORE_CAPITAL.has(word)) return false;
  const count = (c: string) => sentence.split(c).length - 1;
  return count('"') % 2 === 0 && count('(') <= count(')') && count('“') <= count('”');
}

/**
 * Whether the period after `before` (the text of the sentence so far) ends it, given the text that
 * follows (`undefined`: not known yet). Undefined when that text decides and has not arrived.
 */
function isFullStop(before: string, following: string | undefined): boolean | undefined {
  const word = /([\p{L}\p{N}.]+)$/u.exec(before)?.[1];
  if (!word) return true;
  if (/^\p{Lu}$/u.test(word)) return false; // an initial
  const lower = word.toLowerCase();
  if (NEVER_ENDS.has(lower)) return false;
  const acronym = /^(?:\p{L}\.)+\p{L}$/u.test(word); // "U.S", "a.m"
  if (ENDS_BEFORE_CAPITAL.has(lower) || acronym) {
    if (following === undefined) return undefined;
    return following === '' || /^["'“‘(]?\p{Lu}/u.test(following);
  }
  return true;
}
