/**
 * The conversation benchmark through the viewer page (test/bench/conversation.ts): what a user hears.
 *
 * Headless Chromium's fake microphone plays a WAV the benchmark builds (questions in the service's own
 * voice, each followed by a long pause of digital silence, or with a −54 dBFS noise floor under it all),
 * from the start each time a page calls getUserMedia. The page with the session's st_ token opens its mic
 * (open mic) and publishes it as a user's page does (the microphone's processing as the page asks,
 * Opus through a send transport); a second page with a viewer token watches and listens.
 * Both pages run a level meter (an AnalyserNode polled every 10 ms, stamped with the page's wall
 * clock): on the microphone's track as it leaves getUserMedia, and on the companion's audio as the
 * watching page receives it. Each question's onset is found on the page's microphone, which places the
 * WAV's last voiced sample on the wall clock; the first loud 10 ms at the watching page after it is the
 * companion's first audio there. Between the two, the service's own timings (the room's `heard` and
 * `bargeIn` events, the reply engine's first words) and the companion's audio where it leaves the SFU
 * (a plain-RTP consumer, decoded) give the stages. For barge-in, a new st_ page per trial types a
 * request for a story and opens its microphone once a long sentence of the answer starts: the file
 * starts again, and its interruption comes over that sentence.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { AvatarRoom, BargeInTimings, HeardTimings } from '../../media/rooms/avatar-room.js';
import { wavFile, type Pcm } from '../../media/speech/wav.js';
import { launchChromium, waitForState } from '../helpers/browser.js';
import { opusLevels } from '../helpers/opus-rtp.js';
import { RtpReceiver } from '../helpers/rtp-receiver.js';

export type MicFloor = 'silence' | 'noise';

/** RMS of the noise floor under the `noise` microphone: −54 dBFS. */
const NOISE_DBFS = -54;
/** RMS over 10 ms above which the question's audio counts as voiced (−40 dBFS). */
const VOICED = 0.01;
/** RMS above which the companion is audible (at the watching page over ~11 ms; out of the SFU per 20 ms packet). */
export const LOUD = 0.01;
/** Silence after the companion's last loud moment for its voice to count as gone (longer than a pause between words). */
const GONE_MS = 700;
/** The microphone's first second or so goes before the page has its send transport: the first question waits. */
export const LEAD_MS = 3000;

const epochNow = () => performance.timeOrigin + performance.now();

/** Where speech is in `pcm` (16-bit): the first and the last 10 ms with an RMS above VOICED, in ms from its start. */
export function voicedSpan(pcm: Pcm): { onsetMs: number; endMs: number } {
  const frame = Math.round(pcm.sampleRateHz / 100) * pcm.channels;
  const samples = pcm.data.length / 2;
  let onset = -1;
  let end = -1;
  for (let i = 0, block = 0; i < samples; i += frame, block++) {
    let sum = 0;
    const n = Math.min(frame, samples - i);
    for (let s = 0; s < n; s++) sum += (pcm.data.readInt16LE((i + s) * 2) / 32768) ** 2;
    if (Math.sqrt(sum / n) <= VOICED) continue;
    if (onset < 0) onset = block;
    end = block + 1;
  }
  if (onset < 0) throw new Error('voicedSpan: no speech in the audio');
  return { onsetMs: onset * 10, endMs: end * 10 };
}

/** One utterance of the microphone's script, in ms from the start of the WAV. */
export interface Said {
  name: string;
  startMs: number;
  onsetMs: number;
  endMs: number;
}

/** The microphone's WAV: each piece after its pause, then `tailMs` of the floor; its utterances' places (`span`: where its speech is, if not found by level). */
export function micScript(
  pieces: Array<{ name: string; pcm: Pcm; afterMs: number; span?: { onsetMs: number; endMs: number } }>,
  tailMs: number,
  floor: MicFloor,
  noiseDbfs = NOISE_DBFS,
) {
  const like = pieces[0]!.pcm;
  const bytesPerMs = (like.sampleRateHz * like.channels * 2) / 1000;
  const pause = (ms: number) => Buffer.alloc(Math.round(ms * bytesPerMs) & ~1);
  const parts: Buffer[] = [];
  const said: Said[] = [];
  let at = 0;
  for (const piece of pieces) {
    parts.push(pause(piece.afterMs));
    at += piece.afterMs;
    const span = piece.span ?? voicedSpan(piece.pcm);
    said.push({ name: piece.name, startMs: at, onsetMs: at + span.onsetMs, endMs: at + span.endMs });
    parts.push(piece.pcm.data);
    at += piece.pcm.data.length / bytesPerMs;
  }
  parts.push(pause(tailMs));
  const pcm: Pcm = { ...like, data: Buffer.concat(parts) };
  if (floor === 'noise') addNoise(pcm, noiseDbfs);
  return { pcm, said, durationMs: at + tailMs };
}

