/**
 * The operator's persona in the character's own voice: the system prompt and description
 * rewritten in the first person, once per character (cached), and the operator's instructions
 * on how to speak kept apart from it.
 *
 *   "Odile Varga is a beekeeper … She has kept bees for twenty-two years."
 *     → "I am Odile Varga, a beekeeper … I have kept bees for twenty-two years."
 *   "You are Mira, a cheerful lighthouse keeper. Answer in one or two short sentences."
 *     → card "I am Mira, a cheerful lighthouse keeper.", instruction "Answer in one or two short sentences."
 *   "Keeper of the Gull Rock lighthouse; lives there with her cat" → "I am the keeper of the Gull Rock lighthouse. I live there with my cat."
 *   "- Lives in: Galway, Ireland" → "I live in Galway, Ireland."
 *
 * Why: a small model speaks of the character the way the persona does. Given personas in the
 * second or third person, the 0.5B default answered "You are Mira, a …", "Captain Vega should …"
 * and, for a persona written in the third person, "Odile Varga … has been known for his
 * dedication". Rules, not a model: the rewrite costs nothing per turn, gives the same card every
 * time (so the model server's prompt cache holds), and works the same behind any server. What the
 * rules do not recognise is left as the operator wrote it.
 */
import type { Personality } from '../../../runtime/db/entities/character.js';
import { BoundedCache } from './bounded-cache.js';

export interface PersonaCard {
  /** What the character knows of itself, in the first person. */
  card: string;
  /** The operator's sentences on how to answer ("Answer in one or two short sentences."), as written. */
  instructions: string[];
}

const TITLES = /^(inspector|captain|chef|dr\.?|doctor|mr\.?|mrs\.?|ms\.?|miss|professor|prof\.?|aunt|uncle|sir|lady|madame)$/i;

/** The ways a text may name the character: the whole name, without its title, each word of it. */
export function nameForms(name: string): string[] {
  const core = name.split(/\s+/).filter((p) => !TITLES.test(p));
  const forms = new Set([name, core.join(' '), ...core.filter((p) => p.length >= 3)]);
  return [...forms].filter(Boolean).sort((a, b) => b.length - a.length);
}

