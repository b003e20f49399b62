/**
 * Admission control for key-authenticated calls, in one Redis round trip: revocation, the
 * per-key rate window, the per-key daily quota and the account's (or organisation's) monthly
 * allowance are checked together by a Lua script, and the counters are incremented only when all
 * of them admit the call. Redis runs scripts one at a time, so 50 concurrent calls against an
 * allowance of 10 admit exactly 10, on any number of nodes; a refused call is never counted.
 * Concurrent calls of one credential on one node share a script run (see admit()).
 */
import type { Redis, Result } from 'ioredis';
import type { Mode } from '../db/entities/credentials.js';

const ADMIT_SCRIPT = `
-- Admits up to ARGV[7] calls of one credential at once (the calls a node received in one turn of
-- its event loop): as many as every limit still allows, counted together; the rest are refused.
-- KEYS: 1 rate window, 2 daily count, 3 monthly count, 4 revoked marker, 5 parent key's revoked marker
-- ARGV: 1 rate limit, 2 rate ttl s, 3 daily quota, 4 daily ttl s, 5 monthly allowance (-1 = none),
--       6 monthly ttl s, 7 calls
-- Returns {verdict of the refused calls, calls admitted, rate, daily, monthly counts before them}.
local rate = tonumber(redis.call('GET', KEYS[1]) or '0')
local daily = tonumber(redis.call('GET', KEYS[2]) or '0')
local monthly = tonumber(redis.call('GET', KEYS[3]) or '0')
if redis.call('EXISTS', KEYS[4]) == 1 or redis.call('EXISTS', KEYS[5]) == 1 then
  return {1, 0, rate, daily, monthly}
end
local rateLimit = tonumber(ARGV[1])
local dailyQuota = tonumber(ARGV[3])
local allowance = tonumber(ARGV[5])
local admitted = math.min(tonumber(ARGV[7]), rateLimit - rate, dailyQuota - daily)
if allowance >= 0 then admitted = math.min(admitted, allowance - monthly) end
if admitted < 0 then admitted = 0 end
local verdict = 0
if rate + admitted >= rateLimit then verdict = 2
elseif daily + admitted >= dailyQuota then verdict = 3
elseif allowance >= 0 and monthly + admitted >= allowance then verdict = 4
end
if admitted > 0 then
  redis.call('INCRBY', KEYS[1], admitted)
  if rate == 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
  redis.call('INCRBY', KEYS[2], admitted)
  if daily == 0 then redis.call('EXPIRE', KEYS[2], ARGV[4]) end
  redis.call('INCRBY', KEYS[3], admitted)
  if monthly == 0 then redis.call('EXPIRE', KEYS[3], ARGV[6]) end
end
return {verdict, admitted, rate, daily, monthly}
`;

const WINDOW_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    companionAdmit(...args: Array<string | number>): Result<number[], Context>;
    companionWindow(key: string, ttlS: number): Result<number, Context>;
  }
}

export type Verdict = 'admitted' | 'revoked' | 'rate_limited' | 'daily_quota_exceeded' | 'monthly_allowance_exhausted';
const VERDICTS: Verdict[] = ['admitted', 'revoked', 'rate_limited', 'daily_quota_exceeded', 'monthly_allowance_exhausted'];

export interface AdmissionRequest {
  /** The credential used (key id, or st_ token id) and the key whose limits apply. */
  credentialId: string;
  keyId: string;
  mode: Mode;
  /** Whose monthly allowance is spent: the organisation of the key, or its user. */
  allowanceSubject: string;
  requestsPerMinute: number;
  dailyQuota: number;
  monthlyAllowance: number | null;
}

interface AdmissionBatch {
  req: AdmissionRequest;
  now: Date;
  keys: readonly [string, string, string, string, string];
  waiters: Array<{ resolve: (admission: Admission) => void; reject: (err: unknown) => void }>;
}

interface AdmissionKeys {
  req: AdmissionRequest;
  keys: AdmissionBatch['keys'];
  /** Calls with the same id share a script run. */
  id: string;
}