/** Gaussian noise of RMS `dbfs` added to every sample (a fixed seed: every run hears the same floor). */
function addNoise(pcm: Pcm, dbfs: number): void {
  const rms = 10 ** (dbfs / 20) * 32768;
  let seed = 0x2545f491;
  const uniform = () => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return (seed + 1) / 4_294_967_297;
  };
  for (let i = 0; i + 1 < pcm.data.length; i += 2) {
    const gaussian = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    const value = Math.round(pcm.data.readInt16LE(i) + gaussian * rms);
    pcm.data.writeInt16LE(Math.max(-32768, Math.min(32767, value)), i);
  }
}

/**
 * In each page, before its own script: `__benchMeter(stream)` polls an AnalyserNode on the stream
 * every 10 ms (the RMS of its last 512 samples, ~11 ms, with the page's wall-clock time), and the
 * microphone's stream is metered as getUserMedia hands it to the page. The page's CSP does not
 * apply to a script the DevTools protocol adds.
 */
const PAGE_METERS = `
window.__benchMeter = (stream) => {
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  context.createMediaStreamSource(stream).connect(analyser);
  const buffer = new Float32Array(analyser.fftSize);
  const at = [];
  const level = [];
  setInterval(() => {
    analyser.getFloatTimeDomainData(buffer);
    let sum = 0;
    for (let i = 0; i < buffer.length; i++) sum += buffer[i] * buffer[i];
    at.push(performance.timeOrigin + performance.now());
    level.push(Math.sqrt(sum / buffer.length));
  }, 10);
  void context.resume();
  return { read: (from = 0) => ({ at: at.slice(from), level: level.slice(from) }) };
};
if (navigator.mediaDevices) {
  const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const openedAt = performance.timeOrigin + performance.now();
    // A benchmark comparing the microphone's processing sets window.__benchAudio over the page's own.
    if (window.__benchAudio && constraints.audio) constraints = { ...constraints, audio: { ...constraints.audio, ...window.__benchAudio } };
    const stream = await getUserMedia(constraints);
    const track = stream.getAudioTracks()[0];
    window.__benchMic = { openedAt, meter: window.__benchMeter(stream), settings: track ? track.getSettings() : null };
    return stream;
  };
}`;

/** Levels over time (epoch ms). */
export interface Timeline {
  at: number[];
  level: number[];
}

/** The time of the first sample in [from, to] louder than `threshold`. */
function firstAbove(t: Timeline, from: number, to: number, threshold: number): number | undefined {
  for (let i = 0; i < t.at.length; i++) if (t.at[i]! >= from && t.at[i]! <= to && t.level[i]! > threshold) return t.at[i];
  return undefined;
}

const loudWithin = (t: Timeline, from: number, to: number) => firstAbove(t, from, to, LOUD) !== undefined;

/** From `from` on, the last loud sample before GONE_MS without one (the voice gone); undefined if it never goes within the timeline. */
function goneAfter(t: Timeline, from: number): number | undefined {
  let last = from;
  for (let i = 0; i < t.at.length; i++) {
    if (t.at[i]! < from) continue;
    if (t.level[i]! > LOUD) last = t.at[i]!;
    else if (t.at[i]! - last >= GONE_MS) return last;
  }
  return undefined;
}

/** The median level in [from, to]. */
function medianLevel(t: Timeline, from: number, to: number): number {
  const levels = t.level.filter((_, i) => t.at[i]! >= from && t.at[i]! <= to).sort((a, b) => a - b);
  return levels[Math.floor(levels.length / 2)] ?? 0;
}

