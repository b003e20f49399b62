/**
 * The node's mediasoup workers: one C++ process each, sized to the machine, started at boot by
 * nodes that host sessions. Rooms are placed round-robin. A worker that dies is detected (its
 * `died` event), reported to listeners — mediasoup closes its routers, so each room on it closes
 * and its session ends with reason `media_error` — and replaced by a new one.
 */
import { EventEmitter } from 'node:events';
import os from 'node:os';
import type { Logger } from 'pino';
import type { types } from 'mediasoup';
import { loadMediasoup } from './mediasoup-module.js';

export type MediaWorker = types.Worker;

export interface WorkerPoolOptions {
  /** Workers to run; 0 = one per CPU core. */
  size: number;
  workerBin: string | undefined;
  log: Logger;
}

export interface WorkerState {
  pid: number;
  /** Routers (one per realtime session) on this worker. */
  rooms: number;
}

const RESTART_BACKOFF_MS = [0, 250, 1000, 5000];

export class MediaWorkerPool extends EventEmitter<{ workerDied: [pid: number, error: Error]; workerReplaced: [pid: number] }> {
  private readonly workers: MediaWorker[] = [];
  private next = 0;
  private closed = false;
  private recentDeaths: number[] = [];
  /** Workers died since start (for /health and /metrics). */
  deaths = 0;

  private constructor(private readonly options: WorkerPoolOptions & { size: number }) {
    super();
  }

  static async start(options: WorkerPoolOptions): Promise<MediaWorkerPool> {
    const size = options.size > 0 ? options.size : os.availableParallelism();
    const pool = new MediaWorkerPool({ ...options, size });
    try {
      for (let i = 0; i < size; i++) pool.workers.push(await pool.spawn());
    } catch (err) {
      await pool.close();
      throw err;
    }
    options.log.info({ workers: size, pids: pool.workers.map((w) => w.pid) }, 'mediasoup workers started');
    return pool;
  }

  get size(): number {
    return this.options.size;
  }

  /** The live workers (a dead one is absent until its replacement has started). */
  get live(): readonly MediaWorker[] {
    return this.workers.filter((w) => !w.closed && !w.died);
  }

  /** The next live worker, round-robin. */
  pick(): MediaWorker {
    const live = this.live;
    if (live.length === 0) throw new NoMediaWorker('no mediasoup worker is running on this node');
    const worker = live[this.next % live.length]!;
    this.next = (this.next + 1) % Number.MAX_SAFE_INTEGER;
    return worker;
  }

  /** Closes every worker and returns once their processes have exited (bounded: 5 s each). */
  async close(): Promise<void> {
    this.closed = true;
    const workers = this.workers.splice(0);
    for (const worker of workers) worker.close();
    await Promise.all(workers.map((worker) => subprocessClosed(worker, 5000)));
  }

  private async spawn(): Promise<MediaWorker> {
    const mediasoup = await loadMediasoup(this.options.workerBin);
    // Ports are per transport (TransportListenInfo.portRange); liburing is not built (see setup).
    const worker = await mediasoup.createWorker({ logLevel: 'warn', disableLiburing: true });
    worker.on('died', (error) => this.onDied(worker, error));
    return worker;
  }

  private onDied(worker: MediaWorker, error: Error): void {
    this.deaths++;
    this.options.log.error({ err: error, pid: worker.pid }, 'a mediasoup worker died; its rooms close and it is replaced');
    this.emit('workerDied', worker.pid, error);
    if (this.closed) return;
    // A worker that keeps dying (a bad binary, no memory) is restarted with growing pauses.
    const now = Date.now();
    this.recentDeaths = [...this.recentDeaths.filter((t) => now - t < 60_000), now];
    const delay = RESTART_BACKOFF_MS[Math.min(this.recentDeaths.length - 1, RESTART_BACKOFF_MS.length - 1)]!;
    setTimeout(() => void this.replace(worker), delay).unref();
  }

  private async replace(dead: MediaWorker): Promise<void> {
    if (this.closed) return;
    try {
      const fresh = await this.spawn();
      if (this.closed) {
        fresh.close();
        return;
      }
      const index = this.workers.indexOf(dead);
      if (index >= 0) this.workers[index] = fresh;
      else this.workers.push(fresh);
      this.options.log.info({ pid: fresh.pid, replaced: dead.pid }, 'mediasoup worker replaced');
      this.emit('workerReplaced', fresh.pid);
    } catch (err) {
      this.options.log.error({ err }, 'could not start a replacement mediasoup worker; retrying');
      setTimeout(() => void this.replace(dead), 5000).unref();
    }
  }
}

/** Resolves once the worker's process has exited, or after `timeoutMs` (the process is then left to mediasoup). */
function subprocessClosed(worker: MediaWorker, timeoutMs: number): Promise<void> {
  if (worker.subprocessClosed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    worker.once('subprocessclose', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export class NoMediaWorker extends Error {
  override name = 'NoMediaWorker';
}
