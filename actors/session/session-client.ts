/**
 * What the HTTP layer calls for live sessions: create, list, authorize, chat, get, end, mint a
 * browser token. It checks
 * ownership and input, enforces the capacity, mints the new session's browser token and reaches
 * the session's actor through the SessionHost (wherever in the cluster it runs).
 *
 * Not here: hosting and placement (session-host.ts), the conversation (session-actor.ts), how a
 * session ends (end-session.ts), HTTP statuses (the HTTP layer maps session-errors.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { NatsConnection } from 'nats';
import type { IssuedToken, Principal } from '../../runtime/accounts/credentials.js';
import { Character } from '../../runtime/db/entities/character.js';
import { LiveSession, type SessionEndReason } from '../../runtime/db/entities/live-session.js';
import { DependencyUnavailableError, ForbiddenError, InvalidInputError, NotAvailableError, NotFoundError } from '../../runtime/errors.js';
import { newId } from '../../runtime/ids.js';
import { paginate, type Page } from '../../runtime/db/paginate.js';
import { SessionToken } from '../../runtime/db/entities/credentials.js';
import { placeholderCharacter, sessionView, type ReplyStreamEvent, type SessionReply, type SessionView } from './messages.js';
import type { SessionDeps } from './session-actor.js';
import {
  MediaUnavailableError,
  RealtimeCapacityFullError,
  SessionCapacityFullError,
  SessionEndedError,
  SessionMovingError,
  SessionNotRealtimeError,
  SessionNotRunningError,
  sessionRefusal,
} from './session-errors.js';
import { SessionHost, type SessionHostOptions } from './session-host.js';

export interface CreateSessionInput {
  characterId: string;
  voice?: string | undefined;
  realtime?: boolean | undefined;
  target_fps?: number | undefined;
}

export interface SessionClientOptions extends SessionHostOptions {
  tokenTtlS: number;
  /** Whether a voice id names a voice this account's sessions can speak with: a built-in voice or its own active cloned voice. */
  isKnownVoice(em: EntityManager, principal: Principal, voiceId: string): Promise<boolean>;
}

export class SessionClient {
  private constructor(
    private readonly deps: SessionDeps,
    private readonly host: SessionHost,
    private readonly options: SessionClientOptions,
  ) {}

  static async start(deps: SessionDeps, nc: NatsConnection, options: SessionClientOptions): Promise<SessionClient> {
    return new SessionClient(deps, await SessionHost.start(deps, nc, options), options);
  }

  get nodeId(): string {
    return this.host.nodeId;
  }

  get engineName(): string {
    return this.deps.engine.name;
  }

  get hostedCount(): number {
    return this.host.hostedCount;
  }

  /** Whether session `id`'s actor runs on this node. */
  hosts(sessionId: string): boolean {
    return this.host.hosts(sessionId);
  }

