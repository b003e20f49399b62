/**
 * mediasoup on the internal /metrics: rooms, transports, producers, consumers and viewers of
 * this node, its workers (live, deaths) and each worker's CPU time and memory, read from the
 * workers (getResourceUsage) when Prometheus scrapes.
 */
import { Gauge, type Registry } from 'prom-client';
import type { RoomHost } from './room-host.js';

export function registerMediaMetrics(registry: Registry, host: RoomHost): void {
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge('companion_media_rooms', 'Open WebRTC rooms (one router per realtime session) on this node', () => host.stats().rooms);
  gauge('companion_media_transports', 'mediasoup transports (encoder and viewer) on this node', () => host.stats().transports);
  gauge('companion_media_producers', 'mediasoup producers (video and audio of each room) on this node', () => host.stats().producers);
  gauge('companion_media_consumers', 'mediasoup consumers (viewers × tracks) on this node', () => host.stats().consumers);
  gauge('companion_media_viewers', 'Viewers connected to rooms on this node', () => host.stats().viewers);
  gauge('companion_media_workers', 'Live mediasoup workers on this node', () => host.stats().workers);
  gauge('companion_media_worker_deaths', 'mediasoup workers that died (and were replaced) since start', () => host.stats().workerDeaths);

  const usage = async () =>
    Promise.all(host.pool.live.map(async (w) => ({ pid: String(w.pid), ru: await w.getResourceUsage().catch(() => undefined) })));
  new Gauge({
    name: 'companion_media_worker_cpu_seconds',
    help: 'CPU time (user + system) used by each mediasoup worker',
    labelNames: ['pid'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { pid, ru } of await usage()) if (ru) this.set({ pid }, (ru.ru_utime + ru.ru_stime) / 1000);
    },
  });
  new Gauge({
    name: 'companion_media_worker_max_rss_bytes',
    help: 'Peak resident memory of each mediasoup worker',
    labelNames: ['pid'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { pid, ru } of await usage()) if (ru) this.set({ pid }, ru.ru_maxrss * 1024);
    },
  });
}
