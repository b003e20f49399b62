/**
 * Hosts actors on this node and reaches actors on any node over NATS request/reply.
 *
 * Spawning an actor subscribes `<prefix>.<id>`; `ask` sends a request there from any node.
 * "No responders" means no node hosts the actor right now: if its placement names a dead node,
 * this node adopts it on the spot (the state comes back through the behaviour's `recover`);
 * otherwise the caller gets ActorNotRunning. A timeout is ActorBusy. A monitor adopts actors of
 * dead nodes in the background, so an orphan never waits for traffic to be noticed.
 */
import { ErrorCode, type NatsConnection, type NatsError, type Subscription } from 'nats';
import type { Logger } from 'pino';
import { Actor, ActorStopped, ActorTimeout, type Behavior } from './actor.js';
import type { PlacementEntry, PlacementRegistry } from './registry.js';
import type { SupervisionPolicy } from './supervisor.js';
import { DomainError } from '../errors.js';
import { decode, encode } from './json-codec.js';

/** No node hosts the actor, and none could adopt it. */
export class ActorNotRunning extends DomainError {}
/** The actor did not answer within the timeout. */
export class ActorBusy extends DomainError {}
/** The actor's handler failed (after its supervisor's decision); the message says how. */
export class ActorFailed extends DomainError {}
/** Another actor with this id is placed already. */
export class ActorPlaced extends DomainError {}

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

  /** Starts a new actor on this node with `state` (its placement must not exist yet). */
  async spawn(id: string, state: S): Promise<void> {
    this.options.link?.check();
    if (!(await this.options.registry.claim(id))) throw new ActorPlaced(`actor ${id} is placed already`);
    this.host(id, state);
  }

  async ask(id: string, msg: M, timeoutMs: number): Promise<R> {
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
        const request = this.options.nc.request(`${this.options.subjectPrefix}.${id}`, encode(msg), { timeout: timeoutMs });
        const res = await (link ? link.race(request) : request);
        const wire = decode<Wire<R>>(res.data);
        if (!wire.ok) throw new ActorFailed(wire.error ?? 'actor failed');
        return wire.reply as R;
      } catch (err) {
        const code = (err as NatsError).code;
        if (code === ErrorCode.Timeout) throw new ActorBusy(`actor ${id} did not answer within ${timeoutMs} ms`);
        if (code !== ErrorCode.NoResponders) throw err;
        if (attempt >= 2) throw new ActorNotRunning(`actor ${id} is not running`);
        const entry = await this.options.registry.get(id);
        if (!entry) throw new ActorNotRunning(`actor ${id} is not running`);
        if (!(await this.options.registry.isAlive(entry.placement.nodeId)) || entry.placement.nodeId === this.options.registry.nodeId) {
          await this.adopt(entry);
        } else {
          await new Promise((resolve) => setTimeout(resolve, 200)); // owner alive: it may be subscribing right now
        }
      }
    }
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

  private host(id: string, state: S): void {
    const { nc, subjectPrefix, log, idleTimeoutMs, supervision } = this.options;
    const actorLog = log.child({ actorId: id });
    const actor = new Actor<S, M, R>(id, state, this.options.behaviorFor(id) as Behavior<S, M, R>, {
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
    const sub = nc.subscribe(`${subjectPrefix}.${id}`, {
      callback: (err, m) => {
        if (err) return;
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
    const behavior = this.options.behaviorFor(entry.actorId);
    try {
      const state = await behavior.recover({ id: entry.actorId, log: this.options.log, stop: () => undefined });
      if (this.actors.has(entry.actorId)) return;
      this.host(entry.actorId, state);
      this.options.log.info({ actorId: entry.actorId, from: entry.placement.nodeId }, 'adopted an actor of a lost node');
    } catch (err) {
      this.options.log.error({ err, actorId: entry.actorId }, 'could not recover an adopted actor');
      await this.options.registry.remove(entry.actorId).catch(() => undefined);
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
