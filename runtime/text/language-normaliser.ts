/**
 * The spoken form of text in a language other than English (languages.ts holds each language's
 * conventions). Numbers stay digits, in the one form espeak-ng reads in every language: group marks
 * removed, the language's decimal mark kept ("1 234,5" → "1234,5", "1.234" → "1234" in Spanish);
 * what digits alone do not say is spelt with the language's words: money ("12,50 €" → "12 euros con
 * 50 céntimos"), percentages, times ("9:30" → "9 y 30"), dates ("3/5/2024" → "3 de mayo de 2024"),
 * titles and abbreviations ("Sra." → "señora"), symbols.
 *
 * Like the English normaliser it works token by token, every written token with its spoken form,
 * so word timings measured or interpolated on the spoken text map back to the words written.
 * A number written with spaces between its groups ("1 234 567,5") is one token.
 */
import type { SpeechLanguage } from './languages.js';
import type { SpokenText } from './spoken-text.js';

interface Part {
  token: string;
  lead: string;
  core: string;
  trail: string;
}

/** Groups of three digits after spaces (also no-break and thin ones) belong to the number before. */
const TOKEN = /\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d+)?\S*|\S+/gu;

export function normaliseInLanguage(text: string, language: SpeechLanguage): SpokenText {
  const parts = (text.match(TOKEN) ?? []).map(anatomy);
  const tokens = parts.map((part, i) => ({ written: part.token, spoken: speak(parts, i, language) }));
  return {
    text: tokens
      .map((t) => t.spoken)
      .filter(Boolean)
      .join(' '),
    tokens,
  };
}

function anatomy(token: string): Part {
  const m = /^([("'“‘«[¡¿]*)(.*?)([)"'”’»\]]*[.,;:!?…。，、！？]*[)"'”’»\]]*)$/u.exec(token)!;
  return { token, lead: m[1]!, core: m[2]!, trail: m[3]! };
}

function speak(parts: Part[], i: number, lang: SpeechLanguage): string {
  const part = parts[i]!;
  const { lead, core } = part;
  let trail = part.trail;
  if (!core) return part.token;
  const prev = parts[i - 1];
  const next = parts[i + 1];

  // An abbreviation takes its period with it ("Sra." → "señora"); at the end of the text the period stays.
  const withDot = `${core}${trail.startsWith('.') ? '.' : ''}`.toLowerCase();
  const abbreviation = lang.abbreviations[withDot] ?? lang.abbreviations[core.toLowerCase()];
  if (abbreviation !== undefined) {
    if (lang.abbreviations[withDot] !== undefined && withDot !== core.toLowerCase()) trail = trail.slice(1);
    if (!next && !/[.!?…]/u.test(trail)) trail = `${trail}.`;
    return lead + capitalisedLike(core, abbreviation) + trail;
  }
  if (saidByNeighbour(parts, i, lang) || meridiem(part, prev)) return '';
  const mark = meridiem(next, part);
  const spoken = speakNumber(part, prev, next, lang, mark);
  if (spoken === undefined) return part.token;
  // "12,50 €." and "2:00 PM.": the symbol's or the AM/PM's marks follow the amount or the time that says it.
  let after = next && isNumberBefore(part, lang) && saidByNeighbour(parts, i + 1, lang) ? next.trail : '';
  // "a.m." takes its period with it, as an abbreviation does; at the end of the text the period stays.
  if (next && mark) after = next.core.includes('.') && parts[i + 2] ? next.trail.replace(/^\./u, '') : next.trail;
  return lead + spoken + trail + after;
}

/**
 * "AM" or "PM" ("a.m.", "pm") right after a time or an hour: these languages tell the time on the
 * 24-hour clock, so the time says it ("2:00 PM" → "14 horas") and the mark itself is not read.
 */
const MERIDIEM = /^([ap])\.?m$/iu;
function meridiem(part: Part | undefined, before: Part | undefined): 'a' | 'p' | undefined {
  if (!part || !before || before.trail !== '' || part.lead !== '') return undefined;
  const m = MERIDIEM.exec(part.core);
  if (!m) return undefined;
  const hour = TIME.exec(before.core)?.[1] ?? /^\d{1,2}$/u.exec(before.core)?.[0];
  if (hour === undefined || Number(hour) < 1 || Number(hour) > 12) return undefined;
  return m[1]!.toLowerCase() as 'a' | 'p';
}

/** `hour` (1–12) on the 24-hour clock after `mark`. */
function on24Hours(hour: number, mark: 'a' | 'p' | undefined): number {
  if (mark === 'p') return hour === 12 ? 12 : hour + 12;
  if (mark === 'a') return hour === 12 ? 0 : hour;
  return hour;
}

/** A currency symbol or `%` written apart from its number, which the number's spoken form says. */
function saidByNeighbour(parts: Part[], i: number, lang: SpeechLanguage): boolean {
  const part = parts[i]!;
  const p = patterns(lang);
  if (!p.symbol.test(part.core) && part.core !== '%') return false;
  const prev = parts[i - 1];
  const next = parts[i + 1];
  if (prev && prev.trail === '' && part.lead === '' && p.number.test(prev.core)) return true;
  return p.symbol.test(part.core) && part.trail === '' && next !== undefined && p.number.test(next.core);
}

/** The token is a plain number that a following symbol belongs to. */
function isNumberBefore(part: Part, lang: SpeechLanguage): boolean {
  return part.trail === '' && patterns(lang).number.test(part.core);
}

