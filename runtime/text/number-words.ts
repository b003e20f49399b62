/**
 * Numbers as English words, for speech synthesis (text-normaliser.ts): cardinals ("one hundred
 * twenty-three"), ordinals ("twenty-first"), years ("nineteen eighty-four") and digits read one by
 * one. American usage: no "and" inside a cardinal; hyphens between tens and units.
 */

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

/** The largest integer read as a cardinal; longer runs of digits are read digit by digit. */
const MAX_CARDINAL = 10n ** 15n - 1n;

/** 0–999. */
function underThousand(n: number): string {
  const words: string[] = [];
  if (n >= 100) {
    words.push(`${ONES[Math.floor(n / 100)]} hundred`);
    n %= 100;
    if (n === 0) return words.join(' ');
  }
  if (n < 20) words.push(ONES[n]!);
  else words.push(TENS[Math.floor(n / 10)]! + (n % 10 ? `-${ONES[n % 10]}` : ''));
  return words.join(' ');
}

/** A non-negative integer given as its digits ("1234" → "one thousand two hundred thirty-four"). */
export function cardinal(digits: string): string {
  const clean = digits.replace(/^0+(?=\d)/, '');
  if (!/^\d+$/.test(clean)) throw new RangeError(`not digits: ${digits}`);
  const value = BigInt(clean);
  if (value > MAX_CARDINAL) return digitByDigit(clean);
  if (value === 0n) return 'zero';
  const groups: number[] = [];
  for (let rest = value; rest > 0n; rest /= 1000n) groups.push(Number(rest % 1000n));
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    if (groups[i] === 0) continue;
    words.push(underThousand(groups[i]!) + (SCALES[i] ? ` ${SCALES[i]}` : ''));
  }
  return words.join(' ');
}

const ORDINAL_OF: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

/** "21" → "twenty-first", "100" → "one hundredth". */
export function ordinal(digits: string): string {
  const words = cardinal(digits);
  const last = /([a-z]+)$/.exec(words)![1]!;
  const head = words.slice(0, words.length - last.length);
  if (ORDINAL_OF[last]) return head + ORDINAL_OF[last];
  if (last.endsWith('y')) return `${head}${last.slice(0, -1)}ieth`;
  return `${head}${last}th`;
}

/** A year as people say it: 1984 "nineteen eighty-four", 1900 "nineteen hundred", 1905 "nineteen oh five", 2005 "two thousand five", 2024 "twenty twenty-four". */
export function year(digits: string): string {
  const n = Number(digits);
  if (!/^\d{4}$/.test(digits) || n < 1000) return cardinal(digits);
  if (n >= 2000 && n < 2010) return cardinal(digits);
  const high = Math.floor(n / 100);
  const low = n % 100;
  if (low === 0) return n % 1000 === 0 ? cardinal(digits) : `${underThousand(high)} hundred`;
  return `${underThousand(high)} ${low < 10 ? `oh ${ONES[low]}` : underThousand(low)}`;
}

/** "0123" → "zero one two three". */
export function digitByDigit(digits: string): string {
  return [...digits].map((d) => ONES[Number(d)]).join(' ');
}

/** A decimal given as integer and fraction digits: ("3", "14") → "three point one four". */
export function decimal(integer: string, fraction: string): string {
  return `${cardinal(integer || '0')} point ${digitByDigit(fraction)}`;
}

/** The plural of a cardinal used as a noun ("the nineties", "in twos"): 1990 → "nineteen nineties". */
export function pluralNumber(words: string): string {
  if (words.endsWith('y')) return `${words.slice(0, -1)}ies`;
  if (words.endsWith('x')) return `${words}es`;
  return `${words}s`;
}
