/**
 * Whether this node's NATS connection is up right now, from the client's own status events. A
 * request sent while it is down would wait in nats.js's buffer for its whole timeout, so callers
 * ask `up` first and answer 503 at once, and `race` fails a request in flight when the
 * connection drops under it. nats.js reconnects by itself; this only watches.
 */
import { Events, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { DependencyUnavailableError } from '../errors.js';

export class NatsLink {
  private connected = true;
  private readonly waiting = new Set<(err: Error) => void>();

  constructor(
    private readonly nc: NatsConnection,
    private readonly log: Logger,
  ) {
    void this.watch();
  }

  get up(): boolean {
    return this.connected && !this.nc.isClosed();
  }

  /** Throws DependencyUnavailableError('messaging') when the connection is down. */
  check(): void {
    if (!this.up) throw new DependencyUnavailableError('messaging');
  }

  /** `work`, failed with DependencyUnavailableError as soon as the connection drops. */
  race<T>(work: Promise<T>): Promise<T> {
    if (!this.up) return Promise.race([work, Promise.reject(new DependencyUnavailableError('messaging'))]);
    let fail!: (err: Error) => void;
    const dropped = new Promise<never>((_, reject) => {
      fail = reject;
      this.waiting.add(fail);
    });
    return Promise.race([work, dropped]).finally(() => this.waiting.delete(fail));
  }

  private async watch(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type === Events.Disconnect) {
        this.connected = false;
        this.log.error('NATS connection lost; session calls answer 503 until it is back');
        for (const fail of this.waiting) fail(new DependencyUnavailableError('messaging'));
        this.waiting.clear();
      } else if (status.type === Events.Reconnect) {
        this.connected = true;
        this.log.warn('NATS connection back');
      }
    }
  }
}
