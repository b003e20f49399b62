/**
 * Hosting and placement of session actors: this node's ActorHost (placement registry, heartbeat,
 * adoption of orphans), new sessions spawned here, and asks to a session wherever it runs, with
 * the actor runtime's failures turned into session errors (the original kept as the cause):
 *   no node hosts the session     → SessionNotRunningError (an open session with no placement is
 *                                   adopted here instead: callers ask only sessions their record says are open)
 *   its node stopped answering    → SessionMovingError (503, retryable: another node adopts it)
 *   the actor did not answer      → SessionBusyError
 * `end` is the one path by which anything outside a session's actor ends it.
 *
 * Not here: what routes ask for (session-client.ts) nor the conversation (session-actor.ts).
 */
import { createInbox, type NatsConnection } from 'nats';
import { decode, encode } from '../../runtime/actors/json-codec.js';
import { ActorBusy, ActorHost, ActorMoving, ActorNotRunning } from '../../runtime/actors/nats-bridge.js';
import { PlacementRegistry } from '../../runtime/actors/registry.js';
import { resetThenStop } from '../../runtime/actors/supervisor.js';
import { randomBase62 } from '../../runtime/ids.js';
import type { SessionEndReason } from '../../runtime/db/entities/live-session.js';
import type { ReplyStreamEvent, SessionMessage, SessionReply, SessionView } from './messages.js';
import { sessionBehavior, type SessionDeps, type SessionState } from './session-actor.js';
import { SessionBusyError, SessionMovingError, SessionNotRunningError } from './session-errors.js';
import { SessionReconciler } from './session-reconciler.js';
import { SESSION_SUBJECT_PREFIX } from './subjects.js';

export interface SessionHostOptions {
  idleTimeoutMs: number;
  leaseMs: number;
  scanIntervalMs: number;
  /** The NATS connection's state: with NATS down, sessions hosted elsewhere answer 503 at once. */
  link?: { check(): void; race<T>(work: Promise<T>): Promise<T> };
}

/** How long a route waits for a session's answer (a reply from the language model included). */
const ASK_TIMEOUT_MS = 60_000;

export class SessionHost {
  readonly nodeId = `node_${randomBase62(12)}`;
  private host!: ActorHost<SessionState, SessionMessage, SessionReply>;
  private reconciler: SessionReconciler | undefined;
  private nc!: NatsConnection;

  private constructor(private readonly deps: SessionDeps) {}

  static async start(deps: SessionDeps, nc: NatsConnection, options: SessionHostOptions): Promise<SessionHost> {
    const sessions: SessionHost = new SessionHost(deps);
    // What fails underneath an actor (its room) reaches it through its own mailbox.
    const behaviorDeps: SessionDeps = {
      ...deps,
      tell: (sessionId, msg) => sessions.host.tellLocal(sessionId, msg),
      stream: (subject, event) => nc.publish(subject, encode(event)),
    };
    const registry = await PlacementRegistry.open(nc, sessions.nodeId, options.leaseMs);
    sessions.host = new ActorHost<SessionState, SessionMessage, SessionReply>({
      nc,
      registry,
      subjectPrefix: SESSION_SUBJECT_PREFIX,
      log: deps.log.child({ nodeId: sessions.nodeId }),
      idleTimeoutMs: options.idleTimeoutMs,
      supervision: resetThenStop(3, 60_000),
      behaviorFor: (id) => sessionBehavior(behaviorDeps, id),
      heartbeatMs: Math.max(200, Math.floor(options.leaseMs / 3)),
      scanIntervalMs: options.scanIntervalMs,
      ...(options.link ? { link: options.link } : {}),
      // Recovery fails only for a session whose record is gone (a dependency that is down is
      // retried): there is nothing to close, only its capacity slot to free.
      onLost: (entry) =>
        deps.capacity
          .release(entry.actorId)
          .catch((err: unknown) => deps.log.warn({ err, sessionId: entry.actorId }, 'could not free the slot of a lost session')),
    });
    await sessions.host.start();
    // Finishes ends that Redis missed and adopts open sessions no node hosts (after an outage).
    sessions.reconciler = new SessionReconciler(deps, sessions.host, Math.max(1000, options.scanIntervalMs * 2.5));
    sessions.reconciler.start();
    sessions.nc = nc;
    return sessions;
  }

  get hostedCount(): number {
    return this.host.hostedCount;
  }

  /** Whether session `id`'s actor runs on this node. */
  hosts(sessionId: string): boolean {
    return this.host.hosts(sessionId);
  }

  /** Starts the actor of a new session on this node. */
  async spawn(state: SessionState): Promise<void> {
    await this.host.spawn(state.session.id, state);
  }

  /** `adoptUnplaced` (default true): a session no node runs is adopted here, as its record says it is open. */
  async ask(sessionId: string, msg: SessionMessage, options: { adoptUnplaced?: boolean } = {}): Promise<SessionReply> {
    try {
      return await this.host.ask(sessionId, msg, ASK_TIMEOUT_MS, { adoptUnplaced: options.adoptUnplaced ?? true });
    } catch (err) {
      if (err instanceof ActorNotRunning) throw new SessionNotRunningError({ cause: err });
      if (err instanceof ActorMoving) throw new SessionMovingError({ cause: err });
      if (err instanceof ActorBusy) throw new SessionBusyError({ cause: err });
      throw err;
    }
  }

  /**
   * Asks a session for a turn and hands each sentence of the reply to `onSentence` as the actor
   * produces it (over a NATS inbox, wherever the session runs), before the whole reply returns.
   */
  async askStreaming(
    sessionId: string,
    msg: Extract<SessionMessage, { type: 'chat' }>,
    onSentence: (event: ReplyStreamEvent) => void,
    options: { adoptUnplaced?: boolean } = {},
  ): Promise<SessionReply> {
    const inbox = createInbox();
    const sub = this.nc.subscribe(inbox, {
      callback: (err, m) => {
        if (!err) onSentence(decode<ReplyStreamEvent>(m.data));
      },
    });
    try {
      const reply = await this.ask(sessionId, { ...msg, streamTo: inbox }, options);
      await this.nc.flush(); // every sentence published before the reply has been delivered to the callback
      return reply;
    } finally {
      sub.unsubscribe();
    }
  }

  /**
   * The one path to end a session from outside its actor (explicit end, eviction, a room that
   * would not open, account erasure). The actor ends it wherever it runs (room closed, record
   * closed, tokens revoked, capacity released, session.ended once); a session no node runs is
   * adopted here first, so it ends the same way. A session that is busy or moving is not
   * ended behind its actor's back: the caller gets the error (503) and may retry.
   * Returns the ended session, or undefined if there is no such session any more.
   */
  async end(sessionId: string, reason: SessionEndReason): Promise<SessionView | undefined> {
    const reply = await this.ask(sessionId, { type: 'end', reason });
    return reply.kind === 'view' ? reply.session : undefined;
  }

  /** Stops hosting (sessions are handed to other nodes, not ended). */
  async close(): Promise<void> {
    this.reconciler?.stop();
    await this.host.close();
  }
}
