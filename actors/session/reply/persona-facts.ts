/**
 * The sentence of the persona card that a user line asks about, found by the words they share:
 * "What do you do every morning?" → "I polish the great lens every morning." The 0.5B default
 * seldom looks a fact up in its system message ("It's a happy morning!"); said right after the
 * question, it answers with it. Words only, no model: the same line always finds the same fact,
 * so the note it makes keeps the prompt cache (openai-engine.ts).
 */
import { cardSentences } from './persona-card.js';

const STOP = new Set(
  `what which who whom whose when where why how do does did done you your yours yourself are is was were be been being have has had
   the a an any some ever there here out about tell me my mine i and or but of to in on at for with from by can could would should will
   shall may might must like really very much many more most just also too so that this these those it its it's they them their we our
   us not no yes please thanks thank hello hi hey well now then than every all name call called say said know think get got make made
   real person people robot bot chatbot ai human something anything thing things one`.split(/\s+/),
);

/**
 * A long sentence's clauses, each one sentence ("I fire my kiln every Friday, sell mugs … and share
 * the studio with my old greyhound, Dot." → three; "I sing alto in a church choir on Thursdays and
 * walk my greyhound, Pepper." → two), so a note carries one fact, not the persona. A note of two
 * facts was copied whole, and the recital cut to the first (reply-guard.ts shortened()) kept the
 * choir where the greyhound was asked about.
 */
function clauses(sentence: string): string[] {
  return sentence
    .split(
      /,\s+(?:and\s+)?(?=(?!(?:a|an|the|who|which|that|whose|where|when|his|her|my|its|their|our)\s)[a-z]+\s)|;\s+|\s+and\s+(?=[a-z]+\s+(?:my|the|a|an|his|her|our|their)\s)/,
    )
    .map((c, i) => (i > 0 && /^[a-z]/.test(c) ? `I ${c}` : c).replace(/[,.;!?]*$/, '.'));
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

function contentStems(text: string, skip: Set<string>): Set<string> {
  const words = text.match(/[\p{L}\p{N}'’]+/gu) ?? [];
  return new Set(words.filter((w) => w.length >= 3 && !STOP.has(w.toLowerCase()) && !skip.has(w.toLowerCase())).map(stem));
}

/** The card's sentence sharing most content words with the line (the first of a tie), if any shares one. */
export function relevantFact(card: string, line: string, characterName: string): string | undefined {
  const skip = new Set(characterName.toLowerCase().split(/\s+/));
  const asked = contentStems(line, skip);
  for (const topic of [...asked]) for (const word of TOPICS[topic] ?? []) asked.add(stem(word));
  if (asked.size === 0) return undefined;
  let best: { sentence: string; shared: number } | undefined;
  for (const sentence of cardSentences(card).flatMap(clauses)) {
    const shared = [...contentStems(sentence, skip)].filter((s) => asked.has(s)).length;
    if (shared > 0 && (!best || shared > best.shared)) best = { sentence, shared };
  }
  return best?.sentence;
}
