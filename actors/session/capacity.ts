/**
 * The deployment-wide cap on open sessions, enforced atomically in Redis (a sorted set of open
 * session ids scored by last activity), so concurrent creates on any number of nodes never
 * exceed it. When full, the policy either refuses or evicts the longest-idle session.
 */
import type { Redis, Result } from 'ioredis';

const KEY = 'cmp:sessions:open';

const ADMIT = `
-- KEYS[1] open set; ARGV: 1 session id, 2 now ms, 3 capacity, 4 policy (refuse|evict_idle)
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then return {1, ''} end
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
  return {1, ''}
end
if ARGV[4] == 'evict_idle' then
  local victim = redis.call('ZRANGE', KEYS[1], 0, 0)[1]
  redis.call('ZREM', KEYS[1], victim)
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
  return {2, victim}
end
return {0, ''}
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    companionSessionAdmit(key: string, id: string, nowMs: number, capacity: number, policy: string): Result<[number, string], Context>;
  }
}

export type Admission = { admitted: true; evicted: string | null } | { admitted: false };

export class SessionCapacity {
  constructor(
    private readonly redis: Redis,
    private readonly capacity: number,
    private readonly policy: 'refuse' | 'evict_idle',
  ) {
    redis.defineCommand('companionSessionAdmit', { numberOfKeys: 1, lua: ADMIT });
  }

  async admit(sessionId: string): Promise<Admission> {
    const [verdict, victim] = await this.redis.companionSessionAdmit(KEY, sessionId, Date.now(), this.capacity, this.policy);
    if (verdict === 0) return { admitted: false };
    return { admitted: true, evicted: verdict === 2 ? victim : null };
  }

  async touch(sessionId: string): Promise<void> {
    await this.redis.zadd(KEY, 'XX', Date.now(), sessionId);
  }

  async release(sessionId: string): Promise<void> {
    await this.redis.zrem(KEY, sessionId);
  }

  /** The sessions counted now, each with when it was admitted or last active (ms). */
  async counted(): Promise<Array<{ id: string; scoreMs: number }>> {
    const flat = await this.redis.zrange(KEY, 0, -1, 'WITHSCORES');
    const out: Array<{ id: string; scoreMs: number }> = [];
    for (let i = 0; i + 1 < flat.length; i += 2) out.push({ id: flat[i]!, scoreMs: Number(flat[i + 1]) });
    return out;
  }
}