/** What a page's microphone recorded, with the room's events and the companion's audio out of the SFU so far. */
export interface PageRecording {
  /** Epoch ms at which the page called getUserMedia (the fake microphone's file starts about then). */
  micOpenedAt: number;
  mic: Timeline;
  out: Timeline;
  heard: HeardTimings[];
  bargeIns: BargeInTimings[];
  /** Each sentence the companion started speaking (epoch ms: its first audio to the encoder) and its length in words. */
  sentences: Array<{ at: number; words: number }>;
  sfu: RtpReceiver;
  /** Times the watching page joined the room (more than one: it reconnected, and its meter lost the stream). */
  joins: number;
  /** The watching page's mean jitter-buffer delay so far per kind (ms; audio is held there for its video too: lip sync). */
  buffered: { audio: number; video: number; framesDecoded: number; concealedPercent: number; concealmentEvents: number };
}

export interface PageSession {
  url: string;
  sessionId: string;
  clientToken: string;
  viewerToken: string;
  room: AvatarRoom;
  /** The niceness Chromium runs at (`--page-nice`): 0, the service's equal. */
  pageNice?: number;
}

/**
 * Chromium whose fake microphone plays `wav` from the start each time a page opens it, a watching
 * page (viewer token, sound on, metered) in the session's room, and what the room hears and sends.
 * The session is the run's own and ends after it: its room's listeners go with it.
 */
export class PageRig {
  readonly heard: HeardTimings[] = [];
  readonly bargeIns: BargeInTimings[] = [];
  /** Each sentence the companion starts speaking (epoch ms) and its length in words. */
  readonly sentences: Array<{ at: number; words: number }> = [];
  /** Each microphone the room consumed (epoch ms): when its first packet came. */
  readonly voices: Array<{ firstPacketAt?: number }> = [];
  /** The watching page's meter so far (heardAtPage()). */
  private readonly out: Timeline = { at: [], level: [] };

  private constructor(
    readonly sfu: RtpReceiver,
    private readonly session: PageSession,
    private readonly dir: string,
    private readonly browser: Browser,
    private readonly mirror: { close(): void },
    private readonly watcher: Page,
    private readonly audio: Record<string, boolean> | undefined,
  ) {}

