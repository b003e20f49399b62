/**
 * Hosts actors on this node and reaches actors on any node over NATS request/reply.
 *
 * Spawning an actor subscribes `<prefix>.<id>`; `ask` sends a request there from any node.
 * "No responders" means no node hosts the actor right now: if its placement names a dead node,
 * this node adopts it on the spot (the state comes back through the behaviour's `recover`);
 * otherwise the caller gets ActorNotRunning. A timeout is ActorBusy. A monitor adopts actors of
 * dead nodes in the background, so an orphan never waits for traffic to be noticed.
 */
import { Empty, ErrorCode, headers, type NatsConnection, type NatsError, type Subscription } from 'nats';
import { failedDependency } from '../health/dependency-failure.js';
import type { Logger } from 'pino';
import { Actor, ActorStopped, ActorTimeout, type Behavior } from './actor.js';
import type { PlacementEntry, PlacementRegistry } from './registry.js';
import type { SupervisionPolicy } from './supervisor.js';
import { DomainError } from '../errors.js';
import { decode, encode } from './json-codec.js';
import { isSubjectToken, subjectToken } from './subject-token.js';

/** No node hosts the actor, and none could adopt it. */
export class ActorNotRunning extends DomainError {}
/** The actor did not answer within the timeout. */
export class ActorBusy extends DomainError {}
/** The actor's handler failed (after its supervisor's decision); the message says how. */
export class ActorFailed extends DomainError {}
/** Another actor with this id is placed already. */
export class ActorPlaced extends DomainError {}
/**
 * The node hosting the actor stopped answering (it died or handed the actor over) and the actor is
 * being moved: the call is retryable within seconds. Its call in flight may or may not have been
 * handled.
 */
export class ActorMoving extends DomainError {}

/** Header of a liveness ping: answered by the subscription itself, never queued in the mailbox. */
const PING_HEADER = 'Companion-Ping';
/** While waiting for a remote actor, its host is pinged this often. */
const PING_EVERY_MS = 1000;

interface Wire<R> {
  ok: boolean;
  reply?: R;
  error?: string;
}

export interface ActorHostOptions<S, M> {
  nc: NatsConnection;
  registry: PlacementRegistry;
  subjectPrefix: string;
  log: Logger;
  idleTimeoutMs: number;
  supervision: { policy: SupervisionPolicy; windowMs: number };
  /** The behaviour of actor `id`; `recover` loads its state. */
  behaviorFor(id: string): Behavior<S, M, unknown>;
  /** Called when an adopted actor cannot be recovered (e.g. end it for good). */
  onLost?(entry: PlacementEntry, err: unknown): Promise<void>;
  heartbeatMs: number;
  scanIntervalMs: number;
  /**
   * The connection's state (runtime/health/nats-link.ts): with NATS down, asks of actors hosted
   * elsewhere and spawns fail at once (DependencyUnavailableError) instead of waiting their timeout.
   */
  link?: { check(): void; race<T>(work: Promise<T>): Promise<T> };
}

export class ActorHost<S, M, R> {
  private readonly actors = new Map<string, { actor: Actor<S, M, R>; sub: Subscription }>();
  /** Recoveries in progress, by actor id: a second adoption of the same actor waits for the first. */
  private readonly recovering = new Map<string, Promise<void>>();
  private timers: NodeJS.Timeout[] = [];
  private scanning = false;
  private closed = false;

  constructor(private readonly options: ActorHostOptions<S, M>) {}

  async start(): Promise<void> {
    const { registry, heartbeatMs, scanIntervalMs, log } = this.options;
    await registry.heartbeat();
    this.timers.push(setInterval(() => registry.heartbeat().catch((err) => log.warn({ err }, 'heartbeat failed')), heartbeatMs));
    this.timers.push(setInterval(() => void this.adoptOrphans(), scanIntervalMs));
    for (const t of this.timers) t.unref();
  }

  get hostedCount(): number {
    return this.actors.size;
  }

  /** Whether actor `id` runs on this node. */
  hosts(id: string): boolean {
    return this.actors.has(id);
  }

  /** Starts a new actor on this node with `state` (its placement must not exist yet). */
  async spawn(id: string, state: S): Promise<void> {
    subjectToken(id, 'an actor id');
    this.options.link?.check();
    if (!(await this.options.registry.claim(id))) throw new ActorPlaced(`actor ${id} is placed already`);
    this.host(id, state);
  }

