import type { Pace } from '../speech/synthesis-pace.js';
import type { WordSpan } from '../speech/word-span.js';

/**
 * What the frame pacer needs from whoever draws and voices the companion. The face renderer's
 * AvatarPerformer (media/avatar/performer.ts) has this shape; so does the test-pattern performer
 * (the benchmark's encode floor).
 */
export interface SpokenAudio {
  /** Mono 16-bit samples. */
  pcm: Int16Array;
  sampleRate: number;
  durationMs: number;
}

export interface PacedPerformer<U extends SpokenAudio = SpokenAudio> {
  readonly width: number;
  readonly height: number;
  /**
   * Synthesises a sentence (and whatever the face needs to move with it), in `language` when given
   * (BCP-47); with `words`, only those words of it, the others said around them as context.
   */
  prepare(sentence: string, language?: string, words?: WordSpan): Promise<U>;
  /**
   * The measured pace of the voice speaking `language` (media/speech/synthesis-pace.ts), when
   * `prepare` can say a run of words of a text in it (its word timings are measured); else undefined.
   */
  pace?(language?: string): Pace | undefined;
  /** One I420 frame at session time `tMs`; `playing` while an utterance is being spoken. */
  frameAt(tMs: number, playing?: { utterance: U; elapsedMs: number }): Buffer;
  /** A frame from `frameAt` the encoder is done with: it may be drawn into again. */
  recycle?(frame: Buffer): void;
  close(): void;
}
