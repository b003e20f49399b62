/**
 * What a character's card is made into (its first-person card, its clauses), made once per card
 * rather than at every turn, and forgotten oldest first past `limit` entries so that many
 * characters on one node cannot grow it without bound.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly limit = 1000) {}

  /** The value kept for `key`, or `make()`'s, kept. */
  get(key: string, make: () => V): V {
    const known = this.entries.get(key);
    if (known !== undefined) return known;
    const made = make();
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, made);
    return made;
  }
}
