/**
 * Conversation benchmark: voice to voice. In-process on its own embedded stack
 * (.data/bench-conversation) with the real models: questions synthesised by the service's own
 * voice are spoken into a realtime session's room as Opus RTP, in real time, through the path a
 * viewer's microphone takes from its producer on (AvatarRoom.injectVoice), each followed by
 * silence as an open microphone sends; the companion's voice is watched where it leaves the SFU
 * (a plain-RTP consumer, as the media benchmark does). Per turn:
 *
 *   end of the user's speech (the last packet with speech sent)
 *     → VAD end of turn   the turn declared over after VOICE_END_OF_TURN_MS of silence (+ the model's hangover)
 *     → STT               transcript back from the speech-to-text server
 *     → reply 1st sentence the reply engine's first sentence (timed through wrapReplyEngine)
 *     → TTFA              time to first audio: the first Opus packet of speech leaving the SFU after
 *                         the first sentence (TTS of the first piece, the pacer's next tick, ffmpeg's
 *                         Opus encode and packetisation)
 *
 * and, after each turn (the machine otherwise idle), the first sentence synthesised alone through
 * the speech service: the TTS first chunk, the synthesis share of TTFA. p50 and p95 over the turns,
 * per voice.
 *
 * Then barge-in: the user speaks over a long answer (a story), 300 ms into one of its sentences of seven words or more.
 * The companion's audio out of the SFU is decoded (levels per 20 ms packet) and timed: from the user's first
 * packet of speech to the listener's detection (VOICE_BARGE_IN_MS of speech, plus decoding and the
 * VAD), and from the detection to the companion's last loud packet out of the SFU (the stop).
 *
 *   npm run bench -- conversation [--turns 10] [--barge-ins 5] [--voices en-US-joe,en-US-slt] [--engine local|persona]
 */
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { freshBenchDataDir, inProcessBenchConfig } from './bench-servers.js';
import { createLogger } from '../../runtime/logger.js';
import { startService, type RunningService } from '../../http/server/start-service.js';
import { createUser } from '../../runtime/accounts/users.js';
import { SCOPES } from '../../runtime/accounts/scopes.js';
import { builtInVoice } from '../../runtime/voices/voice-catalog.js';
import type { ReplyContext, ReplyEngine } from '../../actors/session/reply/reply-engine.js';
import { INJECTED_VOICE, type BargeInTimings, type HeardTimings } from '../../media/rooms/avatar-room.js';
import { parseWav, type Pcm } from '../../media/speech/wav.js';
import { RtpReceiver } from '../helpers/rtp-receiver.js';
import { joinPcm, opusLevels, opusPackets, PACKET_MS, pcmMs, sendPaced, silence } from '../helpers/opus-rtp.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
const epoch = (performanceMs: number) => performance.timeOrigin + performanceMs;

const QUESTIONS = [
  'What is the tallest mountain in the world?',
  'How far away is the moon?',
  'Can you tell me a short story about a lighthouse?',
  'What should I cook for dinner tonight?',
  'Why is the sky blue?',
  'What do you like to do on a rainy day?',
];

/** Times the reply engine's first sentence of each turn (epoch ms). */
class TimedEngine implements ReplyEngine {
  firstSentenceAt: number[] = [];
  constructor(private readonly inner: ReplyEngine) {}
  get name() {
    return this.inner.name;
  }
  prepare(ctx: Omit<ReplyContext, 'userText'>): void {
    this.inner.prepare?.(ctx);
  }
  async *reply(ctx: ReplyContext, signal?: AbortSignal): AsyncIterable<string> {
    let first = true;
    for await (const sentence of this.inner.reply(ctx, signal)) {
      if (first) this.firstSentenceAt.push(Date.now());
      first = false;
      yield sentence;
    }
  }
}

interface TurnFigures {
  vad: number;
  stt: number;
  reply: number;
  audio: number;
  total: number;
  ttsAlone: number;
}

interface BargeInFigures {
  /** The user's first packet of speech → the listener sure the user took the floor. */
  detect: number;
  /** The detection → the companion's last loud packet out of the SFU. */
  stop: number;
  /** The user's first packet of speech → the companion's last loud packet out of the SFU. */
  total: number;
}

