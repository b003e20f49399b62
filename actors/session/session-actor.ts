/**
 * The behaviour of one live session. It owns the conversation (a bounded memory of turns, with
 * every turn journalled to PostgreSQL so a restarted or adopted actor continues it), the idle
 * timeout (through the actor runtime) and, for realtime sessions, the frame pacer. It is not what
 * routes call (session-client.ts), nor hosting and placement (session-host.ts, runtime/actors),
 * nor how a session ends (end-session.ts, which it calls).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Behavior } from '../../runtime/actors/actor.js';
import { Character } from '../../runtime/db/entities/character.js';
import { LiveSession, type SessionEndReason } from '../../runtime/db/entities/live-session.js';
import type { Orm } from '../../runtime/db/orm.js';
import type { EventBus } from '../../runtime/events/event-bus.js';
import type { Limiter } from '../../runtime/limits/limiter.js';
import type { CredentialService } from '../../runtime/accounts/credentials.js';
import type { SessionCapacity } from './capacity.js';
import { placeholderCharacter, sessionView, type SessionCharacter, type SessionMessage, type SessionReply } from './messages.js';
import { endSession } from './end-session.js';
import type { ReplyEngine, Turn } from './reply/reply-engine.js';
import { ReplyEngineUnavailable } from './session-errors.js';
import type { RealtimeMedia, SessionRealtime } from './realtime.js';
import { NotAvailableError } from '../../runtime/errors.js';
import { storableText, textProblem } from '../../runtime/text/text-checks.js';

/**
 * Viewer signalling of the rooms on this node (media/rooms/viewer-host.ts implements it): the actor
 * attaches its room once created, and reads the viewer count for the session's view.
 */
export interface SessionViewers {
  attach(sessionId: string, room: unknown): void;
  viewerCount(sessionId: string): number;
}

export interface SessionState {
  session: LiveSession;
  character: SessionCharacter;
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
  /** Opens a realtime session's room to viewers (`viewers.attach(sessionId, room)`) and counts them. */
  viewers: SessionViewers;
  log: Logger;
  /** Realtime media (rooms, encoder, performer); absent where realtime sessions are not served. */
  media?: RealtimeMedia | undefined;
  /** Ends a session from outside its mailbox (its media failed underneath it); set by the SessionHost. */
  requestEnd?: ((sessionId: string, reason: SessionEndReason) => void) | undefined;
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
      : placeholderCharacter(session.characterId),
    memory: rows.reverse().map((r) => ({ role: r.role, text: r.text })),
  };
}

/** Writes a user turn and the companion's reply, and moves the session's turn count on, at once. */
async function journalTurn(em: EntityManager, sessionId: string, seq: number, userText: string, text: string, now: Date): Promise<void> {
  await em.transactional(async (tx) => {
    const c = tx.getConnection();
    await c.execute('INSERT INTO session_turns (session_id, seq, role, text, created_at) VALUES (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)', [
      sessionId,
      seq,
      'user',
      userText,
      now,
      sessionId,
      seq + 1,
      'companion',
      text,
      now,
    ]);
    await c.execute('UPDATE live_sessions SET turns = ?, last_activity_at = ? WHERE id = ?', [seq + 2, now, sessionId]);
  });
}

