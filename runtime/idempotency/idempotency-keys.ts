/**
 * Where the kept answers of Idempotency-Key calls live in Redis (written by
^ * the HTTP layer's idempotency plugin): one key per account, mode and client key, under
 * `cmp:idem:<userId>:<mode>:`. Account erasure finds and deletes them here.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export function idempotencyRedisKey(userId: string, mode: string, key: string): string {
  return `cmp:idem:${userId}:${mode}:${createHash('sha256').update(key).digest('base64url')}`;
}

/** Every kept answer of the account, both modes. */
export async function accountIdempotencyKeys(redis: Redis, userId: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `cmp:idem:${userId}:*`, 'COUNT', 500);
    found.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return found;
}