  async create(
    em: EntityManager,
    principal: Principal,
    input: CreateSessionInput,
  ): Promise<{ session: SessionView; clientToken: { token: string; id: string; expiresAt: string } }> {
    if (input.realtime && !this.deps.media) throw new NotAvailableError('realtime sessions on this node (no media workers)');
    // Refused before anything is created: one more room would degrade every stream on this node.
    if (input.realtime && this.deps.media?.full) throw new RealtimeCapacityFullError();
    const character = await em.findOne(Character, { id: input.characterId, userId: principal.userId, mode: principal.mode });
    if (!character) throw new NotFoundError('character', input.characterId);
    const voice = input.voice ?? character.voiceId;
    if (!(await this.options.isKnownVoice(em, principal, voice))) throw new InvalidInputError(`body/voice "${voice}" is not a known voice`);

    const id = newId('ses');
    const admission = await this.deps.capacity.admit(id);
    if (!admission.admitted) throw new SessionCapacityFullError();
    if (admission.evicted) await this.host.end(admission.evicted, 'eviction');

    const now = new Date();
    // The character's greeting is the session's first companion turn: journalled with the record,
    // in the reply engine's memory from the first user turn, and spoken to a realtime session's first viewer.
    const greeting = (character.personality.greeting ?? '').trim();
    const record = {
      id,
      userId: principal.userId,
      mode: principal.mode,
      characterId: character.id,
      voiceId: voice,
      realtime: input.realtime ?? false,
      targetFps: input.target_fps ?? this.deps.media?.defaultFps ?? 12,
      state: 'open',
      endReason: null,
      turns: greeting ? 1 : 0,
      createdAt: now,
      lastActivityAt: now,
      endedAt: null,
    } as const;
    let session: LiveSession;
    try {
      session = await em.transactional(async (tx) => {
        const created = tx.create(LiveSession, record);
        await tx.flush();
        if (greeting)
          await tx.execute("INSERT INTO session_turns (session_id, seq, role, text, created_at) VALUES (?, 0, 'companion', ?, ?)", [
            id,
            greeting,
            now,
          ]);
        return created;
      });
      await this.host.spawn({
        session,
        character: {
          id: character.id,
          name: character.name,
          personality: character.personality,
          language: character.language,
          languageFixed: character.languageFixed,
          appearance: character.appearance,
        },
        memory: greeting ? [{ role: 'companion', text: greeting }] : [],
      });
    } catch (err) {
      await this.deps.capacity.release(id);
      throw err;
    }
    // Every new session starts on its node before session.started: a realtime one opens its room
    // there, which the event carries, and the reply engine gets ready for the first turn (the
    // embedded model evaluates the session's prompt ahead: 2-5 s of a first turn on one core).
    const view = await this.start(id);
    const { token, secret } = await this.deps.credentials.issueSessionToken(em, {
      parent: principal,
      sessionId: id,
      ttlS: this.options.tokenTtlS,
    });
    await this.deps.events.emit(em, { userId: principal.userId, mode: principal.mode, type: 'session.started', data: { object: view } });
    return { session: view, clientToken: { token: secret, id: token.id, expiresAt: token.expiresAt.toISOString() } };
  }

  /** Starts a new session on its node; a realtime room that cannot open ends it (media_error) and the caller gets 503. */
  private async start(sessionId: string): Promise<SessionView> {
    const reply = await this.host.ask(sessionId, { type: 'start' });
    if (reply.kind === 'view') return reply.session;
    await this.host.end(sessionId, 'media_error');
    throw reply.kind === 'error'
      ? sessionRefusal(sessionId, reply.code, reply.message)
      : new MediaUnavailableError('the realtime room could not be opened');
  }

  /** The session record if the principal may see it (st_ tokens: only their own session). */
  async authorize(em: EntityManager, principal: Principal, sessionId: string): Promise<LiveSession> {
    if (principal.sessionId !== null && principal.sessionId !== sessionId)
      throw new ForbiddenError('this session token belongs to another session');
    const session = await em.findOne(LiveSession, { id: sessionId, userId: principal.userId, mode: principal.mode });
    if (!session) throw new NotFoundError('session', sessionId);
    return session;
  }

  /** The account's sessions, newest first: `open` (the default), `closed` or `all`. */
  async list(
    em: EntityManager,
    principal: Principal,
    query: { limit?: number | undefined; starting_after?: string | undefined },
    state: 'open' | 'closed' | 'all',
  ): Promise<{ data: SessionView[]; has_more: boolean }> {
    const where = { userId: principal.userId, mode: principal.mode, ...(state === 'all' ? {} : { state }) };
    const page = await paginate(em, LiveSession, where, query, 'session');
    const characters = await em.find(Character, { id: { $in: [...new Set(page.data.map((s) => s.characterId))] } });
    const names = new Map(characters.map((c) => [c.id, c.name]));
    const data = page.data.map((s) => {
      const name = names.get(s.characterId);
      return sessionView(s, name === undefined ? placeholderCharacter(s.characterId) : { id: s.characterId, name }, this.deps.engine.name);
    });
    return { data, has_more: page.has_more };
  }

