/**
 * Conversation benchmark: voice to voice, on its own embedded stack (.data/bench-conversation) with
 * the real models, measured two ways in one run.
 *
 * Through the viewer page (conversation-browser.ts), what a user hears: headless Chromium's fake
 * microphone plays questions in the service's own voice, each followed by a long pause of digital
 * silence or over a −54 dBFS noise floor (`--mic`), into the page with the session's st_ token on open
 * mic; a second page watches and listens. Per turn, when each stage came, from the question's last
 * voiced sample as the page's microphone gave it (stages overlap: the reply begins on the transcript
 * taken at the first pause, its audio held until the turn ends):
 *
 *     end of turn         the room's listener declares the turn over (VOICE_END_OF_TURN_MS of silence)
 *     transcript          the turn's transcript ready
 *     reply 1st words     the reply engine's first words of the reply spoken: its first sentence, or its opening words
 *                         when they are said ahead of it (ReplyContext.onOpeningFit), timed through wrapReplyEngine
 *     playing             the frame pacer starts playing it to the encoder (TTS of its first piece, the hold, the next tick)
 *     out of the SFU      the first loud packet of the companion's voice leaving the SFU (decoded)
 *     in the browser      the first loud 10 ms at the watching page (its jitter buffer, its decoder): voice to voice
 *
 * and barge-in: in a new page the user types a request for a long story; once one of the answer's
 * sentences of seven words or more starts, the page's microphone opens (the fake microphone's file
 * starts again) and says an interruption 1.2 s later (the page sets up its send transport meanwhile),
 * over it. From the user's speech onset at the page's microphone to the listener's detection, the
 * last loud packet out of the SFU, and the companion's voice gone at the watching page.
 *
 * In process, as before the page existed: questions are sent as Opus RTP, in real time, into the room
 * on the path a viewer's microphone takes from its producer on (AvatarRoom.injectVoice), each followed
 * by silence as an open microphone sends; the companion's voice is watched where it leaves the SFU
 * (a plain-RTP consumer). Per turn: the VAD's end of turn, the transcript (STT), the reply's first
 * sentence, TTFA (the first Opus packet of speech out of the SFU: TTS of the first piece, the pacer's
 * next tick, the Opus encode), and the first sentence synthesised again alone once the answer is over
 * (the TTS first chunk). Barge-in: the user speaks 300 ms into one of the story's sentences of seven
 * words or more; from the user's first packet of speech to the detection and to the companion's last
 * loud packet out of the SFU.
 *
 * Every stock voice engine, the default voice first (DEFAULT_VOICE_ID, en-US-joe; `--voices`); each
 * with the service's reply engine (`--engine`, the local model by default) and then with the persona
 * engine (rules, no model), the pipeline's floor in the same run (`--floor off` leaves it out). p50
 * and p95 per row; `--dump <dir>` writes each page session's meters and events as JSON.
 * `--page-nice <n>` runs Chromium at that niceness: its pages then take the cores only when the
 * service leaves them idle, as a user's browser on its own device would (0, the default: as a
 * browser on the service's own machine).
 *
 * Per language (`--languages en,es,fr,it,pt,zh`, in process only, instead of the voices): per
 * language a held-out character whose persona card is written in it, in its language's default
 * voice, asked questions in the language said by another stock voice of it
 * (conversation-languages.ts); the room hears `auto`. The in-process stages per turn, whether the
 * transcript was heard in the language and the reply is in it, and voice to voice against the
 * first language's (English first) in the same run. `en:en-US-slt` gives a language's companion
 * another stock voice (English in a Kokoro voice, as the other languages are spoken).
 *
 *   npm run bench -- conversation [--turns 6] [--barge-ins 3] [--voices en-US-joe,en-US-slt] [--engine local|persona]
 *     [--via in-process,browser] [--mic silence,noise] [--floor on|off] [--gap <ms after each question at the page>]
 *     [--page-nice <n>] [--languages en,es,fr,it,pt,zh]
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { freshBenchDataDir, inProcessBenchConfig } from './bench-servers.js';
import { createLogger } from '../../runtime/logger.js';
import { startService, type RunningService } from '../../http/server/start-service.js';
import { createUser } from '../../runtime/accounts/users.js';
import { SCOPES } from '../../runtime/accounts/scopes.js';
import { BUILT_IN_VOICES, builtInVoice, DEFAULT_VOICE_ID } from '../../runtime/voices/voice-catalog.js';
import { PersonaEngine } from '../../actors/session/reply/persona-engine.js';
import type { ReplyContext, ReplyEngine } from '../../actors/session/reply/reply-engine.js';
import { INJECTED_VOICE, type BargeInTimings, type HeardTimings } from '../../media/rooms/avatar-room.js';
import { parseWav, type Pcm } from '../../media/speech/wav.js';
import { RtpReceiver } from '../helpers/rtp-receiver.js';
import { joinPcm, opusLevels, opusPackets, PACKET_MS, pcmMs, sendPaced, silence } from '../helpers/opus-rtp.js';
import {
  ANSWER_OVER_MS,
  dumpRecording,
  LEAD_MS,
  micScript,
  bargeInThroughPages,
  pageTurns,
  talkThroughPages,
  voicedSpan,
  type MicFloor,
  type PageBargeIn,
  type PageSession,
  type PageTurn,
} from './conversation-browser.js';
import { languageRun, replyInLanguage, type LanguageRun } from './conversation-languages.js';

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

/** The pipeline's floor: replies from the persona engine (rules, no model), at once. */
const FLOOR_ENGINE = new PersonaEngine();

