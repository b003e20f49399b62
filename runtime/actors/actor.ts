/**
 * A minimal actor: `(state, msg, ctx) → { state, reply }` over a mailbox that processes one
 * message at a time. `tell` fires and forgets; `ask` waits for the reply with a timeout. The
 * idle timer (nact's `shutdownAfter`) fires `idleTimeoutMs` after the last message that counts
 * as activity (`isActivity`), so behaviours never manage timers themselves, and reads such as
 * a status poll need not keep an actor alive.
 *
 * Not here: addressing across nodes (nats-bridge.ts), placement (registry.ts).
 */
import type { Logger } from 'pino';
import type { Decision, SupervisionPolicy } from './supervisor.js';
import { DomainError } from '../errors.js';

export interface ActorContext {
  id: string;
  log: Logger;
  /** Stops the actor after the current message (its `onStop` runs). */
  stop(reason: string): void;
}

export interface Behavior<S, M, R> {
  handle(state: S, msg: M, ctx: ActorContext): Promise<{ state: S; reply?: R }>;
  /** Rebuilds the state from what was persisted (used by the `reset` decision). */
  recover(ctx: ActorContext): Promise<S>;
  /** Message delivered when the actor was idle for `idleTimeoutMs`. */
  idleMessage?: M;
  /** Whether a message counts as activity for the idle timer (default: every message does). */
  isActivity?(msg: M): boolean;
  /**
   * When the state last saw activity (ms since the epoch): an actor recovered or adopted from it
   * keeps its idle deadline instead of starting a new one (default: now).
   */
  lastActivityAt?(state: S): number | undefined;
  onStop?(state: S, reason: string, ctx: ActorContext): Promise<void>;
  /**
   * Called as a message arrives, before it waits in the mailbox: a message that supersedes the
   * one being handled (a new user turn while the companion still speaks) acts on it at once.
   * Must be quick and must not throw; it sees the state as of the last handled message.
   */
  preempt?(state: S, msg: M): void;
  /**
   * Frees what this copy of the actor holds on this node without ending anything (it is handed
   * over to another node, or a second copy of it was recovered): e.g. a realtime session's room.
   */
  release?(state: S): Promise<void>;
}

export class ActorTimeout extends DomainError {}
export class ActorStopped extends DomainError {}

interface Envelope<M, R> {
  msg: M;
  resolve(reply: R | undefined): void;
  reject(err: unknown): void;
}

export class Actor<S, M, R> {
  private readonly mailbox: Envelope<M, R>[] = [];
  private processing = false;
  private stopped = false;
  private stopReason: string | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private failures: number[] = [];
  private lastActivityAt = Date.now();
  private readonly ctx: ActorContext;

  constructor(
    readonly id: string,
    private state: S,
    private readonly behavior: Behavior<S, M, R>,
    private readonly options: {
      log: Logger;
      idleTimeoutMs: number;
      supervision: { policy: SupervisionPolicy; windowMs: number };
      onStopped?: (id: string, reason: string) => void;
    },
  ) {
    this.ctx = {
      id,
      log: options.log,
      stop: (reason) => {
        this.stopReason ??= reason;
      },
    };
    this.lastActivityAt = Math.min(Date.now(), behavior.lastActivityAt?.(state) ?? Date.now());
    this.armIdleTimer();
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  tell(msg: M): void {
    this.enqueue(msg).catch((err) => this.options.log.warn({ err }, 'told message failed'));
  }

  ask(msg: M, timeoutMs: number): Promise<R | undefined> {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      this.enqueue(msg),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ActorTimeout(`actor ${this.id} did not answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  }

  /** Stops without running the behaviour's onStop (the node is handing the actor over). */
  release(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.idleTimer);
    for (const envelope of this.mailbox.splice(0)) envelope.reject(new ActorStopped(`actor ${this.id} moved`));
    this.behavior.release?.(this.state).catch((err: unknown) => this.options.log.warn({ err }, 'releasing an actor failed'));
  }

  private enqueue(msg: M): Promise<R | undefined> {
    if (this.stopped) return Promise.reject(new ActorStopped(`actor ${this.id} is stopped`));
    if (this.behavior.isActivity?.(msg) ?? true) this.lastActivityAt = Date.now();
    try {
      this.behavior.preempt?.(this.state, msg);
    } catch (err) {
      this.options.log.warn({ err }, 'preempting the current message failed');
    }
    return new Promise((resolve, reject) => {
      this.mailbox.push({ msg, resolve, reject });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.mailbox.length > 0 && !this.stopped) {
        const envelope = this.mailbox.shift()!;
        try {
          const { state, reply } = await this.behavior.handle(this.state, envelope.msg, this.ctx);
          this.state = state;
          envelope.resolve(reply);
        } catch (err) {
          const decision = await this.supervise(err);
          envelope.reject(err);
          if (decision === 'stop') this.ctx.stop(`failed: ${(err as Error).message}`);
        }
        if (this.stopReason !== undefined) await this.finish(this.stopReason);
      }
    } finally {
      this.processing = false;
      this.armIdleTimer();
    }
  }

  private async supervise(err: unknown): Promise<Decision> {
    const now = Date.now();
    this.failures = this.failures.filter((t) => now - t < this.options.supervision.windowMs).concat(now);
    const decision = this.options.supervision.policy(err, { recent: this.failures.length });
    this.options.log.warn({ err, decision, failures: this.failures.length }, 'actor failed; supervisor decided');
    if (decision === 'reset') {
      try {
        this.state = await this.behavior.recover(this.ctx);
      } catch (recoverErr) {
        this.options.log.error({ err: recoverErr }, 'actor could not recover its state; stopping');
        return 'stop';
      }
    }
    return decision;
  }

  private async finish(reason: string): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.idleTimer);
    try {
      await this.behavior.onStop?.(this.state, reason, this.ctx);
    } catch (err) {
      this.options.log.error({ err }, 'actor onStop failed');
    }
    for (const envelope of this.mailbox.splice(0)) envelope.reject(new ActorStopped(`actor ${this.id} stopped: ${reason}`));
    this.options.onStopped?.(this.id, reason);
  }

  private armIdleTimer(): void {
    clearTimeout(this.idleTimer);
    if (this.stopped || this.behavior.idleMessage === undefined || this.options.idleTimeoutMs <= 0) return;
    const dueInMs = this.lastActivityAt + this.options.idleTimeoutMs - Date.now();
    this.idleTimer = setTimeout(
      () => {
        if (this.processing || Date.now() - this.lastActivityAt < this.options.idleTimeoutMs) this.armIdleTimer();
        else this.tell(this.behavior.idleMessage!);
      },
      Math.max(0, dueInMs),
    );
    this.idleTimer.unref();
  }
}
