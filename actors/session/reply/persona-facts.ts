/**
 * The sentence of the persona card that a user line asks about, found by the words they share:
 * "What do you do every morning?" → "I polish the great lens every morning." The 0.5B default
 * seldom looks a fact up in its system message ("It's a happy morning!"); said right after the
 * question, it answers with it. Words only, no model: the same line always finds the same fact,
 * so the note it makes keeps the prompt cache (openai-engine.ts).
 */
import { cardSentences, escapeRegExp, SHARED_VERBS_FIRST_PERSON } from './persona-card.js';

const STOP = new Set(
  `what which who whom whose when where why how do does did done you your yours yourself are is was were be been being have has had
   the a an any some ever there here out about tell me my mine i and or but of to in on at for with from by can could would should will
   shall may might must like really very much many more most just also too so that this these those it its it's they them their we our
   us not no yes please thanks thank hello hi hey well now then than every all name call called say said know think get got make made
   real person people robot bot chatbot ai human something anything thing things one before after never ever first again always`.split(
    /\s+/,
  ),
);

/** What starts a phrase of the clause before, not a clause of its own, after a comma ("…, in southern Hungary"). */
const NOT_A_VERB = '(?:a|an|the|who|which|that|whose|where|when|his|her|my|its|their|our|in|on|at|near|outside|from|with|for|of|by|to)\\s';
/** Where a card sentence's next clause starts: after a comma or semicolon, or "and" before a verb of the card or a verb and its object. */
const CLAUSE_BREAK = new RegExp(
  `,\\s+(?:and\\s+)?(?=(?!${NOT_A_VERB})[a-z]+\\s)|;\\s+|\\s+and\\s+(?=[a-z]+\\s+(?:my|the|a|an|his|her|our|their)\\s|(?:${[...SHARED_VERBS_FIRST_PERSON].join('|')})\\s)`,
);

/** Where a clause with a subject of its own starts: ", and I …", ", my son Tomek is …". */
const OWN_SUBJECT =
  /,?\s+(?:and|but)\s+(?=I\s)|,\s+(?:and\s+)?(?=(?:my|our)\s+[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]*)?\s+(?:is|was|are|were|has)\s)/u;

/**
 * A long sentence's clauses, each one sentence ("I fire my kiln every Friday, sell mugs … and share
 * the studio with my old greyhound, Dot." → three; "I sing alto in a church choir on Thursdays and
 * walk my greyhound, Pepper." → two; "I have kept bees for twenty-two years and have forty hives
 * …" → two), so a note carries one fact, not the persona. A note of two facts was copied whole,
 * and the recital cut to the first (reply-guard.ts shortened()) kept the choir where the greyhound
 * was asked about. Only a sentence whose subject is the character shares it with the clauses after
 * a comma or "and": "My neighbour's boy, Bence, helps me with the heavy frames." is one fact (split,
 * it made "I helps me with the heavy frames.").
 */
