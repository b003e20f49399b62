/**
 * The realtime session's clock, owned by its actor: every 1/target_fps it asks the performer for
 * one I420 frame and hands it, with exactly that tick's share of 48 kHz PCM, to the encoder.
 * Sentences queue up as the reply engine produces them (`speak`): each is prepared (synthesised)
 * in order while the previous one plays, and starts at the first tick after it is ready, so the
 * first sentence plays before the reply is complete. Between sentences the frames are idle ones
 * and the audio is silence, so the encoder sees a steady stream.
 *
 * Ticks are scheduled against absolute times (start + n × interval), so timer lateness does not
 * accumulate; the intervals actually achieved are kept for `jitter()`.
 */
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import type { PacedPerformer, SpokenAudio } from '../../media/publishing/performer.js';
import { resampleLinear } from '../../media/publishing/resample.js';

export const PACER_SAMPLE_RATE = 48_000;

export interface FrameSink {
  write(frame: Buffer, pcm: Buffer): void;
}

export interface FramePacerOptions<U extends SpokenAudio> {
  performer: PacedPerformer<U>;
  sink: FrameSink;
  fps: number;
  log: Logger;
}

interface Queued<U> {
  sentence: string;
  utterance?: U;
  pcm?: Int16Array;
  failed?: boolean;
}

interface Playing<U> {
  entry: Queued<U> & { utterance: U; pcm: Int16Array };
  offset: number;
}

/** How far behind the clock may fall (event loop blocked) before ticks are skipped, not bunched. */
const MAX_LAG_TICKS = 3;
const JITTER_WINDOW = 2000;

export interface JitterFigures {
  ticks: number;
  nominalMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export class FramePacer<U extends SpokenAudio = SpokenAudio> extends EventEmitter<{
  utteranceStart: [sentence: string, atMs: number];
  utteranceEnd: [sentence: string];
}> {
  readonly targetFps: number;
  private readonly intervalMs: number;
  private readonly queue: Queued<U>[] = [];
  private playing: Playing<U> | undefined;
  private preparing: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  private tick = 0;
  private lastTickAt: number | undefined;
  private readonly intervals: number[] = [];
  private closed = false;
  /** Ticks skipped because the process could not keep up. */
  skipped = 0;

  constructor(private readonly options: FramePacerOptions<U>) {
    super();
    this.targetFps = options.fps;
    this.intervalMs = 1000 / options.fps;
  }

  get frames(): number {
    return this.tick;
  }

  /** Whether a sentence is playing or waiting to play. */
  get speaking(): boolean {
    return this.playing !== undefined || this.queue.length > 0;
  }

  start(): void {
    if (this.timer || this.closed) return;
    this.startedAt = performance.now();
    this.schedule();
  }

  /** Queues a sentence; it is synthesised now (after the ones before it) and played in order. */
  speak(sentence: string): void {
    if (this.closed) return;
    const entry: Queued<U> = { sentence };
    this.queue.push(entry);
    this.preparing = this.preparing.then(async () => {
      if (this.closed) return;
      try {
        const utterance = await this.options.performer.prepare(sentence);
        entry.pcm = resampleLinear(utterance.pcm, utterance.sampleRate, PACER_SAMPLE_RATE);
        entry.utterance = utterance;
      } catch (err) {
        entry.failed = true;
        this.options.log.warn({ err }, 'a sentence could not be prepared; it is skipped');
      }
    });
  }

  /** Frame-interval deviation from 1/fps over the last ticks. */
  jitter(): JitterFigures {
    const deviations = this.intervals.map((i) => Math.abs(i - this.intervalMs)).sort((a, b) => a - b);
    const at = (q: number) => deviations[Math.min(deviations.length - 1, Math.floor(q * deviations.length))] ?? 0;
    return {
      ticks: this.tick,
      nominalMs: this.intervalMs,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      maxMs: deviations[deviations.length - 1] ?? 0,
    };
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue.length = 0;
    this.playing = undefined;
  }

  private schedule(): void {
    if (this.closed) return;
    let due = this.startedAt + this.tick * this.intervalMs;
    const now = performance.now();
    if (now - due > MAX_LAG_TICKS * this.intervalMs) {
      const behind = Math.floor((now - due) / this.intervalMs);
      this.skipped += behind;
      this.startedAt += behind * this.intervalMs; // session time keeps counting ticks, not wall time
      due = this.startedAt + this.tick * this.intervalMs;
    }
    this.timer = setTimeout(() => this.onTick(), Math.max(0, due - now));
  }

  private onTick(): void {
    if (this.closed) return;
    const now = performance.now();
    if (this.lastTickAt !== undefined) {
      this.intervals.push(now - this.lastTickAt);
      if (this.intervals.length > JITTER_WINDOW) this.intervals.shift();
    }
    this.lastTickAt = now;
    try {
      this.emitTick(now);
    } catch (err) {
      this.options.log.error({ err }, 'frame pacer tick failed');
    }
    this.tick++;
    this.schedule();
  }

  private emitTick(now: number): void {
    const n = this.tick;
    const samples = Math.floor(((n + 1) * PACER_SAMPLE_RATE) / this.targetFps) - Math.floor((n * PACER_SAMPLE_RATE) / this.targetFps);
    const pcm = Buffer.alloc(samples * 2);
    this.startNextIfReady(now);
    let playing: { utterance: U; elapsedMs: number } | undefined;
    const current = this.playing;
    if (current) {
      playing = { utterance: current.entry.utterance, elapsedMs: (current.offset / PACER_SAMPLE_RATE) * 1000 };
      const source = current.entry.pcm;
      const count = Math.min(samples, source.length - current.offset);
      Buffer.from(source.buffer, source.byteOffset + current.offset * 2, count * 2).copy(pcm);
      current.offset += count;
      if (current.offset >= source.length) {
        this.playing = undefined;
        this.emit('utteranceEnd', current.entry.sentence);
      }
    }
    this.options.sink.write(this.options.performer.frameAt(n * this.intervalMs, playing), pcm);
  }

  private startNextIfReady(now: number): void {
    if (this.playing) return;
    while (this.queue[0]?.failed) this.queue.shift();
    const head = this.queue[0];
    if (!head?.utterance || !head.pcm) return;
    this.queue.shift();
    this.playing = { entry: head as Playing<U>['entry'], offset: 0 };
    this.emit('utteranceStart', head.sentence, now);
  }
}
