/**
 * What ending a session does, performed in one place: the record closes, its browser tokens are
 * revoked, session.ended is recorded and dispatched, and its capacity slot is released. Only the
 * session's actor calls it, from its one end transition (session-actor.ts), after closing its
 * room; everyone else ends a session through SessionHost.end, which asks the actor (adopting the
 * session here when no node runs it). The record closes at most once (the update is conditional
 * on `open`, in one transaction with the token revocation and the event), so even two copies of
 * an actor racing emit one session.ended between them; a slot that Redis missed is released by
 * the reconciler (session-reconciler.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { LiveSession, type SessionEndReason } from '../../runtime/db/entities/live-session.js';
import type { Logger } from 'pino';
import type { CredentialService } from '../../runtime/accounts/credentials.js';
import type { Orm } from '../../runtime/db/orm.js';
import type { EventBus } from '../../runtime/events/event-bus.js';
import type { Limiter } from '../../runtime/limits/limiter.js';
import type { SessionCapacity } from './capacity.js';

export interface EndSessionDeps {
  orm: Orm;
  events: EventBus;
  capacity: SessionCapacity;
  limiter: Limiter;
  credentials: CredentialService;
  log: Logger;
}

/** Closes `session` with `reason` and returns it as it now is (closed). */
export async function closeSession(deps: EndSessionDeps, session: LiveSession, reason: SessionEndReason): Promise<LiveSession> {
  const em = deps.orm.em.fork() as EntityManager;
  const endedAt = new Date();
  // One transaction: the record closes (only if still open), its browser tokens are revoked and
  // session.ended is recorded — all or nothing, so the event is recorded exactly once, whoever ends it.
  const outcome = await em.transactional(async (tx) => {
    const updated = await tx.nativeUpdate(LiveSession, { id: session.id, state: 'open' }, { state: 'closed', endReason: reason, endedAt });
    if (updated === 0) return undefined; // someone else ended it first and told the world
    // tx.execute runs inside the transaction (getConnection().execute would not).
    const revoked = await tx.execute<RevokedToken[]>(
      'UPDATE session_tokens SET revoked_at = now() WHERE session_id = ? AND revoked_at IS NULL RETURNING id, expires_at',
      [session.id],
    );
    const recorded = await deps.events.record(tx as EntityManager, {
      userId: session.userId,
      mode: session.mode,
      type: 'session.ended',
      data: { id: session.id, reason, endedAt: endedAt.toISOString(), turns: session.turns },
    });
    return { tokens: revoked, deliveries: recorded.deliveries };
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
  await releaseInRedis(deps, session.id, outcome?.tokens ?? []).catch((err: unknown) =>
    deps.log.warn({ err, sessionId: session.id }, 'could not release a closed session in Redis; the reconciler will'),
  );
  return closed;
}

/** A session token revoked with its session (a row of session_tokens). */
export interface RevokedToken {
  id: string;
  expires_at: Date;
}

/** The Redis half of ending a session: its capacity slot and its tokens' revocation markers, kept until each token would expire. */
export async function releaseInRedis(deps: EndSessionDeps, sessionId: string, tokens: readonly RevokedToken[]): Promise<void> {
  await Promise.all(tokens.map((token) => deps.limiter.markRevokedUntil(token.id, new Date(token.expires_at))));
  await deps.capacity.release(sessionId);
}