  /**
   * Asks actor `id` wherever it runs. `adoptUnplaced`: the caller knows the actor should exist
   * (its record says so), so an actor with no placement at all is adopted here rather than refused.
   */
  async ask(id: string, msg: M, timeoutMs: number, options: { adoptUnplaced?: boolean } = {}): Promise<R> {
    const { registry } = this.options;
    // No actor can have such an id (spawn refuses it), and its text must never reach NATS: a
    // subject with a space or a wildcard would disturb the connection every caller shares.
    if (!isSubjectToken(id)) throw new ActorNotRunning('no actor has such an id');
    for (let attempt = 0; ; attempt++) {
      // Local fast path: an actor hosted here is asked directly, without encoding the message
      // and the reply for a NATS round trip to ourselves. Same outcomes as over NATS: a reply, a
      // timeout (ActorBusy) or the handler's failure (ActorFailed); an actor that stops meanwhile
      // falls through to NATS, which finds it gone (no responders) like any other caller would.
      const hosted = this.actors.get(id);
      if (hosted && !hosted.actor.isStopped) {
        try {
          return (await hosted.actor.ask(msg, timeoutMs)) as R;
        } catch (err) {
          if (err instanceof ActorTimeout) throw new ActorBusy(`actor ${id} did not answer within ${timeoutMs} ms`, { cause: err });
          if (!(err instanceof ActorStopped)) throw new ActorFailed((err as Error).message, { cause: err });
        }
      }
      const link = this.options.link;
      link?.check();
      try {
        const request = this.options.nc.request(this.subject(id), encode(msg), { timeout: timeoutMs });
        const res = await this.watchHost(id, link ? link.race(request) : request);
        const wire = decode<Wire<R>>(res.data);
        if (!wire.ok) throw new ActorFailed(wire.error ?? 'actor failed');
        return wire.reply as R;
      } catch (err) {
        const code = (err as NatsError).code;
        if (code === ErrorCode.Timeout) throw new ActorBusy(`actor ${id} did not answer within ${timeoutMs} ms`);
        if (code !== ErrorCode.NoResponders) throw err;
        // No node subscribes the actor right now.
        if (attempt >= 5) throw new ActorMoving(`actor ${id} is being moved to another node`);
        const entry = await registry.get(id);
        if (!entry) {
          if (!options.adoptUnplaced) throw new ActorNotRunning(`actor ${id} is not running`);
          await this.adoptUnplaced(id);
          if (!this.actors.has(id) && attempt >= 1) throw new ActorMoving(`actor ${id} is being moved to another node`);
          continue;
        }
        if (await this.ownerIsGone(entry)) {
          await this.adopt(entry);
        } else {
          await new Promise((resolve) => setTimeout(resolve, 200)); // owner alive: it may be subscribing right now
        }
      }
    }
  }

  /**
   * The placement's owner is gone: it is this node (restarted), its heartbeat is older than the
   * lease, or — the actor's subject having no responder, which the caller just saw — it missed
   * more than one heartbeat. A node killed hard is so adopted within about two heartbeats rather
   * than a whole lease.
   */
  private async ownerIsGone(entry: PlacementEntry): Promise<boolean> {
    const owner = entry.placement.nodeId;
    if (owner === this.options.registry.nodeId) return true;
    return (await this.options.registry.heartbeatAgeMs(owner)) > this.options.heartbeatMs * 1.5;
  }

  /**
   * Waits for a remote actor's answer while pinging its subject every second: when no node
   * subscribes it any more (its host died, or handed it over), the call fails at once with
   * ActorMoving instead of waiting out its timeout.
   */
  private watchHost<T>(id: string, work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const gone = new Promise<never>((_, reject) => {
      const ping = () => {
        if (settled) return;
        const h = headers();
        h.set(PING_HEADER, '1');
        this.options.nc.request(this.subject(id), Empty, { timeout: PING_EVERY_MS, headers: h }).then(
          () => undefined,
          (err: NatsError) => {
            if (!settled && err.code === ErrorCode.NoResponders) reject(new ActorMoving(`the node hosting actor ${id} stopped answering`));
          },
        );
        timer = setTimeout(ping, PING_EVERY_MS);
      };
      timer = setTimeout(ping, PING_EVERY_MS);
    });
    return Promise.race([work, gone]).finally(() => {
      settled = true;
      clearTimeout(timer);
    });
  }

  private subject(id: string): string {
    return `${this.options.subjectPrefix}.${subjectToken(id, 'an actor id')}`;
  }

  /** Adopts an actor that should exist but that no node has placed (its host lost it, or never recovered it). */
  async adoptUnplaced(id: string): Promise<void> {
    if (this.closed || this.actors.has(id) || !isSubjectToken(id)) return;
    if (await this.options.registry.get(id)) return; // placed: adoption of a dead owner's actors handles it
    if (!(await this.options.registry.claim(id))) return; // another node was faster
    const entry = await this.options.registry.get(id);
    if (entry) await this.recoverAndHost(entry, 'adopted an actor that no node hosted');
  }

  /** Stops hosting everything without ending it, so other nodes adopt it (graceful shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    for (const { actor, sub } of this.actors.values()) {
      sub.unsubscribe();
      actor.release();
    }
    this.actors.clear();
    await this.options.registry.leave().catch(() => undefined);
  }

  /**
   * Puts `msg` in the mailbox of actor `id` if it is hosted here (fire and forget): how an actor's
   * own resources (a failed room) reach it, behind the message it is handling.
   */
  tellLocal(id: string, msg: M): void {
    const hosted = this.actors.get(id);
    if (hosted && !hosted.actor.isStopped) hosted.actor.tell(msg);
  }