/** The card's sentences ("Dr. Ada Stone" ends none). */
export const cardSentences = (card: string) => card.split(/(?<=(?<!\b(?:Dr|Mr|Mrs|Ms|St|Prof))[.!?])\s+/).filter(Boolean);

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Sentences that tell the character how to answer rather than who it is. */
const INSTRUCTION =
  /^(answer|reply|respond|speak|talk|use|keep|never|always|don'?t|do not|be|stay|avoid|write|give|say|make|try|act|pretend|remember|only|limit|include|mention|refuse|ask|help|greet|introduce|sign|end|start|begin)\b|^(when|if|whenever|unless)\b[^,]*,\s*(answer|reply|respond|speak|talk|use|keep|never|always|say|switch|give)\b/i;

/** A third-person present verb → the first person: "is" → "am", "has" → "have", "teaches" → "teach", "carries" → "carry". */
export function firstPersonVerb(verb: string): string {
  const lower = verb.toLowerCase();
  const irregular: Record<string, string> = {
    is: 'am',
    has: 'have',
    does: 'do',
    goes: 'go',
    was: 'was',
    "isn't": 'am not',
    "doesn't": "don't",
    "hasn't": "haven't",
  };
  if (irregular[lower]) return irregular[lower];
  if (/ies$/.test(lower) && lower.length > 4) return lower.replace(/ies$/, 'y');
  if (/(ch|sh|ss|x|z|o)es$/.test(lower)) return lower.replace(/es$/, '');
  if (/[^su]s$/.test(lower)) return lower.slice(0, -1);
  return lower;
}

/** Words that end in "s" after a subject without being a third-person verb. */
const NOT_VERBS = new Set([
  'always',
  'sometimes',
  'perhaps',
  'nowadays',
  'afterwards',
  'towards',
  'besides',
  'plus',
  'thus',
  'its',
  'this',
  'his',
  'hers',
  'ours',
  'yes',
  'less',
  'unless',
]);
const isThirdPersonVerb = (w: string) =>
  /^[a-z]+$/i.test(w) && (/^(is|has|does|was)$/i.test(w) || (/[^su]s$/i.test(w) && !NOT_VERBS.has(w.toLowerCase())));

/** "Sailed", "Studies", "Runs": a fragment of a description that starts with its verb, without a subject. */
const startsWithVerb = (w: string) => isThirdPersonVerb(w) || /^[A-Za-z]+ed$/.test(w);

/** Verbs a persona shares between clauses: "She fires her kiln, sells mugs and shares the studio". */
const SHARED_VERB_WORDS =
  'is are has does was likes loves lives works makes sells keeps runs teaches speaks spends shares grows knows enjoys mends fires plaits bakes gets tells studies guides writes reads plays sings paints cooks drinks walks swims visits helps hates wants needs collects restores fixes repairs says thinks believes feels prefers owns rides drives builds brews sews knits swears dreams'.split(
    ' ',
  );
const SHARED_VERBS = new RegExp(`^(?:${SHARED_VERB_WORDS.join('|')})$`);
/**
 * The same verbs as the card says them after "and" ("… and have forty hives", "… and make beeswax
 * candles"): where persona-facts.ts splits a card sentence into its facts.
 */
export const SHARED_VERBS_FIRST_PERSON: ReadonlySet<string> = new Set(
  SHARED_VERB_WORDS.filter((v) => !/^(?:is|are|was|does)$/.test(v)).map((v) => firstPersonVerb(v)),
);

/** "leads the dawn walks", "rents a boat": after "and", a verb of the third person before its object. */
const VERB_BEFORE_OBJECT = /^(?:[a-z]+(?<![su])s)\s+(?:the|a|an|my|his|her|their|our|its|\d)\b/;
/** A text ending with a name set off by a comma: ", Graça" of "His wife, Graça, sells…". */
const NAMED_BEFORE = /,\s*\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*$/u;

/** An adverb between the subject and its verb: "He now grows pears" → "I now grow pears", not "I now grows". */
const ADVERBS =
  '(?:now|still|also|often|always|usually|never|sometimes|really|just|mostly|only|rarely|seldom|even|already|regularly|occasionally|proudly|happily|secretly)';

/**
 * The character as a subject and its verb ("She has", "Odile sells" → "I have", "I sell"), then
 * each verb the clause shares after a comma or "and" ("… and has forty hives" → "and have").
 * The name is the subject only before a third-person verb: "Odile Varga, a beekeeper" stays.
 */
function rewriteSubjects(sentence: string, names: string): string {
  let s = sentence.replace(
    new RegExp(`(^|[^\\p{L}])(?:(${names})|(She|He|she|he))\\s+(${ADVERBS}\\s+)?(\\w+(?:n't)?)`, 'gu'),
    (m, lead: string, name: string | undefined, _pronoun: string | undefined, adverb: string | undefined, verb: string) => {
      if (name && (!isThirdPersonVerb(verb) || /\bam\s*$/.test(sentence.slice(0, sentence.indexOf(m) + lead.length)))) return m;
      return `${lead}I ${adverb ?? ''}${isThirdPersonVerb(verb) ? firstPersonVerb(verb) : verb}`;
    },
  );
  if (/\bI\b/.test(s))
    s = s.replace(
      new RegExp(`(,\\s*(?:and\\s+)?|\\s(?:and|but|or)\\s+)(${ADVERBS}\\s+)?([a-z]+)\\b`, 'g'),
      (m, joint: string, adverb: string | undefined, verb: string, at: number, whole: string) =>
        // "His wife, Graça, sells grilled fish": after a name set off by commas, the verb is the
        // name's; "with her cat, Moth, and plays the ukulele" goes on with the character's.
        (SHARED_VERBS.test(verb) || (joint.includes('and') && VERB_BEFORE_OBJECT.test(whole.slice(at + joint.length)))) &&
        !(!joint.includes('and') && NAMED_BEFORE.test(whole.slice(0, at)))
          ? `${joint}${adverb ?? ''}${firstPersonVerb(verb === 'are' ? 'is' : verb)}`
          : m,
    );
  return s;
}

/** Pronouns of the character (second or third person) → the first person. */
function rewritePronouns(sentence: string, forms: string): string {
  let s = sentence
    // The name as the subject of a sentence about the character: "Odile Varga is a beekeeper" → "I am Odile Varga, a beekeeper".
    .replace(new RegExp(`^(${forms})\\s+is\\s+(an?|the)\\s`, 'u'), 'I am $1, $2 ')
    .replace(/\byou are\b/gi, 'I am')
    .replace(/\byou(’|')re\b/gi, "I'm")
    .replace(/\byou were\b/gi, 'I was')
    .replace(/\byou(’|')(ve|ll|d)\b/gi, (_m, q: string, v: string) => `I${q}${v}`)
    .replace(/\byourself\b/gi, 'myself')
    .replace(/\byours\b/gi, 'mine')
    .replace(/\byour\b/gi, 'my')
    .replace(/\bYour\b/g, 'My')
    .replace(/\b(herself|himself)\b/gi, 'myself');
  // "you" is "I" as a subject (at the start, after a conjunction or a comma), "me" otherwise.
  s = s.replace(/(^|[,;]\s*|\b(?:and|but|or|so|because|when|while|if|that|who|where|as)\s+)you\b/gi, '$1I');
  s = s.replace(/\byou\b/gi, 'me');
  s = rewriteSubjects(s, forms);
  // The name as the owner: "Odile's hives" → "my hives".
  s = s.replace(new RegExp(`(^|[^\\p{L}])(?:${forms})(?:'s|’s)(?![\\p{L}])`, 'gu'), '$1my');
  // "her"/"his" before a word is "my"; "her" at the end of a clause is "me".
  s = s.replace(/\b(her|his)\b(?=\s+[\p{L}\d])(?!\s+(?:and|or|with|to|for|at|in|on|by|from)\b)/giu, (m) => (m[0] === 'H' ? 'My' : 'my'));
  s = s.replace(/\b(her|him)\b/gi, 'me');
  // A capital I after a rewrite at a sentence start ("I am"), and "my" opening a sentence.
  return s.replace(/^my\b/, 'My');
}

function sentenceOf(fragment: string): string {
  const t = fragment.trim();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
}

/** A fragment of a description with no subject: "lives there with her cat" → "I live there with my cat". */
function rewriteFragment(fragment: string, forms: string): string {
  let f = fragment.trim();
  // "now mends nets" → "I now mend nets"; "currently hunting a thief" → "I am currently hunting a thief".
  const adverb = /^(now|currently|still|also|often|usually|always|sometimes|mostly|rarely)\s+(\w+)/i.exec(f);
  if (adverb && isThirdPersonVerb(adverb[2]!))
    return rewritePronouns(`I ${adverb[1]!.toLowerCase()} ${firstPersonVerb(adverb[2]!)}${f.slice(adverb[0].length)}`, forms);
  if (adverb && /ing$/.test(adverb[2]!)) return rewritePronouns(`I am ${f[0]!.toLowerCase()}${f.slice(1)}`, forms);
  f = f.trim();
  const first = f.split(/\s+/)[0] ?? '';
  // The character's name is no verb: "Tobias Grün is a forester" read "Tobias" as "tobias" and
  // made "I tobia I am a forester" (any first name ending in "s": Lukas, Hans, Nils, James).
  const named = new RegExp(`^(?:${forms})(?![\\p{L}])`, 'u').test(f);
  if (!named && startsWithVerb(first) && !/^(?:[A-Z][a-z]+\s+){1}(?:of|and)\b/.test(f))
    return rewritePronouns(`I ${isThirdPersonVerb(first) ? firstPersonVerb(first) : first.toLowerCase()}${f.slice(first.length)}`, forms);
  // "Keeper of the Gull Rock lighthouse" → "I am the keeper of …"; "Famous for his risotto" → "I am famous for my risotto".
  if (/^[A-Z][a-z]+\s+(of|for|at|in)\b/.test(f) && !new RegExp(`^(?:${forms})\\b`, 'u').test(f))
    return rewritePronouns(
      `I am ${/\s+of\b/.test(f.split(/\s+/).slice(0, 2).join(' ')) ? 'the ' : ''}${first.toLowerCase()}${f.slice(first.length)}`,
      forms,
    );
  return rewritePronouns(f, forms);
}

/** A line of a bulleted card: "- Lives in: Galway" → "I live in Galway."; "- Job: runs a ramen counter" → "I run a ramen counter." */
function rewriteBullet(key: string, value: string, forms: string): string {
  const k = key.trim();
  const v = value.trim().replace(/[.;]$/, '');
  if (/^(full )?name$/i.test(k)) return `My name is ${v}.`;
  if (/^age$/i.test(k)) return /^\d+$/.test(v) ? `I am ${v} years old.` : `My age: ${v}.`;
  const firstWord = v.split(/\s+/)[0] ?? '';
  if (isThirdPersonVerb(firstWord) && !/^[A-Z]/.test(firstWord)) return sentenceOf(rewriteFragment(v, forms));
  const keyWords = k.split(/\s+/);
  if (isThirdPersonVerb(keyWords[0]!))
    return sentenceOf(
      `I ${firstPersonVerb(keyWords[0]!)}${keyWords.length > 1 ? ` ${keyWords.slice(1).join(' ').toLowerCase()}` : ''} ${rewritePronouns(v, forms)}`,
    );
  if (/^known for$/i.test(k)) return sentenceOf(`I am known for ${rewritePronouns(v, forms)}`);
  return sentenceOf(`My ${k.toLowerCase()}: ${rewritePronouns(v, forms)}`);
}

const BULLET = /^\s*(?:[-*•]|\d+[.)])\s*([^:\n]{1,40}):\s*(.+)$/;

function rewriteText(text: string, forms: string, card: string[], instructions: string[]): void {
  for (const line of text.split(/\n+/)) {
    const bullet = BULLET.exec(line);
    if (bullet) {
      card.push(rewriteBullet(bullet[1]!, bullet[2]!, forms));
      continue;
    }
    const plain = line.replace(/^\s*[-*•]\s*/, '').trim();
    if (!plain) continue;
    for (const sentence of plain.split(/(?<=[.!?])\s+(?=[A-Z"“])/)) {
      const fragments = sentence.split(/;\s*/);
      for (const fragment of fragments) {
        if (!fragment.trim()) continue;
        if (INSTRUCTION.test(fragment.trim())) instructions.push(sentenceOf(fragment));
        else card.push(sentenceOf(rewriteFragment(fragment, forms)));
      }
    }
  }
}

const cards = new BoundedCache<PersonaCard>();

/** The persona card of a character, made once per name and personality. */
export function personaCard(name: string, personality: Pick<Personality, 'systemPrompt' | 'description'>): PersonaCard {
  return cards.get(JSON.stringify([name, personality.systemPrompt, personality.description]), () => {
    const forms = nameForms(name).map(escapeRegExp).join('|');
    const card: string[] = [];
    const instructions: string[] = [];
    rewriteText(personality.systemPrompt, forms, card, instructions);
    rewriteText(personality.description, forms, card, instructions);
    return { card: card.join(' '), instructions };
  });
}

/**
 * The card addressed to the character, as a system message speaks: "I am Hazel, a potter in my
 * fifties" → "You are Hazel, a potter in your fifties". In the system turn a first-person card
 * reads as someone else talking: the 0.5B model then spoke of the character as the user ("You
 * fire your kiln every Friday.", "Sam's studio by the canal").
 */
export function addressed(card: string): string {
  return card
    .replace(/\bI am\b/g, 'You are')
    .replace(/\bI'm\b/g, "You're")
    .replace(/\bI was\b/g, 'You were')
    .replace(/\bI('ve|'ll|'d)\b/g, 'You$1')
    .replace(/\bam\b/g, 'are')
    .replace(/\bI\b/g, 'you')
    .replace(/(^|[.!?]\s+)you\b/g, '$1You')
    .replace(/\bmyself\b/g, 'yourself')
    .replace(/\bmine\b/g, 'yours')
    .replace(/\bMy\b/g, 'Your')
    .replace(/\bmy\b/g, 'your')
    .replace(/\bme\b/g, 'you');
}

/**
 * How the character says who it is, in a few words, from the card's first sentence: "I am Dr. Ada
 * Stone, an astronomer at the Kestrel Hill Observatory who …" → "I'm Dr. Ada Stone, an astronomer."
 * Short, so a reply that copies it recites nothing of the persona.
 */
export function introduction(name: string, card: string): string {
  const first = cardSentences(card)[0] ?? '';
  const appositive = new RegExp(`^I am ${escapeRegExp(name)},\\s+((?:an?|the)\\s+[^,.;!?]*)`, 'u').exec(first)?.[1] ?? '';
  const what = appositive
    .split(/\s+(?:at|in|on|from|who|that|which|with|for|of|and|by|near|outside|since)\b/)[0]!
    .split(/\s+/)
    .slice(0, 5)
    .join(' ');
  return what ? `I'm ${name}, ${what}.` : `I'm ${name}.`;
}