export function sessionBehavior(deps: SessionDeps, sessionId: string): Behavior<SessionState, SessionMessage, SessionReply> {
  // The realtime session's media lives with the actor (not in its state, which is rebuilt from
  // the journal on reset): opened when the actor starts or adopts the session, closed when it ends.
  let media: SessionRealtime | undefined;
  const view = (state: SessionState) =>
    sessionView(
      state.session,
      state.character,
      deps.engine.name,
      deps.viewers.viewerCount(sessionId),
      media?.open ? media.describe() : null,
    );

  async function openMedia(state: SessionState): Promise<void> {
    if (!state.session.realtime || state.session.state !== 'open' || media?.open) return;
    if (!deps.media) throw new NotAvailableError('realtime sessions on this node');
    await closeMedia('replaced');
    const opened = await deps.media.open(state.session);
    deps.viewers.attach(sessionId, opened.room); // viewers reach the room through the viewer host
    opened.onFailure((why) => {
      deps.log.error({ sessionId, why }, 'realtime media failed; the session ends');
      deps.requestEnd?.(sessionId, 'media_error');
    });
    media = opened;
  }

  async function closeMedia(reason: string): Promise<void> {
    const current = media;
    media = undefined;
    await current?.close(reason).catch((err: unknown) => deps.log.warn({ err, sessionId }, 'closing realtime media failed'));
  }

  /** The reply engine gets ready for this session's next turn (the local model evaluates its prompt ahead). */
  function prepareEngine(state: SessionState): void {
    if (state.session.state !== 'open') return;
    deps.engine.prepare?.({ characterName: state.character.name, personality: state.character.personality, history: state.memory });
  }

  const end = async (state: SessionState, reason: SessionEndReason): Promise<SessionState> => {
    await closeMedia(reason); // the room closes with the session, whatever the reason (viewers are told it)
    return { ...state, session: await endSession(deps, state.session, reason) };
  };

  return {
    idleMessage: { type: 'idleTimeout' },
    // Only conversation keeps a session alive; polling its state does not.
    isActivity: (msg) => msg.type === 'chat',
    // Adopted or reset, a session keeps its idle deadline: it is counted from its last exchange.
    lastActivityAt: (state) => new Date(state.session.lastActivityAt).getTime(),

    // Reset by the supervisor (the media stays open) or adopted from a lost node (a new room here).
    async recover() {
      const state = await loadSessionState(deps, sessionId);
      await openMedia(state);
      prepareEngine(state);
      return state;
    },

    // Stopped by the supervisor after repeated failures: the session ends rather than stranding.
    async onStop(state) {
      if (state.session.state === 'open') await end(state, 'error');
      await closeMedia('error');
    },

    async handle(state, msg, ctx) {
      switch (msg.type) {
        case 'get':
          return { state, reply: { kind: 'view', session: view(state) } };
        case 'start':
          try {
            await openMedia(state);
          } catch (err) {
            deps.log.error({ err, sessionId }, 'could not open the realtime media of a session');
            return { state, reply: { kind: 'error', code: 'media_unavailable', message: (err as Error).message } };
          }
          prepareEngine(state);
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
          // Refused before the model runs: a turn that could never be journalled (the HTTP edge
          // refuses it first; this covers a turn that reaches the actor another way).
          const problem = textProblem(msg.text);
          if (problem) return { state, reply: { kind: 'error', code: 'invalid_input', message: `text ${problem}` } };
          const sentences: string[] = [];
          try {
            for await (const sentence of deps.engine.reply({
              characterName: state.character.name,
              personality: state.character.personality,
              history: state.memory,
              userText: msg.text,
            })) {
              const clean = storableText(sentence);
              sentences.push(clean);
              media?.speak(clean); // spoken into the room as it arrives, before the reply is complete
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
          try {
            await journalTurn(em, sessionId, seq, msg.text, text, now);
          } catch (err) {
            // A turn that cannot be recorded is refused (the state does not move on), and it is
            // not a failure of the actor: the supervisor never counts it, so it never ends the session.
            deps.log.warn({ err, sessionId }, 'could not journal a session turn');
            return { state, reply: { kind: 'error', code: 'journal_failed', message: 'the turn could not be recorded; try again' } };
          }
          await deps.capacity.touch(sessionId);
          const memory = [...state.memory, { role: 'user' as const, text: msg.text }, { role: 'companion' as const, text }].slice(
            -deps.memoryTurns,
          );
          const session = Object.assign(Object.create(LiveSession.prototype) as LiveSession, state.session, {
            turns: seq + 2,
            lastActivityAt: now,
          });
          const next = { ...state, session, memory };
          return { state: next, reply: { kind: 'reply', session: view(next), reply: { text, sentences, exchange: seq / 2 + 1 } } };
        }
      }
    },
  };
}
