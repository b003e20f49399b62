/**
 * The rooms of the realtime sessions hosted on this node, and the worker pool they run on. The
 * session actor opens and closes its room through it; the viewers' signalling finds a session's
 * room with `roomFor`; /metrics and /health read `stats` and `health`.
 */
import type { Logger } from 'pino';
import { MediaUnavailableError } from '../../actors/session/session-errors.js';
import { MediaWorkerPool, type WorkerPoolOptions } from '../workers/worker-pool.js';
import { AvatarRoom, type RoomVideo, type RtcListen } from './avatar-room.js';

export interface RoomHostOptions {
  pool: Omit<WorkerPoolOptions, 'log'>;
  listen: RtcListen;
  log: Logger;
}

export interface MediaStats {
  workers: number;
  rooms: number;
  transports: number;
  producers: number;
  consumers: number;
  viewers: number;
  workerDeaths: number;
}

export interface WorkerHealth {
  status: 'up' | 'down';
  workers: number;
  live: number;
  rooms: number;
  deaths: number;
}

export class RoomHost {
  private readonly rooms = new Map<string, AvatarRoom>();

  private constructor(
    readonly pool: MediaWorkerPool,
    private readonly listen: RtcListen,
    private readonly log: Logger,
  ) {}

  static async start(options: RoomHostOptions): Promise<RoomHost> {
    const pool = await MediaWorkerPool.start({ ...options.pool, log: options.log });
    return new RoomHost(pool, options.listen, options.log);
  }

  /** A room for the session on the next worker; it leaves this host when it closes. */
  async createRoom(sessionId: string, video: RoomVideo): Promise<AvatarRoom> {
    let worker;
    try {
      worker = this.pool.pick();
    } catch (err) {
      throw new MediaUnavailableError('no media worker is running on this node', { cause: err });
    }
    const room = await AvatarRoom.create({ worker, sessionId, listen: this.listen, video });
    this.rooms.get(sessionId)?.close('replaced');
    this.rooms.set(sessionId, room);
    room.once('close', (reason) => {
      if (this.rooms.get(sessionId) === room) this.rooms.delete(sessionId);
      this.log.debug({ sessionId, reason }, 'room closed');
    });
    return room;
  }

  /** The open room of a session hosted on this node. */
  roomFor(sessionId: string): AvatarRoom | undefined {
    return this.rooms.get(sessionId);
  }

  get roomCount(): number {
    return this.rooms.size;
  }

  stats(): MediaStats {
    let transports = 0;
    let consumers = 0;
    let viewers = 0;
    for (const room of this.rooms.values()) {
      transports += room.transportCount;
      consumers += room.consumerCount;
      viewers += room.viewerCount;
    }
    return {
      workers: this.pool.live.length,
      rooms: this.rooms.size,
      transports,
      producers: this.rooms.size * 2,
      consumers,
      viewers,
      workerDeaths: this.pool.deaths,
    };
  }

  health(): WorkerHealth {
    const live = this.pool.live.length;
    return { status: live > 0 ? 'up' : 'down', workers: this.pool.size, live, rooms: this.rooms.size, deaths: this.pool.deaths };
  }

  async close(): Promise<void> {
    for (const room of [...this.rooms.values()]) room.close('node_stopping');
    await this.pool.close();
  }
}
