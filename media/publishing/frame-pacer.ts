/**
 * The realtime session's clock, owned by its actor: every 1/target_fps it asks the performer for
 * one I420 frame and hands it, with exactly that tick's share of 48 kHz PCM, to the encoder.
 * Sentences queue up as the reply engine produces them (`speak`): each is prepared (synthesised)
 * in order while the previous one plays, and starts at the first tick after it is ready, so the
 * first sentence plays before the reply is complete. Between sentences the frames are idle ones
 * and the audio is silence, so the encoder sees a steady stream. A piece that starts after silence
 * starts just before its first sound, not with the silence the engine put before it.
 *
 * Ticks are scheduled against absolute times (start + n × interval), so timer lateness does not
 * accumulate; the intervals actually achieved are kept for `jitter()`.
 *
 * `interrupt()` (barge-in) silences the companion at once: the sentence playing stops where it is
 * (the part of its last tick the encoder has not been given yet fades out in 5 ms), the queued ones
 * are dropped (their synthesis too, if not started), and the caller learns what was actually heard.
 *
 * The first sentence of a reply (queued while nothing plays or waits) starts with a few words
 * synthesised alone, so the first audio waits for the synthesis of those words, not of the whole
 * sentence. With a voice that measures its word timings (`pace`), they are its first words, as few
 * as its measured pace allows (sentence-pieces.ts), synthesised with two more as context and cut
 * out (media/speech/word-span.ts), and the rest is synthesised from two words before it and cut in
 * the same way: the joins fall between words said as inside the sentence. A later sentence is cut
 * the same way when the pace would not have it whole before the audio ahead of it ends (a long
 * sentence after a short one). Other voices start a long sentence with its first breath group
 * (runtime/text/breath-points.ts, as the stream route does). Captions, and what `interrupt()`
 * reports, stay whole sentences.
 *
 * `prefetch()` synthesises a reply's opening words before its first sentence is complete (the
 * reply engine still generating the rest of it): when that sentence comes and starts with them, they
 * are its first piece, already synthesised, and the rest follows as the second. `prefetchFirstWords()`
 * does the same with the first words of the reply's text so far. Speculative only:
 * words the sentence does not start with are never played, unless `sayOpening()` says they are fit
 * to say as they are (the reply engine judged them as it judges a first sentence): then they play
 * at once, and the sentence, when it comes, plays on from them. A sentence said in two such parts is
 * captioned in two (`utteranceStart` with the opening words, `utteranceGrows` with the rest).
 *
 * `hold()` keeps queued sentences from starting (they are still synthesised) until `release()`:
 * a reply begun before the user's turn is final is ready to play the moment it is, and is dropped
 * unheard (`interrupt()`) if the user goes on.
 */
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import type { PacedPerformer, SpokenAudio } from './performer.js';
import { resampleLinear } from './resample.js';
import { goesOnFrom, startsWithWords, wordCount } from '../../runtime/text/said-words.js';
import { firstPiecesOf, firstWords, laterPiecesOf, restFrom, saidOf, spokenOf, type Piece } from './sentence-pieces.js';
import { spokenLength } from '../../runtime/text/breath-points.js';
import type { Pace } from '../speech/synthesis-pace.js';

export const PACER_SAMPLE_RATE = 48_000;

export interface FrameSink {
  /** One tick's frame and audio; `consumed` once the sink no longer needs the frame. */
  write(frame: Buffer, pcm: Buffer, consumed?: () => void): void;
  /** Takes back the last tick's audio that has not gone out yet; returns how many samples it was. */
  takeBackAudio?(): number;
  /** Audio between ticks, in place of what takeBackAudio() took back. */
  writeAudio?(pcm: Buffer): void;
  /** Silences the audio handed over and not gone out yet (a fade of `fadeSamples`, then zeros), keeping its length. */
  muteAudio?(fadeSamples: number): void;
}

export interface FramePacerOptions<U extends SpokenAudio> {
  performer: PacedPerformer<U>;
  sink: FrameSink;
  fps: number;
  log: Logger;
}

