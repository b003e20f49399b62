/**
 * Where the user's turns begin and end, from a voice-activity probability per 32 ms frame: a turn
 * starts after a short run of confident speech (so a click or a cough does not start one) and ends
 * after `endOfTurnMs` of silence (VOICE_END_OF_TURN_MS), or when the speaker says so (push-to-talk
 * released: `flush`). Hysteresis as in Silero's own segmenter: speech starts above 0.5 and only a
 * frame below 0.35 counts as silence, so a soft syllable inside a word does not end the turn.
 *
 * Once a turn holds `bargeInMs` of speech (VOICE_BARGE_IN_MS) it says so (`bargeIn`), long before
 * the turn ends: the user has taken the floor, and the companion stops talking. Shorter sounds (a
 * cough, "mm") start a turn but never interrupt.
 *
 * With `pausesMs`, a silence inside a turn is announced as it reaches each of those lengths
 * (`pause`, with the turn as it would end there), so that the caller can ask whether the speaker
 * has finished (an end-of-turn model) and end the turn early with `endNow`: a finished question is
 * then answered a breath after it, while a pause mid-sentence waits up to `endOfTurnMs`.
 *
 * Times are on the stream's own sample clock (ms of audio received), not the wall clock, so the
 * same audio always gives the same turns; the caller maps them to wall time.
 */
import { VAD_FRAME_SAMPLES, VAD_SAMPLE_RATE } from './silero-vad.js';

export interface TurnSettings {
  /** Silence after speech that ends the user's turn. */
  endOfTurnMs: number;
  /** Probability from which a frame is speech. */
  speechThreshold?: number;
  /** Probability under which a frame is silence (between the two, a turn in progress goes on). */
  silenceThreshold?: number;
  /** Speech this long in a row starts a turn. */
  startSpeechMs?: number;
  /** Speech frames adding up to this much within a turn raise `bargeIn` (at least `startSpeechMs`). */
  bargeInMs?: number;
  /** Audio kept from before the start was confirmed (the detector is sure a little late). */
  preRollMs?: number;
  /** Audio kept after the last speech frame (the tail of a word fades below the threshold). */
  tailMs?: number;
  /** A turn this long is ended anyway (and transcribed), so one never grows without bound. */
  maxTurnMs?: number;
  /** Silences inside a turn announced (`pause`) as they reach each of these lengths, shortest first. */
  pausesMs?: number[];
}

/** One turn of the user's: its audio (16 kHz mono s16le) and where it lies on the stream's clock. */
export interface DetectedTurn {
  pcm: Buffer;
  /** Stream ms where the kept audio starts (pre-roll included) and where speech was confirmed. */
  startMs: number;
  speechStartMs: number;
  /** Stream ms of the end of the last speech frame. */
  speechEndMs: number;
  /** Stream ms at which the turn was declared over (speechEndMs + the silence waited for, or the flush). */
  endMs: number;
  /** Why it ended: the silence bound, push-to-talk released, the length bound, or the caller at a pause (`endNow`). */
  reason: 'silence' | 'flush' | 'max_length' | 'complete';
}

/**
 * `speech`: a turn started (its speech began at `atMs`); `bargeIn`: it now holds `bargeInMs` of
 * speech (at `atMs`, the end of the frame that made it so); `turn`: it is over.
 */
export type TurnEvent =
  | { type: 'speech'; atMs: number }
  | { type: 'bargeIn'; atMs: number }
  | { type: 'turn'; turn: DetectedTurn }
  /** A silence inside the turn reached `pausesMs[index]`; `turn`: the turn as `endNow` would end it. */
  | { type: 'pause'; index: number; turn: DetectedTurn };

const FRAME_MS = (VAD_FRAME_SAMPLES * 1000) / VAD_SAMPLE_RATE;

export class TurnDetector {
  private readonly speechThreshold: number;
  private readonly silenceThreshold: number;
  private readonly startFrames: number;
  private readonly bargeInFrames: number;
  private readonly preRollFrames: number;
  private readonly tailFrames: number;
  private readonly endFrames: number;
  private readonly maxFrames: number;
  private readonly pauseFrames: number[];
  /** Frames received so far (the stream clock). */
  private frame = 0;
  /** Before a turn: the last pre-roll frames; in a turn: all of its frames. */
  private frames: Buffer[] = [];
  private speechRun = 0;
  /** Speech frames in the turn so far; whether it has raised `bargeIn`. */
  private speechFrames = 0;
  private bargedIn = false;
  private inTurn = false;
  private turnStartFrame = 0;
  private speechStartFrame = 0;
  private lastSpeechFrame = 0;

