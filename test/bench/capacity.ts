/**
 * Capacity of one node: how many realtime sessions it holds at full quality. In-process on its
 * own embedded stack (.data/bench-capacity) with the face performer, real mediasoup workers and
 * ffmpeg; each room's video and audio are forwarded out of the SFU to a socket of this process, as
 * to one viewer. Sessions are added step by step; at each step, over a window:
 *   - the pacers' frame-interval jitter (p99 of each session over the window; the worst and the
 *     median session), ticks skipped because the process fell behind, and underruns (silent ticks
 *     inside a reply: the voice fell behind playback);
 *   - CPU of the whole node (this process, its encoders, mediasoup workers, speech servers and
 *     databases) as a share of the machine's cores; per session above the idle node's own use
 *     (measured first, with no session), split by process; and per second of speech actually
 *     voiced (a reply queued behind a busy voice is not), with the share of the window voiced.
 * A step holds when every session's jitter p99 is within the bound, nothing was skipped or
 * underrun, and speaking sessions were voiced at least MIN_VOICED_PCT of the window. Listening sessions (idle face, no speech) first, at each frame rate; then sessions that
 * all speak at once (replies from the `persona` engine, so the reply model costs nothing), per voice.
 *
 *   npm run bench -- capacity [--fps 12,30] [--listening 10,20,30,40] [--speaking 2,4,6,8] [--voices en-US-joe,en-US-slt] [--window 10] [--bound 10]
 */
import dgram from 'node:dgram';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { freshBenchDataDir, inProcessBenchConfig } from './bench-servers.js';
import { cpuSnapshot, cpuUsedBy, type CpuUse } from './process-cpu.js';
import { createLogger } from '../../runtime/logger.js';
import { startService, type RunningService } from '../../http/server/start-service.js';
import { benchCaller, type Caller } from './bench-caller.js';
import type { AvatarRoom } from '../../media/rooms/avatar-room.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
const list = (value: unknown) => String(value).split(',').filter(Boolean);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Long enough that a speaking session never runs out of words within a window. */
const STORY = 'Tell me a long story about the sea, the lighthouse and the ships that pass it at night.';

interface Step {
  label: string;
  sessions: number;
  speaking: number;
  cpuPctOfMachine: number;
  /** Above the node's own idle use (its servers with no session), per session, in % of one core. */
  cpuPctPerSession: number;
  /** Where the CPU went, % of one core per session: the service (pacers, faces, voices' requests), encoders, SFU, speech servers. */
  perSessionBy: { service: number; encoders: number; sfu: number; speech: number };
  /** CPU seconds per second of speech heard (speaking steps). */
  cpuPerSpeechSecond: number;
  /** Share of the window the speaking sessions were voicing (a reply queued behind a busy voice is not). */
  voicedPct: number;
  jitterWorstP99: number;
  jitterMedianP99: number;
  skipped: number;
  underruns: number;
  holds: boolean;
}