interface Queued<U> extends Piece {
  /** The sentence this piece belongs to (for a reply's opening said ahead, its words until the sentence comes). */
  sentence: string;
  /** The language it is spoken in (BCP-47), when the reply says. */
  language?: string | undefined;
  /** Characters of the sentence before what this entry says, and whether it is the sentence's last. */
  before: number;
  last: boolean;
  /** The rest of a sentence whose opening started before the sentence was known: captioned apart. */
  grows?: boolean;
  utterance?: U;
  pcm?: Int16Array;
  failed?: boolean;
}

interface Prepared<U> {
  utterance: U;
  pcm: Int16Array;
}

/** Pieces of a reply's first sentence synthesised before it is complete: its first words, then the rest of its opening; or its opening. */
interface Ahead<U> {
  language: string | undefined;
  pieces: Array<Piece & { ready: Promise<Prepared<U> | undefined> }>;
}

interface Playing<U> {
  entry: Queued<U> & { utterance: U; pcm: Int16Array };
  offset: number;
}

/** What a barge-in cut: the sentence playing (and how much of it was heard) and those never started. */
export interface Interruption {
  playing: { sentence: string; heardFraction: number } | undefined;
  dropped: string[];
}

/**
 * A piece that starts after silence (a reply's first, or one the voice was late with) starts this
 * long before its first sound, skipping the rest of the silence an engine puts before speech
 * (Piper 0-60 ms, Kokoro 35-70 ms): a reply is heard that much sooner. The first sound is the first
 * sample above ONSET_LEVEL of the piece's peak. Pieces that follow speech keep theirs: it is part of
 * the pause between them.
 */
const ONSET_MARGIN_MS = 15;
const ONSET_LEVEL = 0.02;

