/**
 * Hosting and placement of session actors: this node's ActorHost (placement registry, heartbeat,
 * adoption of orphans), new sessions spawned here, and asks to a session wherever it runs, with
 * the actor runtime's failures turned into session errors (the original kept as the cause):
 *   no node hosts the session     → SessionNotRunningError (an open session with no placement is
 *                                   adopted here instead: callers ask only sessions their record says are open)
 *   its node stopped answering    → SessionMovingError (503, retryable: another node adopts it)
 *   the actor did not answer      → SessionBusyError
 * A session that an adopting node cannot recover ends (node_lost) through endSession.
 *
 * Not here: what routes ask for (session-client.ts) nor the conversation (session-actor.ts).
 */
import type { NatsConnection } from 'nats';
import { ActorBusy, ActorHost, ActorMoving, ActorNotRunning } from '../../runtime/actors/nats-bridge.js';
import { PlacementRegistry } from '../../runtime/actors/registry.js';
import { resetThenStop } from '../../runtime/actors/supervisor.js';
import { randomBase62 } from '../../runtime/ids.js';
import type { SessionEndReason } from '../../runtime/db/entities/live-session.js';
import { closeSessionRecord } from './end-session.js';
import type { SessionMessage, SessionReply } from './messages.js';
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

  private constructor(private readonly deps: SessionDeps) {}

  static async start(deps: SessionDeps, nc: NatsConnection, options: SessionHostOptions): Promise<SessionHost> {
    const sessions: SessionHost = new SessionHost(deps);
    // A realtime session whose media fails (worker died, encoder exited) is ended like any other.
    const behaviorDeps: SessionDeps = { ...deps, requestEnd: (sessionId, reason) => void sessions.end(sessionId, reason) };
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
      // A session whose state cannot be recovered on the adopting node ends, with a reason.
      onLost: (entry) =>
        closeSessionRecord(deps, entry.actorId, 'node_lost').catch((err: unknown) =>
          deps.log.warn({ err, sessionId: entry.actorId }, 'could not end a lost session'),
        ),
    });
    await sessions.host.start();
    // Finishes ends that Redis missed and adopts open sessions no node hosts (after an outage).
    sessions.reconciler = new SessionReconciler(deps, sessions.host, Math.max(1000, options.scanIntervalMs * 2.5));
    sessions.reconciler.start();
    return sessions;
  }

  get hostedCount(): number {
    return this.host.hostedCount;
  }

  /** Starts the actor of a new session on this node. */
  async spawn(state: SessionState): Promise<void> {
    await this.host.spawn(state.session.id, state);
  }

  async ask(sessionId: string, msg: SessionMessage): Promise<SessionReply> {
    try {
      return await this.host.ask(sessionId, msg, ASK_TIMEOUT_MS, { adoptUnplaced: true });
    } catch (err) {
      if (err instanceof ActorNotRunning) throw new SessionNotRunningError({ cause: err });
      if (err instanceof ActorMoving) throw new SessionMovingError({ cause: err });
      if (err instanceof ActorBusy) throw new SessionBusyError({ cause: err });
      throw err;
    }
  }

  /** Ends a session through its actor, or by its record when no node can be reached. */
  async end(sessionId: string, reason: SessionEndReason): Promise<void> {
    try {
      await this.ask(sessionId, { type: 'end', reason });
    } catch (err) {
      this.deps.log.warn({ err, sessionId }, 'could not reach a session to end it; closing its record');
      await closeSessionRecord(this.deps, sessionId, reason);
    }
  }

  /** Stops hosting (sessions are handed to other nodes, not ended). */
  async close(): Promise<void> {
    this.reconciler?.stop();
    await this.host.close();
  }
}