function clauses(sentence: string): string[] {
  // A clause with a subject of its own: "My wife, Graça, sells grilled fish…, and I play cards on
  // Sundays.", "I keep a flask of tea in my cab, my son Tomek is studying to become a vet, and…".
  const own = sentence.split(OWN_SUBJECT);
  if (own.length > 1) return own.map((c) => `${c[0]!.toUpperCase()}${c.slice(1)}`.replace(/[,.;!?]*$/, '.')).flatMap(clauses);
  if (!/^I(?:\s|'m|’m)/.test(sentence)) return namedClauses(sentence);
  return sentence
    .split(CLAUSE_BREAK)
    .map((c, i) => (i > 0 && /^[a-z]/.test(c) ? `I ${c}` : c).replace(/[,.;!?]*$/, '.'))
    .flatMap(namedClauses);
}

/**
 * "I tell bedtime stories about Pip, a small dragon who is afraid of the dark." → "I tell bedtime
 * stories about Pip, a small dragon." and "Pip is afraid of the dark.": what is told of someone
 * the persona names, as a fact of its own. Noted whole for "What is Pip afraid of?", the sentence
 * was copied ("I'm a bedtime story about Pip, a small dragon who is afraid of the dark."), and the
 * recital cut to its start (reply-guard.ts shortened()) left "I'm a bedtime story about Pip.".
 */
function namedClauses(clause: string): string[] {
  // Not the introduction: "I am Captain Vega, a retired sailor who…" is the character itself.
  if (/^I(?: am|'m|’m)\b/.test(clause)) return [clause];
  const m = /^(.*\b(\p{Lu}[\p{L}'’-]+),\s+(?:a|an|the|my|his|her)\s+[^,;]*?)\s+who\s+([^,;]+)\.$/u.exec(clause);
  return m ? [`${m[1]}.`, `${m[2]} ${m[3]}.`] : [clause];
}

/** A word's stem, enough for "lives"/"living"/"live" and "fires"/"fire" to meet. */
function stem(word: string): string {
  const w = word.toLowerCase().replace(/['’]s$/, '');
  for (const suffix of ['ing', 'ies', 'ed', 'es', 's', 'e'])
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) return w.slice(0, -suffix.length);
  return w;
}

const ANIMALS = 'dog cat canary parrot bird greyhound collie rabbit hamster fish horse tortoise'.split(' ');
const FAMILY = 'wife husband son daughter nephew niece granddaughter grandson brother sister mother father children child'.split(' ');
/**
 * What a persona names where a user asks by the general word: "Do you have any pets?" is about the
 * canary of "He keeps a canary named Fado in the shop" (a walk-through, answered "I do not have any
 * pets." with no note). Stems, as stem() makes them.
 */
const TOPICS: Record<string, string[]> = {
  pet: [...ANIMALS, 'puppy', 'kitten'],
  animal: [...ANIMALS, 'bee'],
  family: FAMILY,
  // "Who keeps you company up there?" is about the dog of "… with her dog, Kuro" (a walk-through).
  company: [...FAMILY, ...ANIMALS],
  alone: [...FAMILY, ...ANIMALS],
};
/** Topics asking for what is its own: its pets, its company. */
const OWNED_TOPICS = new Set(['pet', 'company', 'alone']);
const OWNED_ANIMAL = new RegExp(`\\bmy\\s+(?:[a-z]+\\s+)?(?:${ANIMALS.join('|')})\\b`);
/** "What do you do for a living?", "What's your job?", "What work do you do?" (not "Where do you sell your work?"). */
const ASKS_ITS_WORK =
  /\bfor a living\b|\bwhere do you work\b|\bwhat(?:'s|’s| is) your (?:job|work|profession|trade|occupation)\b|\bwhat (?:work|job) do you\b|\bwhat do you do for work\b/i;
/**
 * "How long have you kept the lighthouse?" is about "…the Gull Rock lighthouse for thirty years",
 * not about the introduction's "lighthouse keeper", the first of the tie before.
 */
const HOW_LONG = /\bhow long\b/i;
/**
 * "Why is the sky dark at night?": a question of the world, not of the character, which no fact of
 * the card answers. By its words the astronomer's introduction ("… explaining the night sky") was
 * noted, and copied as the answer.
 */
const ASKS_WHY_OF_THE_WORLD = /^\W*why\b(?![^?]*\b(?:you|your|yours|yourself)\b)/i;
const SPANS = ['years', 'months', 'decades', 'since'];

/** English's topics and those of other languages, each keyed by its word's stem, their words together where two share a stem. */
function withTopics(others: ReadonlyArray<Readonly<Record<string, readonly string[]>>>): Record<string, string[]> {
  const all: Record<string, string[]> = { ...TOPICS };
  for (const topics of others)
    for (const [word, words] of Object.entries(topics)) {
      const key = stem(word);
      all[key] = [...(all[key] ?? []), ...words];
    }
  return all;
}

function contentStems(text: string, skip: Set<string>, stop: ReadonlySet<string> = STOP): Set<string> {
  const words = text.match(/[\p{L}\p{N}'’]+/gu) ?? [];
  return new Set(words.filter((w) => w.length >= 3 && !stop.has(w.toLowerCase()) && !skip.has(w.toLowerCase())).map(stem));
}

/**
 * The card's sentence sharing most content words with the line (the first of a tie), if one shares
 * `minShared` or more. The card's introduction is noted without the name ("I am a retired clock
 * restorer in Whitby…" for "What was your job before you retired?"): with it, the 0.5B default
 * answered "I'm Pearl." to three turns of a conversation, each refused and the last spoken anyway.
 */
export function relevantFact(
  card: string,
  line: string,
  characterName: string,
  minShared = 1,
  /** Function words of other languages, left out too: a persona or line in Spanish shares "por" and "la" with anything. */
  otherStopWords?: ReadonlySet<string>,
  /** Topics of other languages (LanguagePack.topics), beside English's: "¿Tienes animales?" finds the card's "perro". */
  otherTopics?: ReadonlyArray<Readonly<Record<string, readonly string[]>>>,
): string | undefined {
  if (ASKS_WHY_OF_THE_WORLD.test(line)) return undefined;
  const skip = new Set(characterName.toLowerCase().split(/\s+/));
  const stop = otherStopWords ? new Set([...STOP, ...otherStopWords]) : STOP;
  const asked = contentStems(line, skip, stop);
  const named = otherTopics?.length ? withTopics(otherTopics) : TOPICS;
  const topics = [...asked].filter((topic) => named[topic]);
  for (const topic of topics) for (const word of named[topic]!) asked.add(stem(word));
  if (HOW_LONG.test(line)) for (const word of SPANS) asked.add(stem(word));
  if (asked.size === 0) return undefined;
  const introduction = new RegExp(`^(I am|I'm|I’m) ${escapeRegExp(characterName)}, (?=(?:a|an|the) )`, 'u');
  // Asked its work, the introduction tells it ("I am a forester in the Black Forest…"): by words,
  // "What do you do for a living?" found "I live in a timber house." in a walk-through.
  const opening = cardSentences(card)[0];
  if (ASKS_ITS_WORK.test(line) && opening && introduction.test(opening)) return opening.replace(introduction, 'I am ');
  let best: { sentence: string; shared: number } | undefined;
  const ofItsOwn = topics.some((t) => OWNED_TOPICS.has(t));
  for (const sentence of cardSentences(card).flatMap(clauses)) {
    // Asked for its pets, "my cat, Moth" rather than the birds a ranger counts: half a word more.
    const owned = ofItsOwn && OWNED_ANIMAL.test(sentence) ? 0.5 : 0;
    const shared = [...contentStems(sentence, skip, stop)].filter((s) => asked.has(s)).length + owned;
    if (shared >= minShared && (!best || shared > best.shared)) best = { sentence, shared };
  }
  return best?.sentence.replace(introduction, 'I am ');
}
