/**
 * The language of a typed turn, from the function words and letters of the supported languages
 * (language-profiles.ts). A turn is a sentence or two, too short for letter n-grams to be sure
 * of; its function words are what it is made of ("¿Qué pan haces por la mañana?" has qué, por, la,
 * mañana), and a turn that mixes in a foreign word or name ("Olá! Who am I speaking with?",
 * "How do you say 'apple' in Spanish?") is still told by the rest of it.
 *
 * Careful rather than eager: `language` is undefined when the turn says too little to be sure
 * ("OK", "Pepper?", a name) or two languages run close, and the session then keeps the language it
 * was speaking (reply-language.ts). No model and no download; the same text always gives the same
 * answer.
 */
import { LANGUAGE_PROFILES, TELLING_WORDS } from './language-profiles.js';

export interface DetectedLanguage {
  /** Base BCP-47 subtag, or undefined when the text does not tell. */
  language: string | undefined;
  /** Each language's score: its function words (a shared word split between its languages) and letters. */
  scores: Record<string, number>;
}

/** Words of a text, lower case, apostrophes kept ("c'est", "what's"), also as their parts ("c'", "est"). */
function wordsOf(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .replace(/’/g, "'")
      .match(/[\p{L}]+(?:'[\p{L}]+)*/gu) ?? [];
  return words.flatMap((w) => (w.includes("'") ? [w, ...w.split("'").filter((p) => p.length > 1)] : [w]));
}

/** A score at least this high, and this many times the runner-up's, names the language. */
const MIN_SCORE = 2;
const MIN_LEAD = 1.5;
/** A turn of a few words ("Hola", "Merci beaucoup") is told by one word no other language has. */
const SHORT_TURN_WORDS = 3;

/** Each profile's script as a pattern of its letters. */
const SCRIPTS = LANGUAGE_PROFILES.flatMap((p) =>
  p.script ? [{ language: p.language, letter: new RegExp(`\\p{Script=${p.script}}`, 'u') }] : [],
);
/** A turn is in a script's language when at least this share of its letters (and two) are of that script. */
const SCRIPT_SHARE = 0.5;

/** The language whose script most of the text's letters are written in, if one is. */
function scriptLanguage(text: string): string | undefined {
  const letters = text.match(/\p{L}/gu) ?? [];
  for (const { language, letter } of SCRIPTS) {
    const count = letters.filter((l) => letter.test(l)).length;
    // Japanese writes Han too, among its kana: such a turn is not Mandarin.
    if (count >= 2 && count >= SCRIPT_SHARE * letters.length && !/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return language;
  }
  return undefined;
}

export function detectLanguage(text: string): DetectedLanguage {
  const scores: Record<string, number> = Object.fromEntries(LANGUAGE_PROFILES.map((p) => [p.language, 0]));
  const written = scriptLanguage(text);
  if (written) return { language: written, scores: { ...scores, [written]: MIN_SCORE } };
  const words = wordsOf(text);
  for (const word of words) {
    const owners = LANGUAGE_PROFILES.filter((p) => TELLING_WORDS.get(p.language)!.has(word));
    for (const p of owners) scores[p.language]! += 1 / owners.length;
  }
  const lower = text.toLowerCase();
  for (const p of LANGUAGE_PROFILES) {
    // Letters count once each, at most two: a name with an "ñ" does not make a turn Spanish.
    const seen = [...new Set([...p.letters].filter((l) => lower.includes(l)))].length;
    scores[p.language]! += Math.min(2, seen);
  }
  const ranked = Object.entries(scores).sort((a, b) => b[1] - a[1]);
  const [best, second] = [ranked[0]!, ranked[1]!];
  const sure =
    (best[1] >= MIN_SCORE && best[1] >= MIN_LEAD * second[1]) ||
    (words.length > 0 && words.length <= SHORT_TURN_WORDS && best[1] >= 1 && second[1] === 0);
  return { language: sure ? best[0] : undefined, scores };
}