/**
 * Times the reply engine's first words of each turn (epoch ms): its first sentence, or the opening
 * words it said ahead of it. With `floor`, the persona engine replies instead.
 */
class TimedEngine implements ReplyEngine {
  firstWordsAt: number[] = [];
  /** When each reply was asked for (an early one on the turn so far included). */
  replyAt: number[] = [];
  /** The opening words each reply told ahead of its first sentence, and whether they were said then. */
  openings: Array<{ at: number; words: string; said: boolean }> = [];
  /** Set between sessions: a session is prepared and answered by one engine. */
  floor = false;
  constructor(private readonly inner: ReplyEngine) {}
  private get current(): ReplyEngine {
    return this.floor ? FLOOR_ENGINE : this.inner;
  }
  /** The service's own engine. */
  get serviceName() {
    return this.inner.name;
  }
  get name() {
    return this.current.name;
  }
  /** Each call of prepare (the session getting the engine ready), settled when the engine is. */
  prepared: Array<Promise<unknown>> = [];
  prepare(ctx: Omit<ReplyContext, 'userText'>): Promise<void> | void {
    const ready = this.current.prepare?.(ctx);
    this.prepared.push(Promise.resolve(ready).catch(() => undefined));
    return ready;
  }
  async *reply(ctx: ReplyContext, signal?: AbortSignal): AsyncIterable<string> {
    this.replyAt.push(Date.now());
    let told = false;
    const firstWords = () => void (told || ((told = true), this.firstWordsAt.push(Date.now())));
    const sayNow = ctx.onOpeningFit;
    const tell = ctx.onOpening;
    const timed = {
      ...ctx,
      ...(tell && {
        onOpening: (words: string) => {
          this.openings.push({ at: Date.now(), words, said: false });
          tell(words);
        },
      }),
      ...(sayNow && {
        onOpeningFit: (words: string) => {
          const told = this.openings.at(-1);
          if (told) told.said = true;
          firstWords();
          sayNow(words);
        },
      }),
    };
    for await (const sentence of this.current.reply(timed, signal)) {
      firstWords();
      yield sentence;
    }
  }
}

/** The default voice, then the first voice of every other engine (en-US-slt in Kokoro, en-US-joe in Piper). */
function stockVoices(): string[] {
  const first = builtInVoice(DEFAULT_VOICE_ID)!;
  const others = BUILT_IN_VOICES.filter((v, i, all) => v.engine !== first.engine && all.findIndex((w) => w.engine === v.engine) === i);
  return [first.voiceId, ...others.map((v) => v.voiceId)];
}

/** The pause after each question at the page's microphone when no in-process turns give the longest answer. */
const DEFAULT_GAP_MS = 20_000;
const NOISE_LABEL = '−54 dBFS';