/** Said over the companion's story (barge-in). */
const INTERRUPTION = 'Wait, wait, stop. Tell me something else.';
const STORY = 'Can you tell me a long story about a lighthouse?';
/** A sentence this long (about two seconds in Piper's voices) still plays when the user is detected. */
const LONG_SENTENCE_WORDS = 7;
/** RMS of a loud 20 ms packet (the companion's voice; its silence decodes to ~0). */
const LOUD = 0.01;

const percentile = (values: number[], p: number) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export async function runConversation(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    strict: false,
    options: {
      turns: { type: 'string', default: '10' },
      'barge-ins': { type: 'string', default: '5' },
      voices: { type: 'string', default: 'en-US-joe,en-US-slt' },
      engine: { type: 'string', default: 'local' },
    },
  });
  const turns = Number(values.turns);
  const bargeIns = Number(values['barge-ins']);
  const voices = String(values.voices).split(',');
  const config = inProcessBenchConfig(freshBenchDataDir('bench-conversation'), 41000, {
    // Replies long enough to be interrupted (the story); the usual turns answer in one to three sentences anyway.
    REPLY_MAX_SENTENCES: '6',
    REPLY_ENGINE: String(values.engine),
    MEDIA_WORKERS: '1',
    MEDIA_PERFORMER: 'face',
    SESSION_IDLE_TIMEOUT_S: '3600',
    RTC_MIN_PORT: process.env.RTC_MIN_PORT ?? '61000',
    RTC_MAX_PORT: process.env.RTC_MAX_PORT ?? '62999',
  });
  let engine: TimedEngine | undefined;
  const service = await startService(config, createLogger('warn'), { wrapReplyEngine: (e) => (engine = new TimedEngine(e)) });
  try {
    const api = await caller(service);
    // The questions, in the service's own fast voice (the user's voice does not change what is timed).
    const say = async (text: string) => parseWav(await api.binary('/api/v1/text-to-speech', { text, voiceId: 'en-US-joe' }));
    const questions: Pcm[] = [];
    for (const q of QUESTIONS) questions.push(await say(q));
    const speech = { questions, story: await say(STORY), interruption: await say(INTERRUPTION) };
    out(
      `# conversation benchmark: voice to voice, ${turns} turns and ${bargeIns} barge-ins per voice, reply engine ${engine!.name}, ` +
        `VOICE_END_OF_TURN_MS ${config.voiceEndOfTurnMs}, VOICE_BARGE_IN_MS ${config.voiceBargeInMs}; ms, wall clock; shared machine: compare rows of one run`,
    );
    const rows: Array<[string, TurnFigures[], BargeInFigures[]]> = [];
    for (const voiceId of voices) rows.push([voiceId, ...(await measureVoice(service, api, engine!, voiceId, speech, turns, bargeIns))]);
    const cell = <T>(figures: T[], k: keyof T) => {
      const values = figures.map((f) => f[k] as number);
      return `${percentile(values, 50).toFixed(0)} / ${percentile(values, 95).toFixed(0)}`.padStart(20);
    };
    const head = (names: string[]) => out(names.map((h, i) => (i === 0 ? h.padEnd(12) : h.padStart(20))).join(''));
    head(['voice', 'VAD end of turn', 'STT', 'reply 1st sentence', 'TTFA', 'voice to voice', 'TTS 1st chunk']);
    for (const [voiceId, figures] of rows)
      out(voiceId.padEnd(12) + (['vad', 'stt', 'reply', 'audio', 'total', 'ttsAlone'] as const).map((k) => cell(figures, k)).join(''));
    head(['barge-in', 'speech → detected', 'detected → stopped', 'speech → stopped']);
    for (const [voiceId, , figures] of rows)
      out(voiceId.padEnd(12) + (['detect', 'stop', 'total'] as const).map((k) => cell(figures, k)).join(''));
    out(`(each cell: p50 / p95; ${rows.map(([v, f, b]) => `${v}: ${f.length} turns, ${b.length} barge-ins`).join(', ')} complete)`);
  } finally {
    await service.close();
  }
}

interface Api {
  json(method: string, route: string, body?: unknown): Promise<Record<string, unknown> & { id: string }>;
  binary(route: string, body: unknown): Promise<Buffer>;
}