  /** A new st_ browser token for an open session of the account (its secret is returned once). */
  async mintToken(em: EntityManager, principal: Principal, sessionId: string, ttlS: number): Promise<IssuedToken> {
    const session = await this.authorize(em, principal, sessionId);
    if (session.state !== 'open') throw new SessionEndedError();
    return this.deps.credentials.issueSessionToken(em, { parent: principal, sessionId, ttlS: Math.min(ttlS, this.options.tokenTtlS) });
  }

  /** A new vt_ viewer token for an open realtime session of the account (its secret is returned once). */
  async mintViewerToken(em: EntityManager, principal: Principal, sessionId: string, ttlS: number): Promise<IssuedToken> {
    const session = await this.authorize(em, principal, sessionId);
    if (session.state !== 'open') throw new SessionEndedError();
    if (!session.realtime) throw new SessionNotRealtimeError();
    return this.deps.credentials.issueViewerToken(em, { parent: principal, sessionId, ttlS });
  }

  /** The session's viewer tokens, newest first (active, expired and revoked). */
  async listViewerTokens(
    em: EntityManager,
    principal: Principal,
    sessionId: string,
    query: { limit?: number | undefined; starting_after?: string | undefined },
  ): Promise<Page<SessionToken>> {
    await this.authorize(em, principal, sessionId);
    const where = { userId: principal.userId, mode: principal.mode, sessionId, kind: 'viewer' as const };
    return paginate(em, SessionToken, where, query, 'viewer_token');
  }

  /**
   * A user turn. The session's actor holds its record, so a running session is asked directly
   * (it checks the owner and that it is open); the record is read only when no node runs it,
   * to tell a missing session (404) from an ended one (409) from one to adopt here.
   * `onSentence`: each sentence of the reply as it is produced (server-sent events), in order.
   */
  async chat(
    em: EntityManager,
    principal: Principal,
    sessionId: string,
    text: string,
    onSentence?: (event: ReplyStreamEvent) => void,
  ): Promise<Extract<SessionReply, { kind: 'reply' }>> {
    if (principal.sessionId !== null && principal.sessionId !== sessionId)
      throw new ForbiddenError('this session token belongs to another session');
    const msg = { type: 'chat', text, owner: { userId: principal.userId, mode: principal.mode } } as const;
    const ask = (adoptUnplaced: boolean) =>
      onSentence ? this.host.askStreaming(sessionId, msg, onSentence, { adoptUnplaced }) : this.host.ask(sessionId, msg, { adoptUnplaced });
    const reply = await ask(false).catch(async (err: unknown) => {
      if (!(err instanceof SessionNotRunningError)) throw err;
      const session = await this.authorize(em, principal, sessionId);
      if (session.state !== 'open') throw new SessionEndedError();
      return ask(true);
    });
    if (reply.kind === 'reply') return reply;
    if (reply.kind === 'error') throw sessionRefusal(sessionId, reply.code, reply.message);
    // The actor answers `chat` with a reply or an error; a view here is a bug in the behaviour.
    throw new TypeError(`session ${sessionId} answered chat with a ${reply.kind}`);
  }

  async get(em: EntityManager, session: LiveSession): Promise<SessionView> {
    if (session.state === 'open') {
      try {
        const reply = await this.host.ask(session.id, { type: 'get' });
        if (reply.kind === 'view') return reply.session;
      } catch (err) {
        // Not running, moving, or NATS is down: the record in PostgreSQL is the answer meanwhile.
        if (
          !(err instanceof SessionNotRunningError) &&
          !(err instanceof SessionMovingError) &&
          !(err instanceof DependencyUnavailableError)
        )
          throw err;
      }
    }
    const character = await em.findOne(Character, { id: session.characterId });
    return sessionView(session, character ?? placeholderCharacter(session.characterId), this.deps.engine.name);
  }

  /** Ends the session (idempotent) through the one path, SessionHost.end, and returns it ended. */
  async end(em: EntityManager, session: LiveSession, reason: SessionEndReason = 'explicit'): Promise<SessionView> {
    if (session.state === 'open') {
      const ended = await this.host.end(session.id, reason);
      if (ended) return ended;
    }
    await em.refresh(session);
    return this.get(em, session);
  }

  async close(): Promise<void> {
    await this.host.close();
  }
}
