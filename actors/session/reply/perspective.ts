/**
 * Whose things the user's words are about, kept in the reply. The 0.5B model copies a question's
 * pronouns along with its nouns: "Do you bring anyone along on your crossings?" → "… along on your
 * crossings." (its own crossings), "Any advice for my first trip to Terschelling?" → "My first trip
 * to Terschelling was a success." (the user's trip, taken as its own). A sentence of the reply that
 * says "your <word>" after the user said "your <word>" means its own; one that says "my <word>
 * <word>" as the user did means theirs. A question back to the user is left as it is ("And what is
 * your favourite planet?").
 */

const WORD = "[\\p{L}'’-]+";

/** The reply's sentence with the user's "your …" as "my …" and the user's "my … …" as "your … …". */
export function perspectiveFor(userText: string): (sentence: string) => string {
  // Not "your name": "I'm Priyanka. What's your name?" may be answered "…Your name is Priyanka."
  const yours = new Set(
    [...userText.matchAll(new RegExp(`\\byour\\s+(${WORD})`, 'giu'))].map((m) => m[1]!.toLowerCase()).filter((w) => w !== 'name'),
  );
  const mine = new Set(
    [...userText.matchAll(new RegExp(`\\bmy\\s+(${WORD}\\s+${WORD})`, 'giu'))].map((m) => m[1]!.toLowerCase().replace(/\s+/g, ' ')),
  );
  if (yours.size === 0 && mine.size === 0) return (sentence) => sentence;
  const cased = (word: string, like: string) => (like[0] === like[0]!.toUpperCase() ? word[0]!.toUpperCase() + word.slice(1) : word);
  return (sentence) => {
    if (/\?\s*$/.test(sentence)) return sentence;
    return sentence
      .replace(new RegExp(`\\b(your)(\\s+)(${WORD})`, 'giu'), (m, pronoun: string, space: string, word: string) =>
        yours.has(word.toLowerCase()) ? `${cased('my', pronoun)}${space}${word}` : m,
      )
      .replace(
        new RegExp(`\\b(my)(\\s+)(${WORD})(\\s+)(${WORD})`, 'giu'),
        (m, pronoun: string, s1: string, w1: string, s2: string, w2: string) =>
          mine.has(`${w1} ${w2}`.toLowerCase()) ? `${cased('your', pronoun)}${s1}${w1}${s2}${w2}` : m,
      );
  };
}
