/**
 * The languages the companion speaks and hears, as data: what each needs from the speech side.
 *
 *   - `phonemes`: the espeak-ng voice whose phonemes Kokoro is given for this language (the model
 *     server, tts_server.py, passes it to phonemizer); any Kokoro voice, stock or cloned, speaks a
 *     language given its phonemes, mostly in its own timbre (the server blends in a share of the
 *     language's own voice against the accent).
 *   - `whisper`: the ISO 639-1 code the transcriber takes and answers (stt_server.py).
 *   - the written conventions the spoken form depends on (text-normaliser-languages.ts): decimal
 *     and group marks, currencies, percent, times, dates, titles and abbreviations. Numbers
 *     themselves stay digits: espeak-ng reads them in the language ("12" → "doce", "douze"), so only
 *     what it cannot know is spelt here ("12,50 €" is money, "1 234,5" one number, "Sra." a title).
 *
 * English keeps its own normaliser (text-normaliser.ts, number words spelt out: Piper's and
 * Kokoro's English voices need them). Japanese is not here: espeak-ng reads no kanji.
 */

export interface Money {
  one: string;
  many: string;
  /** The hundredth, singular and plural. */
  cent: [string, string];
}

export interface SpeechLanguage {
  /** BCP-47 primary subtag (ISO 639-1): what the transcriber takes and answers. */
  code: string;
  /** The BCP-47 tag of its built-in voices. */
  tag: string;
  name: string;
  /** espeak-ng voice for Kokoro's phonemes. */
  phonemes: string;
  /** The decimal mark; the other of `,` `.` is a group mark, as are spaces (thin or not). */
  decimal: ',' | '.';
  currencies: Record<string, Money>;
  /** Between the units and the hundredths of an amount: "12 euros con 50 céntimos". */
  moneyJoin: string;
  /** "15 %" → `percent("15")`. */
  percent: (amount: string) => string;
  /** "9:30" → `time(9, 30)` (digits, read by espeak-ng). */
  time: (hours: number, minutes: number) => string;
  months: readonly string[];
  /** "3/5/2024" (day first) → `date(3, month name, 2024)`. */
  date: (day: number, month: string, year: string | undefined) => string;
  /** Lower-case written form with its periods, as it appears in a token → what is said. */
  abbreviations: Record<string, string>;
  /** Those of `abbreviations` that may close a sentence ("etc."); the others never do (sentences.ts). */
  mayEndSentence: readonly string[];
  symbols: Record<string, string>;
  /**
   * Words that start a clause after a comma (", y", ", mais", ", che"): where a speaker breathes,
   * and so where a sentence may be cut into pieces synthesised apart (breath-points.ts).
   */
  conjunctions: readonly string[];
}

const EURO_ES: Money = { one: 'euro', many: 'euros', cent: ['céntimo', 'céntimos'] };
const DOLLAR_ES: Money = { one: 'dólar', many: 'dólares', cent: ['centavo', 'centavos'] };