export async function runCapacity(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    strict: false,
    options: {
      fps: { type: 'string', default: '12,30' },
      listening: { type: 'string', default: '10,20,30,40' },
      speaking: { type: 'string', default: '2,4,6,8' },
      voices: { type: 'string', default: 'en-US-joe,en-US-slt' },
      window: { type: 'string', default: '10' },
      bound: { type: 'string', default: '10' },
    },
  });
  const windowS = Number(values.window);
  const boundMs = Number(values.bound);
  const config = inProcessBenchConfig(freshBenchDataDir('bench-capacity'), 43000, {
    REPLY_ENGINE: 'persona',
    MEDIA_PERFORMER: 'face',
    REALTIME_SESSIONS_PER_NODE: '1000',
    SESSION_CAPACITY: '2000',
    RTC_MIN_PORT: process.env.RTC_MIN_PORT ?? '61000',
    RTC_MAX_PORT: process.env.RTC_MAX_PORT ?? '62999',
  });
  const service = await startService(config, createLogger('warn'));
  const viewerSocket = dgram.createSocket('udp4'); // stands in for each room's one viewer: packets are taken and dropped
  viewerSocket.on('message', () => undefined);
  await new Promise<void>((resolve) => viewerSocket.bind(0, '127.0.0.1', resolve));
  const viewer = { ip: '127.0.0.1', port: viewerSocket.address().port };
  const steps: Step[] = [];
  out(
    `# capacity of one node (${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the start): face ${config.mediaVideoWidth}×${config.mediaVideoHeight} VP8 + Opus to one viewer each, ${windowS} s windows, jitter bound p99 ≤ ${boundMs} ms`,
  );
  try {
    const call = await benchCaller(service);
    // The node's own use with no session (its embedded servers idling), taken off each step's.
    const idle = await measureCpu(windowS);
    out(`# idle node (no session): ${((idle.totalSeconds / windowS / os.cpus().length) * 100).toFixed(0)} % of the machine`);
    const measure = async (label: string, sessions: Opened[], speaking: Opened[]) => {
      const step = await measureStep(label, sessions, speaking, windowS, boundMs, idle);
      steps.push(step);
      printStep(step, steps.length === 1);
      return step;
    };
    // A step may miss the bound by a spike of the machine's other load: the ramp goes on until two
    // steps in a row miss it, or the node's CPU is spent.
    const ramp = async (sizes: number[], label: string, add: () => Promise<Opened>, speak: boolean) => {
      const open: Opened[] = [];
      let missed = 0;
      for (const n of sizes) {
        while (open.length < n) open.push(await add());
        await sleep(3000); // the new sessions' encoders settle
        const step = await measure(label, open, speak ? open : []);
        missed = step.holds ? 0 : missed + 1;
        if (missed === 2 || step.cpuPctOfMachine >= 95) break;
      }
      await closeAll(call, open);
    };

    // Listening: sessions added step by step at each frame rate, the face idle.
    const quiet = await call('POST', '/api/v1/characters', { name: 'Ada', voiceId: 'en-US-joe' });
    for (const fps of list(values.fps).map(Number))
      await ramp(
        list(values.listening).map(Number),
        `listening @ ${fps} fps`,
        () => openSession(service, call, quiet.id, fps, viewer),
        false,
      );

    // Speaking: every session talks at once, per voice, at 12 fps.
    for (const voiceId of list(values.voices)) {
      const character = await call('POST', '/api/v1/characters', { name: 'Ada', voiceId });
      await ramp(
        list(values.speaking).map(Number),
        `speaking ${voiceId} @ 12 fps`,
        () => openSession(service, call, character.id, 12, viewer),
        true,
      );
    }
  } finally {
    viewerSocket.close();
    await service.close();
  }
  out('# holds: the most sessions of each kind within the bound (a step that missed it below that is listed above)');
  for (const label of new Set(steps.map((s) => s.label))) {
    const held = steps.filter((s) => s.label === label && s.holds).at(-1);
    out(`${label.padEnd(30)} ${held ? held.sessions : `none of ${steps.find((s) => s.label === label)!.sessions}`}`);
  }
}

interface Opened {
  id: string;
  room: AvatarRoom;
  call: Caller;
}

async function openSession(service: RunningService, call: Caller, characterId: string, fps: number, viewer: { ip: string; port: number }) {
  const session = await call('POST', '/api/v1/avatars', { characterId, realtime: true, target_fps: fps });
  const room = service.services.media!.roomFor(session.id)!;
  await room.mirrorTo('video', viewer);
  await room.mirrorTo('audio', viewer);
  return { id: session.id, room, call };
}

async function closeAll(call: Caller, open: Opened[]): Promise<void> {
  for (const s of open.splice(0)) await call('DELETE', `/api/v1/avatars/${s.id}`).catch(() => undefined);
}

/** Keeps a session talking until `until`: a new turn whenever the last reply has been spoken. */
async function talk(s: Opened, until: number): Promise<void> {
  while (performance.now() < until) {
    if (!s.room.frameClock!.speaking) await s.call('POST', `/api/v1/avatars/${s.id}/chat`, { text: STORY }).catch(() => undefined);
    await sleep(100);
  }
}

const SPEECH_SERVERS = /python|piper|kokoro|tts|stt|whisper/i;

/** CPU seconds of this process and its descendants over `seconds`, by process name. */
async function measureCpu(seconds: number): Promise<CpuUse> {
  const before = cpuSnapshot();
  await sleep(seconds * 1000);
  return cpuUsedBy(before, cpuSnapshot(), process.pid, 'node (the service)');
}

function secondsOf(use: CpuUse, match: (name: string) => boolean): number {
  return sum(use.byName.filter((r) => match(r.name)).map((r) => r.seconds));
}