/** A barge-in's fade-out of the audio already handed to the sink: short enough to be no delay, long enough not to click. */
const INTERRUPT_FADE_MS = 5;

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
  /** The rest of a sentence that started as its opening words alone (sayOpening()). */
  utteranceGrows: [rest: string];
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
  /**
   * Ticks of silence inside a reply: a sentence had ended, the next was queued but not yet
   * synthesised (the voice fell behind playback; a listener hears a gap).
   */
  underrunTicks = 0;
  private midReply = false;
  /** Whether the last tick carried speech (the next piece then follows it as it is). */
  private voicedLastTick = false;
  private held = false;
  /** The first pieces of a reply's first sentence, synthesised before it is complete (prefetch(), prefetchFirstWords()). */
  private ahead: Ahead<U> | undefined;
  /** The opening said ahead of its sentence (sayOpening()), until speak() brings the sentence. */
  private opened: Queued<U>[] | undefined;

  constructor(private readonly options: FramePacerOptions<U>) {
    super();
    this.targetFps = options.fps;
    this.intervalMs = 1000 / options.fps;
  }

  get frames(): number {
    return this.tick;
  }

  /** Whether a sentence is playing now (its audio going out). */
  get voicing(): boolean {
    return this.playing !== undefined;
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

  /** Queues a sentence (in `language`, BCP-47, when given); it is synthesised now (after the ones before it) and played in order. */
  speak(sentence: string, language?: string): void {
    if (this.closed) return;
    if (this.continueOpened(sentence, language)) return;
    const ahead = this.ahead?.language === language ? this.ahead : undefined;
    this.ahead = undefined;
    const pace = this.options.performer.pace?.(language);
    const pieces: Array<Piece & { ready?: Ahead<U>['pieces'][number]['ready'] }> = this.speaking
      ? laterPiecesOf(sentence, pace, pace ? this.slackMs(pace) : 0)
      : this.firstPieces(sentence, language, ahead);
    const queued = this.entries(sentence, language, pieces, true);
    this.queue.push(...queued);
    queued.forEach((entry, i) => {
      const ready = pieces[i]!.ready;
      if (ready) this.adopt(entry, ready);
      else this.prepare(entry);
    });
  }

  /**
   * A reply's opening words (in `language`), synthesised now, before the sentence they open is
   * complete; used by `speak()` if that sentence starts with them, else dropped. When they start
   * with the first words synthesised ahead (prefetchFirstWords()), only the rest of them is.
   */
  prefetch(words: string, language?: string): void {
    if (this.closed || this.speaking) return;
    const ahead = this.ahead;
    if (ahead && ahead.language === language && saidOf(ahead.pieces) === words) return; // synthesised ahead already
    const first = ahead && ahead.language === language && ahead.pieces.length === 1 ? ahead.pieces[0] : undefined;
    // After its first words, only the rest of the opening (they are its start, context included).
    if (ahead && first?.words?.to !== undefined && startsWithWords(words, first.piece)) {
      const rest = restFrom(words, first.words.to, true);
      if (rest) ahead.pieces.push(this.prefetchPiece(rest, language));
      return;
    }
    this.ahead = { language, pieces: [this.prefetchPiece({ piece: words, said: words }, language)] };
  }

  /**
   * The reply's text so far, its first sentence not yet complete: once it has enough whole words,
   * the words its first sentence would start with (firstPieces()) are synthesised now, used by
   * `speak()` if that sentence starts with them, or said at once (`sayOpening()`). Words synthesised
   * ahead that the text still starts with are kept. Returns the first words synthesised ahead, if any.
   */
  prefetchFirstWords(text: string, language?: string): string | undefined {
    const pace = this.options.performer.pace?.(language);
    if (this.closed || this.speaking || !pace) return undefined;
    const ahead = this.ahead;
    if (!ahead || ahead.language !== language || !startsWithWords(text, saidOf(ahead.pieces))) {
      const first = firstWords(text, false, pace);
      this.ahead = first && { language, pieces: [this.prefetchPiece(first, language)] };
    }
    const first = this.ahead?.pieces[0];
    return first?.words?.to !== undefined ? first.said : undefined;
  }

  private prefetchPiece(piece: Piece, language: string | undefined): Piece & { ready: Promise<Prepared<U> | undefined> } {
    const ready = this.preparing.then(async () => {
      try {
        const utterance = await this.options.performer.prepare(piece.piece, language, piece.words);
        return { utterance, pcm: resampleLinear(utterance.pcm, utterance.sampleRate, PACER_SAMPLE_RATE) };
      } catch (err) {
        this.options.log.warn({ err }, "a reply's opening words could not be prepared ahead");
        return undefined;
      }
    });
    this.preparing = ready;
    return { ...piece, ready };
  }

  /**
   * The opening words prefetched are fit to say before their sentence is complete: they play as
   * soon as nothing holds them (hold()), and the sentence they open, when speak() brings it, goes on
   * from them. Other words, or a pacer already speaking, change nothing.
   */
  sayOpening(words: string): void {
    const ahead = this.ahead;
    if (this.closed || this.speaking || !ahead || saidOf(ahead.pieces) !== words) return;
    this.ahead = undefined;
    const entries = this.entries(words, ahead.language, ahead.pieces, false);
    this.queue.push(...entries);
    entries.forEach((entry, i) => this.adopt(entry, ahead.pieces[i]!.ready));
    this.opened = entries;
  }

  /** Whether `sentence` goes on from the opening said ahead (sayOpening()): its rest is queued after it. */
  private continueOpened(sentence: string, language: string | undefined): boolean {
    const opened = this.opened;
    this.opened = undefined;
    if (!opened || opened.some((e) => e.failed) || opened[0]!.language !== language) return false;
    const said = saidOf(opened);
    if (!goesOnFrom(sentence, said)) return false;
    const last = opened.at(-1)!;
    const started = this.playing?.entry === opened[0] || !this.queue.includes(opened[0]!);
    for (const entry of opened) entry.sentence = sentence;
    const rest = restFrom(sentence, wordCount(said), last.words?.to !== undefined);
    if (!rest) {
      last.last = true;
      if (this.playing?.entry !== last && !this.queue.includes(last)) this.emit('utteranceEnd', sentence); // it has been said already
      return true;
    }
    const entry: Queued<U> = { sentence, ...rest, language, before: said.length + 1, last: true, grows: started };
    this.queue.push(entry);
    this.prepare(entry);
    return true;
  }

  /** Queue entries for `pieces` of `sentence`, the last ending it when `ends`. */
  private entries(sentence: string, language: string | undefined, pieces: readonly Piece[], ends: boolean): Queued<U>[] {
    let before = 0;
    return pieces.map((p, i) => {
      const entry: Queued<U> = {
        sentence,
        piece: p.piece,
        words: p.words,
        said: p.said,
        language,
        before,
        last: ends && i === pieces.length - 1,
      };
      before += p.said.length + 1;
      return entry;
    });
  }

  /**
   * The pieces of a reply's first sentence: those synthesised ahead that it starts with (its first
   * words, its opening) and the rest; else, with a voice that can cut out words, its first words and
   * the rest; else for a long sentence its first breath group and the rest; else the sentence whole.
   */
  private firstPieces(
    sentence: string,
    language: string | undefined,
    ahead: Ahead<U> | undefined,
  ): Array<Piece & { ready?: Ahead<U>['pieces'][number]['ready'] }> {
    // The words their syntheses say, context included: first words cut out of more must be followed by them.
    if (ahead && startsWithWords(sentence, spokenOf(ahead.pieces))) {
      const rest = restFrom(sentence, wordCount(saidOf(ahead.pieces)), ahead.pieces.at(-1)!.words?.to !== undefined);
      return rest ? [...ahead.pieces, rest] : ahead.pieces;
    }
    return firstPiecesOf(sentence, this.options.performer.pace?.(language));
  }

  /**
   * How long before a sentence queued now must be synthesised: the audio queued ahead of it (what
   * is left of the piece playing, and the pieces waiting, those not yet synthesised as `pace`
   * predicts them), less the syntheses still to run before its own (predicted whole: the one
   * running may be nearly done).
   */
  private slackMs(pace: Pace): number {
    const msOf = (samples: number) => (samples / PACER_SAMPLE_RATE) * 1000;
    let slack = this.playing ? msOf(this.playing.entry.pcm.length - this.playing.offset) : 0;
    for (const entry of this.queue) {
      if (entry.failed) continue;
      slack += entry.pcm ? msOf(entry.pcm.length) : pace.audioMs(spokenLength(entry.said)) - pace.synthesisMs(spokenLength(entry.piece));
    }
    return slack;
  }

  /** The entry's audio is the opening synthesised ahead (or, if that failed, it is skipped as a failed synthesis is). */
  private adopt(entry: Queued<U>, ready: Promise<Prepared<U> | undefined>): void {
    this.preparing = this.preparing.then(async () => {
      const done = await ready;
      if (done) {
        entry.utterance = done.utterance;
        entry.pcm = done.pcm;
      } else entry.failed = true;
      this.startBetweenTicks();
    });
  }

  private prepare(entry: Queued<U>): void {
    this.preparing = this.preparing.then(async () => {
      if (this.closed || !this.queue.includes(entry)) return; // dropped by interrupt() before its turn
      try {
        const utterance = await this.options.performer.prepare(entry.piece, entry.language, entry.words);
        entry.pcm = resampleLinear(utterance.pcm, utterance.sampleRate, PACER_SAMPLE_RATE);
        entry.utterance = utterance;
      } catch (err) {
        entry.failed = true;
        this.options.log.warn({ err }, 'a sentence could not be prepared; it is skipped');
      }
      this.startBetweenTicks();
    });
  }

  /** Sentences queued from now on are synthesised but wait to play until `release()`. */
  hold(): void {
    this.held = true;
  }

  release(): void {
    this.held = false;
    this.startBetweenTicks();
  }

  /** Stops speaking now (barge-in); returns what was cut. Idle frames and silence follow at once. */
  interrupt(): Interruption {
    this.held = false;
    this.ahead = undefined;
    this.opened = undefined;
    const current = this.playing;
    this.playing = undefined;
    this.midReply = false;
    // Sentences none of whose pieces started; the rest of the one playing is part of it.
    const dropped = this.queue
      .splice(0)
      .filter((q) => q.before === 0)
      .map((q) => q.sentence);
    // The tick's audio not gone out yet stops too (up to a tick, 83 ms at 12 fps, of the voice after the user took the floor).
    if (this.voicedLastTick) this.options.sink.muteAudio?.(Math.round((INTERRUPT_FADE_MS * PACER_SAMPLE_RATE) / 1000));
    this.voicedLastTick = false;
    if (current) this.emit('utteranceEnd', current.entry.sentence);
    if (!current) return { playing: undefined, dropped };
    const { entry, offset } = current;
    const heardChars = entry.before + (entry.said.length * offset) / Math.max(1, entry.pcm.length);
    return { playing: { sentence: entry.sentence, heardFraction: Math.min(1, heardChars / Math.max(1, entry.sentence.length)) }, dropped };
  }

  /** Frame-interval deviation from 1/fps over the last ticks (all those kept, or the last `lastTicks`). */
  jitter(lastTicks = JITTER_WINDOW): JitterFigures {
    const deviations = this.intervals
      .slice(-lastTicks)
      .map((i) => Math.abs(i - this.intervalMs))
      .sort((a, b) => a - b);
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
    this.opened = undefined;
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
    this.startNextIfReady(now);
    if (this.midReply && !this.playing) this.underrunTicks++;
    const current = this.playing;
    const playing = current && { utterance: current.entry.utterance, elapsedMs: (current.offset / PACER_SAMPLE_RATE) * 1000 };
    const pcm = this.nextAudio(samples);
    const { performer, sink } = this.options;
    const frame = performer.frameAt(n * this.intervalMs, playing);
    sink.write(frame, pcm, performer.recycle && (() => performer.recycle!(frame)));
  }

  /** The next `samples` of the companion's voice: of the piece playing, then silence. */
  private nextAudio(samples: number): Buffer {
    const pcm = Buffer.alloc(samples * 2);
    const current = this.playing;
    this.voicedLastTick = current !== undefined;
    if (!current) return pcm;
    const source = current.entry.pcm;
    const count = Math.min(samples, source.length - current.offset);
    Buffer.from(source.buffer, source.byteOffset + current.offset * 2, count * 2).copy(pcm);
    current.offset += count;
    if (current.offset >= source.length) {
      this.playing = undefined;
      this.midReply = this.queue.length > 0;
      if (current.entry.last) this.emit('utteranceEnd', current.entry.sentence);
    }
    return pcm;
  }

  /**
   * A piece ready (or released) between ticks, after a silent one, starts now rather than at the
   * next tick (up to 1/fps later: 83 ms at 12 fps): the sink gives back the silence of the last
   * tick it has not sent yet, and takes the piece's start in its place. The audio stays exactly
   * as long as the ticks say, so video and audio keep their sync; the next frame shows the mouth
   * where the voice then is.
   */
  private startBetweenTicks(): void {
    const { sink } = this.options;
    if (this.closed || !this.timer || this.playing || this.held || this.voicedLastTick) return;
    if (!sink.takeBackAudio || !sink.writeAudio || !this.readyHead()) return;
    const samples = sink.takeBackAudio();
    if (samples <= 0) return;
    this.startNextIfReady(performance.now());
    sink.writeAudio(this.nextAudio(samples));
  }

  /** The next piece to play, when it is synthesised (failed ones are dropped). */
  private readyHead(): Playing<U>['entry'] | undefined {
    while (this.queue[0]?.failed) this.queue.shift();
    const head = this.queue[0];
    return head?.utterance && head.pcm ? (head as Playing<U>['entry']) : undefined;
  }

  private startNextIfReady(now: number): void {
    if (this.playing || this.held) return;
    const head = this.readyHead();
    if (!head) return;
    this.queue.shift();
    this.midReply = false;
    this.playing = { entry: head, offset: this.voicedLastTick ? 0 : soundStart(head.pcm) };
    if (head.before === 0) this.emit('utteranceStart', head.sentence, now);
    else if (head.grows) this.emit('utteranceGrows', head.said);
  }
}

/** Where a piece started after silence begins: ONSET_MARGIN_MS before its first sound. */
function soundStart(pcm: Int16Array): number {
  let peak = 0;
  for (const x of pcm) if (Math.abs(x) > peak) peak = Math.abs(x);
  const first = pcm.findIndex((x) => Math.abs(x) > peak * ONSET_LEVEL);
  return first < 0 ? 0 : Math.max(0, first - Math.round((ONSET_MARGIN_MS * PACER_SAMPLE_RATE) / 1000));
}
