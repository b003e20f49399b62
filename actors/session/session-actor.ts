/**
 * The behaviour of one live session. It owns the conversation (a bounded memory of turns, with
 * every turn journalled to PostgreSQL so a restarted or adopted actor continues it), the idle
 * timeout (through the actor runtime) and, for realtime sessions, the frame pacer. It is not the
 * HTTP layer (session-client.ts) nor placement (runtime/actors).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Behavior } from '../../runtime/actors/actor.js';
import { Character, type Personality } from '../../runtime/db/entities/character.js';
import { LiveSession, type SessionEndReason } from '../../runtime/db/entities/live-session.js';
import type { Orm } from '../../runtime/db/orm.js';
import type { EventBus } from '../../runtime/events/event-bus.js';
import type { Limiter } from '../../runtime/limits/limiter.js';
import type { CredentialService } from '../../runtime/accounts/credentials.js';
import type { SessionCapacity } from './capacity.js';
import type { SessionMessage, SessionReply, SessionView } from './messages.js';
import type { ReplyEngine, Turn } from './reply/reply-engine.js';
import { ReplyEngineUnavailable } from './reply/openai-engine.js';

export interface SessionState {
  session: LiveSession;
  character: { id: string; name: string; personality: Personality };
  memory: Turn[];
}

export interface SessionDeps {
  orm: Orm;
  events: EventBus;
  capacity: SessionCapacity;
  limiter: Limiter;
  credentials: CredentialService;
  engine: ReplyEngine;
  memoryTurns: number;
  log: Logger;
}

export function sessionView(s: LiveSession, character: { id: string; name: string }, replyEngine: string): SessionView {
  return {
    id: s.id,
    object: 'session',
    state: s.state,
    characterId: s.characterId,
    character: { id: character.id, name: character.name },
    voice: s.voiceId,
    realtime: s.realtime,
    target_fps: s.targetFps,
    turns: s.turns,
    viewers: 0, // viewers join rooms, which come with the media layer
    replyEngine,
    livemode: s.mode === 'live',
    createdAt: s.createdAt.toISOString(),
    lastActivityAt: s.lastActivityAt.toISOString(),
    endedAt: s.endedAt?.toISOString() ?? null,
    endReason: s.endReason,
  };
}

/** Loads a session's state from PostgreSQL: the record, its character and the latest turns. */
export async function loadSessionState(deps: SessionDeps, sessionId: string): Promise<SessionState> {
  const em = deps.orm.em.fork() as EntityManager;
  const session = await em.findOneOrFail(LiveSession, { id: sessionId });
  const character = await em.findOne(Character, { id: session.characterId });
  const rows = (await em
    .getConnection()
    .execute('SELECT role, text FROM session_turns WHERE session_id = ? ORDER BY seq DESC LIMIT ?', [
      sessionId,
      deps.memoryTurns,
    ])) as Turn[];
  return {
    session,
    character: character
      ? { id: character.id, name: character.name, personality: character.personality }
      : { id: session.characterId, name: 'Companion', personality: { description: '', traits: [], systemPrompt: '', greeting: '' } },
    memory: rows.reverse().map((r) => ({ role: r.role, text: r.text })),
  };
}

export function sessionBehavior(deps: SessionDeps, sessionId: string): Behavior<SessionState, SessionMessage, SessionReply> {
  const view = (state: SessionState) => sessionView(state.session, state.character, deps.engine.name);

  async function end(state: SessionState, reason: SessionEndReason): Promise<SessionState> {
    const em = deps.orm.em.fork() as EntityManager;
    const endedAt = new Date();
    const updated = await em.nativeUpdate(LiveSession, { id: sessionId, state: 'open' }, { state: 'closed', endReason: reason, endedAt });
    const session = Object.assign(Object.create(LiveSession.prototype) as LiveSession, state.session, {
      state: 'closed',
      endReason: reason,
      endedAt,
    });
    await deps.capacity.release(sessionId);
    if (updated > 0) {
      // The session's browser tokens stop working with it, on every node.
      const revoked = (await em
        .getConnection()
        .execute('UPDATE session_tokens SET revoked_at = now() WHERE session_id = ? AND revoked_at IS NULL RETURNING id', [
          sessionId,
        ])) as Array<{ id: string }>;
      await Promise.all(revoked.map((t) => deps.limiter.markRevoked(t.id)));
      deps.credentials.forget((p) => p.sessionId === sessionId);
      await deps.events.emit(em, {
        userId: session.userId,
        mode: session.mode,
        type: 'session.ended',
        data: { id: sessionId, reason, endedAt: endedAt.toISOString(), turns: session.turns },
      });
    }
    return { ...state, session };
  }

  return {
    idleMessage: { type: 'idleTimeout' },
    // Only conversation keeps a session alive; polling its state does not.
    isActivity: (msg) => msg.type === 'chat',

    recover: () => loadSessionState(deps, sessionId),

    // Stopped by the supervisor after repeated failures: the session ends rather than stranding.
    async onStop(state) {
      if (state.session.state === 'open') await end(state, 'error');
    },

    async handle(state, msg, ctx) {
      switch (msg.type) {
        case 'get':
          return { state, reply: { kind: 'view', session: view(state) } };
        case 'end':
        case 'idleTimeout': {
          const reason = msg.type === 'end' ? msg.reason : 'idle';
          const next = state.session.state === 'open' ? await end(state, reason) : state;
          ctx.stop(reason);
          return { state: next, reply: { kind: 'view', session: view(next) } };
        }
        case 'chat': {
          if (state.session.state !== 'open') return { state, reply: { kind: 'error', code: 'closed', message: 'this session has ended' } };
          const sentences: string[] = [];
          try {
            for await (const sentence of deps.engine.reply({
              characterName: state.character.name,
              personality: state.character.personality,
              history: state.memory,
              userText: msg.text,
            })) {
              sentences.push(sentence); // the speech pipeline takes each sentence here as it arrives
            }
          } catch (err) {
            if (err instanceof ReplyEngineUnavailable)
              return { state, reply: { kind: 'error', code: 'engine_unavailable', message: err.message } };
            throw err;
          }
          const text = sentences.join(' ').trim();
          // An engine that answers nothing has failed the turn: it never enters memory or the journal.
          if (!text)
            return { state, reply: { kind: 'error', code: 'engine_unavailable', message: 'the reply engine produced an empty reply' } };
          const seq = state.session.turns;
          const now = new Date();
          const em = deps.orm.em.fork() as EntityManager;
          await em.transactional(async (tx) => {
            const c = tx.getConnection();
            await c.execute('INSERT INTO session_turns (session_id, seq, role, text, created_at) VALUES (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)', [
              sessionId,
              seq,
              'user',
              msg.text,
              now,
              sessionId,
              seq + 1,
              'companion',
              text,
              now,
            ]);
            await c.execute('UPDATE live_sessions SET turns = ?, last_activity_at = ? WHERE id = ?', [seq + 2, now, sessionId]);
          });
          await deps.capacity.touch(sessionId);
          const memory = [...state.memory, { role: 'user' as const, text: msg.text }, { role: 'companion' as const, text }].slice(
            -deps.memoryTurns,
          );
          const session = Object.assign(Object.create(LiveSession.prototype) as LiveSession, state.session, {
            turns: seq + 2,
            lastActivityAt: now,
          });
          const next = { ...state, session, memory };
          return { state: next, reply: { kind: 'reply', session: view(next), reply: { text, sentences, turn: seq / 2 + 1 } } };
        }
      }
    },
  };
}