interface TurnFigures {
  vad: number;
  stt: number;
  reply: number;
  audio: number;
  total: number;
  ttsAlone: number;
  /** From the end of the question to the end of the answer (its last loud packet, 1.5 s of quiet after it). */
  over: number;
  /** Silence inside the answer: the pacer's underrun ticks (a piece not synthesised when the one before it ended), in ms. */
  gaps: number;
  /** What the room's listener heard, in the language the transcriber said. */
  heard: { text: string; language: string | undefined };
  /** The whole reply, as the session's journal holds it. */
  replyText: string;
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
/**
 * Asked for a long answer before each barge-in, one per trial: the same request again would be
 * answered with the same story, which the reply guard refuses as a repeat of an earlier reply.
 */
const STORIES = [
  'Can you tell me a long story about a lighthouse?',
  'Can you tell me a long story about a fox in the forest?',
  'Can you tell me a long story about a sailor lost at sea?',
  'Can you tell me a long story about a dragon who lost its fire?',
  'Can you tell me a long story about a baker in a small town?',
  'Can you tell me a long story about a girl who found a map?',
];
const storyOf = (trial: number) => STORIES[trial % STORIES.length]!;
/** A sentence this long (about two seconds in Piper's voices) still plays when the user is detected. */
const LONG_SENTENCE_WORDS = 7;
/** RMS of a loud 20 ms packet (the companion's voice; its silence decodes to ~0). */
const LOUD = 0.01;

const percentile = (values: number[], p: number) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const cell = (values: number[]) => `${percentile(values, 50).toFixed(0)} / ${percentile(values, 95).toFixed(0)}`;
const cells = <T>(figures: T[], keys: Array<keyof T>) => keys.map((k) => cell(figures.map((f) => f[k] as number)));
const count = (done: number, of: number) => `${done} of ${of}`;

export async function runConversation(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    strict: false,
    options: {
      turns: { type: 'string', default: '6' },
      'barge-ins': { type: 'string', default: '3' },
      voices: { type: 'string', default: stockVoices().join(',') },
      engine: { type: 'string', default: 'local' },
      via: { type: 'string', default: 'in-process,browser' },
      mic: { type: 'string', default: 'silence,noise' },
      floor: { type: 'string', default: 'on' },
      gap: { type: 'string' },
      dump: { type: 'string' },
      languages: { type: 'string' },
      'page-nice': { type: 'string', default: '0' },
    },
  });
  pageNice = Number(values['page-nice']);
  if (!Number.isInteger(pageNice) || pageNice < 0 || pageNice > 19) throw new Error('--page-nice: a whole number from 0 to 19');
  const turns = Number(values.turns);
  const bargeIns = Number(values['barge-ins']);
  const voices = String(values.voices).split(',');
  const via = new Set(String(values.via).split(','));
  const mics = String(values.mic).split(',') as MicFloor[];
  const dump = values.dump ? String(values.dump) : undefined;
  const languages = values.languages ? String(values.languages).split(',').map(languageRun) : undefined;
  for (const voiceId of voices) if (!builtInVoice(voiceId)) throw new Error(`--voices: ${voiceId} is not a stock voice`);
  for (const mic of mics) if (mic !== 'silence' && mic !== 'noise') throw new Error(`--mic: ${mic} is neither silence nor noise`);
  const config = inProcessBenchConfig(freshBenchDataDir(languages ? 'bench-conversation-languages' : 'bench-conversation'), 41000, {
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
  const service = await startService(config, createLogger((process.env.BENCH_LOG_LEVEL as 'warn' | undefined) ?? 'warn'), {
    wrapReplyEngine: (e) => (engine = new TimedEngine(e)),
  });
  try {
    const api = await caller(service);
    if (languages) {
      await measureLanguages(service, api, engine!, languages, turns, values.floor !== 'off', config.voiceEndOfTurnMs);
      return;
    }
    // The questions, in the service's own fast voice (the user's voice does not change what is timed).
    const say = async (text: string) => parseWav(await api.binary('/api/v1/text-to-speech', { text, voiceId: 'en-US-joe' }));
    const questions: Pcm[] = [];
    for (const q of QUESTIONS) questions.push(await say(q));
    const stories = await Promise.all(Array.from({ length: Math.min(bargeIns, STORIES.length) }, (_, i) => say(storyOf(i))));
    const speech = { questions, stories, interruption: await say(INTERRUPTION) };
    // The replies: the service's engine, then (unless it is the persona engine) the pipeline's floor:
    // the same run, sessions and voices, with the persona engine's replies and no model.
    const replies = [
      { label: engine!.serviceName === FLOOR_ENGINE.name ? 'persona' : 'model', floor: false },
      ...(engine!.serviceName !== FLOOR_ENGINE.name && values.floor !== 'off' ? [{ label: 'floor (persona)', floor: true }] : []),
    ];
    out(
      `# conversation benchmark: voice to voice, ${turns} turns and ${bargeIns} barge-ins per voice, replies of ${replies
        .map((r) => (r.floor ? `${FLOOR_ENGINE.name} (the floor)` : engine!.serviceName))
        .join(' and ')}, VOICE_END_OF_TURN_MS ${config.voiceEndOfTurnMs}, VOICE_BARGE_IN_MS ${config.voiceBargeInMs}; ` +
        `ms, wall clock, p50 / p95; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores at the start` +
        (pageNice ? `; Chromium at niceness ${pageNice}` : ''),
    );
    const inProcess: Array<{ row: string[]; turns: TurnFigures[]; stops: BargeInFigures[] }> = [];
    const pages = new Map<MicFloor, Array<{ row: string[]; turns: PageTurn[] }>>();
    const pageStops: Array<{ row: string[]; trials: PageBargeIn[] }> = [];
    for (const voiceId of voices) {
      for (const reply of replies) {
        engine!.floor = reply.floor;
        const row = [voiceId, reply.label];
        const tag = `${voiceId}, ${reply.label}`;
        let gapMs = values.gap ? Number(values.gap) : DEFAULT_GAP_MS;
        if (via.has('in-process')) {
          const [figures, stops] = await measureVoice(service, api, engine!, voiceId, speech, turns, bargeIns, tag);
          inProcess.push({ row, turns: figures, stops });
          // The pause after each question in the browser: the longest answer in process, and room to spare.
          const over = figures.map((f) => f.over).filter(Number.isFinite);
          if (!values.gap && over.length > 0) gapMs = Math.min(45_000, Math.max(8000, 1.5 * Math.max(...over) + 3000));
        }
        if (!via.has('browser')) continue;
        for (const mic of mics) {
          if (turns === 0) break;
          const { turns: figures } = await measureInPage(service, api, engine!, voiceId, speech, turns, mic, gapMs, `${tag}, ${mic}`, dump);
          pages.set(mic, [...(pages.get(mic) ?? []), { row, turns: figures }]);
        }
        if (bargeIns > 0) {
          // A real microphone is never digitally silent: the noise floor's, if it is measured.
          const mic = mics.includes('noise') ? 'noise' : mics[0]!;
          const trials = await bargeInPage(service, api, voiceId, speech, bargeIns, mic, `${tag}, ${mic}`, dump);
          pageStops.push({ row: [...row, mic], trials });
        }
      }
    }
    for (const [mic, rows] of pages) {
      table(
        `through the viewer page in Chromium, the microphone's pauses ${mic === 'silence' ? 'digital silence' : `a ${NOISE_LABEL} noise floor`}: ` +
          'each stage when it came, from the question’s last voiced sample at the page’s microphone ' +
          '(the reply begins on the transcript taken at the first pause: it can come before the end of turn)',
        ['voice', 'replies', 'end of turn', 'transcript', 'reply 1st words', 'playing', 'out of the SFU', 'in the browser', 'turns'],
        rows.map(({ row, turns: t }) => [
          ...row,
          ...cells(t, ['endOfTurn', 'transcript', 'reply', 'playing', 'sfu', 'browser']),
          count(t.length, turns),
        ]),
      );
    }
    if (pageStops.length > 0)
      table(
        'barge-in through the viewer page: from the user’s speech onset at the page’s microphone',
        ['voice', 'replies', 'mic', 'speech → detected', 'detected → stopped at the SFU', 'speech → gone at the page', 'trials'],
        pageStops.map(({ row, trials }) => [...row, ...cells(trials, ['detect', 'stop', 'gone']), count(trials.length, bargeIns)]),
      );
    if (inProcess.length > 0) {
      table(
        'in process (Opus RTP into the room, the companion’s audio where it leaves the SFU): each stage from the one before, from the question’s last voiced sample',
        [
          'voice',
          'replies',
          'VAD end of turn',
          'STT',
          'reply 1st words',
          'TTFA',
          'voice to voice',
          'TTS 1st chunk alone',
          'gaps in the answer',
          'turns',
        ],
        inProcess.map(({ row, turns: t }) => [
          ...row,
          ...cells(t, ['vad', 'stt', 'reply', 'audio', 'total', 'ttsAlone', 'gaps']),
          count(t.length, turns),
        ]),
      );
      table(
        'barge-in in process',
        ['voice', 'replies', 'speech → detected', 'detected → stopped', 'speech → stopped', 'trials'],
        inProcess.map(({ row, stops }) => [...row, ...cells(stops, ['detect', 'stop', 'total']), count(stops.length, bargeIns)]),
      );
    }
    out(`# load average ${os.loadavg()[0]!.toFixed(1)} at the end`);
  } finally {
    await service.close();
  }
}

/** Prints a table whose columns fit their widest cell. */
function table(title: string, head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  out(`\n${title}`);
  out(line(head));
  for (const row of rows) out(line(row));
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
  speech: { questions: Pcm[]; stories: Pcm[]; interruption: Pcm },
  turns: number,
  bargeIns: number,
  tag: string,
  characterBody: Record<string, unknown> = { name: 'Bench' },
): Promise<[TurnFigures[], BargeInFigures[]]> {
  // No viewer joins (the companion's voice is watched on a plain-RTP consumer), so the greeting never plays.
  const preparedBefore = engine.prepared.length;
  // The service runs in this process: how late its event loop ran (timers, packets, the listener) while measured.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const character = await api.json('POST', '/api/v1/characters', { ...characterBody, voiceId });
  const session = await api.json('POST', '/api/v1/avatars', { characterId: character.id, realtime: true });
  const room = service.services.media!.roomFor(session.id)!;
  const heard: HeardTimings[] = [];
  room.voiceListener!.on('heard', (h) => heard.push(h));
  const detections: BargeInTimings[] = [];
  room.voiceListener!.on('bargeIn', (b) => detections.push(b));
  // Each sentence the room starts speaking, with its length in words.
  const sentencesStarted: Array<{ words: number; text: string }> = [];
  // A sentence whose opening words were said ahead starts as those words; the rest, when it grows, is what is left to say.
  room.frameClock!.on('utteranceStart', (sentence: string) =>
    sentencesStarted.push({ words: sentence.split(/\s+/).length, text: sentence }),
  );
  room.frameClock!.on('utteranceGrows', (rest: string) => sentencesStarted.push({ words: rest.split(/\s+/).length, text: rest }));
  const audio = new RtpReceiver({ keepPackets: true });
  const mirror = await room.mirrorTo('audio', await audio.start());
  const voice = await room.injectVoice();
  const figures: TurnFigures[] = [];
  const stops: BargeInFigures[] = [];
  try {
    await audio.waitFor((p) => p.length > 50, 20_000);
    // The first question once the engine is ready for the session (the model has evaluated its
    // prompt): a new persona's prompt takes seconds to evaluate, which no turn should wait for.
    const readyFrom = performance.now();
    await until(() => engine.prepared.length > preparedBefore, 5000);
    await Promise.all(engine.prepared.slice(preparedBefore));
    out(
      `# ${tag}, in process: the engine was ready for the session ${(performance.now() - readyFrom).toFixed(0)} ms after its audio began`,
    );
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
      // 300 ms of silence, the question, then 2.5 s of silence (an open microphone keeps sending);
      // the user's speech ends with the question's last voiced sample.
      const lead = 300;
      const speechEndMs = lead + voicedSpan(question).endMs;
      const packets = await opusPackets(joinPcm([silence(question, lead), question, silence(question, 2500)]), INJECTED_VOICE);
      const heardBefore = heard.length;
      const firstBefore = engine.firstWordsAt.length;
      const packetsBefore = audio.packets.length;
      const underrunsBefore = room.frameClock!.underrunTicks;
      const sentAt = await sendPaced((p) => voice.send(p), packets);
      const speechEnd = epoch(sentAt[Math.min(sentAt.length - 1, Math.ceil(speechEndMs / PACKET_MS))]!);
      await audio.waitFor((p) => p.slice(packetsBefore).some(isSpeech), 60_000).catch(() => undefined);
      const h = heard[heardBefore];
      const first = engine.firstWordsAt[firstBefore];
      const spoken = audio.packets.slice(packetsBefore).find((p) => isSpeech(p) && epoch(p.at) > (first ?? 0));
      if (!h || !first || !spoken) {
        out(
          `# ${tag}, in process, turn ${turn + 1}: not complete (heard ${Boolean(h)}, reply ${Boolean(first)}, audio ${Boolean(spoken)})`,
        );
        continue;
      }
      await silentFor(1500);
      const over = epoch(performance.now() - 1500) - speechEnd;
      const gaps = (room.frameClock!.underrunTicks - underrunsBefore) * room.frameClock!.jitter().nominalMs;
      const replyText = await lastReplyOf(service, session.id);
      const ttsAlone = await timeTts(service, voiceId, firstSentenceOf(replyText));
      const asked = engine.replyAt.filter((at) => at <= first).at(-1) ?? first;
      const opening = engine.openings.filter((o) => o.at >= asked && o.at <= first).at(-1);
      const ahead = opening ? `, opening "${opening.words}" ${opening.said ? 'said ahead' : 'not said ahead'}` : ', no opening';
      out(
        `# ${tag}, in process, turn ${turn + 1}: voice to voice ${(epoch(spoken.at) - speechEnd).toFixed(0)} ms, reply asked for ` +
          `${(asked - speechEnd).toFixed(0)} ms and first words ${(first - speechEnd).toFixed(0)} ms after the question${ahead}, ` +
          `${gaps.toFixed(0)} ms of gaps inside the answer; "${replyText.slice(0, 80)}"`,
      );
      figures.push({
        vad: h.turnEndedAt - speechEnd,
        stt: h.transcribedAt - h.turnEndedAt,
        reply: first - h.transcribedAt,
        audio: epoch(spoken.at) - first,
        total: epoch(spoken.at) - speechEnd,
        ttsAlone,
        over,
        gaps,
        heard: { text: h.text, language: h.language },
        replyText,
      });
    }

    // Barge-in: the story is asked for, and once a sentence of its answer long enough to be still
    // playing when the user is detected (LONG_SENTENCE_WORDS) starts, the user speaks over it. On a
    // short sentence the detection would find the companion between sentences: nothing to stop.
    const stories = await Promise.all(speech.stories.map((story) => opusPackets(joinPcm([story, silence(story, 1000)]), INJECTED_VOICE)));
    const interruption = await opusPackets(joinPcm([speech.interruption, silence(speech.interruption, 1500)]), INJECTED_VOICE);
    for (let trial = 0; trial < bargeIns; trial++) {
      await silentFor(1500);
      const startsBefore = sentencesStarted.length;
      await sendPaced((p) => voice.send(p), stories[trial % stories.length]!);
      const long = () => sentencesStarted.slice(startsBefore).some((s) => s.words >= LONG_SENTENCE_WORDS);
      const answering = await until(() => long() || (sentencesStarted.length > startsBefore && isQuietFor(ANSWER_OVER_MS)), 60_000);
      if (!answering || !long()) {
        out(
          `# ${tag}, in process, barge-in ${trial + 1}: not complete (the story's answer had no sentence of ${LONG_SENTENCE_WORDS} words or more: ` +
            `sentences of ${
              sentencesStarted
                .slice(startsBefore)
                .map((s) => `${s.words} ("${s.text}")`)
                .join(', ') || 'none'
            } words)`,
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
        out(
          `# ${tag}, in process, barge-in ${trial + 1}: not complete (detected ${Boolean(detection)}, companion talking then ${talking})`,
        );
        continue;
      }
      const lastLoud = Math.max(...loudAt.filter((at) => at < detection.detectedAt + 1000));
      out(
        `# ${tag}, in process, barge-in ${trial + 1}: the user's speech heard as starting ${detection.speechStartedAt - epoch(sentAt[0]!)} ms ` +
          `after its first packet, detected ${detection.detectedAt - epoch(sentAt[0]!)} ms after it, the companion's last loud packet ` +
          `${lastLoud - detection.detectedAt} ms after the detection`,
      );
      stops.push({
        detect: detection.detectedAt - epoch(sentAt[0]!),
        stop: lastLoud - detection.detectedAt,
        total: lastLoud - epoch(sentAt[0]!),
      });
    }
  } finally {
    loopDelay.disable();
    const ms = (ns: number) => Math.round(ns / 1e6);
    out(
      `# ${tag}, in process: the service's event loop ran late by ${ms(loopDelay.percentile(50))} / ${ms(loopDelay.percentile(99))} ms ` +
        `(p50 / p99), ${ms(loopDelay.max)} ms at most`,
    );
    voice.close();
    mirror.close();
    audio.close();
    await api.json('DELETE', `/api/v1/avatars/${session.id}`);
  }
  return [figures, stops];
}

/**
 * Voice to voice per language, in process: each language's character asked its questions in the
 * language, with the service's engine and (`floor`) the persona engine. One row per language and
 * engine, with voice to voice against the first language's (English first) in the same run.
 */
async function measureLanguages(
  service: RunningService,
  api: Api,
  engine: TimedEngine,
  runs: LanguageRun[],
  turns: number,
  floor: boolean,
  endOfTurnMs: number,
): Promise<void> {
  const replies = [
    { label: engine.serviceName === FLOOR_ENGINE.name ? 'persona' : 'model', floor: false },
    ...(engine.serviceName !== FLOOR_ENGINE.name && floor ? [{ label: 'floor (persona)', floor: true }] : []),
  ];
  out(
    `# conversation benchmark per language, in process: ${turns} turns per language, the room hearing auto, replies of ${replies
      .map((r) => (r.floor ? `${FLOOR_ENGINE.name} (the floor)` : engine.serviceName))
      .join(' and ')}, VOICE_END_OF_TURN_MS ${endOfTurnMs}, no barge-ins; ms, wall clock, p50 / p95; ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores at the start`,
  );
  const rows: Array<{ run: LanguageRun; label: string; turns: TurnFigures[] }> = [];
  for (const run of runs) {
    const questions: Pcm[] = [];
    for (const text of run.questions)
      questions.push(parseWav(await api.binary('/api/v1/text-to-speech', { text, voiceId: run.questionVoiceId })));
    for (const reply of replies) {
      engine.floor = reply.floor;
      const tag = `${run.language}, ${run.voiceId}, ${reply.label}`;
      // No barge-ins here: the story and the interruption are never said.
      const speech = { questions, stories: [], interruption: questions[0]! };
      const [figures] = await measureVoice(service, api, engine, run.voiceId, speech, turns, 0, tag, run.character);
      for (const [i, f] of figures.entries())
        out(
          `# ${tag}, turn ${i + 1}: end of turn ${f.vad.toFixed(0)}, STT ${f.stt.toFixed(0)}, reply ${f.reply.toFixed(0)}, ` +
            `TTFA ${f.audio.toFixed(0)}, voice to voice ${f.total.toFixed(0)} ms, gaps ${f.gaps.toFixed(0)} ms; heard (${f.heard.language ?? '?'}) ${JSON.stringify(f.heard.text)} → ` +
            `${replyInLanguage(f.replyText, run.language) ? 'in' : 'NOT in'} ${run.language}: ${JSON.stringify(f.replyText)}`,
        );
      rows.push({ run, label: reply.label, turns: figures });
    }
  }
  const totals = (t: TurnFigures[]) => t.map((f) => f.total);
  const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : '–');
  const baseline = `${runs[0]!.language} (${runs[0]!.voiceId})`;
  table(
    `in process, per language (Opus RTP into the room, the companion’s audio where it leaves the SFU): each stage from the one before, ` +
      `from the question’s last voiced sample; voice to voice against ${baseline}’s, p50 / p95`,
    [
      'language',
      'replies',
      'voice',
      'questions by',
      'VAD end of turn',
      'STT',
      'reply 1st words',
      'TTFA',
      'voice to voice',
      `× ${baseline}`,
      'heard in it',
      'reply in it',
      'turns',
    ],
    rows.map(({ run, label, turns: t }) => {
      const base = rows.find((r) => r.run === runs[0] && r.label === label)!.turns;
      return [
        run.language,
        label,
        run.voiceId,
        run.questionVoiceId,
        ...cells(t, ['vad', 'stt', 'reply', 'audio', 'total']),
        `${ratio(percentile(totals(t), 50), percentile(totals(base), 50))} / ${ratio(percentile(totals(t), 95), percentile(totals(base), 95))}`,
        count(t.filter((f) => f.heard.language?.split('-')[0] === run.language).length, t.length),
        count(t.filter((f) => replyInLanguage(f.replyText, run.language)).length, t.length),
        count(t.length, turns),
      ];
    }),
  );
  out(`# load average ${os.loadavg()[0]!.toFixed(1)} at the end`);
}

