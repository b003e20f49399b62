/**
 * Records every credentialed API call (key, route template, method, status, latency, time) off
 * the request path. Calls are gathered in memory per (key, organisation, method, route) and
 * written in batches, one row per group holding its calls' statuses, latencies and times as
 * arrays (table usage_batches): PostgreSQL stores one row per group and write instead of one per
 * call, and analytics still see every call. `close()` writes whatever is buffered, so a graceful
 * shutdown loses nothing; a hard crash loses at most one flush interval. A failed write is kept
 * and retried with the next one (bounded, oldest groups dropped first, with an error log saying
 * how many calls).
 */
import type { Logger } from 'pino';
import type { Orm } from '../db/orm.js';
import type { Mode } from '../db/entities/credentials.js';

export interface UsageRecord {
  keyId: string;
  userId: string;
  organizationId: string | null;
  mode: Mode;
  method: string;
  route: string;
  status: number;
  latencyMs: number;
  /** When the response was sent, epoch milliseconds. */
  at: number;
}

/** The calls of one key on one route since the last write. */
interface UsageGroup extends Pick<UsageRecord, 'keyId' | 'userId' | 'organizationId' | 'mode' | 'method' | 'route'> {
  statuses: number[];
  latenciesMs: number[];
  at: number[];
}

const MAX_BUFFERED = 100_000;
/** Groups per INSERT statement. */
const GROUPS_PER_STATEMENT = 1000;

export class UsageRecorder {
  /** Groups still taking calls, by key, organisation, method and route. */
  private open = new Map<string, UsageGroup>();
  /** Groups closed for writing (or kept after a failed write), oldest first. */
  private queue: UsageGroup[] = [];
  private calls = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly orm: Orm,
    private readonly log: Logger,
    private readonly flushIntervalMs: number,
    private readonly batchMax: number,
  ) {
    this.timer = setInterval(() => void this.flush(), flushIntervalMs);
    this.timer.unref();
  }

  /** Calls recorded and not yet written. */
  get pending(): number {
    return this.calls;
  }

  record(call: UsageRecord): void {
    const id = `${call.keyId}\n${call.organizationId ?? ''}\n${call.method}\n${call.route}`;
    let group = this.open.get(id);
    if (!group) {
      group = {
        keyId: call.keyId,
        userId: call.userId,
        organizationId: call.organizationId,
        mode: call.mode,
        method: call.method,
        route: call.route,
        statuses: [],
        latenciesMs: [],
        at: [],
      };
      this.open.set(id, group);
    }
    group.statuses.push(call.status);
    group.latenciesMs.push(call.latencyMs);
    group.at.push(call.at);
    this.calls++;
    if (this.calls > MAX_BUFFERED) this.dropOldest();
    if (this.calls >= this.batchMax && !this.flushing) void this.flush();
  }

  private dropOldest(): void {
    this.closeOpenGroups();
    let dropped = 0;
    while (this.calls > MAX_BUFFERED && this.queue.length > 0) {
      const oldest = this.queue[0]!;
      const n = Math.min(oldest.at.length, this.calls - MAX_BUFFERED);
      for (const column of [oldest.statuses, oldest.latenciesMs, oldest.at]) column.splice(0, n);
      if (oldest.at.length === 0) this.queue.shift();
      this.calls -= n;
      dropped += n;
    }
    this.log.error({ dropped }, 'usage buffer full: dropped the oldest records');
  }

  private closeOpenGroups(): void {
    if (this.open.size === 0) return;
    for (const group of this.open.values()) this.queue.push(group);
    this.open = new Map();
  }

  /** Writes everything buffered so far; concurrent callers share one write. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.calls === 0) return;
    this.flushing = this.writeAll().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  private async writeAll(): Promise<void> {
    this.closeOpenGroups();
    while (this.queue.length > 0) {
      const groups = this.queue.splice(0, GROUPS_PER_STATEMENT);
      try {
        await this.insert(groups);
      } catch (err) {
        this.queue.unshift(...groups);
        this.log.error({ err, pending: this.calls }, 'usage write failed; will retry');
        return;
      }
      for (const group of groups) this.calls -= group.at.length;
    }
  }

  private async insert(groups: UsageGroup[]): Promise<void> {
    const rows = groups.map(({ at, ...group }) => {
      let first = at[0]!;
      let last = first;
      for (const t of at) {
        if (t < first) first = t;
        if (t > last) last = t;
      }
      return { ...group, firstAt: new Date(first), lastAt: new Date(last), offsetsMs: at.map((t) => t - first) };
    });
    const knex = this.orm.em.getConnection().getKnex();
    // The groups travel as one JSON parameter, which PostgreSQL parses in C (arrays included).
    await knex.raw(
      // Rows of an account erased meanwhile (its last calls may still be buffered) are dropped. The
      // key-share lock on the user row makes an erasure that deletes it wait for this insert to
      // commit (its next statement then deletes these rows too), and this insert wait for an
      // erasure in progress (it then finds no user): no row outlives its account.
      `INSERT INTO usage_batches (key_id, user_id, organization_id, mode, method, route, calls, first_at, last_at,
                                  statuses, latencies_ms, offsets_ms)
       SELECT b."keyId", b."userId", b."organizationId", b.mode, b.method, b.route, cardinality(b.statuses), b."firstAt",
              b."lastAt", b.statuses, b."latenciesMs", b."offsetsMs"
         FROM json_to_recordset(?::json) AS b("keyId" text, "userId" text, "organizationId" text, mode text, method text,
              route text, "firstAt" timestamptz, "lastAt" timestamptz, statuses smallint[], "latenciesMs" real[],
              "offsetsMs" integer[])
        WHERE EXISTS (SELECT 1 FROM users WHERE users.id = b."userId" FOR KEY SHARE)`,
      [JSON.stringify(rows)],
    );
    // One statement per write keeps each key's last_used_at current without a write per call.
    const lastUse = new Map<string, number>();
    for (const r of rows) lastUse.set(r.keyId, Math.max(lastUse.get(r.keyId) ?? 0, r.lastAt.getTime()));
    await knex.raw(
      `UPDATE api_keys SET last_used_at = GREATEST(coalesce(last_used_at, 'epoch'), v.at)
         FROM unnest(?::text[], ?::timestamptz[]) AS v(id, at) WHERE api_keys.id = v.id`,
      [[...lastUse.keys()], [...lastUse.values()].map((ms) => new Date(ms).toISOString())] as never,
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    await this.flush();
    if (this.calls > 0) this.log.error({ lost: this.calls }, 'usage records could not be written at shutdown');
  }
}