async function caller(service: RunningService): Promise<Api> {
  const em = service.services.orm.em.fork() as EntityManager;
  const user = await createUser(em, { email: `bench-${Date.now()}@example.test`, name: 'bench', plan: 'enterprise' });
  const { secret: key } = await service.services.credentials.issueKey(em, { userId: user.id, name: 'bench', mode: 'live', scopes: SCOPES });
  const fetchOk = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${service.url}${route}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  return {
    json: async (method, route, body) =>
      ((await (await fetchOk(method, route, body)).json()) as { data: Record<string, unknown> & { id: string } }).data,
    binary: async (route, body) => Buffer.from(await (await fetchOk('POST', route, body)).arrayBuffer()),
  };
}

async function measureVoice(
  service: RunningService,
  api: Api,
  engine: TimedEngine,
  voiceId: string,
  speech: { questions: Pcm[]; story: Pcm; interruption: Pcm },
  turns: number,
  bargeIns: number,
): Promise<[TurnFigures[], BargeInFigures[]]> {
  // No viewer joins (the companion's voice is watched on a plain-RTP consumer), so the greeting never plays.
  const character = await api.json('POST', '/api/v1/characters', { name: 'Bench', voiceId });
  const session = await api.json('POST', '/api/v1/avatars', { characterId: character.id, realtime: true });
  const room = service.services.media!.roomFor(session.id)!;
  const heard: HeardTimings[] = [];
  room.voiceListener!.on('heard', (h) => heard.push(h));
  const detections: BargeInTimings[] = [];
  room.voiceListener!.on('bargeIn', (b) => detections.push(b));
  // Each sentence the room starts speaking, with its length in words.
  const sentencesStarted: Array<{ words: number }> = [];
  room.frameClock!.on('utteranceStart', (sentence: string) => sentencesStarted.push({ words: sentence.split(/\s+/).length }));
  const audio = new RtpReceiver({ keepPackets: true });
  const mirror = await room.mirrorTo('audio', await audio.start());
  const voice = await room.injectVoice();
  const figures: TurnFigures[] = [];
  const stops: BargeInFigures[] = [];
  try {
    await audio.waitFor((p) => p.length > 50, 20_000);
    const quiet = Math.max(...audio.packets.slice(-50).map((p) => p.size));
    const isSpeech = (x: { size: number }) => x.size > quiet * 1.25 && x.size > 80; // Opus VBR: speech packets are larger
    const isQuietFor = (ms: number) => {
      const since = performance.now() - ms;
      const recent = audio.packets.filter((p) => p.at >= since);
      return recent.length > ms / 40 && !recent.some(isSpeech);
    };
    const silentFor = async (ms: number) => {
      while (!isQuietFor(ms)) await new Promise((r) => setTimeout(r, 200));
    };
    for (let turn = 0; turn < turns; turn++) {
      await silentFor(1500); // the previous answer is over: no barge-in
      const question = speech.questions[turn % speech.questions.length]!;
      // 300 ms of silence, the question, then 2.5 s of silence (an open microphone keeps sending).
      const lead = 300;
      const speechEndMs = lead + pcmMs(question);
      const packets = await opusPackets(joinPcm([silence(question, lead), question, silence(question, 2500)]), INJECTED_VOICE);
      const heardBefore = heard.length;
      const firstBefore = engine.firstSentenceAt.length;
      const packetsBefore = audio.packets.length;
      const sentAt = await sendPaced((p) => voice.send(p), packets);
      const speechEnd = epoch(sentAt[Math.min(sentAt.length - 1, Math.ceil(speechEndMs / PACKET_MS))]!);
      await audio.waitFor((p) => p.slice(packetsBefore).some(isSpeech), 60_000).catch(() => undefined);
      const h = heard[heardBefore];
      const first = engine.firstSentenceAt[firstBefore];
      const spoken = audio.packets.slice(packetsBefore).find((p) => isSpeech(p) && epoch(p.at) > (first ?? 0));
      if (!h || !first || !spoken) {
        out(`# ${voiceId} turn ${turn + 1}: not complete (heard ${Boolean(h)}, reply ${Boolean(first)}, audio ${Boolean(spoken)})`);
        continue;
      }
      const firstSentence = await firstSentenceOf(service, session.id);
      const ttsAlone = await timeTts(service, voiceId, firstSentence);
      figures.push({
        vad: h.turnEndedAt - speechEnd,
        stt: h.transcribedAt - h.turnEndedAt,
        reply: first - h.transcribedAt,
        audio: epoch(spoken.at) - first,
        total: epoch(spoken.at) - speechEnd,
        ttsAlone,
      });
    }

    // Barge-in: the story is asked for, and once a sentence of its answer long enough to be still
    // playing when the user is detected (LONG_SENTENCE_WORDS) starts, the user speaks over it. On a
    // short sentence the detection would find the companion between sentences: nothing to stop.
    const story = await opusPackets(joinPcm([speech.story, silence(speech.story, 1000)]), INJECTED_VOICE);
    const interruption = await opusPackets(joinPcm([speech.interruption, silence(speech.interruption, 1500)]), INJECTED_VOICE);
    for (let trial = 0; trial < bargeIns; trial++) {
      await silentFor(1500);
      const startsBefore = sentencesStarted.length;
      await sendPaced((p) => voice.send(p), story);
      const long = () => sentencesStarted.slice(startsBefore).some((s) => s.words >= LONG_SENTENCE_WORDS);
      const answering = await until(() => long() || (sentencesStarted.length > startsBefore && isQuietFor(3000)), 60_000);
      if (!answering || !long()) {
        out(
          `# ${voiceId} barge-in ${trial + 1}: not complete (the story's answer had no sentence of ${LONG_SENTENCE_WORDS} words or more)`,
        );
        continue;
      }
      // 300 ms into that sentence; the detection comes a few hundred ms into the user's speech.
      await new Promise((r) => setTimeout(r, 300));
      const detectionsBefore = detections.length;
      const from = Math.max(0, audio.packets.length - 50); // a second of the companion before the user speaks
      const sentAt = await sendPaced((p) => voice.send(p), interruption);
      const detection = detections[detectionsBefore];
      // The packets from a second before the interruption to a second after it: decoded, timed.
      const window = audio.packets.slice(from).filter((p) => p.at <= sentAt[0]! + pcmMs(speech.interruption) + 1000);
      const levels = await opusLevels(window.map((p) => p.packet!));
      const loudAt = window.filter((_, i) => levels[i]! > LOUD).map((p) => epoch(p.at));
      // The companion was talking when the user was detected (loud within the 300 ms before).
      const talking = detection !== undefined && loudAt.some((at) => at <= detection.detectedAt && at > detection.detectedAt - 300);
      if (!detection || !talking) {
        out(`# ${voiceId} barge-in ${trial + 1}: not complete (detected ${Boolean(detection)}, companion talking then ${talking})`);
        continue;
      }
      const lastLoud = Math.max(...loudAt.filter((at) => at < detection.detectedAt + 1000));
      stops.push({
        detect: detection.detectedAt - epoch(sentAt[0]!),
        stop: lastLoud - detection.detectedAt,
        total: lastLoud - epoch(sentAt[0]!),
      });
    }
  } finally {
    voice.close();
    mirror.close();
    audio.close();
    await api.json('DELETE', `/api/v1/avatars/${session.id}`);
  }
  return [figures, stops];
}

