/**
 * Finishes what an outage interrupted, on every node that hosts sessions, every few seconds (each
 * step is idempotent, so several nodes doing it at once is harmless):
 *   - a closed session still counted against the cap (Redis was down when it ended): its slot is
 *     freed and its tokens' revocation markers are set;
 *   - an open session that no node hosts (its actor stopped because PostgreSQL was down, or its
 *     placement was lost): it is adopted here, so it answers again or, past its idle deadline,
 *     ends `idle` with its event — never left open and silent.
 * Not here: ending a session (end-session.ts), hosting (session-host.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EndSessionDeps } from './end-session.js';
import { releaseInRedis, type RevokedToken } from './end-session.js';

/** A session younger than this may still be between its row and its actor (create): left alone. */
const CREATE_GRACE_MS = 15_000;

export interface ReconcilerHost {
  /** Adopts an open session that no node hosts (claims its placement, recovers its state). */
  adoptUnplaced(sessionId: string): Promise<void>;
}

export class SessionReconciler {
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly deps: EndSessionDeps,
    private readonly host: ReconcilerHost,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async runOnce(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.freeClosedSessions();
      await this.adoptUnhosted();
    } catch (err) {
      // A dependency still down: the next pass tries again.
      this.deps.log.debug({ err }, 'session reconciliation deferred');
    } finally {
      this.running = false;
    }
  }

  private async freeClosedSessions(): Promise<void> {
    const counted = await this.deps.capacity.counted();
    if (counted.length === 0) return;
    const conn = (this.deps.orm.em.fork() as EntityManager).getConnection();
    const closed = (await conn.execute("SELECT id FROM live_sessions WHERE id IN (?) AND state = 'closed'", [
      counted.map((c) => c.id),
    ])) as Array<{ id: string }>;
    for (const { id } of closed) {
      const tokens = (await conn.execute('SELECT id, expires_at FROM session_tokens WHERE session_id = ? AND revoked_at IS NOT NULL', [
        id,
      ])) as RevokedToken[];
      await releaseInRedis(this.deps, id, tokens);
      this.deps.log.warn({ sessionId: id }, 'freed the capacity slot of a closed session (its end could not reach Redis)');
    }
  }

  private async adoptUnhosted(): Promise<void> {
    const conn = (this.deps.orm.em.fork() as EntityManager).getConnection();
    const open = (await conn.execute("SELECT id FROM live_sessions WHERE state = 'open' AND created_at < ? ORDER BY created_at LIMIT 200", [
      new Date(Date.now() - CREATE_GRACE_MS),
    ])) as Array<{ id: string }>;
    for (const { id } of open) await this.host.adoptUnplaced(id);
  }
}