function capitalisedLike(written: string, said: string): string {
  return /^\p{Lu}/u.test(written) ? said.charAt(0).toUpperCase() + said.slice(1) : said;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A number as the language writes it: integer groups and an optional fraction. */
function numberPattern(lang: SpeechLanguage): string {
  const group = lang.decimal === ',' ? '[. \\u00a0\\u202f]' : '[, \\u00a0\\u202f]';
  const decimal = escape(lang.decimal);
  return `(\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:${decimal}(\\d+))?`;
}

/** Digits as espeak-ng reads them in the language: no group marks, the language's decimal mark. */
function digits(integer: string, fraction: string | undefined, lang: SpeechLanguage): string {
  const whole = integer.replace(/[^\d]/gu, '');
  return fraction ? `${whole}${lang.decimal}${fraction}` : whole;
}

interface Patterns {
  number: RegExp;
  moneyAfter: RegExp;
  moneyBefore: RegExp;
  symbol: RegExp;
  percent: RegExp;
  pointDecimal: RegExp;
}

const cache = new WeakMap<SpeechLanguage, Patterns>();

function patterns(lang: SpeechLanguage): Patterns {
  let p = cache.get(lang);
  if (p) return p;
  const n = numberPattern(lang);
  const symbols = Object.keys(lang.currencies)
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');
  p = {
    number: new RegExp(`^([-−+]?)${n}$`, 'u'),
    /** "12,50 €" is two tokens: the number, then the symbol (spoken with the number). */
    moneyAfter: new RegExp(`^${n}[ \\u00a0\\u202f]?(${symbols})$`, 'iu'),
    moneyBefore: new RegExp(`^(${symbols})[ \\u00a0\\u202f]?${n}$`, 'iu'),
    symbol: new RegExp(`^(${symbols})$`, 'iu'),
    percent: new RegExp(`^([-−+]?)${n}[ \\u00a0\\u202f]?%$`, 'u'),
    /** A three-digit group followed by a point in a comma-decimal language is a group, not a decimal. */
    pointDecimal: /^(\d+)\.(\d{1,2}|\d{4,})$/u,
  };
  cache.set(lang, p);
  return p;
}

const TIME = /^(\d{1,2})(?::|h)(\d{2})(?:h)?$/iu;
const DATE = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{4}|\d{2}))?$/u;

/** `mark`: the AM or PM that follows the part (meridiem()), which puts an hour on the 24-hour clock. */
function speakNumber(
  part: Part,
  prev: Part | undefined,
  next: Part | undefined,
  lang: SpeechLanguage,
  mark: 'a' | 'p' | undefined,
): string | undefined {
  const { core } = part;
  const p = patterns(lang);
  let m: RegExpExecArray | null;
  if ((m = p.moneyBefore.exec(core))) return money(m[2]!, m[3], currencyOf(lang, m[1]!), lang);
  if ((m = p.moneyAfter.exec(core))) return money(m[1]!, m[2], currencyOf(lang, m[3]!), lang);
  if ((m = p.percent.exec(core))) return sign(m[1]!, lang) + lang.percent(digits(m[2]!, m[3], lang));
  if ((m = TIME.exec(core)) && Number(m[1]) <= 24 && Number(m[2]) < 60 && !(lang.decimal === '.' && core.includes('.'))) {
    return lang.time(on24Hours(Number(m[1]), mark), Number(m[2]));
  }
  if (mark) return lang.time(on24Hours(Number(core), mark), 0);
  if ((m = DATE.exec(core)) && core.includes('/')) {
    const day = Number(m[1]);
    const month = Number(m[2]);
    if (day >= 1 && day <= 31 && month >= 1 && month <= 12) return lang.date(day, lang.months[month - 1]!, m[3]);
  }
  if ((m = p.number.exec(core))) {
    const currency =
      (part.trail === '' && next && next.lead === '' && p.symbol.exec(next.core)) ||
      (prev && prev.trail === '' && p.symbol.exec(prev.core));
    if (currency) return sign(m[1]!, lang) + money(m[2]!, m[3], currencyOf(lang, currency[1]!), lang);
    if (next && next.core === '%' && part.trail === '') return sign(m[1]!, lang) + lang.percent(digits(m[2]!, m[3], lang));
    return sign(m[1]!, lang) + digits(m[2]!, m[3], lang);
  }
  // "3.5" in a comma-decimal language: a decimal written the English way (a group has three digits).
  if (lang.decimal === ',' && (m = p.pointDecimal.exec(core))) return `${m[1]},${m[2]}`;
  if (lang.symbols[core] !== undefined && core !== '%') return lang.symbols[core];
  return undefined;
}

function currencyOf(lang: SpeechLanguage, symbol: string) {
  return (lang.currencies[symbol] ?? lang.currencies[symbol.toUpperCase()])!;
}

function sign(mark: string, lang: SpeechLanguage): string {
  if (mark === '-' || mark === '−')
    return `${{ es: 'menos', fr: 'moins', it: 'meno', pt: 'menos', hi: 'ऋण', zh: '负' }[lang.code] ?? '-'} `;
  return mark === '+' ? `${lang.symbols['+'] ?? '+'} ` : '';
}

function money(integer: string, fraction: string | undefined, c: ReturnType<typeof currencyOf>, lang: SpeechLanguage): string {
  const whole = integer.replace(/[^\d]/gu, '');
  const units = Number(whole) === 1 ? c.one : c.many;
  const sep = lang.code === 'zh' ? '' : ' ';
  const say = (n: string, word: string) => `${n}${sep}${word}`;
  if (!fraction || /^0+$/u.test(fraction)) return say(whole, units);
  if (fraction.length > 2) return say(digits(integer, fraction, lang), c.many);
  const cents = Number(fraction.padEnd(2, '0'));
  const centWords = say(String(cents), cents === 1 ? c.cent[0] : c.cent[1]);
  if (Number(whole) === 0) return centWords;
  return [say(whole, units), lang.moneyJoin, centWords].filter(Boolean).join(sep);
}
