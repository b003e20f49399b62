/**
 * Records every credentialed API call (key, route template, method, status, latency) off the
 * request path: calls are buffered in memory and written in batches. `close()` writes whatever
 * is buffered, so a graceful shutdown loses nothing; a hard crash loses at most one flush
 * interval. A failed write is kept and retried with the next batch (bounded, oldest dropped
 * first, with an error log saying how many).
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
  createdAt: Date;
}

const MAX_BUFFERED = 100_000;

export class UsageRecorder {
  private buffer: UsageRecord[] = [];
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

  get pending(): number {
    return this.buffer.length;
  }

  record(entry: UsageRecord): void {
    this.buffer.push(entry);
    if (this.buffer.length > MAX_BUFFERED) {
      const dropped = this.buffer.length - MAX_BUFFERED;
      this.buffer.splice(0, dropped);
      this.log.error({ dropped }, 'usage buffer full: dropped the oldest records');
    }
    if (this.buffer.length >= this.batchMax && !this.flushing) void this.flush();
  }

  /** Writes everything buffered so far; concurrent callers share one write. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.buffer.length === 0) return;
    this.flushing = this.writeAll().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  private async writeAll(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, this.batchMax);
      try {
        await this.insert(batch);
      } catch (err) {
        this.buffer.unshift(...batch);
        this.log.error({ err, pending: this.buffer.length }, 'usage write failed; will retry');
        return;
      }
    }
  }

  private async insert(batch: UsageRecord[]): Promise<void> {
    const knex = this.orm.em.getConnection().getKnex();
    // The batch travels as one JSON parameter: V8 serialises it natively and PostgreSQL parses it
    // in C, where one array per column cost the request path a JavaScript escape of every value.
    await knex.raw(
      // Rows of an account erased meanwhile (its last calls may still be buffered) are dropped. The
      // key-share lock on the user row makes an erasure that deletes it wait for this insert to
      // commit (its next statement then deletes these rows too), and this insert wait for an
      // erasure in progress (it then finds no user): no row outlives its account.
      `INSERT INTO usage_events (key_id, user_id, organization_id, mode, method, route, status, latency_ms, created_at)
       SELECT u."keyId", u."userId", u."organizationId", u.mode, u.method, u.route, u.status, u."latencyMs", u."createdAt"
         FROM json_to_recordset(?::json) AS u("keyId" text, "userId" text, "organizationId" text, mode text, method text,
              route text, status smallint, "latencyMs" real, "createdAt" timestamptz)
        WHERE EXISTS (SELECT 1 FROM users WHERE users.id = u."userId" FOR KEY SHARE)`,
      [JSON.stringify(batch)],
    );
    // One statement per batch keeps each key's last_used_at current without a write per call.
    const lastUse = new Map<string, number>();
    for (const r of batch) lastUse.set(r.keyId, Math.max(lastUse.get(r.keyId) ?? 0, r.createdAt.getTime()));
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
    if (this.buffer.length > 0) this.log.error({ lost: this.buffer.length }, 'usage records could not be written at shutdown');
  }
}