  /** `behavior`: the instance whose `recover` built `state` (it may hold what recover opened). */
  private host(id: string, state: S, behavior: Behavior<S, M, R> = this.options.behaviorFor(id) as Behavior<S, M, R>): void {
    const { nc, log, idleTimeoutMs, supervision } = this.options;
    const actorLog = log.child({ actorId: id });
    const actor = new Actor<S, M, R>(id, state, behavior, {
      log: actorLog,
      idleTimeoutMs,
      supervision,
      onStopped: (stoppedId) => {
        const hosted = this.actors.get(stoppedId);
        hosted?.sub.unsubscribe();
        this.actors.delete(stoppedId);
        this.options.registry.remove(stoppedId).catch((err) => actorLog.warn({ err }, 'could not remove placement'));
      },
    });
    const sub = nc.subscribe(this.subject(id), {
      callback: (err, m) => {
        if (err) return;
        if (m.headers?.get(PING_HEADER)) {
          m.respond(Empty); // liveness only: never queued behind the mailbox
          return;
        }
        let msg: M;
        try {
          msg = decode<M>(m.data);
        } catch {
          m.respond(encode({ ok: false, error: 'undecodable message' }));
          return;
        }
        actor.ask(msg, 120_000).then(
          (reply) => m.respond(encode({ ok: true, reply })),
          (failure: unknown) => {
            if (failure instanceof ActorStopped) return; // no answer: the caller sees no responders / timeout and retries
            m.respond(encode({ ok: false, error: failure instanceof ActorTimeout ? 'actor timed out' : (failure as Error).message }));
          },
        );
      },
    });
    this.actors.set(id, { actor, sub });
  }

  private async adopt(entry: PlacementEntry): Promise<void> {
    if (this.closed || this.actors.has(entry.actorId)) return;
    const mine = entry.placement.nodeId === this.options.registry.nodeId;
    if (!mine && !(await this.options.registry.takeOver(entry))) return; // another node won
    await this.recoverAndHost(entry, 'adopted an actor of a lost node');
  }

  /** Loads the state of an actor this node now holds the placement of, and hosts it. */
  /**
   * One recovery per actor at a time on this node: the orphan scan and a caller's ask can both
   * decide to adopt the same actor, and two recoveries would each open what the actor owns (a
   * realtime session's room, the second replacing the first under the hosted copy).
   */
  private recoverAndHost(entry: PlacementEntry, what: string): Promise<void> {
    const running = this.recovering.get(entry.actorId);
    if (running) return running;
    const recovery = this.recoverAndHostOnce(entry, what).finally(() => this.recovering.delete(entry.actorId));
    this.recovering.set(entry.actorId, recovery);
    return recovery;
  }

  private async recoverAndHostOnce(entry: PlacementEntry, what: string): Promise<void> {
    const behavior = this.options.behaviorFor(entry.actorId);
    try {
      const state = await behavior.recover({ id: entry.actorId, log: this.options.log, stop: () => undefined });
      if (this.actors.has(entry.actorId)) {
        await behavior.release?.(state); // another copy runs here already: free what this one opened
        return;
      }
      // Hosted with the same behaviour instance: what its recover opened (a realtime session's
      // room and encoder) belongs to the running actor, and closes when it ends.
      this.host(entry.actorId, state, behavior as Behavior<S, M, R>);
      this.options.log.info({ actorId: entry.actorId, from: entry.placement.nodeId }, what);
    } catch (err) {
      await this.options.registry.remove(entry.actorId).catch(() => undefined);
      // A dependency that is down (PostgreSQL) is no reason to give the actor up: without a
      // placement it is adopted again once the dependency is back.
      if (failedDependency(err)) {
        this.options.log.warn({ err, actorId: entry.actorId }, 'could not recover an actor (a dependency is down); will retry');
        return;
      }
      this.options.log.error({ err, actorId: entry.actorId }, 'could not recover an adopted actor');
      await this.options.onLost?.(entry, err);
    }
  }

  private async adoptOrphans(): Promise<void> {
    if (this.scanning || this.closed) return;
    this.scanning = true;
    try {
      const alive = new Map<string, boolean>();
      for (const entry of await this.options.registry.list()) {
        const owner = entry.placement.nodeId;
        const here = this.actors.get(entry.actorId);
        if (here && owner !== this.options.registry.nodeId) {
          // Another node took it over while this one was cut off: this copy must not answer too.
          here.sub.unsubscribe();
          here.actor.release();
          this.actors.delete(entry.actorId);
          this.options.log.warn({ actorId: entry.actorId, owner }, 'released an actor that another node took over');
          continue;
        }
        if (owner === this.options.registry.nodeId) {
          if (!this.actors.has(entry.actorId)) await this.adopt(entry); // placed here but not running (restart)
          continue;
        }
        if (!alive.has(owner)) alive.set(owner, await this.options.registry.isAlive(owner));
        if (!alive.get(owner)) await this.adopt(entry);
      }
    } catch (err) {
      this.options.log.warn({ err }, 'orphan scan failed');
    } finally {
      this.scanning = false;
    }
  }
}