function sameLimits(a: AdmissionRequest, b: AdmissionRequest): boolean {
  return (
    a.keyId === b.keyId &&
    a.mode === b.mode &&
    a.allowanceSubject === b.allowanceSubject &&
    a.requestsPerMinute === b.requestsPerMinute &&
    a.dailyQuota === b.dailyQuota &&
    a.monthlyAllowance === b.monthlyAllowance
  );
}

export interface Admission {
  verdict: Verdict;
  rate: { limit: number; remaining: number; resetS: number };
  daily: { limit: number; remaining: number; resetS: number };
  monthly: { limit: number | null; used: number; resetS: number };
}

const REVOKED_MARKER_TTL_S = 24 * 3600;
const REVOKED_MARKER_CLOCK_MARGIN_S = 60;

export function monthKey(now: Date): string {
  return `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

function dayKey(now: Date): string {
  return `${monthKey(now)}${String(now.getUTCDate()).padStart(2, '0')}`;
}

function secondsUntilNextDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export function secondsUntilNextMonth(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export function monthlyUsageKey(subject: string, mode: Mode, now: Date): string {
  return `cmp:mq:${subject}:${mode}:${monthKey(now)}`;
}

export class Limiter {
  constructor(private readonly redis: Redis) {
    redis.defineCommand('companionAdmit', { numberOfKeys: 5, lua: ADMIT_SCRIPT });
    redis.defineCommand('companionWindow', { numberOfKeys: 1, lua: WINDOW_SCRIPT });
  }

  /**
   * Admits one call, or refuses it with the first limit it meets. Calls of the same credential
   * that arrive in the same turn of the event loop share one script run (one round trip, one
   * evaluation in Redis, instead of one each); the script admits as many of them as the limits
   * allow, in arrival order, so admission stays exact across nodes.
   */
  admit(req: AdmissionRequest, now = new Date()): Promise<Admission> {
    const { keys, id } = this.keysOf(req, now);
    let batch = this.batches.get(id);
    if (!batch) {
      batch = { req, now, keys, waiters: [] };
      this.batches.set(id, batch);
      if (this.batches.size === 1) setImmediate(this.runBatches);
    }
    return new Promise((resolve, reject) => batch.waiters.push({ resolve, reject }));
  }

  /**
   * A credential's counter keys and batch id, made once a minute rather than per call (about 1 µs:
   * the UTC date parts and six strings). A day and a month turn over on a minute boundary too.
   */
  private keysOf(req: AdmissionRequest, now: Date): AdmissionKeys {
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== this.keysMinute) {
      this.keysByCredential.clear();
      this.keysMinute = minute;
    }
    const known = this.keysByCredential.get(req.credentialId);
    if (known && sameLimits(known.req, req)) return known;
    const keys = [
      `cmp:rl:${req.keyId}:${minute}`,
      `cmp:dq:${req.keyId}:${dayKey(now)}`,
      monthlyUsageKey(req.allowanceSubject, req.mode, now),
      `cmp:revoked:${req.credentialId}`,
      `cmp:revoked:${req.keyId}`,
    ] as const;
    const made = { req, keys, id: `${keys.join(' ')} ${req.requestsPerMinute} ${req.dailyQuota} ${req.monthlyAllowance}` };
    this.keysByCredential.set(req.credentialId, made);
    return made;
  }

  private readonly keysByCredential = new Map<string, AdmissionKeys>();
  private keysMinute = -1;

  private readonly batches = new Map<string, AdmissionBatch>();

  private readonly runBatches = (): void => {
    const batches = [...this.batches.values()];
    this.batches.clear();
    for (const batch of batches) void this.runBatch(batch);
  };

  private async runBatch({ req, now, keys, waiters }: AdmissionBatch): Promise<void> {
    const rateResetS = Math.max(1, 60 - now.getUTCSeconds());
    const dailyResetS = secondsUntilNextDay(now);
    const monthlyResetS = secondsUntilNextMonth(now);
    let answer: number[];
    try {
      answer = await this.redis.companionAdmit(
        ...keys,
        req.requestsPerMinute,
        120,
        req.dailyQuota,
        dailyResetS + 3600,
        req.monthlyAllowance ?? -1,
        monthlyResetS + 7 * 86_400,
        waiters.length,
      );
    } catch (err) {
      for (const waiter of waiters) waiter.reject(err);
      return;
    }
    const [refusal = 1, admitted = 0, rate = 0, daily = 0, monthly = 0] = answer;
    waiters.forEach((waiter, i) => {
      // The i-th admitted call sees the counters with itself counted; a refused one, all admitted calls.
      const counted = i < admitted ? i + 1 : admitted;
      waiter.resolve({
        verdict: i < admitted ? 'admitted' : (VERDICTS[refusal] ?? 'revoked'),
        rate: { limit: req.requestsPerMinute, remaining: Math.max(0, req.requestsPerMinute - rate - counted), resetS: rateResetS },
        daily: { limit: req.dailyQuota, remaining: Math.max(0, req.dailyQuota - daily - counted), resetS: dailyResetS },
        monthly: { limit: req.monthlyAllowance, used: monthly + counted, resetS: monthlyResetS },
      });
    });
  }

  /** Fixed one-minute window per client address, for the public routes. */
  async admitPublic(
    bucket: string,
    ip: string,
    perMinute: number,
    now = new Date(),
  ): Promise<{ admitted: boolean; remaining: number; resetS: number }> {
    const minute = Math.floor(now.getTime() / 60_000);
    const count = await this.redis.companionWindow(`cmp:ip:${bucket}:${ip}:${minute}`, 120);
    return { admitted: count <= perMinute, remaining: Math.max(0, perMinute - count), resetS: Math.max(1, 60 - now.getUTCSeconds()) };
  }

  /** Marks a credential revoked for every node at once (their caches are bypassed by admit()). */
  async markRevoked(credentialId: string, ttlS = REVOKED_MARKER_TTL_S): Promise<void> {
    await this.redis.set(`cmp:revoked:${credentialId}`, '1', 'EX', ttlS);
  }

  /**
   * Marks a credential that expires at `expiresAt` revoked: the marker is needed only until then
   * (a node refuses an expired credential, cached or not), plus a minute for clocks that differ
   * between nodes. Session and viewer tokens live 15 minutes by default; a marker kept for the full
   * day would leave Redis a key per ended token, 96 times as many as needed under steady traffic.
   */
  async markRevokedUntil(credentialId: string, expiresAt: Date, now = Date.now()): Promise<void> {
    const ttlS = Math.ceil((expiresAt.getTime() - now) / 1000) + REVOKED_MARKER_CLOCK_MARGIN_S;
    await this.markRevoked(credentialId, Math.min(REVOKED_MARKER_TTL_S, Math.max(REVOKED_MARKER_CLOCK_MARGIN_S, ttlS)));
  }

  /**
   * Every key this module keeps for an account (erasure): the monthly counters of its allowance
   * subjects, the rate and daily counters of its keys, and the revocation markers of its
   * credentials. Markers are listed apart: they must outlive the erasure until they expire.
   */
  async accountKeys(account: {
    allowanceSubjects: string[];
    keyIds: string[];
    credentialIds: string[];
  }): Promise<{ counters: string[]; revocationMarkers: string[] }> {
    const counters = await this.scan([
      ...account.allowanceSubjects.map((id) => `cmp:mq:${id}:*`),
      ...account.keyIds.flatMap((id) => [`cmp:dq:${id}:*`, `cmp:rl:${id}:*`]),
    ]);
    const markers = await this.scan(account.credentialIds.map((id) => `cmp:revoked:${id}`));
    return { counters, revocationMarkers: markers };
  }

  /** Deletes counters listed by accountKeys(). */
  async deleteCounters(keys: string[]): Promise<void> {
    if (keys.length) await this.redis.del(...keys);
  }

  private async scan(patterns: string[]): Promise<string[]> {
    const keys = new Set<string>();
    for (const match of patterns) {
      let cursor = '0';
      do {
        const [next, batch] = await this.redis.scan(cursor, 'MATCH', match, 'COUNT', 500);
        cursor = next;
        for (const key of batch) keys.add(key);
      } while (cursor !== '0');
    }
    return [...keys];
  }

  async monthlyUsage(subject: string, mode: Mode, now = new Date()): Promise<number> {
    return Number((await this.redis.get(monthlyUsageKey(subject, mode, now))) ?? 0);
  }
}
