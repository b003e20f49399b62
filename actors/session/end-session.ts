/**
 * The one way a session ends, whoever ends it: its actor (explicit end, idle timeout, supervisor
 * stop), the session client for a session no node runs (eviction, explicit end), or the node
 * that adopts a session it cannot recover (node_lost). The record closes at most once (the
 * update is conditional on `open`), so concurrent enders emit one session.ended between them;
 * the capacity slot is released in every case.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { LiveSession, type SessionEndReason } from '../../runtime/db/entities/live-session.js';
import type { SessionDeps } from './session-actor.js';

export type EndSessionDeps = Pick<SessionDeps, 'orm' | 'events' | 'capacity' | 'limiter' | 'credentials'>;

/** Ends `session` with `reason` and returns it as it now is (closed). */
export async function endSession(deps: EndSessionDeps, session: LiveSession, reason: SessionEndReason): Promise<LiveSession> {
  const em = deps.orm.em.fork() as EntityManager;
  const endedAt = new Date();
  const updated = await em.nativeUpdate(LiveSession, { id: session.id, state: 'open' }, { state: 'closed', endReason: reason, endedAt });
  await deps.capacity.release(session.id);
  const closed = Object.assign(Object.create(LiveSession.prototype) as LiveSession, session, {
    state: 'closed',
    endReason: reason,
    endedAt,
  });
  if (updated === 0) return closed; // someone else ended it first and told the world
  // The session's browser tokens stop working with it, on every node.
  const revoked = (await em
    .getConnection()
    .execute('UPDATE session_tokens SET revoked_at = now() WHERE session_id = ? AND revoked_at IS NULL RETURNING id', [
      session.id,
    ])) as Array<{ id: string }>;
  await Promise.all(revoked.map((t) => deps.limiter.markRevoked(t.id)));
  deps.credentials.forget((p) => p.sessionId === session.id);
  await deps.events.emit(em, {
    userId: closed.userId,
    mode: closed.mode,
    type: 'session.ended',
    data: { id: session.id, reason, endedAt: endedAt.toISOString(), turns: closed.turns },
  });
  return closed;
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