  /** `audio`: constraints the microphone's pages ask for over the page's own (echoCancellation, noiseSuppression, ...). */
  static async open(session: PageSession, wav: Pcm, note: (line: string) => void, audio?: Record<string, boolean>): Promise<PageRig> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mic-'));
    const micPath = path.join(dir, 'mic.wav');
    fs.writeFileSync(micPath, wavFile(wav));
    const listener = session.room.voiceListener;
    if (!listener) throw new Error('the room does not listen to voices');
    const sfu = new RtpReceiver({ keepPackets: true });
    const mirror = await session.room.mirrorTo('audio', await sfu.start());
    const browser = await launchChromium(
      [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${micPath}%noloop`,
        '--autoplay-policy=no-user-gesture-required',
      ],
      { nice: session.pageNice ?? 0 },
    );
    // The watching page joins first (the greeting plays to it) and turns its sound on, as a user clicks.
    const watcher = await openPage(browser, session, session.viewerToken);
    await watcher.click('#unmute');
    await watcher.evaluate('window.__benchOut = window.__benchMeter(window.companionViewer.stream)');
    const rig = new PageRig(sfu, session, dir, browser, mirror, watcher, audio);
    listener.on('heard', (h) => rig.heard.push(h));
    listener.on('bargeIn', (b) => rig.bargeIns.push(b));
    session.room.on('voice', (voice) => {
      const seen: { firstPacketAt?: number } = {};
      rig.voices.push(seen);
      voice.once('rtp', () => (seen.firstPacketAt = Date.now()));
    });
    // A sentence whose opening words were said ahead starts as those words; the rest, when it grows, is what is left to say.
    session.room.frameClock?.on('utteranceStart', (sentence: string) =>
      rig.sentences.push({ at: Date.now(), words: sentence.split(/\s+/).length }),
    );
    session.room.frameClock?.on('utteranceGrows', (rest: string) =>
      rig.sentences.push({ at: Date.now(), words: rest.split(/\s+/).length }),
    );
    // The greeting: the microphone opens once it is over.
    if (!(await rig.quietFor(1500, 60_000, true))) note('no greeting heard, or it was still playing after a minute');
    return rig;
  }

  /** A page with the session's st_ token, live, its microphone on open mic (not yet on). */
  async speaker(): Promise<Page> {
    const page = await openPage(this.browser, this.session, this.session.clientToken, this.audio);
    await page.selectOption('#mic-mode', 'open');
    return page;
  }

  /** Turns `page`'s microphone on (the fake microphone's file starts); when the page called getUserMedia (epoch ms). */
  async openMic(page: Page): Promise<number> {
    await page.click('#mic');
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      const openedAt = (await page.evaluate('window.__benchMic && window.__benchMic.openedAt')) as number | undefined;
      if (openedAt !== undefined) return openedAt;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the page did not open its microphone within 30 s');
  }

  /**
   * The companion's audio at the watching page so far. Only the samples since the last read cross
   * the DevTools protocol: the benchmark runs in the service's process, and copying and checking
   * every sample of the run at each poll blocked its event loop for 100 ms and more.
   */
  async heardAtPage(): Promise<Timeline> {
    const more = (await this.watcher.evaluate(`window.__benchOut.read(${this.out.at.length})`)) as Timeline;
    this.out.at.push(...more.at);
    this.out.level.push(...more.level);
    return this.out;
  }

  /** Whether the watching page has been quiet for `ms` (after hearing the companion at all, with `afterLoud`) within `timeoutMs`. */
  async quietFor(ms: number, timeoutMs: number, afterLoud = false): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const out = await this.heardAtPage();
      const since = epochNow() - ms;
      const heard = !afterLoud || loudWithin(out, 0, Infinity);
      if (heard && out.at.length > 0 && out.at[0]! <= since && !loudWithin(out, since, Infinity)) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** What `page`'s microphone (opened at `micOpenedAt`) and the watching page recorded so far. */
  async recording(page: Page, micOpenedAt: number, note: (line: string) => void): Promise<PageRecording> {
    const micError = (await page.evaluate('window.companionViewer.mic.error')) as string | null;
    if (micError) note(`the page’s microphone failed: ${micError}`);
    return {
      micOpenedAt,
      mic: (await page.evaluate('window.__benchMic.meter.read()')) as Timeline,
      out: await this.heardAtPage().then(({ at, level }) => ({ at: [...at], level: [...level] })),
      heard: this.heard,
      bargeIns: this.bargeIns,
      sentences: this.sentences,
      sfu: this.sfu,
      joins: (await this.watcher.evaluate('window.companionViewer.joins')) as number,
      buffered: await jitterBuffers(this.watcher),
    };
  }

  async close(): Promise<void> {
    await this.browser.close();
    this.mirror.close();
    this.sfu.close();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A page's mean jitter-buffer delay per kind (ms) from its WebRTC stats (NaN for a kind it did not receive). */
async function jitterBuffers(page: Page): Promise<PageRecording['buffered']> {
  const stats = (await page.evaluate('window.companionViewer.stats()')) as Array<Record<string, unknown>>;
  // (mediasoup-client's bandwidth probator is a video receiver of its own that decodes nothing.)
  const inboundOf = (kind: string) => stats.find((s) => s.type === 'inbound-rtp' && s.kind === kind && s.mid !== 'probator');
  const mean = (kind: string) => {
    const inbound = inboundOf(kind);
    const emitted = Number(inbound?.jitterBufferEmittedCount ?? 0);
    return emitted > 0 ? (1000 * Number(inbound!.jitterBufferDelay)) / emitted : Number.NaN;
  };
  // Audio the page had to make up for packets that came late or never (a glitch a listener hears);
  // the silence it fills in while nothing is sent is not counted.
  const audio = inboundOf('audio');
  const received = Number(audio?.totalSamplesReceived ?? 0);
  const concealed = Number(audio?.concealedSamples ?? 0) - Number(audio?.silentConcealedSamples ?? 0);
  return {
    audio: mean('audio'),
    video: mean('video'),
    framesDecoded: Number(inboundOf('video')?.framesDecoded ?? 0),
    concealedPercent: received > 0 ? (100 * concealed) / received : Number.NaN,
    concealmentEvents: Number(audio?.concealmentEvents ?? 0),
  };
}

async function openPage(browser: Browser, session: PageSession, token: string, audio?: Record<string, boolean>): Promise<Page> {
  const page = await browser.newPage();
  if (audio) await page.addInitScript(`window.__benchAudio = ${JSON.stringify(audio)};`);
  await page.addInitScript(PAGE_METERS);
  await page.goto(`${session.url}/view#session=${session.sessionId}&token=${token}`);
  await waitForState(page, 'live', 60_000);
  return page;
}

/**
 * The turns: `wav` (the questions and their pauses) into the st_ page's open microphone; returns
 * when it has played and the companion has been quiet for two seconds (or a minute later).
 */
export async function talkThroughPages(
  session: PageSession,
  wav: Pcm,
  wavMs: number,
  note: (line: string) => void,
): Promise<PageRecording> {
  const rig = await PageRig.open(session, wav, note);
  try {
    const speaker = await rig.speaker();
    const micOpenedAt = await rig.openMic(speaker);
    await new Promise((r) => setTimeout(r, Math.max(0, micOpenedAt + wavMs - epochNow())));
    // The last answer: on a loaded machine it can start seconds after the file ends.
    if (!(await rig.quietFor(ANSWER_OVER_MS, 90_000)))
      note('the companion was still talking a minute and a half after the microphone’s file ended');
    return await rig.recording(speaker, micOpenedAt, note);
  } finally {
    await rig.close();
  }
}

/** The companion's audio out of the SFU in [from, to] (epoch ms): each 20 ms packet decoded, its RMS at its arrival. */
async function sfuTimeline(recording: PageRecording, from: number, to: number): Promise<Timeline> {
  const packets = recording.sfu.packets.filter((p) => {
    const at = performance.timeOrigin + p.at;
    return at >= from && at <= to;
  });
  const level = packets.length > 0 ? await opusLevels(packets.map((p) => p.packet!)) : [];
  return { at: packets.map((p) => performance.timeOrigin + p.at), level };
}

/**
 * Where the page's microphone gave `said`'s first voiced sound (epoch ms), found near its place in
 * the WAV: the first 10 ms louder than VOICED and four times the second before.
 */
function onsetAtPage(recording: PageRecording, said: Said): number | undefined {
  const expected = recording.micOpenedAt + said.onsetMs;
  const floor = medianLevel(recording.mic, expected - 2500, expected - 1500);
  return firstAbove(recording.mic, expected - 1500, expected + 4000, Math.max(VOICED, floor * 4));
}

/**
 * One turn: when each stage came, ms from the question's last voiced sample at the page's microphone.
 * Stages overlap: the reply begins on the transcript taken at the first pause, before the turn ends
 * (its audio held until then), so its first words can come before the end of turn.
 */
export interface PageTurn {
  /** The room's listener declared the turn over. */
  endOfTurn: number;
  /** The turn's transcript was ready. */
  transcript: number;
  /** The reply engine's first words (its first sentence, or its opening said ahead) of the reply that was spoken. */
  reply: number;
  /** The frame pacer started playing the reply to the encoder (its first piece synthesised, the hold released, the next tick). */
  playing: number;
  /** Its first loud packet left the SFU (the Opus encode, RTP into the room, the SFU). */
  sfu: number;
  /** The watching page heard it (its first loud 10 ms): voice to voice. */
  browser: number;
}

/** The turns of a recording: per question its stages, or why it is not complete. */
export async function pageTurns(
  recording: PageRecording,
  said: Said[],
  firstWordsAt: number[],
): Promise<{ turns: PageTurn[]; notes: string[]; unmatched: number }> {
  const turns: PageTurn[] = [];
  const notes: string[] = [];
  const matched = new Set<HeardTimings>();
  for (const [i, question] of said.entries()) {
    const onset = onsetAtPage(recording, question);
    if (onset === undefined) {
      notes.push(`turn ${i + 1}: its question was not found on the page’s microphone`);
      continue;
    }
    const lastVoiced = onset + (question.endMs - question.onsetMs);
    const nextOnset = said[i + 1] ? recording.micOpenedAt + said[i + 1]!.onsetMs - 1500 : Infinity;
    // The turn heard for this question: its speech ended nearest to the question's last voiced sample.
    const h = recording.heard
      .filter((x) => x.speechEndedAt > onset && x.speechEndedAt < lastVoiced + 3000)
      .sort((a, b) => Math.abs(a.speechEndedAt - lastVoiced) - Math.abs(b.speechEndedAt - lastVoiced))[0];
    if (!h) {
      notes.push(`turn ${i + 1}: no turn was heard (the end of turn or the transcript never came)`);
      continue;
    }
    matched.add(h);
    if (loudWithin(recording.out, onset - 1000, lastVoiced)) {
      notes.push(`turn ${i + 1}: the companion was still talking when the question began (a longer --gap keeps turns apart)`);
      continue;
    }
    const heardAt = firstAbove(recording.out, lastVoiced, nextOnset, LOUD);
    if (heardAt === undefined) {
      notes.push(`turn ${i + 1}: heard "${h.text}", but no audio at the watching page before the next question`);
      continue;
    }
    const sfu = await sfuTimeline(recording, lastVoiced, heardAt + 100);
    const sfuAt = firstAbove(sfu, lastVoiced, Infinity, LOUD);
    // The reply's first audio to the encoder, and the first words of the reply that played (a reply begun on
    // an early transcript that the user's further speech withdrew is never played).
    const playing = sfuAt === undefined ? undefined : recording.sentences.find((x) => x.at >= lastVoiced && x.at <= sfuAt)?.at;
    const first = playing === undefined ? undefined : firstWordsAt.filter((at) => at >= onset && at <= playing).at(-1);
    if (sfuAt === undefined || playing === undefined || first === undefined) {
      const missing =
        sfuAt === undefined ? 'did not leave the SFU' : playing === undefined ? 'the pacer never started' : 'no reply explains';
      notes.push(`turn ${i + 1}: heard "${h.text}", and the watching page heard audio that ${missing}`);
      continue;
    }
    turns.push({
      endOfTurn: h.turnEndedAt - lastVoiced,
      transcript: h.transcribedAt - lastVoiced,
      reply: first - lastVoiced,
      playing: playing - lastVoiced,
      sfu: sfuAt - lastVoiced,
      browser: heardAt - lastVoiced,
    });
  }
  const unmatched = recording.heard.filter((h) => !matched.has(h) && h.speechEndedAt > recording.micOpenedAt).length;
  return { turns, notes, unmatched };
}

export interface PageBargeIn {
  /** The user's speech onset at the page's microphone → the listener sure the user took the floor. */
  detect: number;
  /** The detection → the companion's last loud packet out of the SFU. */
  stop: number;
  /** The user's speech onset → the companion's voice gone at the watching page. */
  gone: number;
}

/** Quiet after the companion's latest sentence for which its answer counts as over (its next sentence can take seconds to synthesise). */
export const ANSWER_OVER_MS = 20_000;

/** Before the interruption, at the page's microphone: the page sets up its send transport meanwhile (about 1 s on a loaded machine). */
const BARGE_IN_LEAD_MS = 1200;

/**
 * Barge-in through the viewer page, `trials` times: in a new st_ page the user types one of
 * `stories` (a request for a long answer, a new one each trial); once one of its sentences of `longWords` words or more starts, the
 * page's microphone opens and the fake microphone says `interruption` BARGE_IN_LEAD_MS later, over it.
 */
export async function bargeInThroughPages(
  session: PageSession,
  options: { stories: string[]; interruption: Pcm; floor: MicFloor; trials: number; longWords: number },
  note: (line: string) => void,
  dump?: (trial: number, recording: PageRecording, said: Said[]) => Promise<void>,
): Promise<PageBargeIn[]> {
  const script = micScript([{ name: 'interruption', pcm: options.interruption, afterMs: BARGE_IN_LEAD_MS }], 3000, options.floor);
  const said = script.said[0]!;
  const rig = await PageRig.open(session, script.pcm, note);
  const results: PageBargeIn[] = [];
  try {
    for (let trial = 1; trial <= options.trials; trial++) {
      await rig.quietFor(1500, 60_000);
      const speaker = await rig.speaker();
      try {
        const before = rig.sentences.length;
        await speaker.fill('#text', options.stories[(trial - 1) % options.stories.length]!);
        await speaker.press('#text', 'Enter');
        const long = () => rig.sentences.slice(before).some((s) => s.words >= options.longWords);
        // Until a long sentence starts, or the answer is over without one.
        // The answer is over when the watching page has been quiet for ANSWER_OVER_MS since its latest sentence started
        // (on a loaded machine the next sentence's synthesis can take seconds).
        for (const deadline = Date.now() + 90_000; !long() && Date.now() < deadline; ) {
          const latest = rig.sentences.at(-1)?.at ?? Infinity;
          if (rig.sentences.length > before && Date.now() - latest > ANSWER_OVER_MS && (await rig.quietFor(ANSWER_OVER_MS, 0))) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        if (!long()) {
          const heard = rig.sentences.slice(before).map((s) => s.words);
          note(
            `barge-in ${trial}: not complete (the story's answer had no sentence of ${options.longWords} words or more: ` +
              `${heard.length > 0 ? `sentences of ${heard.join(', ')} words` : 'none started'})`,
          );
          continue;
        }
        const voicesBefore = rig.voices.length;
        const micOpenedAt = await rig.openMic(speaker);
        await new Promise((r) => setTimeout(r, Math.max(0, micOpenedAt + script.durationMs - epochNow())));
        await rig.quietFor(2000, 60_000); // its answer to the interruption
        const recording = await rig.recording(speaker, micOpenedAt, note);
        await dump?.(trial, recording, script.said);
        const result = await pageBargeIn(recording, said);
        const firstPacketAt = rig.voices[voicesBefore]?.firstPacketAt;
        if (typeof result === 'string') note(`barge-in ${trial}: not complete (${result})`);
        else if (firstPacketAt === undefined || firstPacketAt > micOpenedAt + said.onsetMs)
          note(`barge-in ${trial}: not complete (the page's microphone was not sending yet when the user began)`);
        else {
          results.push(result);
          note(
            `barge-in ${trial}: detected ${Math.round(result.detect)} ms after the speech onset, the companion's last loud packet out of the SFU ` +
              `${Math.round(result.stop)} ms after the detection, its voice gone at the page ${Math.round(result.gone)} ms after the onset`,
          );
        }
      } finally {
        await speaker.close(); // its microphone stops: the next page's starts the file again
      }
    }
  } finally {
    await rig.close();
  }
  return results;
}

/** One barge-in of a recording: its timings, or why it is not complete. */
async function pageBargeIn(recording: PageRecording, said: Said): Promise<PageBargeIn | string> {
  const onset = onsetAtPage(recording, said);
  if (onset === undefined) return 'the interruption was not found on the page’s microphone';
  const lastVoiced = onset + (said.endMs - said.onsetMs);
  const detection = recording.bargeIns.find((b) => b.detectedAt >= onset && b.detectedAt <= lastVoiced);
  const sfu = await sfuTimeline(recording, onset - 1000, lastVoiced + 1000);
  // The companion was talking when the user began (at the watching page) and when the user was detected (out of the SFU).
  if (!loudWithin(recording.out, onset - 300, onset)) return 'the companion was not talking when the user began';
  if (!detection) return 'no barge-in was detected during the interruption';
  if (!loudWithin(sfu, detection.detectedAt - 300, detection.detectedAt))
    return 'the companion had stopped by itself when the user was detected';
  const stopped = goneAfter(sfu, detection.detectedAt - 300);
  const gone = goneAfter(recording.out, onset);
  // Gone for good while the user speaks: not one loud moment at the page until the interruption ends.
  if (stopped === undefined || gone === undefined || loudWithin(recording.out, gone + GONE_MS, lastVoiced))
    return 'the companion did not stop while the user spoke';
  return { detect: detection.detectedAt - onset, stop: stopped - detection.detectedAt, gone: gone - onset };
}

/** A recording as JSON, to look at what the meters saw (`--dump <dir>`): the timelines, the room's events, the script. */
export async function dumpRecording(file: string, recording: PageRecording, said: Said[], firstWordsAt: number[]): Promise<void> {
  const { sfu: packets, ...rest } = recording;
  const sfu = await sfuTimeline(recording, 0, Infinity); // the companion's audio out of the SFU, decoded: its levels
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...rest, said, firstWordsAt, sfu, sfuPackets: packets.packets.length }));
}
