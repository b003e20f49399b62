/**
 * The spoken form of written text, made once before any speech engine sees it (the synthesis
 * routes and realtime sessions alike, media/speech/speech-service.ts): every voice says "$12.50" as
 * "twelve dollars and fifty cents", "Dr. Lee" as "Doctor Lee", "9:30 a.m." as "nine thirty ay em".
 * Left to the engines, each phonemiser guessed on its own, and Kokoro's read "$12.50" as "dollar
 * twelve, fifty" with a pause in it.
 *
 * It works word by word (white-space tokens), looking at the neighbours for context ("St. Louis"
 * against "Main St.", "in 1999" against "1999 people"), so every written word has its own spoken
 * form: word timings measured on the spoken text are mapped back to the words the caller wrote
 * (`tokens`). Punctuation around a word stays around its spoken form, so engines pause where the
 * writer did. It is not a general text normaliser: what it does not know (acronyms, URLs, dates
 * such as 12/25) it leaves to the engine.
 */
import { cardinal, decimal, digitByDigit, ordinal, pluralNumber, year } from './number-words.js';
import { normaliseInLanguage } from './language-normaliser.js';
import { speechLanguage } from './languages.js';
import type { SpokenText } from './spoken-text.js';

export type { SpokenText, SpokenToken } from './spoken-text.js';

/**
 * `language` (a BCP-47 tag; English when absent or unknown): another language's text gets that
 * language's spoken form (language-normaliser.ts, languages.ts).
 */
export function normaliseForSpeech(text: string, language?: string): SpokenText {
  const other = language ? speechLanguage(language) : undefined;
  if (other) return normaliseInLanguage(text, other);
  const parts = text.split(/\s+/u).filter(Boolean).map(anatomy);
  const tokens = parts.map((part, i) => ({ written: part.token, spoken: speak(parts, i) }));
  return {
    text: tokens
      .map((t) => t.spoken)
      .filter(Boolean)
      .join(' '),
    tokens,
  };
}

/** A token as leading marks, the word itself, and trailing marks. */
interface Part {
  token: string;
  lead: string;
  core: string;
  trail: string;
}

function anatomy(token: string): Part {
  const m = /^([("'“‘[¡¿]*)(.*?)([)"'”’\]]*[.,;:!?…]*[)"'”’\]]*)$/u.exec(token)!;
  return { token, lead: m[1]!, core: m[2]!, trail: m[3]! };
}

const CURRENCIES: Record<string, { one: string; many: string; cent?: [string, string] }> = {
  $: { one: 'dollar', many: 'dollars', cent: ['cent', 'cents'] },
  '€': { one: 'euro', many: 'euros', cent: ['cent', 'cents'] },
  '£': { one: 'pound', many: 'pounds', cent: ['penny', 'pence'] },
  '¥': { one: 'yen', many: 'yen' },
};
const SCALE_WORDS = new Set(['thousand', 'million', 'billion', 'trillion']);
const SCALE_SUFFIX: Record<string, string> = { k: 'thousand', m: 'million', b: 'billion', bn: 'billion' };