/** Whether `ok()` comes true within `timeoutMs` (polled every 50 ms). */
async function until(ok: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/** The first sentence of the session's latest reply (from the journal). */
async function firstSentenceOf(service: RunningService, sessionId: string): Promise<string> {
  const em = service.services.orm.em.fork() as EntityManager;
  const rows = (await em
    .getConnection()
    .execute("SELECT text FROM session_turns WHERE session_id = ? AND role = 'companion' ORDER BY seq DESC LIMIT 1", [
      sessionId,
    ])) as Array<{
    text: string;
  }>;
  const text = rows[0]?.text ?? '';
  return /^.*?[.!?](\s|$)/.exec(text)?.[0].trim() ?? text;
}

/** ms to the first synthesised piece of `text` through the speech service (what the performer asks for); NaN if it fails. */
async function timeTts(service: RunningService, voiceId: string, text: string): Promise<number> {
  const voice = builtInVoice(voiceId);
  if (!voice || !text) return Number.NaN;
  const started = performance.now();
  try {
    for await (const piece of service.services.speech!.stream(voice, text)) {
      void piece;
      return performance.now() - started;
    }
  } catch (err) {
    out(`# ${voiceId}: timing the first sentence's synthesis alone failed (${(err as Error).message})`);
  }
  return Number.NaN;
}
