/** Comparing what a transcriber heard with what was said, word by word. */

export const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** Share of `expected`'s words found in `heard` (a transcriber may differ on a word or two). */
export function wordRecall(expected: string, heard: string): number {
  const said = new Set(words(heard));
  const want = words(expected);
  return want.filter((w) => said.has(w)).length / want.length;
}