  constructor(settings: TurnSettings) {
    this.speechThreshold = settings.speechThreshold ?? 0.5;
    this.silenceThreshold = settings.silenceThreshold ?? 0.35;
    this.startFrames = Math.max(1, Math.round((settings.startSpeechMs ?? 96) / FRAME_MS));
    this.bargeInFrames = Math.max(this.startFrames, Math.round((settings.bargeInMs ?? 250) / FRAME_MS));
    this.preRollFrames = Math.round((settings.preRollMs ?? 300) / FRAME_MS);
    this.tailFrames = Math.round((settings.tailMs ?? 160) / FRAME_MS);
    this.endFrames = Math.max(1, Math.round(settings.endOfTurnMs / FRAME_MS));
    this.maxFrames = Math.round((settings.maxTurnMs ?? 30_000) / FRAME_MS);
    this.pauseFrames = (settings.pausesMs ?? []).map((ms) => Math.max(1, Math.round(ms / FRAME_MS))).filter((f) => f < this.endFrames);
  }

  /** Stream ms received so far. */
  get streamMs(): number {
    return this.frame * FRAME_MS;
  }

  get speaking(): boolean {
    return this.inTurn;
  }

  /** One frame (512 samples of s16le) and its speech probability; what it started or ended. */
  push(pcm: Buffer, probability: number): TurnEvent[] {
    const index = this.frame++;
    this.frames.push(pcm);
    if (!this.inTurn) {
      this.speechRun = probability >= this.speechThreshold ? this.speechRun + 1 : 0;
      if (this.speechRun < this.startFrames) {
        if (this.frames.length > this.preRollFrames + this.startFrames) this.frames.shift();
        return [];
      }
      this.inTurn = true;
      this.turnStartFrame = index + 1 - this.frames.length;
      this.speechStartFrame = index + 1 - this.speechRun;
      this.lastSpeechFrame = index;
      this.speechFrames = this.speechRun;
      this.bargedIn = false;
      return [{ type: 'speech', atMs: this.speechStartFrame * FRAME_MS }, ...this.bargeIn(index)];
    }
    if (probability >= this.silenceThreshold) this.lastSpeechFrame = index;
    if (probability >= this.speechThreshold) this.speechFrames++;
    const quiet = index - this.lastSpeechFrame;
    if (quiet >= this.endFrames) return [{ type: 'turn', turn: this.endTurn('silence') }];
    if (this.frames.length >= this.maxFrames) return [{ type: 'turn', turn: this.endTurn('max_length') }];
    const pause = this.pauseFrames.indexOf(quiet);
    if (pause >= 0) return [...this.bargeIn(index), { type: 'pause', index: pause, turn: this.turnSoFar('complete') }];
    return this.bargeIn(index);
  }

  /** Stream ms where the turn in progress last had speech (undefined between turns). */
  get speechEndMs(): number | undefined {
    return this.inTurn ? (this.lastSpeechFrame + 1) * FRAME_MS : undefined;
  }

  /**
   * Ends the turn in progress now, as it stood at a `pause` whose speech ended at `speechEndMs`
   * (the caller decided it is complete); undefined if the speaker has spoken since, or it ended.
   */
  endNow(speechEndMs: number): DetectedTurn | undefined {
    return this.speechEndMs === speechEndMs ? this.endTurn('complete') : undefined;
  }

  /** The turn in progress as it stands (its speech so far), or undefined between turns. */
  current(): DetectedTurn | undefined {
    return this.inTurn ? this.turnSoFar('complete') : undefined;
  }

  /** `bargeIn`, once per turn, as soon as the turn holds enough speech. */
  private bargeIn(index: number): TurnEvent[] {
    if (this.bargedIn || this.speechFrames < this.bargeInFrames) return [];
    this.bargedIn = true;
    return [{ type: 'bargeIn', atMs: (index + 1) * FRAME_MS }];
  }

  /** The speaker is done (push-to-talk released): the turn in progress, if any, ends now. */
  flush(): DetectedTurn | undefined {
    return this.inTurn ? this.endTurn('flush') : undefined;
  }

  /** Frames of the turn kept: its speech and a short tail. */
  private keptFrames(): number {
    return Math.min(this.frames.length, this.lastSpeechFrame - this.turnStartFrame + 1 + this.tailFrames);
  }

  /** The turn in progress as it would end now. */
  private turnSoFar(reason: DetectedTurn['reason']): DetectedTurn {
    return {
      pcm: Buffer.concat(this.frames.slice(0, this.keptFrames())),
      startMs: this.turnStartFrame * FRAME_MS,
      speechStartMs: this.speechStartFrame * FRAME_MS,
      speechEndMs: (this.lastSpeechFrame + 1) * FRAME_MS,
      endMs: this.frame * FRAME_MS,
      reason,
    };
  }

  private endTurn(reason: DetectedTurn['reason']): DetectedTurn {
    const keep = this.keptFrames();
    const turn = this.turnSoFar(reason);
    this.inTurn = false;
    this.speechRun = 0;
    // The silence waited through may hold the start of the next turn: it stays as its pre-roll.
    this.frames = this.frames.slice(Math.max(keep, this.frames.length - this.preRollFrames));
    return turn;
  }
}
