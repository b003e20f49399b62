/**
 * Words already said and the sentence they begin. A reply's opening words may be said before their
 * sentence is complete (the reply engine judges them, the frame pacer plays them), and the
 * sentence, when it comes, has to go on from them word for word. Words are the text's white-space
 * tokens, as a voice counts them.
 */

/** A sentence's marks after a word: where a sentence, or a clause, ends on the last word said. */
const MARKS_AFTER = /[.,;:!?…。！？，、]+["'”’)\]]*$/u;
/** Said words ending in a character or mark of a script written without spaces: the next word follows at once. */
const UNSPACED_END = /[\p{Script=Han}，、。！？：；]$/u;

export function wordsIn(text: string): string[] {
  return text.trim().split(/\s+/u).filter(Boolean);
}

export function wordCount(text: string): number {
  return wordsIn(text).length;
}

/** Whether `text` starts with the whole words of `start`. */
export function startsWithWords(text: string, start: string): boolean {
  const head = wordsIn(start);
  const words = wordsIn(text);
  return head.length > 0 && words.length >= head.length && head.every((w, i) => words[i] === w);
}

/**
 * Whether `sentence` goes on from the words `said`: it starts with them, the last of them perhaps
 * followed by a mark ("I teach the harp to children" said, "I teach the harp to children." come).
 */
export function goesOnFrom(sentence: string, said: string): boolean {
  // Chinese has no spaces between words: "从前，" said, "从前，周杰在河边钓鱼。" goes on from it.
  if (UNSPACED_END.test(said.trim()) && sentence.trimStart().startsWith(said.trim())) return true;
  const head = wordsIn(said);
  const words = wordsIn(sentence);
  const last = head.length - 1;
  return (
    head.length > 0 &&
    words.length >= head.length &&
    head.every((w, i) => words[i] === w || (i === last && words[i]!.replace(MARKS_AFTER, '') === w && !MARKS_AFTER.test(w)))
  );
}