/** Titles: said so before a name (a capitalised word). */
const TITLES: Record<string, string> = {
  mr: 'Mister',
  mrs: 'Missus',
  ms: 'Miz',
  dr: 'Doctor',
  prof: 'Professor',
  st: 'Saint',
  mt: 'Mount',
  gen: 'General',
  gov: 'Governor',
  sen: 'Senator',
  rep: 'Representative',
  capt: 'Captain',
  lt: 'Lieutenant',
  col: 'Colonel',
  sgt: 'Sergeant',
  rev: 'Reverend',
  pres: 'President',
};
/** Street types: said so after a name ("Baker St.", "Sunset Blvd."). */
const STREETS: Record<string, string> = { st: 'Street', dr: 'Drive', ave: 'Avenue', rd: 'Road', blvd: 'Boulevard', ln: 'Lane' };
/** Abbreviations said the same wherever they are (with their period, or their inner periods). */
const ABBREVIATIONS: Record<string, string> = {
  jr: 'Junior',
  sr: 'Senior',
  vs: 'versus',
  etc: 'et cetera',
  'e.g': 'for example',
  'i.e': 'that is',
  approx: 'approximately',
  dept: 'department',
  cf: 'compare',
  viz: 'namely',
  inc: 'Incorporated',
  ltd: 'Limited',
  corp: 'Corporation',
  co: 'Company',
  misc: 'miscellaneous',
};
/** Abbreviations that end a sentence when a capitalised word follows (as runtime/text/sentences.ts). */
const MAY_END_SENTENCE = new Set(['etc', 'inc', 'ltd', 'co', 'corp']);
const MONTHS: Record<string, string> = {
  jan: 'January',
  feb: 'February',
  mar: 'March',
  apr: 'April',
  jun: 'June',
  jul: 'July',
  aug: 'August',
  sep: 'September',
  sept: 'September',
  oct: 'October',
  nov: 'November',
  dec: 'December',
};
const MONTH_NAMES = new Set([...Object.values(MONTHS).map((m) => m.toLowerCase()), 'may']);
/** Words after which a four-digit number is a year. */
const YEAR_CUES = new Set([
  'in',
  'since',
  'by',
  'from',
  'until',
  'till',
  'of',
  'year',
  'circa',
  'around',
  'before',
  'after',
  'during',
  'early',
  'late',
  'mid',
  'spring',
  'summer',
  'autumn',
  'fall',
  'winter',
  'to',
  'and',
  'through',
]);
/** Units after a number (the written unit, lower case, as singular and plural). */
const UNITS: Record<string, [string, string]> = {
  km: ['kilometer', 'kilometers'],
  kg: ['kilogram', 'kilograms'],
  cm: ['centimeter', 'centimeters'],
  mm: ['millimeter', 'millimeters'],
  ml: ['milliliter', 'milliliters'],
  mph: ['mile per hour', 'miles per hour'],
  kph: ['kilometer per hour', 'kilometers per hour'],
  'km/h': ['kilometer per hour', 'kilometers per hour'],
  lb: ['pound', 'pounds'],
  lbs: ['pound', 'pounds'],
  oz: ['ounce', 'ounces'],
  ft: ['foot', 'feet'],
  hr: ['hour', 'hours'],
  hrs: ['hour', 'hours'],
  min: ['minute', 'minutes'],
  mins: ['minute', 'minutes'],
  sec: ['second', 'seconds'],
  secs: ['second', 'seconds'],
  kb: ['kilobyte', 'kilobytes'],
  mb: ['megabyte', 'megabytes'],
  gb: ['gigabyte', 'gigabytes'],
  tb: ['terabyte', 'terabytes'],
  '°c': ['degree Celsius', 'degrees Celsius'],
  '°f': ['degree Fahrenheit', 'degrees Fahrenheit'],
  '°': ['degree', 'degrees'],
};
const FRACTIONS: Record<string, string> = {
  '1/2': 'one half',
  '1/3': 'one third',
  '2/3': 'two thirds',
  '1/4': 'one quarter',
  '3/4': 'three quarters',
  '24/7': 'twenty-four seven',
};
const SYMBOLS: Record<string, string> = { '&': 'and', '+': 'plus', '=': 'equals', '@': 'at', '%': 'percent', 'w/': 'with' };

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?`;
const PLAIN_NUMBER = new RegExp(`^([-−+]?)${NUMBER}$`, 'u');
const CURRENCY = new RegExp(String.raw`^([$€£¥])${NUMBER}(k|m|b|bn)?$`, 'iu');
const PERCENT = new RegExp(`^([-−+]?)${NUMBER}%$`, 'u');
const WITH_UNIT = new RegExp(`^${NUMBER}(${Object.keys(UNITS).map(escape).join('|')})$`, 'iu');
const ORDINAL = /^(\d{1,3}(?:,\d{3})+|\d+)(st|nd|rd|th)$/iu;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?([ap]\.?m\.?)?$/iu;
const HOUR_AM_PM = /^(\d{1,2})([ap])\.?m\.?$/iu;
/** "9.30am": the British way of writing a time, with a period. */
const DOTTED_TIME = /^(\d{1,2})\.(\d{2})([ap]\.?m\.?)$/iu;
const AM_PM = /^([ap])\.?m\.?$/iu;
const DECADE = /^'?(\d{2}|\d{4})s$/u;
const RANGE = /^(\d[\d,]*(?:\.\d+)?)[-–](\d[\d,]*(?:\.\d+)?)$/u;
const CURRENCY_RANGE = /^([$€£¥])(\d[\d,]*(?:\.\d+)?)[-–]\1?(\d[\d,]*(?:\.\d+)?)$/u;
/** "555-1234": a telephone number, not a range. */
const PHONE = /^\d{3}-\d{4}$/u;
const NUMBER_HYPHEN_WORD = /^(\d[\d,]*(?:\.\d+)?)-(\p{L}[\p{L}-]*)$/u;
const HASH_NUMBER = /^#(\d+)$/u;

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function speak(parts: Part[], i: number): string {
  const part = parts[i]!;
  const { lead, core } = part;
  let trail = part.trail;
  if (!core) return part.token;
  const prev = parts[i - 1];
  const next = parts[i + 1];

  // An abbreviation takes its period with it; if that period also ended the sentence, it stays.
  const abbreviation = expandAbbreviation(part, prev, next);
  if (abbreviation !== undefined) {
    const dotted = trail.startsWith('.');
    if (dotted) trail = trail.slice(1);
    const endsText = !next || (MAY_END_SENTENCE.has(core.toLowerCase()) && startsCapitalised(next));
    if (dotted && endsText && !/[.!?…]/u.test(trail)) trail = `.${trail}`;
    return lead + abbreviation + trail;
  }
  const number = speakNumber(part, prev, next);
  if (number !== undefined) {
    // "9:30 a.m." at the end of a text: the period ends the sentence too.
    if (/[ap]\.m$/iu.test(core) && trail.startsWith('.') && next) trail = trail.slice(1);
    return lead + number + trail;
  }
  return part.token;
}

function startsCapitalised(part: Part | undefined): boolean {
  return part !== undefined && /^\p{Lu}/u.test(part.core);
}

function expandAbbreviation(part: Part, prev: Part | undefined, next: Part | undefined): string | undefined {
  const { core, trail } = part;
  const key = core.toLowerCase();
  const dotted = trail.startsWith('.');
  const beforeName = startsCapitalised(next) && trail.length <= 1;
  const afterName = startsCapitalised(prev) && (prev!.trail === '' || prev!.trail === '.');
  if (dotted || key.includes('.')) {
    if (AM_PM.test(core) && prev && isNumeric(prev)) return undefined; // "5 p.m.": spoken as a time
    if (key === 'no' && next && /^\d/u.test(next.core)) return 'number';
    if (MONTHS[key] && dotted && next && /^\d/u.test(next.core)) return MONTHS[key];
    if (ABBREVIATIONS[key] && (dotted || key.includes('.'))) {
      if (key === 'co' && !afterName) return undefined;
      return ABBREVIATIONS[key];
    }
    if (!dotted) return undefined;
    if (TITLES[key] && STREETS[key]) {
      if (beforeName) return TITLES[key];
      if (afterName) return STREETS[key];
      return key === 'st' ? 'Street' : TITLES[key];
    }
    if (TITLES[key] && (beforeName || /^\p{Lu}/u.test(core))) return TITLES[key];
    if (STREETS[key] && afterName) return STREETS[key];
    return undefined;
  }
  // British usage without a period, capitalised only: titles before a name ("Mr Smith"), street
  // types after one ("Baker St").
  if (/^\p{Lu}/u.test(core) && trail.length <= 1) {
    if (trail === '' && beforeName && ['mr', 'mrs', 'ms', 'dr', 'st', 'mt', 'prof'].includes(key)) return TITLES[key];
    if (afterName && !startsCapitalised(next) && STREETS[key]) return STREETS[key];
  }
  if (key === 'vs') return 'versus';
  return undefined;
}

function isNumeric(part: Part): boolean {
  return /^[$€£¥#]?\d[\d,.:]*(?:[ap]\.?m\.?)?$/iu.test(part.core);
}

/** A number of some kind spoken, or undefined when the word is none. */
function speakNumber(part: Part, prev: Part | undefined, next: Part | undefined): string | undefined {
  const { core } = part;
  if (SYMBOLS[core] !== undefined) {
    if (core === '%' && !(prev && isNumeric(prev))) return undefined;
    return SYMBOLS[core];
  }
  if (FRACTIONS[core]) return FRACTIONS[core];
  let m: RegExpExecArray | null;
  if ((m = CURRENCY.exec(core))) return currency(m, next);
  // "$3.5 million": the scale word says the currency.
  if (SCALE_WORDS.has(core.toLowerCase()) && prev && CURRENCY.test(prev.core) && !CURRENCY.exec(prev.core)![4]) {
    return `${core} ${CURRENCIES[prev.core[0]!]!.many}`;
  }
  if ((m = PERCENT.exec(core))) return `${sign(m[1]!)}${amount(m[2]!, m[3])} percent`;
  if ((m = TIME.exec(core)) && Number(m[1]) <= 24 && Number(m[2]) < 60) return time(m[1]!, m[2]!, m[4], next);
  if ((m = DOTTED_TIME.exec(core)) && Number(m[1]) <= 12 && Number(m[2]) < 60) return time(m[1]!, m[2]!, m[3], next);
  if ((m = /^(\d{1,2})\.(\d{2})$/u.exec(core)) && next && AM_PM.test(next.core) && Number(m[1]) <= 12 && Number(m[2]) < 60)
    return time(m[1]!, m[2]!, undefined, next);
  if ((m = HOUR_AM_PM.exec(core)) && Number(m[1]) <= 12) return `${cardinal(m[1]!)} ${letters(m[2]!)}`;
  if (AM_PM.test(core) && prev && isNumeric(prev) && /^\d/u.test(prev.core)) return letters(core[0]!);
  if ((m = ORDINAL.exec(core))) return ordinal(m[1]!.replace(/,/g, ''));
  if ((m = DECADE.exec(core))) return pluralNumber(m[1]!.length === 4 ? year(m[1]!) : cardinal(m[1]!));
  if ((m = HASH_NUMBER.exec(core))) return `number ${cardinal(m[1]!)}`;
  if ((m = WITH_UNIT.exec(core))) return `${amount(m[1]!, m[2])} ${unit(m[3]!, m[1]!, m[2])}`;
  if ((m = CURRENCY_RANGE.exec(core))) return `${plainNumber(m[2]!, prev)} to ${plainNumber(m[3]!, prev)} ${CURRENCIES[m[1]!]!.many}`;
  if (PHONE.test(core)) return digitByDigit(core.replace('-', ''));
  if ((m = RANGE.exec(core))) return `${plainNumber(m[1]!, prev)} to ${plainNumber(m[2]!, prev)}`;
  if ((m = NUMBER_HYPHEN_WORD.exec(core))) return `${plainNumber(m[1]!, prev)}-${m[2]}`;
  if ((m = PLAIN_NUMBER.exec(core))) {
    // "May 5": the fifth.
    if (!m[1] && !m[3] && prev && isMonth(prev) && Number(m[2]) >= 1 && Number(m[2]) <= 31) return ordinal(m[2]!);
    const yearLike = !m[3] && !m[2]!.includes(',') && isYear(m[2]!, prev);
    return sign(m[1]!) + (yearLike ? year(m[2]!) : amount(m[2]!, m[3]));
  }
  // A unit written apart from its number: "5 km", "20 °C".
  const u = UNITS[core.toLowerCase()];
  if (u && prev && PLAIN_NUMBER.test(prev.core) && prev.trail === '') {
    const p = PLAIN_NUMBER.exec(prev.core)!;
    return unit(core, p[2]!, p[3]);
  }
  return undefined;
}

function sign(mark: string): string {
  return mark === '-' || mark === '−' ? 'minus ' : mark === '+' ? 'plus ' : '';
}

/** An integer (commas allowed) with an optional fraction: "1,200" → "one thousand two hundred", "0.5" → "zero point five". */
function amount(integer: string, fraction: string | undefined): string {
  const digits = integer.replace(/,/g, '');
  if (fraction) return decimal(digits, fraction);
  // "007", "0123": a code, read digit by digit.
  if (digits.length > 1 && digits.startsWith('0') && !integer.includes(',')) return digitByDigit(digits);
  return cardinal(digits);
}

/** A number alone: a year where the words before it say so, else an amount. */
function plainNumber(text: string, prev: Part | undefined): string {
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/u.exec(text);
  if (!m) return text;
  if (!m[2] && !m[1]!.includes(',') && isYear(m[1]!, prev)) return year(m[1]!);
  return amount(m[1]!, m[2]);
}

function isMonth(part: Part): boolean {
  const word = part.core.toLowerCase();
  if (!/^\p{Lu}/u.test(part.core)) return false; // "may" is a verb
  return MONTH_NAMES.has(word) || (MONTHS[word] !== undefined && part.trail.startsWith('.'));
}

function isYear(digits: string, prev: Part | undefined): boolean {
  const n = Number(digits);
  if (digits.length !== 4 || n < 1100 || n > 2099) return false;
  if (!prev) return false;
  if (YEAR_CUES.has(prev.core.toLowerCase()) || isMonth(prev)) return true;
  // "May 5, 2024": a day number and a comma before it.
  return /^\d{1,2}(st|nd|rd|th)?$/u.test(prev.core) && prev.trail === ',';
}

function currency(m: RegExpExecArray, next: Part | undefined): string {
  const c = CURRENCIES[m[1]!]!;
  const integer = m[2]!.replace(/,/g, '');
  const fraction = m[3];
  const suffix = m[4]?.toLowerCase();
  if (suffix) return `${amount(integer, fraction)} ${SCALE_SUFFIX[suffix]} ${c.many}`;
  // "$3.5 million": the number here, "million dollars" with the next word.
  if (next && SCALE_WORDS.has(next.core.toLowerCase())) return amount(integer, fraction);
  const whole = cardinal(integer);
  const units = integer.replace(/^0+(?=\d)/u, '') === '1' ? c.one : c.many;
  if (!fraction || /^0+$/u.test(fraction)) return `${whole} ${units}`;
  if (!c.cent || fraction.length > 2) return `${decimal(integer, fraction)} ${c.many}`;
  const cents = Number(fraction.padEnd(2, '0'));
  const centWords = `${cardinal(String(cents))} ${cents === 1 ? c.cent[0] : c.cent[1]}`;
  return Number(integer) === 0 ? centWords : `${whole} ${units} and ${centWords}`;
}

function time(hours: string, minutes: string, meridiem: string | undefined, next: Part | undefined): string {
  const h = cardinal(hours);
  const mins = Number(minutes);
  const suffix = meridiem ? ` ${letters(meridiem[0]!)}` : '';
  const followedByMeridiem = next !== undefined && AM_PM.test(next.core);
  if (mins === 0) return meridiem || followedByMeridiem ? h + suffix : `${h} o'clock`;
  return `${h} ${mins < 10 ? `oh ${cardinal(String(mins))}` : cardinal(minutes)}${suffix}`;
}

/** "a" → "ay em", "p" → "pee em": spelt so that every phonemiser says the letters. */
function letters(meridiem: string): string {
  return meridiem.toLowerCase() === 'a' ? 'ay em' : 'pee em';
}

function unit(written: string, integer: string, fraction: string | undefined): string {
  const [one, many] = UNITS[written.toLowerCase()]!;
  return !fraction && integer.replace(/,/g, '') === '1' ? one : many;
}