export const SPEECH_LANGUAGES: readonly SpeechLanguage[] = [
  {
    code: 'es',
    tag: 'es-ES',
    name: 'Spanish',
    phonemes: 'es',
    decimal: ',',
    currencies: { '€': EURO_ES, $: DOLLAR_ES, '£': { one: 'libra', many: 'libras', cent: ['penique', 'peniques'] } },
    moneyJoin: 'con',
    percent: (n) => `${n} por ciento`,
    time: (h, m) => (m === 0 ? `${h} en punto` : `${h} y ${m}`),
    months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
    date: (d, month, y) => `${d} de ${month}${y ? ` de ${y}` : ''}`,
    abbreviations: {
      'sr.': 'señor',
      'sra.': 'señora',
      'srta.': 'señorita',
      'dr.': 'doctor',
      'dra.': 'doctora',
      'ud.': 'usted',
      'uds.': 'ustedes',
      'etc.': 'etcétera',
      'núm.': 'número',
      nº: 'número',
      'n.º': 'número',
      'avda.': 'avenida',
      'prof.': 'profesor',
      'profa.': 'profesora',
      'aprox.': 'aproximadamente',
    },
    mayEndSentence: ['etc.', 'aprox.'],
    symbols: { '&': 'y', '+': 'más', '=': 'igual a', '@': 'arroba', '%': 'por ciento' },
    conjunctions: ['y', 'e', 'o', 'u', 'pero', 'porque', 'que', 'cuando', 'donde', 'aunque', 'mientras', 'pues', 'sino', 'como', 'si'],
  },
  {
    code: 'fr',
    tag: 'fr-FR',
    name: 'French',
    phonemes: 'fr-fr',
    decimal: ',',
    currencies: {
      '€': { one: 'euro', many: 'euros', cent: ['centime', 'centimes'] },
      $: { one: 'dollar', many: 'dollars', cent: ['cent', 'cents'] },
      '£': { one: 'livre', many: 'livres', cent: ['penny', 'pence'] },
    },
    moneyJoin: 'et',
    percent: (n) => `${n} pour cent`,
    time: (h, m) => `${h} ${h <= 1 ? 'heure' : 'heures'}${m === 0 ? '' : ` ${m}`}`,
    months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
    date: (d, month, y) => `${d === 1 ? 'premier' : d} ${month}${y ? ` ${y}` : ''}`,
    abbreviations: {
      'm.': 'monsieur',
      'mm.': 'messieurs',
      mme: 'madame',
      'mme.': 'madame',
      mmes: 'mesdames',
      mlle: 'mademoiselle',
      'mlle.': 'mademoiselle',
      dr: 'docteur',
      'dr.': 'docteur',
      pr: 'professeur',
      'pr.': 'professeur',
      'etc.': 'et cetera',
      'n°': 'numéro',
      'no.': 'numéro',
      'av.': 'avenue',
      bd: 'boulevard',
      'bd.': 'boulevard',
      'env.': 'environ',
      'cf.': 'voir',
    },
    mayEndSentence: ['etc.', 'env.'],
    symbols: { '&': 'et', '+': 'plus', '=': 'égale', '@': 'arobase', '%': 'pour cent' },
    conjunctions: ['et', 'ou', 'mais', 'car', 'donc', 'parce', 'qui', 'que', 'quand', 'où', 'lorsque', 'puis', 'comme', 'tandis', 'si'],
  },
  {
    code: 'it',
    tag: 'it-IT',
    name: 'Italian',
    phonemes: 'it',
    decimal: ',',
    currencies: {
      '€': { one: 'euro', many: 'euro', cent: ['centesimo', 'centesimi'] },
      $: { one: 'dollaro', many: 'dollari', cent: ['centesimo', 'centesimi'] },
      '£': { one: 'sterlina', many: 'sterline', cent: ['penny', 'pence'] },
    },
    moneyJoin: 'e',
    percent: (n) => `${n} per cento`,
    time: (h, m) => (m === 0 ? `${h} in punto` : `${h} e ${m}`),
    months: [
      'gennaio',
      'febbraio',
      'marzo',
      'aprile',
      'maggio',
      'giugno',
      'luglio',
      'agosto',
      'settembre',
      'ottobre',
      'novembre',
      'dicembre',
    ],
    date: (d, month, y) => `${d === 1 ? 'primo' : d} ${month}${y ? ` ${y}` : ''}`,
    abbreviations: {
      'sig.': 'signor',
      'sig.ra': 'signora',
      'sig.na': 'signorina',
      'sigg.': 'signori',
      'dott.': 'dottor',
      'dott.ssa': 'dottoressa',
      'prof.': 'professor',
      'prof.ssa': 'professoressa',
      'ing.': 'ingegner',
      'avv.': 'avvocato',
      'ecc.': 'eccetera',
      'etc.': 'eccetera',
      'n.': 'numero',
      nº: 'numero',
      'p.es.': 'per esempio',
    },
    mayEndSentence: ['ecc.', 'etc.'],
    symbols: { '&': 'e', '+': 'più', '=': 'uguale a', '@': 'chiocciola', '%': 'per cento' },
    conjunctions: ['e', 'ed', 'o', 'ma', 'perché', 'che', 'quando', 'dove', 'mentre', 'poi', 'come', 'però', 'se'],
  },
  {
    code: 'pt',
    tag: 'pt-BR',
    name: 'Brazilian Portuguese',
    phonemes: 'pt-br',
    decimal: ',',
    currencies: {
      R$: { one: 'real', many: 'reais', cent: ['centavo', 'centavos'] },
      '€': { one: 'euro', many: 'euros', cent: ['cêntimo', 'cêntimos'] },
      $: { one: 'dólar', many: 'dólares', cent: ['centavo', 'centavos'] },
      '£': { one: 'libra', many: 'libras', cent: ['pêni', 'pence'] },
    },
    moneyJoin: 'e',
    percent: (n) => `${n} por cento`,
    time: (h, m) => `${h} ${h <= 1 ? 'hora' : 'horas'}${m === 0 ? '' : ` e ${m}`}`,
    months: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
    date: (d, month, y) => `${d === 1 ? 'primeiro' : d} de ${month}${y ? ` de ${y}` : ''}`,
    abbreviations: {
      'sr.': 'senhor',
      'sra.': 'senhora',
      'srta.': 'senhorita',
      'dr.': 'doutor',
      'dra.': 'doutora',
      'prof.': 'professor',
      'profa.': 'professora',
      'etc.': 'etcetera',
      nº: 'número',
      'n.º': 'número',
      'av.': 'avenida',
      'v.': 'você',
      'aprox.': 'aproximadamente',
    },
    mayEndSentence: ['etc.', 'aprox.'],
    symbols: { '&': 'e', '+': 'mais', '=': 'igual a', '@': 'arroba', '%': 'por cento' },
    conjunctions: ['e', 'ou', 'mas', 'porque', 'que', 'quando', 'onde', 'enquanto', 'pois', 'como', 'embora', 'se'],
  },
  {
    code: 'hi',
    tag: 'hi-IN',
    name: 'Hindi',
    phonemes: 'hi',
    decimal: '.',
    currencies: {
      '₹': { one: 'रुपया', many: 'रुपये', cent: ['पैसा', 'पैसे'] },
      $: { one: 'डॉलर', many: 'डॉलर', cent: ['सेंट', 'सेंट'] },
      '€': { one: 'यूरो', many: 'यूरो', cent: ['सेंट', 'सेंट'] },
    },
    moneyJoin: 'और',
    percent: (n) => `${n} प्रतिशत`,
    time: (h, m) => (m === 0 ? `${h} बजे` : `${h} बजकर ${m} मिनट`),
    months: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
    date: (d, month, y) => `${d} ${month}${y ? ` ${y}` : ''}`,
    abbreviations: { 'डॉ.': 'डॉक्टर', 'श्री.': 'श्री', 'सं.': 'संख्या' },
    mayEndSentence: [],
    symbols: { '&': 'और', '+': 'धन', '=': 'बराबर', '%': 'प्रतिशत' },
    conjunctions: ['और', 'लेकिन', 'पर', 'क्योंकि', 'जो', 'जब', 'तो', 'या', 'कि'],
  },
  {
    code: 'zh',
    tag: 'zh-CN',
    name: 'Mandarin Chinese',
    phonemes: 'cmn',
    decimal: '.',
    currencies: {
      '¥': { one: '元', many: '元', cent: ['分', '分'] },
      '￥': { one: '元', many: '元', cent: ['分', '分'] },
      $: { one: '美元', many: '美元', cent: ['美分', '美分'] },
      '€': { one: '欧元', many: '欧元', cent: ['欧分', '欧分'] },
    },
    moneyJoin: '',
    percent: (n) => `百分之${n}`,
    time: (h, m) => (m === 0 ? `${h}点` : `${h}点${m}分`),
    months: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
    date: (d, month, y) => `${y ? `${y}年` : ''}${month}${d}日`,
    abbreviations: {},
    mayEndSentence: [],
    symbols: { '&': '和', '+': '加', '=': '等于' },
    conjunctions: [],
  },
];

/** The language of a BCP-47 tag or ISO code ("es", "es-MX", "pt-BR", "zh-Hans", "cmn"), if spoken here. */
export function speechLanguage(tag: string | undefined): SpeechLanguage | undefined {
  if (!tag) return undefined;
  const primary = tag.toLowerCase().split(/[-_]/u)[0]!;
  const code = primary === 'cmn' ? 'zh' : primary;
  return SPEECH_LANGUAGES.find((l) => l.code === code);
}

/** The primary subtag of a BCP-47 tag, lower case ("pt-BR" → "pt"). */
export function primaryLanguage(tag: string): string {
  return tag.toLowerCase().split(/[-_]/u)[0]!;
}

/** Every language a voice can speak: English and those above. */
export const SPOKEN_LANGUAGE_CODES: readonly string[] = ['en', ...SPEECH_LANGUAGES.map((l) => l.code)];
