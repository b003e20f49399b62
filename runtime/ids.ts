/**
 * Identifiers and secrets. Public ids are prefixed (`usr_`, `key_`, …) so that a reader can tell
 * what an id names; secrets carry enough randomness that they can be stored as a plain SHA-256.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Encodes random bytes in base62 without modulo bias (rejection sampling). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export type IdPrefix = 'usr' | 'org' | 'key' | 'tok' | 'chr' | 'whk' | 'evt' | 'dlv' | 'ses' | 'mem' | 'vtk' | 'vwr' | 'vce';

/**
 * The grammar of a public id after its prefix: base62 only. New ids have 20 characters; up to 60
 * are read, so an id is never longer than 64. Nothing else (no space, dot, `*` or `>`) is ever part
 * of an id, which is what lets an id name a NATS subject token or key-value key as it is.
 */
export const ID_BODY_PATTERN = '[0-9A-Za-z]{1,60}';

/** The regular expression source of an id of one of `prefixes`: `^(?:ses)_[0-9A-Za-z]{1,60}$`. */
export function idPattern(...prefixes: IdPrefix[]): string {
  return `^(?:${prefixes.join('|')})_${ID_BODY_PATTERN}$`;
}

const ANY_ID = new RegExp(`^[a-z]{3}_${ID_BODY_PATTERN}$`);

/** Whether `value` has the shape of a public id (any prefix). */
export function isPublicId(value: string): boolean {
  return ANY_ID.test(value);
}

/** A new public id: `<prefix>_` followed by 20 base62 characters (~119 bits). */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(20)}`;
}

/** A new secret: the prefix followed by 32 base62 characters (~190 bits of randomness). */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBase62(32)}`;
}

export function sha256Hex(value: string): string {
  // One-shot: no Hash object per call (every authenticated request hashes its credential).
  return hash('sha256', value, 'hex');
}

/** Constant-time comparison of two hex digests of the same algorithm. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