/** The niceness of the benchmark's Chromium (`--page-nice`). */
let pageNice = 0;

/** A realtime session of its own in `voiceId`, with the tokens of a user's page and of a watching page. */
async function pageSession(service: RunningService, api: Api, voiceId: string): Promise<PageSession> {
  const character = await api.json('POST', '/api/v1/characters', { name: 'Bench', voiceId });
  const session = await api.json('POST', '/api/v1/avatars', { characterId: character.id, realtime: true });
  const viewer = await api.json('POST', `/api/v1/avatars/${session.id}/viewer-token`, {});
  return {
    url: service.url!,
    sessionId: session.id,
    clientToken: session.clientToken as string,
    viewerToken: viewer.token as string,
    room: service.services.media!.roomFor(session.id)!,
    pageNice,
  };
}

/** The turns through the viewer page: the questions one after another, each followed by `gapMs` of the microphone's floor. */
async function measureInPage(
  service: RunningService,
  api: Api,
  engine: TimedEngine,
  voiceId: string,
  speech: { questions: Pcm[] },
  turns: number,
  mic: MicFloor,
  gapMs: number,
  tag: string,
  dump: string | undefined,
): Promise<{ turns: PageTurn[] }> {
  const pieces = Array.from({ length: turns }, (_, i) => ({
    name: `question ${i + 1}`,
    pcm: speech.questions[i % speech.questions.length]!,
    afterMs: i === 0 ? LEAD_MS : gapMs,
  }));
  const script = micScript(pieces, gapMs, mic);
  const session = await pageSession(service, api, voiceId);
  try {
    const recording = await talkThroughPages(session, script.pcm, script.durationMs, (line) => out(`# ${tag}: ${line}`));
    if (dump) await dumpRecording(path.join(dump, `${tag.replace(/[^\w-]+/g, '_')}.json`), recording, script.said, engine.firstWordsAt);
    const result = await pageTurns(recording, script.said, engine.firstWordsAt);
    for (const note of result.notes) out(`# ${tag}, browser, ${note}`);
    if (result.unmatched > 0) out(`# ${tag}, browser: ${result.unmatched} turn(s) heard that no question explains`);
    out(
      `# ${tag}, browser: the watching page's jitter buffers held audio ${recording.buffered.audio.toFixed(0)} ms and ` +
        `video ${recording.buffered.video.toFixed(0)} ms on average (${recording.buffered.framesDecoded} frames decoded); ` +
        `it concealed ${recording.buffered.concealedPercent.toFixed(2)} % of the audio it received (${recording.buffered.concealmentEvents} events)`,
    );
    if (recording.joins > 1)
      out(`# ${tag}, browser: the watching page reconnected (${recording.joins} joins); its figures after that are lost`);
    return { turns: result.turns };
  } finally {
    await api.json('DELETE', `/api/v1/avatars/${session.sessionId}`).catch(() => undefined);
  }
}

