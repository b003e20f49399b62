/**
 * What the HTTP layer calls for live sessions: create, chat, get, end, list. It validates
 * ownership, enforces the capacity, places new actors on this node and reaches existing ones
 * wherever they run (NATS), and maps actor failures to API errors:
 *   no node hosts the session     → 409 COMPANION_ERR_SESSION_NOT_RUNNING
 *   the actor did not answer      → 503 COMPANION_ERR_SESSION_BUSY
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { ActorBusy, ActorHost, ActorNotRunning } from '../../runtime/actors/nats-bridge.js';
import { PlacementRegistry } from '../../runtime/actors/registry.js';
import { resetThenStop } from '../../runtime/actors/supervisor.js';
import type { Principal } from '../../runtime/accounts/credentials.js';
import { Character } from '../../runtime/db/entities/character.js';
import { LiveSession, type SessionEndReason } from '../../runtime/db/entities/live-session.js';
import { newId } from '../../runtime/ids.js';
import { isBuiltInVoice } from '../../media/speech/voice-catalog.js';
import { ForbiddenError, InvalidInputError, NotAvailableError, NotFoundError } from '../../runtime/errors.js';
import {
  ReplyEngineUnavailable,
  SessionBusyError,
  SessionCapacityFullError,
  SessionEndedError,
  SessionJournalError,
  SessionNotRunningError,
} from './session-errors.js';
import type { SessionDeps, SessionState } from './session-actor.js';
import { loadSessionState, sessionBehavior, sessionView } from './session-actor.js';
import type { SessionMessage, SessionReply, SessionView } from './messages.js';
import { SESSION_SUBJECT_PREFIX } from './subjects.js';
import type { NatsConnection } from 'nats';
import { randomBase62 } from '../../runtime/ids.js';

export interface CreateSessionInput {
  characterId: string;
  voice?: string | undefined;
  realtime?: boolean | undefined;
  target_fps?: number | undefined;
}

const ASK_TIMEOUT_MS = 60_000;

export class SessionClient {
  readonly nodeId = `node_${randomBase62(12)}`;
  private host!: ActorHost<SessionState, SessionMessage, SessionReply>;

  private constructor(
    private readonly deps: SessionDeps,
    private readonly tokenTtlS: number,
  ) {}

  static async start(
    deps: SessionDeps,
    nc: NatsConnection,
    options: { idleTimeoutMs: number; leaseMs: number; scanIntervalMs: number; tokenTtlS: number },
  ): Promise<SessionClient> {
    const client = new SessionClient(deps, options.tokenTtlS);
    const registry = await PlacementRegistry.open(nc, client.nodeId, options.leaseMs);
    client.host = new ActorHost<SessionState, SessionMessage, SessionReply>({
      nc,
      registry,
      subjectPrefix: SESSION_SUBJECT_PREFIX,
      log: deps.log.child({ nodeId: client.nodeId }),
      idleTimeoutMs: options.idleTimeoutMs,
      supervision: resetThenStop(3, 60_000),
      behaviorFor: (id) => sessionBehavior(deps, id),
      heartbeatMs: Math.max(200, Math.floor(options.leaseMs / 3)),
      scanIntervalMs: options.scanIntervalMs,
      // A session whose state cannot be recovered on the adopting node ends, with a reason.
      onLost: async (entry) => {
        const state = await loadSessionState(deps, entry.actorId).catch(() => undefined);
        if (!state) return;
        await sessionBehavior(deps, entry.actorId).handle(
          state,
          { type: 'end', reason: 'node_lost' },
          { id: entry.actorId, log: deps.log, stop: () => undefined },
        );
      },
    });
    await client.host.start();
    return client;
  }

  get log(): Logger {
    return this.deps.log;
  }

  get engineName(): string {
    return this.deps.engine.name;
  }

  get hostedCount(): number {
    return this.host.hostedCount;
  }

  async create(
    em: EntityManager,
    principal: Principal,
    input: CreateSessionInput,
  ): Promise<{ session: SessionView; clientToken: { token: string; id: string; expiresAt: string } }> {
    if (input.realtime) throw new NotAvailableError('realtime publishing (the media layer: rooms, avatar video, viewers)');
    const character = await em.findOne(Character, { id: input.characterId, userId: principal.userId, mode: principal.mode });
    if (!character) throw new NotFoundError('character', input.characterId);
    const voice = input.voice ?? character.voiceId;
    if (!isBuiltInVoice(voice)) throw new InvalidInputError(`body/voice "${voice}" is not a known voice`);

    const id = newId('ses');
    const admission = await this.deps.capacity.admit(id);
    if (!admission.admitted) throw new SessionCapacityFullError();
    if (admission.evicted) await this.endSafely(admission.evicted, 'eviction');

    const now = new Date();
    const session = em.create(LiveSession, {
      id,
      userId: principal.userId,
      mode: principal.mode,
      characterId: character.id,
      voiceId: voice,
      realtime: false,
      targetFps: input.target_fps ?? 12,
      state: 'open',
      endReason: null,
      turns: 0,
      createdAt: now,
      lastActivityAt: now,
      endedAt: null,
    });
    try {
      await em.persistAndFlush(session);
      await this.host.spawn(id, {
        session,
        character: { id: character.id, name: character.name, personality: character.personality },
        memory: [],
      });
    } catch (err) {
      await this.deps.capacity.release(id);
      throw err;
    }
    const { token, secret } = await this.deps.credentials.issueSessionToken(em, { parent: principal, sessionId: id, ttlS: this.tokenTtlS });
    const view = sessionView(session, character, this.deps.engine.name);
    await this.deps.events.emit(em, { userId: principal.userId, mode: principal.mode, type: 'session.started', data: { object: view } });
    return { session: view, clientToken: { token: secret, id: token.id, expiresAt: token.expiresAt.toISOString() } };
  }

  /** The session record if the principal may see it (st_ tokens: only their own session). */
  async authorize(em: EntityManager, principal: Principal, sessionId: string): Promise<LiveSession> {
    if (principal.sessionId !== null && principal.sessionId !== sessionId)
      throw new ForbiddenError('this session token belongs to another session');
    const session = await em.findOne(LiveSession, { id: sessionId, userId: principal.userId, mode: principal.mode });
    if (!session) throw new NotFoundError('session', sessionId);
    return session;
  }

  async chat(session: LiveSession, text: string): Promise<Extract<SessionReply, { kind: 'reply' }>> {
    if (session.state !== 'open') throw new SessionEndedError();
    const reply = await this.ask(session.id, { type: 'chat', text });
    if (reply.kind === 'error') {
      if (reply.code === 'closed') throw new SessionEndedError();
      if (reply.code === 'invalid_input') throw new InvalidInputError(`body/${reply.message}`);
      if (reply.code === 'journal_failed') throw new SessionJournalError();
      throw new ReplyEngineUnavailable(reply.message);
    }
    if (reply.kind !== 'reply') throw new Error('unexpected reply');
    return reply;
  }

  async get(em: EntityManager, session: LiveSession): Promise<SessionView> {
    if (session.state === 'open') {
      try {
        const reply = await this.ask(session.id, { type: 'get' });
        if (reply.kind === 'view') return reply.session;
      } catch (err) {
        if (!(err instanceof SessionNotRunningError)) throw err;
      }
    }
    const character = await em.findOne(Character, { id: session.characterId });
    return sessionView(session, character ?? { id: session.characterId, name: 'Companion' }, this.deps.engine.name);
  }

  async end(em: EntityManager, session: LiveSession, reason: SessionEndReason = 'explicit'): Promise<SessionView> {
    if (session.state === 'open') {
      const reply = await this.ask(session.id, { type: 'end', reason }).catch((err) => {
        if (err instanceof SessionNotRunningError) return undefined;
        throw err;
      });
      if (reply?.kind === 'view') return reply.session;
      await this.closeRecord(session.id, reason); // no node runs it: close it here
    }
    await em.refresh(session);
    return this.get(em, session);
  }

  async close(): Promise<void> {
    await this.host.close();
  }

  private async endSafely(sessionId: string, reason: SessionEndReason): Promise<void> {
    try {
      await this.ask(sessionId, { type: 'end', reason });
    } catch (err) {
      this.deps.log.warn({ err, sessionId }, 'could not reach a session to end it; closing its record');
      await this.closeRecord(sessionId, reason);
    }
  }

  /**
   * Ends a session whose actor cannot be reached or recovered: the record closes, capacity is
   * released, its tokens are revoked and session.ended is emitted — never an orphan.
   */
  async closeRecord(sessionId: string, reason: SessionEndReason): Promise<void> {
    const em = this.deps.orm.em.fork() as EntityManager;
    const session = await em.findOne(LiveSession, { id: sessionId });
    if (!session || session.state !== 'open') {
      await this.deps.capacity.release(sessionId);
      return;
    }
    const character = {
      id: session.characterId,
      name: 'Companion',
      personality: { description: '', traits: [], systemPrompt: '', greeting: '' },
    };
    await sessionBehavior(this.deps, sessionId).handle(
      { session, character, memory: [] },
      { type: 'end', reason },
      { id: sessionId, log: this.deps.log, stop: () => undefined },
    );
  }

  private async ask(sessionId: string, msg: SessionMessage): Promise<SessionReply> {
    try {
      return await this.host.ask(sessionId, msg, ASK_TIMEOUT_MS);
    } catch (err) {
      if (err instanceof ActorNotRunning) throw new SessionNotRunningError({ cause: err });
      if (err instanceof ActorBusy) throw new SessionBusyError({ cause: err });
      throw err;
    }
  }
}