async function measureStep(
  label: string,
  sessions: Opened[],
  speaking: Opened[],
  windowS: number,
  boundMs: number,
  idle: CpuUse,
): Promise<Step> {
  const clocks = () => sessions.map((s) => s.room.frameClock!);
  // Talkers start before the window so every speaking session is mid-reply when it opens.
  const talkUntil = performance.now() + (windowS + 4) * 1000;
  const talkers = speaking.map((s) => talk(s, talkUntil));
  if (speaking.length) await sleep(4000);
  const before = { cpu: cpuSnapshot(), skipped: sum(clocks().map((c) => c.skipped)), underruns: sum(clocks().map((c) => c.underrunTicks)) };
  const t0 = performance.now();
  let speechSamples = 0;
  let samples = 0;
  while (performance.now() - t0 < windowS * 1000) {
    await sleep(100);
    speechSamples += speaking.filter((s) => s.room.frameClock!.voicing).length;
    samples++;
  }
  const seconds = (performance.now() - t0) / 1000;
  const use = cpuUsedBy(before.cpu, cpuSnapshot(), process.pid, 'node (the service)');
  const cpu = use.totalSeconds;
  const idleRate = idle.totalSeconds / windowS;
  // % of one core per session, above the idle node's use of the same processes.
  const perSession = (match: (name: string) => boolean) =>
    ((secondsOf(use, match) / seconds - secondsOf(idle, match) / windowS) * 100) / sessions.length;
  const p99s = clocks()
    .map((c) => c.jitter(Math.round((seconds * 1000) / c.jitter().nominalMs)).p99Ms)
    .sort((a, b) => a - b);
  const skipped = sum(clocks().map((c) => c.skipped)) - before.skipped;
  const underruns = sum(clocks().map((c) => c.underrunTicks)) - before.underruns;
  await Promise.all(talkers);
  const speechSeconds = (speechSamples / Math.max(1, samples)) * seconds;
  const worst = p99s.at(-1) ?? 0;
  const voicedPct = speaking.length ? (speechSamples / Math.max(1, samples) / speaking.length) * 100 : Number.NaN;
  return {
    label,
    sessions: sessions.length,
    speaking: speaking.length,
    cpuPctOfMachine: (cpu / seconds / os.cpus().length) * 100,
    cpuPctPerSession: ((cpu / seconds - idleRate) * 100) / sessions.length,
    perSessionBy: {
      service: perSession((n) => n === 'node (the service)'),
      encoders: perSession((n) => n === 'ffmpeg'),
      sfu: perSession((n) => n.startsWith('mediasoup')),
      speech: perSession((n) => SPEECH_SERVERS.test(n)),
    },
    cpuPerSpeechSecond: speechSeconds > 0 ? (cpu - idleRate * seconds) / speechSeconds : Number.NaN,
    voicedPct,
    jitterWorstP99: worst,
    jitterMedianP99: p99s[Math.floor(p99s.length / 2)] ?? 0,
    skipped,
    underruns,
    holds: worst <= boundMs && skipped === 0 && underruns === 0 && (speaking.length === 0 || voicedPct >= MIN_VOICED_PCT),
  };
}

/**
 * A session that talks on and on is voiced 83-88 % of the window when its voice keeps up (the rest
 * is between turns); below this its replies wait for a voice shared with the other sessions.
 */
const MIN_VOICED_PCT = 75;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function printStep(s: Step, header: boolean): void {
  const cols: Array<[string, number]> = [
    ['', 30],
    ['sessions', 9],
    ['node CPU %', 11],
    ['% core/session', 15],
    ['svc', 6],
    ['enc', 6],
    ['sfu', 6],
    ['tts', 6],
    ['CPU s/speech s', 15],
    ['voiced %', 9],
    ['jitter p99 worst', 17],
    ['median', 8],
    ['skipped', 8],
    ['underruns', 10],
    ['', 7],
  ];
  if (header) out(cols.map(([h, w], i) => (i === 0 ? h.padEnd(w) : h.padStart(w))).join(''));
  const cells = [
    s.label,
    String(s.sessions),
    s.cpuPctOfMachine.toFixed(0),
    s.cpuPctPerSession.toFixed(1),
    s.perSessionBy.service.toFixed(1),
    s.perSessionBy.encoders.toFixed(1),
    s.perSessionBy.sfu.toFixed(1),
    s.perSessionBy.speech.toFixed(1),
    Number.isNaN(s.cpuPerSpeechSecond) ? '–' : s.cpuPerSpeechSecond.toFixed(2),
    Number.isNaN(s.voicedPct) ? '–' : s.voicedPct.toFixed(0),
    s.jitterWorstP99.toFixed(1),
    s.jitterMedianP99.toFixed(1),
    String(s.skipped),
    String(s.underruns),
    s.holds ? 'holds' : 'NO',
  ];
  out(cells.map((c, i) => (i === 0 ? c.padEnd(cols[i]![1]) : c.padStart(cols[i]![1]))).join(''));
}
