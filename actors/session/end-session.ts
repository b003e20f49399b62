/**
 * The one way a session ends, whoever ends it: its actor (explicit end, idle timeout, supervisor
 * stop), the session client for a session no node runs (eviction, explicit end), or the node
 * that adopts a session it cannot recover (node_lost). The record closes at most once (the
 * update is conditional on `open`, in one transaction with the token revocation and the
 * session.ended event), so concurrent enders emit one session.ended between them; the capacity
 * slot is released in every case, by the reconciler when Redis was down at the time.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { LiveSession, type SessionEndReason } from '../../runtime/db/entities/live-session.js';
import type { SessionDeps } from './session-actor.js';

export type EndSessionDeps = Pick<SessionDeps, 'orm' | 'events' | 'capacity' | 'limiter' | 'credentials' | 'log'>;

/** Ends `session` with `reason` and returns it as it now is (closed). */
export async function endSession(deps: EndSessionDeps, session: LiveSession, reason: SessionEndReason): Promise<LiveSession> {
  const em = deps.orm.em.fork() as EntityManager;
  const endedAt = new Date();
  // One transaction: the record closes (only if still open), its browser tokens are revoked and
  // session.ended is recorded — all or nothing, so the event is recorded exactly once, whoever ends it.
  const outcome = await em.transactional(async (tx) => {
    const updated = await tx.nativeUpdate(LiveSession, { id: session.id, state: 'open' }, { state: 'closed', endReason: reason, endedAt });
    if (updated === 0) return undefined; // someone else ended it first and told the world
    const revoked = (await tx
      .getConnection()
      .execute('UPDATE session_tokens SET revoked_at = now() WHERE session_id = ? AND revoked_at IS NULL RETURNING id', [
        session.id,
      ])) as Array<{ id: string }>;
    const recorded = await deps.events.record(tx as EntityManager, {
      userId: session.userId,
      mode: session.mode,
      type: 'session.ended',
      data: { id: session.id, reason, endedAt: endedAt.toISOString(), turns: session.turns },
    });
    return { tokenIds: revoked.map((t) => t.id), deliveries: recorded.deliveries };
  });
  const closed = Object.assign(Object.create(LiveSession.prototype) as LiveSession, session, {
    state: 'closed',
    endReason: reason,
    endedAt,
  });
  deps.credentials.forget((p) => p.sessionId === session.id);
  if (outcome) await deps.events.dispatch(outcome.deliveries);
  // Redis: free the capacity slot and tell every node the tokens are revoked. If Redis is down this
  // is left to the reconciler (session-reconciler.ts), which finds closed sessions still counted.
  await releaseInRedis(deps, session.id, outcome?.tokenIds ?? []).catch((err: unknown) =>
    deps.log.warn({ err, sessionId: session.id }, 'could not release a closed session in Redis; the reconciler will'),
  );
  return closed;
}

/** The Redis half of ending a session: its capacity slot and its tokens' revocation markers. */
export async function releaseInRedis(deps: EndSessionDeps, sessionId: string, tokenIds: readonly string[]): Promise<void> {
  await Promise.all(tokenIds.map((id) => deps.limiter.markRevoked(id)));
  await deps.capacity.release(sessionId);
}

/**
 * Ends a session that no actor runs (unreachable, or unrecoverable on the adopting node): the
 * record closes, capacity is released, its tokens are revoked and session.ended is emitted —
 * never an orphan.
 */
export async function closeSessionRecord(deps: EndSessionDeps, sessionId: string, reason: SessionEndReason): Promise<void> {
  const session = await (deps.orm.em.fork() as EntityManager).findOne(LiveSession, { id: sessionId });
  if (session) await endSession(deps, session, reason);
  else await deps.capacity.release(sessionId);
}
