/**
 * Realtime media benchmark, in-process on its own embedded stack (.data/bench-media), with real
 * mediasoup workers and ffmpeg. What leaves the SFU is watched on plain RTP consumers
 * (AvatarRoom.mirrorTo → a UDP socket in this process), not a browser:
 *   - per realtime session at 12 and 30 fps: CPU of the service, the encoder and the worker (share
 *     of one core over a window), their memory; session create → first video packet out of the
 *     SFU (a keyframe: consumers start on one); a chat turn's first reply sentence → first speech
 *     packet out of the SFU (Opus is VBR: packets of speech are larger than of silence);
 *     frame-interval jitter p50/p99 of the session's pacer;
 *   - the same with the static test pattern (the encode floor, MEDIA_PERFORMER=test-pattern) and
 *     with the face drawn from the character's appearance, side by side;
 *   - leak check: worker memory and file descriptors, and this process's handles, before and after
 *     N sessions created and ended.
 *
 *   npm run bench -- media [--window 10] [--leak 200]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { freshBenchDataDir, inProcessBenchConfig } from './bench-servers.js';
import { createLogger } from '../../runtime/logger.js';
import { startService, type RunningService } from '../../http/server/start-service.js';
import { benchCaller, type Caller } from './bench-caller.js';
import { RtpReceiver } from '../helpers/rtp-receiver.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
const TICKS_PER_S = 100; // USER_HZ of /proc/<pid>/stat

function cpuTicks(pids: number | number[] | undefined): number {
  if (Array.isArray(pids)) return pids.length > 0 ? pids.reduce((sum, pid) => sum + cpuTicks(pid), 0) : Number.NaN;
  if (!pids) return Number.NaN;
  try {
    const fields = fs.readFileSync(`/proc/${pids}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return Number.NaN;
  }
}

function rssMb(pids: number | number[] | undefined): number {
  if (Array.isArray(pids)) return pids.length > 0 ? pids.reduce((sum, pid) => sum + rssMb(pid), 0) : Number.NaN;
  if (!pids) return Number.NaN;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pids}/status`, 'utf8'))?.[1];
    return Number(kb) / 1024;
  } catch {
    return Number.NaN;
  }
}

function fdCount(pid: number): number {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return Number.NaN;
  }
}

interface Figures {
  serviceCpu: number;
  encoderCpu: number;
  workerCpu: number;
  encoderMb: number;
  workerMb: number;
  firstVideoMs: number;
  firstSpeechMs: number;
  jitterP50: number;
  jitterP99: number;
}

export async function runMedia(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    strict: false,
    options: { window: { type: 'string', default: '10' }, leak: { type: 'string', default: '200' } },
  });
  const windowS = Number(values.window);
  const leakSessions = Number(values.leak);
  const dataDir = freshBenchDataDir('bench-media');
  const configFor = (performer: string) =>
    inProcessBenchConfig(dataDir, 39000, {
      SESSION_CAPACITY: String(leakSessions + 50),
      REPLY_ENGINE: 'persona',
      MEDIA_WORKERS: '1',
      MEDIA_PERFORMER: performer,
      RTC_MIN_PORT: process.env.RTC_MIN_PORT ?? '61000',
      RTC_MAX_PORT: process.env.RTC_MAX_PORT ?? '62999',
    });

  const rows: Array<[string, Figures]> = [];
  // The same service twice: sessions showing the static test pattern (the encode floor), then the face.
  for (const [performer, label] of [
    ['test-pattern', 'test pattern (encode floor)'],
    ['face', 'face (character appearance)'],
  ] as const) {
    const config = configFor(performer);
    const service = await startService(config, createLogger('warn'));
    try {
      const call = await benchCaller(service);
      const character = await call('POST', '/api/v1/characters', { name: 'Bench', voiceId: 'en-US-joe' });
      if (rows.length === 0)
        out(
          `# media benchmark (one realtime session at a time, ${config.mediaVideoWidth}×${config.mediaVideoHeight} VP8 ≤${config.mediaVideoKbps} kbit/s + Opus; CPU as % of one core over ${windowS} s; shared machine: compare rows of one run)`,
        );
      for (const fps of [12, 30]) rows.push([`${label} @ ${fps} fps`, await measureSession(service, call, character.id, fps, windowS)]);
      if (performer === 'face') {
        printRows(rows);
        await leakCheck(service, call, character.id, leakSessions);
      }
    } finally {
      await service.close();
    }
  }
}

function printRows(rows: Array<[string, Figures]>): void {
  const head = [
    '',
    'service %',
    'encoder %',
    'worker %',
    'encoder MB',
    'worker MB',
    'first video ms',
    'first speech ms',
    'jitter p50 ms',
    'p99 ms',
  ];
  out(head.map((h, i) => (i === 0 ? h.padEnd(40) : h.padStart(i >= 6 ? 16 : 11))).join(''));
  for (const [label, f] of rows) {
    const cells = [
      f.serviceCpu,
      f.encoderCpu,
      f.workerCpu,
      f.encoderMb,
      f.workerMb,
      f.firstVideoMs,
      f.firstSpeechMs,
      f.jitterP50,
      f.jitterP99,
    ];
    out(label.padEnd(40) + cells.map((c, i) => c.toFixed(i >= 7 ? 2 : 0).padStart(i >= 5 ? 16 : 11)).join(''));
  }
}

async function leakCheck(service: RunningService, call: Caller, characterId: string, sessions: number): Promise<void> {
  const worker = service.services.media!.pool.live[0]!;
  const handles = () => (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles().length;
  const before = { rss: rssMb(worker.pid), fds: fdCount(worker.pid), handles: handles() };
  const started = performance.now();
  for (let i = 0; i < sessions; i++) {
    const s = await call('POST', '/api/v1/avatars', { characterId, realtime: true });
    await call('DELETE', `/api/v1/avatars/${s.id}`);
  }
  await new Promise((r) => setTimeout(r, 1000));
  const after = { rss: rssMb(worker.pid), fds: fdCount(worker.pid), handles: handles() };
  out(`# leak check: ${sessions} realtime sessions created and ended in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  out(
    `worker RSS ${before.rss.toFixed(1)} → ${after.rss.toFixed(1)} MB; worker fds ${before.fds} → ${after.fds}; service handles ${before.handles} → ${after.handles}; rooms open ${service.services.media!.roomCount}`,
  );
}

async function measureSession(service: RunningService, call: Caller, characterId: string, fps: number, windowS: number): Promise<Figures> {
  const createdAt = performance.now();
  const session = await call('POST', '/api/v1/avatars', { characterId, realtime: true, target_fps: fps });
  const room = service.services.media!.roomFor(session.id)!;
  const video = new RtpReceiver();
  const audio = new RtpReceiver();
  const mirrors = [await room.mirrorTo('video', await video.start()), await room.mirrorTo('audio', await audio.start())];
  try {
    await video.waitFor((p) => p.length > 0, 20_000);
    const firstVideoMs = video.packets[0]!.at - createdAt;

    // CPU and memory over a window of idle frames.
    const t0 = performance.now();
    const c0 = { service: process.cpuUsage(), encoder: cpuTicks(room.encoderPids), worker: cpuTicks(room.workerPid) };
    await new Promise((r) => setTimeout(r, windowS * 1000));
    const seconds = (performance.now() - t0) / 1000;
    const su = process.cpuUsage(c0.service);
    const pctOf = (ticks: number) => ((ticks / TICKS_PER_S) * 100) / seconds;

    // Speaking: the reply's first sentence (persona engine, so the reply engine costs nothing).
    await audio.waitFor((p) => p.length > 25, 10_000);
    const quiet = Math.max(...audio.packets.slice(-25).map((p) => p.size));
    const isSpeech = (x: { size: number }) => x.size > quiet * 1.25 && x.size > 80; // Opus VBR: speech packets are larger
    const sent = performance.now();
    const from = audio.packets.length;
    await call('POST', `/api/v1/avatars/${session.id}/chat`, { text: 'Tell me about the sea.' });
    await audio.waitFor((p) => p.slice(from).some(isSpeech), 30_000).catch(() => undefined);
    const speech = audio.packets.slice(from).find(isSpeech);
    const jitter = room.frameClock!.jitter();
    return {
      serviceCpu: ((su.user + su.system) / 1e6 / seconds) * 100,
      encoderCpu: pctOf(cpuTicks(room.encoderPids) - c0.encoder),
      workerCpu: pctOf(cpuTicks(room.workerPid) - c0.worker),
      encoderMb: rssMb(room.encoderPids),
      workerMb: rssMb(room.workerPid),
      firstVideoMs,
      firstSpeechMs: speech ? speech.at - sent : Number.NaN,
      jitterP50: jitter.p50Ms,
      jitterP99: jitter.p99Ms,
    };
  } finally {
    for (const m of mirrors) m.close();
    video.close();
    audio.close();
    await call('DELETE', `/api/v1/avatars/${session.id}`);
  }
}
