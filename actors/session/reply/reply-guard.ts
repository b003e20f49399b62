/**
 * Cheap checks of a sentence the model wrote, for the failures that break the spell without
 * breaking character: the companion speaking of itself in the second or third person ("You are
 * Mira, a …", "Captain Vega's ship"), greeting itself ("Hi Mira!"), reciting its persona, saying
 * again what it said earlier in the session, taking the user's name as its own, garbling its
 * own "I" ("I helps me at the ovens."), answering a question about itself about "you" ("You
 * don't.") or talking like an assistant ("If you have any other questions…"). A first
 * sentence that fails is asked again (openai-engine.ts); a later one ends the reply before it.
 * Each check is a few regular expressions over one sentence: nothing a turn would notice.
 */
import { escapeRegExp, firstPersonVerb, nameForms, SHARED_VERBS_FIRST_PERSON } from './persona-card.js';
import type { Personality } from '../../../runtime/db/entities/character.js';
import { wordEdges, type LanguagePack } from './language-packs.js';
import { detectLanguage } from './language-detector.js';

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];

const THIRD_PERSON_VERB = '(?:is|was|has|had|does|did|will|would|should|can|could|must|may|might|[a-z]{2,}(?<![su])s)';
const GREETING =
  '(?:[Hh]i|[Hh]ello|[Hh]ey|[Hh]iya|[Hh]owdy|[Aa]hoy|[Gg]reetings|[Ww]elcome|[Gg]ood (?:[Mm]orning|[Aa]fternoon|[Ee]vening|[Dd]ay|[Nn]ight)|[Gg]reat (?:[Mm]orning|[Aa]fternoon|[Ee]vening)|[Gg]oodbye|[Bb]ye|[Tt]hanks|[Tt]hank you|[Nn]ice to meet you|[Pp]leased to meet you|[Dd]ear)';

const FIRST_PERSON: Record<string, string> = { 'you are': 'I am', "you're": "I'm", 'your name is': 'my name is' };
/**
 * A sentence about "you" that is no invitation or advice ("You can visit on Sundays"), the user
 * perhaps called by name first ("Sam, you're a potter in my fifties.", a benchmark run's Hazel).
 */