/** Barge-in through the viewer page: the story typed, the interruption said over its answer at the page's microphone. */
async function bargeInPage(
  service: RunningService,
  api: Api,
  voiceId: string,
  speech: { interruption: Pcm },
  trials: number,
  floor: MicFloor,
  tag: string,
  dump: string | undefined,
): Promise<PageBargeIn[]> {
  const session = await pageSession(service, api, voiceId);
  try {
    return await bargeInThroughPages(
      session,
      { stories: STORIES, interruption: speech.interruption, floor, trials, longWords: LONG_SENTENCE_WORDS },
      (line) => out(`# ${tag}, browser, ${line}`),
      async (trial, recording, said) => {
        if (dump) await dumpRecording(path.join(dump, `${tag.replace(/[^\w-]+/g, '_')}_barge-in-${trial}.json`), recording, said, []);
      },
    );
  } finally {
    await api.json('DELETE', `/api/v1/avatars/${session.sessionId}`).catch(() => undefined);
  }
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

/** The session's latest reply (from the journal). */
async function lastReplyOf(service: RunningService, sessionId: string): Promise<string> {
  const em = service.services.orm.em.fork() as EntityManager;
  const rows = (await em
    .getConnection()
    .execute("SELECT text FROM session_turns WHERE session_id = ? AND role = 'companion' ORDER BY seq DESC LIMIT 1", [
      sessionId,
    ])) as Array<{
    text: string;
  }>;
  return rows[0]?.text ?? '';
}

/** A reply's first sentence (Chinese ends one at 。！？ with no space after). */
function firstSentenceOf(text: string): string {
  return /^.*?(?:[.!?](\s|$)|[。！？])/u.exec(text)?.[0].trim() ?? text;
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