const SPOKEN_TO = /^\W*(?:\p{Lu}[\p{L}'’-]*,\s+)?(?:[Yy]ou|[Yy]our|YOU|YOUR)\b(?!\s+(?:can|could|should|might|may|will|would|must)\b)/u;
const FACT_STOPWORDS = new Set(
  'the and for with from who that this are was has had its all our she him her his you your own out can not but one two new old day any very'.split(
    ' ',
  ),
);

/** The second person's words in the first; "you" is left to inFirstPerson(), which tells subject from object. */
const SECOND_TO_FIRST: Array<[RegExp, string]> = [
  [/\byou(?:'|’)re\b/gi, "I'm"],
  [/\byou are\b/gi, 'I am'],
  [/\byou were\b/gi, 'I was'],
  [/\byou(?:'|’)ve\b/gi, "I've"],
  [/\byou(?:'|’)ll\b/gi, "I'll"],
  [/\byourself\b/gi, 'myself'],
  [/\byours\b/gi, 'mine'],
  [/\byour\b/gi, 'my'],
];

/**
 * The sentence in the first person, as the character meant it ("You're running a ferry from
 * Harlingen to Terschelling." → "I'm running a ferry…"). Only for a sentence whose every "you" is
 * the character: one telling the persona's facts (toldInSecondPerson()).
 */
function inFirstPerson(sentence: string): string {
  const cased = (word: string) => (match: string) => (match[0] === 'Y' ? word[0]!.toUpperCase() + word.slice(1) : word);
  return SECOND_TO_FIRST.reduce((text, [pattern, first]) => text.replace(pattern, cased(first)), sentence)
    .replace(/(^\W*|\b(?:and|but|so|when|where|because|if)\s+)you\b/gi, '$1I')
    .replace(/\byou\b/gi, cased('me'));
}

/** "you" and the verb after it: "you are running", "you make". */
const YOU_DOING = /\byou(?:'re|’re| are| were)?\s+([a-z]+)/gi;

/** "you" as the subject of a verb, in the first person. */
const AS_SUBJECT: Record<string, string> = { you: 'I', "you're": "I'm", 'you are': 'I am', 'you were': 'I was' };

/** An opening word or two before "I'm <name>" that say nothing ("Okay, I'm Mira."). */
const FILLER =
  "(?:(?:okay|ok|yes|yeah|no|hello|hi|hey|well|oh|ah|sure|of course|right|that(?:'|’)s right|that is right|indeed|absolutely|certainly)[,!.]?\\s+)*";

/**
 * "I" with a verb of the third person: the 0.5B model turning the user's question round ("Who helps
 * you at the ovens?" → "I helps me at the ovens.", "I sleeps on the flour sacks.", "I now grows
 * pears"). Adverbs and words that end in -s without being a verb of "he" are not it ("I always",
 * "I guess", "I focus").
 */
const I_WITH_THIRD_PERSON_VERB =
  /(?<![\p{L}'’])I\s+(?:(?:now|still|also|often|always|usually|never|sometimes|really|just|mostly|only)\s+)?(?!(?:always|sometimes|perhaps|was|towards|afterwards|besides|nevertheless|thus|yes|unless|plus|as)\b)(?:is|has|does|[a-z]{2,}(?<![su])s)\b/u;

/**
 * "I" with a bare -ing form, a garbled copy of the persona: "I teasing and proud of my sourdough
 * starter." (a walk-through's baker; the card: "I am warm, teasing and proud of…"). Not the verbs
 * that end in -ing ("I sing", "I bring").
 */
const I_WITH_BARE_GERUND =
  /(?<![\p{L}'’])I\s+(?!(?:sing|bring|ring|swing|sting|cling|fling|spring|string|wring|sling|thing|king|ping)\b)[a-z]{2,}ing\b/u;

/**
 * A sentence about "you" that answers a question about the character: "Do you bring anyone along
 * on your crossings?" → "You don't.", the 0.5B model turning the question round (a walk-through's
 * ferry captain, whose persona has her dog). Advice and the common turns of speech are not it:
 * "You can…", "You'll love it", "You're right", "You know, …".
 */
const ABOUT_YOU =
  /^\W*(?:(?:yes|no|oh|well|ah|hmm)[,!.]?\s+)?you(?:\s+(?!(?:can|could|should|might|may|will|would|must|ought|need|want|have to|got to|know|see|bet|mean|asked|ask|are right|are welcome)\b)\p{L}|(?:'|’)re\s+(?!(?:right|welcome|kidding|sweet|kind|lucky|curious|asking)\b)\p{L}|(?:'|’)ve\s+(?!got to\b)\p{L})/iu;

/**
 * An assistant's talk, which no character says: "If you have any other questions, please don't
 * hesitate to ask." and "Sure, I can help you with that. Here are some ideas…" (the 0.5B default
 * to a beekeeper asked what she does in winter, and to a tram driver asked for ideas), "What do you
 * need assistance with?", "Oh, I'd love to help you with that!", "I don't have any information
 * about my shop." and "I'm just here to help!" (a ramen cook and a nurse, in a benchmark run).
 */
const ASSISTANT_TALK =
  /\b(?:if you have any (?:other |more |further )?questions|what do you need (?:assistance|help) with|(?:i(?:'|’)?d|i would) (?:love|be happy|be glad) to help|thank you for your interest|please ask again|(?:feel free|don(?:'|’)?t hesitate|do not hesitate) to (?:ask|reach out|contact)|here are (?:some|a few) (?:ideas|tips|suggestions|ways)|i can help you with (?:that|this)|i(?:'|’)?m (?:just |only )?here to (?:help|assist)|i(?:'|’)?m ready to (?:talk|chat|help|listen)|i am ready to (?:talk|chat|help|listen)|i am (?:just |only )?here to (?:help|assist)|how (?:can|may) i (?:assist|help) you|i (?:don(?:'|’)?t|do not) have (?:any )?(?:information|data|details) (?:about|on)|i apologi[sz]e, but|thank you for your (?:assistance|cooperation|inquiry|query))\b/i;

/**
 * "I don't know who visits you on Sundays.", "I'm not sure where my shop is.": said of something its
 * persona tells (a benchmark's ramen cook, of his granddaughter's visits and his shop in Osaka).
 */
const NOT_KNOWING =
  /\b(?:i (?:don(?:'|’)?t|do not|can(?:'|’)?t|cannot) (?:know|remember|recall|say|tell)|i(?:'|’)?m not sure|i am not sure|i have no idea|no idea)\b/i;

/** A sentence that is only a greeting, perhaps with a name: "Hello!", "Good morning, Ravi!". */
const BARE_GREETING = new RegExp(
  `^\\W*${GREETING}(?:[,!]?\\s+(?:there|\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+)?))?\\s*[!.?]*\\s*$`,
  'u',
);
/**
 * A sentence that only acknowledges, answering a question that asked something: "Why is the sky
 * dark at night?" → "That's great!", "Do bees ever sting you?" → "Thank you for asking." (the 0.5B
 * default, in a benchmark run), "…speaking in public. Any tips?" → "Thank you for your advice." (a
 * walk-through). Dropped like a bare greeting.
 */
const BARE_ACKNOWLEDGEMENT =
  /^\W*(?:(?:oh|ah|well|wow)[,!]?\s+)?(?:(?:that(?:'|’)s|that is|what an?|how)\s+)?(?:(?:a\s+)?(?:very\s+|really\s+)?(?:great|wonderful|lovely|nice|good|interesting|excellent|fascinating)(?:\s+question)?|thank(?:s| you)(?: so much)?(?: for (?:asking|sharing(?: that)?|that|the question|telling me|your (?:question|input|time|advice|message|kind words)))?)\s*[!.]*\s*$/i;
const GREETS = /\b(?:hi|hello|hey|hiya|howdy|ahoy|greetings|good (?:morning|afternoon|evening|day)|welcome|bye|goodbye|good night)\b/i;

/**
 * A bare greeting answering a question that greeted no one: "Where do you live?" → "Hello!", "What
 * does your son want to be?" → "Good morning, Ravi!" (the 0.5B default), or one that only
 * acknowledges (BARE_ACKNOWLEDGEMENT). It is dropped, not refused: what follows it may be the answer.
 */
export function fillerFor(userText: string, pack?: LanguagePack): (sentence: string) => boolean {
  if (!userText.includes('?') || GREETS.test(userText) || pack?.persona.greets.test(userText)) return () => false;
  // The same in the reply's language: "¿Qué pan haces por la mañana?" → "¡Hola!" (the 0.5B default, a benchmark run).
  const bare = pack ? new RegExp(`^\\W*${pack.greetings}(?:[,!]?\\s+\\p{Lu}[\\p{L}'’-]+)?\\s*[!.?]*\\s*$`, 'u') : undefined;
  return (sentence) => BARE_GREETING.test(sentence) || BARE_ACKNOWLEDGEMENT.test(sentence) || !!bare?.test(sentence);
}

/** The user speaking of themselves: "I", "me", "my". */
const USER_OF_THEMSELVES = /\b(?:i|i'm|i’m|me|my|mine|myself)\b/i;

/** A question about the character, not about the user ("Do you remember my name?" may be answered "You are Tomasz."). */
export function asksAboutIt(userText: string): boolean {
  return userText.includes('?') && /\byou\b/i.test(userText) && !USER_OF_THEMSELVES.test(userText);
}

/**
 * A question a sentence made of its own words cannot answer: "Who helps you with the heavy
 * frames?" → "I help you with the heavy frames." (a benchmark run's beekeeper; the answer is
 * Bence). Not a yes-or-no question: "Do you like the sea?" → "I do like the sea." answers it.
 */
const WH_QUESTION = /^\W*(?:\w+[,!]?\s+){0,3}?(?:who|what|where|when|which|why|how)\b(?!\s+about\b)/i;
/** Words that carry no content of their own, for WH_QUESTION's comparison. */
const FUNCTION_WORDS = new Set(
  `who what where when which why how do does did you your yours i i'm me my mine the a an is are am was were be been have has had
   with for to of in on at and or but it its that this there here so not no yes just very really too also can could would will
   should oh well okay ok sure`.split(/\s+/),
);
function contentStems(sentenceWords: string[]): string[] {
  return sentenceWords.filter((w) => w.length >= 3 && !FUNCTION_WORDS.has(w)).map(stem);
}

/** A verb's stem, enough for "run"/"running"/"runs" and "bring"/"brings" to meet. */
function stem(word: string): string {
  const w = word.toLowerCase();
  for (const suffix of ['ing', 'es', 's', 'ed'])
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) return w.slice(0, -suffix.length).replace(/(.)\1$/, '$1');
  return w;
}

/** Words in a row shared with the persona that make a recital (pronouns, "be" and "have" aside). */
const RECITAL_RUN = 8;
/** Words in a row shared with a persona written in the second person that copy it as "you" ("en tu barca"). */
const SECOND_PERSON_RUN = 3;

/**
 * The pack's word of address (LanguagePack.secondPerson) that `word` (lower case, straight
 * apostrophes) is: itself, or an elided one it begins with ("t'" for "t'appelles"); else undefined.
 */
function addressWord(word: string, pack: LanguagePack): string | undefined {
  if (Object.hasOwn(pack.secondPerson, word)) return word;
  return Object.keys(pack.secondPerson).find((a) => a.endsWith("'") && word.startsWith(a));
}

/** The runs of SECOND_PERSON_RUN words of `text` that hold one of the language's words of address. */
function secondPersonRuns(text: string, pack: LanguagePack): string[] {
  const t = words(text.replace(/’/g, "'"));
  const runs: string[] = [];
  for (let i = 0; i + SECOND_PERSON_RUN <= t.length; i++) {
    const run = t.slice(i, i + SECOND_PERSON_RUN);
    if (run.some((w) => addressWord(w, pack) !== undefined)) runs.push(run.join(' '));
  }
  return runs;
}

function normalised(text: string, nameWords: Set<string>): string[] {
  const out: string[] = [];
  for (const w of words(text.replace(/’/g, "'"))) {
    const contraction = /^(i|you|she|he)'(m|re|s|ve|ll|d)$/.exec(w);
    if (contraction) out.push('P', contraction[2] === 've' ? 'HAVE' : 'BE');
    else if (nameWords.has(w)) out.push('N');
    else if (/^(i|me|my|mine|myself|you|your|yours|yourself|she|he|her|him|his|hers|herself|himself)$/.test(w)) out.push('P');
    else if (/^(am|are|is|was|were|be)$/.test(w)) out.push('BE');
    else if (/^(has|have|had)$/.test(w)) out.push('HAVE');
    else out.push(w.length >= 4 ? w.replace(/(?:e?s|e)$/, '') : w);
  }
  return out;
}

function similar(a: string[], b: string[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  if (x.size === 0 || y.size === 0) return false;
  return [...x].filter((w) => y.has(w)).length / Math.max(x.size, y.size) >= 0.8;
}

/**
 * `sentence` with the language's words of address in the first person ("tuo figlio Marco studia
 * medicina" → "mio figlio Marco studia medicina"), or undefined when one of them has no single
 * first-person form (LanguagePack.secondPerson: "Tu parles…"). A sentence without any is returned as it is.
 */
export function firstPersonOf(sentence: string, pack: LanguagePack): string | undefined {
  let whole = true;
  const swapped = sentence.replace(/[\p{L}\p{N}'’]+/gu, (token) => {
    const word = token.toLowerCase().replace(/’/g, "'");
    const address = addressWord(word, pack);
    if (address === undefined) return token;
    // An elided word ("t'appelles") stands for its whole word, which no form replaces.
    const form = address === word ? pack.secondPerson[address]! : '';
    if (form === '') whole = false;
    return token[0] === token[0]!.toUpperCase() ? form.charAt(0).toUpperCase() + form.slice(1) : form;
  });
  return whole ? swapped : undefined;
}

/** Why the guard refuses a sentence the companion said before (its callers may let a sentence already begun aloud finish). */
export const REPEATS = 'repeats an earlier reply';
/** Why the guard refuses a sentence made only of the question's words (openai-engine.ts lets a sentence's opening words begin so). */
export const SAYS_QUESTION_BACK = 'says the question back';

/**
 * The guard's reasons, the least bad first: when every attempt of a turn was refused, the one
 * spoken (openai-engine.ts). Until 27 Nov 2026 the last attempt was not refused at all, and spoke
 * "I'm Ravi; I'm Marta Kowalczyk." and "Good morning, Sofía!" in a benchmark run.
 */
const LEAST_BAD_FIRST = [
  'recites its persona',
  'speaks of itself in the second or third person',
  'speaks of itself in the second person',
  'answers a question about itself about "you"',
  REPEATS,
  SAYS_QUESTION_BACK,
  'answers with its name alone',
  'says "I" with a verb of the third person',
  'says "I" with a bare -ing form',
  'greets itself',
  'talks like an assistant',
  'says it does not know what its persona tells',
  'does not answer what was asked',
] as const;

/**
 * Refused sentences never spoken, even out of attempts: the companion taking the user's name
 * ("What does your son want to be?" → "I'm Ravi.", the least bad of a benchmark turn's three
 * attempts) says it is someone else; its fillers or the fixed in-character line come first.
 */
const NEVER_SPOKEN = ["takes the user's name", 'answers in English', 'answers in another language'] as const;

/**
 * Words a sentence may be cut before and still read whole: prepositions, conjunctions and relative
 * words ("I have forty hives | on the hillside…", "I teach the harp to children | at a music school").
 * Not the particles of a verb ("rides along", "looks over", "walks by"): cut there, it reads cut.
 */
const CLAUSE_START = new Set(
  'in on at for with and but or who which that whose where when while since after before because behind from to of near outside inside under between into during every each'.split(
    ' ',
  ),
);
/** A word a kept part must not end with: it would dangle ("I am known for."). */
const DANGLING = new Set([...CLAUSE_START, ...'a an the my your his her our their its i am is are was'.split(' ')]);
/** Where a phrase of place starts: asked where, what follows it answers. */
const PLACE_START = new Set('in at on near outside inside behind beside by under from'.split(' '));
/** A question of where: "Where do you live?", "Which city is your stall in?". */
const ASKS_WHERE = /\bwhere\b|\b(?:which|what) (?:city|town|village|country|part|street|market|place)\b/i;
/** Where a phrase of time starts: asked when, what follows it answers. */
const TIME_START = new Set('from at on every before after until till during since in'.split(' '));
/** A question of when: "When do you start baking?", "What time do you open?". */
const ASKS_WHEN = /\bwhen\b|\bwhat time\b|\bhow early\b/i;
/** A question of company: "Who do you live with?", "With whom do you work?". */
const ASKS_WHO_WITH = /\bwho\b[^?]*\bwith\b|\bwith whom\b/i;
const COMPANY_START = new Set(['with']);
/** A question of how long: "How long have you worked on the ferry?". */
const ASKS_HOW_LONG = /\bhow long\b|\bhow many years\b/i;
const SPAN_START = new Set(['for', 'since']);
/** Words that start another clause, where a phrase that answers ends (answerPhrase()). */
const PHRASE_END = new Set('and but or who which that whose while because where when'.split(' '));
/** "… and have forty hives": "and" before a verb the persona card shares between clauses. */
const AND_A_VERB = new RegExp(`,?\\s+and\\s+(?=(?:${[...SHARED_VERBS_FIRST_PERSON].join('|')})\\s)`);
/** "My son Tomek ", "My neighbour's boy, Bence, ": someone of the character's, then their name and what they do. */
const NAMED_LEAD = /^\W*(?:My|Our)\s+[\p{L}'’-]+(?:\s+[\p{Ll}'’-]+)?(?:,\s*|\s+)(\p{Lu}[\p{L}'’-]+)(?:,\s*|\s+)(?=\p{Ll})/u;
/** "… a piano tuner who learned …": a relative clause of the character, after its own "I am a …". */
const WHO_OF_ITSELF = /,?\s+who\s+(?=[a-z]+\s)/;
/** A cut part this short is no answer. */
const MIN_KEPT_WORDS = 3;
/** "What is your favourite clock?", "What's your job?": the question a sentence's predicate answers. */
const ASKS_WHAT_ITS_THING_IS = /^\W*(?:\w+[,!]?\s+){0,3}?what(?:'s|’s|\s+is|\s+was)\s+your\b/i;
/** "My favourite clock is a 1790s longcase clock…": its predicate, from the article. */
const PREDICATE = /^\W*(?:my|our)\s+[^.!?,]{1,40}?\s+(?:is|was)\s+((?:a|an|the)\s[^.!?]+)/i;

/** Quotation marks: «…», “…”, "…". */
const QUOTES = /[«»“”"]/u;

/** Why the guard refuses a sentence. */
export type Refusal = (typeof LEAST_BAD_FIRST)[number] | (typeof NEVER_SPOKEN)[number];

/** Whether a sentence refused for this reason may never be spoken (NEVER_SPOKEN). */
export function neverSpoken(why: string): boolean {
  return (NEVER_SPOKEN as readonly string[]).includes(why);
}

/** How bad a refusal's reason is: its place in LEAST_BAD_FIRST, an unknown one last. */
export function howBad(why: string): number {
  const i = (LEAST_BAD_FIRST as readonly string[]).indexOf(why);
  return i === -1 ? LEAST_BAD_FIRST.length : i;
}

/** What the guard knows of a session's turn: made once per turn, then asked of each sentence. */
export class ReplyGuard {
  private readonly selfReference: RegExp[];
  private readonly addressed: RegExp;
  private readonly selfGreeting: RegExp[];
  private readonly userName: RegExp | undefined;
  private readonly recital = new Set<string>();
  /** The persona's runs of words in the second person, in a language with a pack (secondPersonRuns()). */
  private readonly addressRuns = new Set<string>();
  private readonly nameWords: Set<string>;
  private readonly earlier: string[][];
  private readonly facts: Set<string>;
  private readonly nameAlone: RegExp | undefined;
  private readonly packAddressed: RegExp | undefined;
  private readonly traits: string | undefined;
  private readonly askedAboutIt: boolean;
  /** The words of the card's answer (`knownFact`), to know a sentence that says it. */
  private readonly factWords: string[] | undefined;
  /** The user's line asks where, when, who with or how long: the words that start the phrase that answers it (answerPhrase()). */
  private readonly phraseStart: Set<string> | undefined;
  /** The content words of a question asking who, what, where, when, which, why or how, as stem() makes them. */
  private readonly asked: Set<string> | undefined;
  /** The user's line, for a question said back in any language (asksTheQuestionAgain()). */
  private readonly question: string;
  /** The verbs of the user's question whose subject is the character ("do you run" → run). */
  private readonly askedVerbs: Set<string>;
  /** The user's line asks what its thing is ("What is your favourite clock?"). */
  private readonly asksWhatItsThingIs: boolean;
  /** The user's line asks of the character's own ("What does your son want to be?"), not of the user's ("How should I cook pasta?"). */
  private readonly ofItsOwn: boolean;

  constructor(
    characterName: string,
    personality: Pick<Personality, 'systemPrompt' | 'description' | 'traits'>,
    /** What the companion said earlier in the session, its greeting included. */
    earlier: string[],
    /** The name the user gave (user-facts.ts), if any. */
    userName?: string,
    /** Whether "I'm <name>." answers the user's line (must-say.ts asksWhoItIs()). */
    nameAnswers = true,
    /** The user's line: asking about the character (asksAboutIt()), "You …" does not answer it. */
    question = '',
    /** The fact of the persona the line asks about (persona-facts.ts), if any: not knowing it is no answer. */
    private readonly knownFact?: string,
    /** The reply's language pack (language-packs.ts), whose greetings, name forms and assistant talk are checked too. */
    private readonly pack?: LanguagePack,
    /**
     * The reply is in English: the checks that read English grammar run ("You are <name>", "I" with
     * a verb of the third person, "you" answering a question about itself). In another language
     * they are left out; the checks of words in a row (a recital, a repetition) and the pack's run.
     */
    private readonly english = true,
  ) {
    this.askedAboutIt = asksAboutIt(question);
    this.asksWhatItsThingIs = ASKS_WHAT_ITS_THING_IS.test(question);
    this.ofItsOwn = /\b(?:you|your|yours)\b/i.test(question) && !USER_OF_THEMSELVES.test(question);
    this.asked = WH_QUESTION.test(question) ? new Set(contentStems(words(question))) : undefined;
    this.question = question;
    this.factWords = knownFact === undefined ? undefined : words(knownFact);
    this.phraseStart = ASKS_WHERE.test(question)
      ? PLACE_START
      : ASKS_WHEN.test(question)
        ? TIME_START
        : ASKS_WHO_WITH.test(question)
          ? COMPANY_START
          : ASKS_HOW_LONG.test(question)
            ? SPAN_START
            : undefined;
    // "What boat do you run?" → "The boat you are running is the night boat.": its verbs, whose "you" is the character.
    const verbs = [
      ...question.matchAll(/\b(?:do|did|does|can|could|will|would)\s+you\s+(?:ever\s+|usually\s+|still\s+)?([a-z]{2,})/gi),
    ].map((m) => stem(m[1]!));
    this.askedVerbs = new Set(this.askedAboutIt ? verbs : []);
    const forms = nameForms(characterName).map(escapeRegExp).join('|');
    // "How long have you kept the lighthouse?" → "Okay, I'm Mira.": its name, or its name and a
    // clause of its persona, is no answer to a line that did not ask who it is; nor is the name
    // alone ("What do you make in your studio?" → "Hazel.").
    this.nameAlone = nameAnswers
      ? undefined
      : new RegExp(
          // In another language its own opening word ("Oui, je suis Claire Morel.") stands where English's fillers do.
          `^\\W*${FILLER}${pack ? '(?:\\p{L}+[,!.]\\s+)?' : ''}(?:(?:i am|i'm|i’m|my name is${pack ? `|${pack.iAmForms}` : ''})\\s+)?(?:${forms})(?:,\\s+(?:a|an|the)\\s[^.!?]*)?\\s*[.!?]*\\s*$`,
          'iu',
        );
    // "You are Mira": refused, and put in the first person by repair() when it cannot be asked again.
    const addressed = `\\b(you are|you're|you’re|your name is)\\s+((?:the |a )?(?:${forms}))(?![\\p{L}])`;
    this.addressed = new RegExp(addressed, 'giu');
    this.selfReference = [
      new RegExp(addressed, 'iu'),
      new RegExp(`(?<![\\p{L}])(?:${forms})(?:(?:'s|’s)(?![\\p{L}])|(?:,\\s+[^,.!?]{1,80},)?\\s+${THIRD_PERSON_VERB}\\b)`, 'u'),
    ];
    const greeting = pack ? `(?:${GREETING}|${pack.greetings})` : GREETING;
    const { gap, notAfter, notBefore } = wordEdges(pack);
    // "Eres Lucía, una panadera…": the persona's own second person, copied.
    this.packAddressed = pack ? new RegExp(`${notAfter}(?:${pack.secondPersonBe})${gap}(?=(?:${forms})${notBefore})`, 'giu') : undefined;
    // Its name in any case: "Olá, quem é você?" → "Olá, inês!" (a walk-through's baker, in Portuguese).
    this.selfGreeting = [
      new RegExp(`(?<![\\p{L}])${greeting}[,!]?\\s+(?:there[,!]?\\s+|back[,!]?\\s+)?(?:${forms})(?![\\p{L}])`, 'iu'),
      new RegExp(`,\\s*(?:${forms})\\s*[!?]`, 'iu'),
      // Thanked by name: "Thank you for your guidance, Odile Varga." (a benchmark run's beekeeper).
      new RegExp(`(?<![\\p{L}])${greeting}${pack ? '(?![\\p{L}])' : '\\b'}[^.!?]{0,60},\\s*(?:${forms})\\s*[.!?]`, 'iu'),
    ];
    this.userName = userName
      ? new RegExp(
          `${notAfter}(?:i am|i'm|i’m|my name is|call me${pack ? `|${pack.iAmForms}` : ''})${gap}${escapeRegExp(userName)}${notBefore}`,
          'iu',
        )
      : undefined;
    this.nameWords = new Set(words(characterName));
    // "Your nature is patient, precise, fond of puns.": the traits' list read out, too short for a run of eight.
    this.traits = personality.traits.length >= 2 ? words(personality.traits.join(' ')).join(' ') : undefined;
    for (const piece of [personality.systemPrompt, personality.description, personality.traits.join(', ')]) {
      const t = normalised(piece, this.nameWords);
      for (let i = 0; i + RECITAL_RUN <= t.length; i++) this.recital.add(t.slice(i, i + RECITAL_RUN).join(' '));
      if (pack) for (const run of secondPersonRuns(piece, pack)) this.addressRuns.add(run);
    }
    this.earlier = earlier.flatMap((reply) => reply.split(/(?<=[.!?…])\s+/)).map(words);
    this.facts = new Set(
      words(`${personality.systemPrompt} ${personality.description}`).filter(
        (w) => w.length >= 3 && !FACT_STOPWORDS.has(w) && !this.nameWords.has(w),
      ),
    );
  }

  /**
   * The sentence with the companion addressed by name in the second person put in the first ("You
   * are Mira." → "I am Mira."), or told in the second person ("You don't." → "I don't."): what a
   * turn out of attempts speaks instead. The model copies the persona's "You are <name>"; the rest
   * of such a sentence is its own.
   */
  repair(sentence: string): string {
    // "Eres Lucía." → "Soy Lucía.": the pack's first person.
    const pack = this.pack;
    // "tuo figlio Marco studia medicina." → "mio figlio Marco studia medicina.": the card's second person, copied.
    if (pack && this.copiesSecondPerson(sentence)) {
      const first = firstPersonOf(sentence, pack);
      if (first !== undefined) return first;
    }
    if (pack && this.packAddressed && new RegExp(this.packAddressed.source, 'iu').test(sentence)) {
      const space = pack.unspaced ? '' : ' ';
      return sentence.replace(this.packAddressed, (m: string) =>
        m[0] === m[0]!.toUpperCase()
          ? `${pack.firstPersonBe[0]!.toUpperCase()}${pack.firstPersonBe.slice(1)}${space}`
          : `${pack.firstPersonBe}${space}`,
      );
    }
    if (this.toldInSecondPerson(sentence) || this.answersAboutYou(sentence)) {
      // "you" doing the question's verb is its subject, wherever it stands: "The honey you make…" →
      // "The honey I make…", not "The honey me make…".
      const subject = sentence.replace(YOU_DOING, (m, verb: string) => {
        if (!this.askedVerbs.has(stem(verb))) return m;
        const you = m.slice(0, m.length - verb.length).trimEnd();
        return `${AS_SUBJECT[you.toLowerCase().replace('’', "'")] ?? you} ${verb}`;
      });
      return inFirstPerson(subject);
    }
    return sentence.replace(this.addressed, (_match, lead: string, name: string) => {
      const first = FIRST_PERSON[lead.toLowerCase().replace('’', "'")]!;
      return `${lead.startsWith('Y') ? first[0]!.toUpperCase() + first.slice(1) : first} ${name}`;
    });
  }

  /** A persona written in the second person, copied with its words of address (not a question back to the user). */
  private copiesSecondPerson(sentence: string): boolean {
    if (this.addressRuns.size === 0 || /[?？]\s*$/.test(sentence)) return false;
    return secondPersonRuns(sentence, this.pack!).some((run) => this.addressRuns.has(run));
  }

  /** "You're running a ferry from Harlingen…": the persona's facts told back to the character, as the card addresses it. */
  private toldInSecondPerson(sentence: string): boolean {
    return SPOKEN_TO.test(sentence) && new Set(words(sentence).filter((w) => this.facts.has(w))).size >= 2;
  }

  /** "Do you bring anyone along?" → "You don't.": the question turned round onto the user. */
  private answersAboutYou(sentence: string): boolean {
    if (!this.askedAboutIt) return false;
    if (ABOUT_YOU.test(sentence)) return true;
    return [...sentence.matchAll(YOU_DOING)].some((m) => this.askedVerbs.has(stem(m[1]!)));
  }

  /**
   * A recital of the persona cut to the words before it runs on for RECITAL_RUN words, at the start
   * of a clause: "I have forty hives on the hillside behind my house." → "I have forty hives on the
   * hillside." (the persona: "…forty hives on the hillside behind her house"). The 0.5B model answers
   * a question about a fact of the persona with the persona's own clause, the fact note's words;
   * cut, it is an answer in its own words at once, where asking again took another generation
   * without the note. Asked where or when, the place or time it ends with is kept instead. Undefined when the
   * sentence is not a recital, or no cut leaves an answer that the guard lets pass.
   */
  shortened(sentence: string): string | undefined {
    const why = this.refuses(sentence);
    // The exemplar introduction copied, asked where (or when, who with, how long): "Where do you live?" → "I am Odile
    // Varga, a beekeeper who lives in a stone cottage outside Pécs." → "In a stone cottage outside Pécs."
    if (why === 'answers with its name alone') return this.phraseStart && this.answerPhrase(sentence);
    if (why !== 'recites its persona') return undefined;
    const spans = [...sentence.replace(/’/g, "'").matchAll(/[\p{L}\p{N}']+/gu)];
    // The persona's tokens of each word (normalised() makes "I'm" two), and where each word's first one is.
    const tokens: string[] = [];
    const firstToken: number[] = [];
    for (const m of spans) {
      firstToken.push(tokens.length);
      tokens.push(...normalised(m[0], this.nameWords));
    }
    let run = 0;
    while (run + RECITAL_RUN <= tokens.length && !this.recital.has(tokens.slice(run, run + RECITAL_RUN).join(' '))) run++;
    if (run + RECITAL_RUN > tokens.length) return undefined; // the traits read out as a list: nothing of its own to keep
    const end = /!\s*$/.test(sentence) ? '!' : '.';
    // Asked where, when, who with or how long, the phrase that tells it is the answer: "I run a
    // spice stall in the old market of Amman." → "In the old market of Amman.", "I bake broa … from
    // midnight until seven." → "From midnight until seven." (answerPhrase()).
    const phrase = this.phraseStart && this.answerPhrase(sentence);
    if (phrase) return phrase;
    // Asked what its thing is, the predicate is the answer: "My favourite clock is a 1790s longcase
    // clock with a painted moon dial." (the persona's words, on every attempt of a benchmark turn)
    // → "A 1790s longcase clock.".
    const predicate = this.asksWhatItsThingIs ? PREDICATE.exec(sentence)?.[1] : undefined;
    const answer = predicate && this.cut(`${predicate[0]!.toUpperCase()}${predicate.slice(1)}${end}`);
    if (answer) return answer;
    // Asked about one of its facts, the clause that tells it: "I have kept bees for twenty-two years
    // and have forty hives on the hillside behind my house." → asked how many hives, "I have forty
    // hives on the hillside.", where the cut below keeps "I have kept bees.".
    const told = this.clauseAsked(sentence);
    if (told) return this.shortened(told) ?? (this.refuses(told) === undefined ? told : undefined);
    // Someone the card names, by name alone: "My son Tomek is studying to become a vet." → "Tomek is
    // studying to become a vet.", where a cut kept "My son Tomek is studying.".
    const byName = sentence.replace(NAMED_LEAD, '$1 ');
    if (byName !== sentence && this.refuses(byName) === undefined) return byName;
    // A cut before word w keeps tokens [0, firstToken[w]): fewer than a run's from where it starts.
    for (let w = spans.length - 1; w >= MIN_KEPT_WORDS; w--) {
      if (firstToken[w]! > run + RECITAL_RUN - 1) continue;
      const before = sentence.slice(0, spans[w]!.index);
      if (!CLAUSE_START.has(spans[w]![0].toLowerCase()) && !/,\s*$/.test(before)) continue;
      if (DANGLING.has(spans[w - 1]![0].toLowerCase())) continue;
      const kept = `${before.replace(/[\s,;:–—-]+$/, '')}${end}`;
      if (this.refuses(kept) === undefined) return kept;
    }
    return undefined;
  }

  /**
   * Of a sentence of its own that goes on "and <verb> …" ("I have kept bees … and have forty hives
   * …"), the later clause as a sentence of its own, when it alone has a content word of the question.
   */
  private clauseAsked(sentence: string): string | undefined {
    if (!this.asked || !/^\W*I(?:\s|'m|’m)/.test(sentence)) return undefined;
    // "I am a piano tuner in Accra who learned the trade from my uncle": the one who learned is "I".
    const parts = /^\W*I(?: am|'m|’m)\s/.test(sentence) ? sentence.split(WHO_OF_ITSELF) : [sentence];
    const [first, ...rest] = [parts[0]!.split(AND_A_VERB), ...parts.slice(1).map((p) => p.split(AND_A_VERB))].flat();
    const asks = (part: string) => contentStems(words(part)).some((s) => this.asked!.has(s));
    if (rest.length === 0 || asks(first!)) return undefined;
    const later = rest.find(asks);
    if (!later) return undefined;
    const [verb = '', ...more] = later.split(' ');
    return `I ${[firstPersonVerb(verb), ...more].join(' ').replace(/[\s.!?…]+$/, '')}${/!\s*$/.test(sentence) ? '!' : '.'}`;
  }

  /** The sentence, or its longest start cut before a clause, that the guard lets pass. */
  private cut(sentence: string): string | undefined {
    if (this.refuses(sentence) === undefined) return sentence;
    const spans = [...sentence.matchAll(/[\p{L}\p{N}'’]+/gu)];
    const end = /!\s*$/.test(sentence) ? '!' : '.';
    for (let w = spans.length - 1; w >= MIN_KEPT_WORDS; w--) {
      if (!CLAUSE_START.has(spans[w]![0].toLowerCase()) || DANGLING.has(spans[w - 1]![0].toLowerCase())) continue;
      const kept = `${sentence.slice(0, spans[w]!.index).replace(/[\s,;:–—-]+$/, '')}${end}`;
      if (this.refuses(kept) === undefined) return kept;
    }
    return undefined;
  }

  /**
   * The longest phrase of the kind asked for (phraseStart) that the guard lets pass: from a word
   * that starts it to the sentence's end or the start of another clause ("I live in a small flat in
   * the Panier quarter of Marseille with my brother Luc." → asked where, "In the Panier quarter of
   * Marseille."; asked who with, "With my brother Luc.").
   */
  private answerPhrase(sentence: string): string | undefined {
    const spans = [...sentence.matchAll(/[\p{L}\p{N}'’]+/gu)];
    const end = /!\s*$/.test(sentence) ? '!' : '.';
    let best: { kept: string; words: number } | undefined;
    for (let w = 1; w + MIN_KEPT_WORDS <= spans.length; w++) {
      if (!this.phraseStart!.has(spans[w]![0].toLowerCase())) continue;
      // The phrase ends where another clause starts: "for six years and cook curry rice" (a walk-through) is "For six years.".
      const next = spans.findIndex((s, i) => i > w && PHRASE_END.has(s[0].toLowerCase()));
      for (let e = next === -1 ? spans.length : next; e >= w + MIN_KEPT_WORDS; e--) {
        if (e - w <= (best?.words ?? 0)) break;
        const clauseEnd =
          e === spans.length || (CLAUSE_START.has(spans[e]![0].toLowerCase()) && !DANGLING.has(spans[e - 1]![0].toLowerCase()));
        if (!clauseEnd) continue;
        const phrase = sentence.slice(spans[w]!.index, e < spans.length ? spans[e]!.index : undefined).replace(/[\s.!?…,;:–—-]+$/, '');
        const kept = `${phrase[0]!.toUpperCase()}${phrase.slice(1)}${end}`;
        if (this.refuses(kept) === undefined) best = { kept, words: e - w };
      }
    }
    return best?.kept;
  }

  /**
   * Its name alone, copied from the exemplar introduction, opening a reply to a line that did not
   * ask who it is: "I'm Hazel, a potter. I fire the kiln on Fridays." The reply engine drops it as
   * filler, so what follows may answer; alone, it is refused (refuses()).
   */
  onlyItsName(sentence: string): boolean {
    return this.nameAlone?.test(sentence) ?? false;
  }

  /**
   * A reply's first sentence that shares no content word with a question the card answers, nor
   * with the card's answer: "What is your favourite planet?" (noted "My favourite planet is Saturn
   * because of its rings.") → "I enjoy working nights with my telescope, Old Bess.", the same on
   * every run of the benchmark. Asked of the first sentence only: a later one may go on from it.
   * Not of advice ("How should I cook pasta?" → "Boil it in salted water." shares no word).
   */
  missesTheQuestion(sentence: string): boolean {
    if (!this.asked || !this.knownFact || !this.ofItsOwn) return false;
    const own = contentStems(words(sentence));
    const fact = new Set(contentStems(words(this.knownFact)));
    return own.length > 0 && !own.some((s) => this.asked!.has(s) || fact.has(s));
  }

  /**
   * The user's question, or one they asked earlier (`earlierLines`), asked again as the reply's
   * first sentence, in any language: "Ciao! Come ti chiami?" → "Come ti chiami?" (a walk-through's
   * whole reply, in Italian), "¿Te gusta Cádiz?" → "¿Qué haces por la mañana?" (the user's question of
   * two turns before, in another). Asked of the first sentence only: "How are you?" after an answer
   * asks it back.
   */
  asksTheQuestionAgain(sentence: string, earlierLines: readonly string[] = []): boolean {
    const w = words(sentence);
    if (!/[?？]\s*$/.test(sentence) || (w.length < 2 && !this.pack?.unspaced)) return false;
    return [this.question, ...earlierLines]
      .filter((line) => /[?？]/.test(line))
      .some((line) => {
        const asked = new Set(words(line));
        return w.every((x) => asked.has(x));
      });
  }

  /** Why the sentence should not be spoken, or undefined when it may be. */
  refuses(sentence: string): Refusal | undefined {
    const english = this.english;
    // The small model falls back to English ("Bonjour, que fais-tu le matin ?" → "Hello!"): a
    // sentence the typed turn's detector is sure is English is no answer in another language. Not
    // one that quotes ("On dit « Good morning ! »."): its English may be what was asked for.
    const detected = english || QUOTES.test(sentence) ? undefined : detectLanguage(sentence).language;
    if (detected === 'en') return 'answers in English';
    // So too another language of a pack: "Bonjour ! Qu'est-ce que tu fais le matin ?" → "Tudo ótimo,
    // Lucía." (a benchmark run's Spanish baker asked in French).
    if (detected !== undefined && this.pack && detected !== this.pack.language) return 'answers in another language';
    if (english && this.selfReference.some((r) => r.test(sentence))) return 'speaks of itself in the second or third person';
    if (this.packAddressed && new RegExp(this.packAddressed.source, 'iu').test(sentence))
      return 'speaks of itself in the second or third person';
    // "You adore paper aeroplanes.": the persona's facts told back to the character, as the card addresses it.
    if (english && this.toldInSecondPerson(sentence)) return 'speaks of itself in the second person';
    if (english && this.answersAboutYou(sentence)) return 'answers a question about itself about "you"';
    // "Sales al mar cada madrugada en tu barca.": a card written in the second person, copied. Not a
    // question back to the user ("¿Y tú, sales al mar?").
    if (this.copiesSecondPerson(sentence)) return 'speaks of itself in the second person';
    if (this.selfGreeting.some((r) => r.test(sentence))) return 'greets itself';
    if (this.userName?.test(sentence)) return "takes the user's name";
    const w = words(sentence);
    // The card's answer, asked for ("What's your job?" → "I'm Tomas, a ferry captain."), is no name
    // alone; asked for again (after "Who are you and what do you do?"), it is said again.
    const saysTheFact = this.factWords !== undefined && similar(this.factWords, w);
    if (!saysTheFact && this.nameAlone?.test(sentence)) return 'answers with its name alone';
    if (english && I_WITH_THIRD_PERSON_VERB.test(sentence)) return 'says "I" with a verb of the third person';
    if (english && I_WITH_BARE_GERUND.test(sentence)) return 'says "I" with a bare -ing form';
    if (ASSISTANT_TALK.test(sentence) || this.pack?.assistantTalk.test(sentence)) return 'talks like an assistant';
    if (this.knownFact && (NOT_KNOWING.test(sentence) || this.pack?.notKnowing.test(sentence)))
      return 'says it does not know what its persona tells';
    if (this.traits && ` ${words(sentence).join(' ')} `.includes(` ${this.traits} `)) return 'recites its persona';
    const t = normalised(sentence, this.nameWords);
    for (let i = 0; i + RECITAL_RUN <= t.length; i++)
      if (this.recital.has(t.slice(i, i + RECITAL_RUN).join(' '))) return 'recites its persona';
    if (!saysTheFact && w.length >= 4 && this.earlier.some((e) => similar(e, w))) return REPEATS;
    // Shorter, only word for word: "Are you a robot?" → "I'm a person.", then a story asked for → "I'm a person.".
    if (!saysTheFact && w.length >= 2 && this.earlier.some((e) => e.join(' ') === w.join(' '))) return REPEATS;
    if (this.asked && w.length >= 3) {
      const own = contentStems(w);
      if (own.length > 0 && own.every((s) => this.asked!.has(s))) return SAYS_QUESTION_BACK;
    }
    return undefined;
  }
}
