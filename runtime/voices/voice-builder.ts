/**
 * What a clone job asks of a voice builder (measure a reference, build a voice, refine it,
 * register it for synthesis): the port the voice domain and the clone workflow depend on. The
 * embedded synthesis server implements it over HTTP (media/speech/voice-builder-client.ts); a GPU
 * cloning server speaking the same routes, or another implementation, can replace it.
 */
export interface ReferenceAnalysis {
  duration_s: number;
  speech_s: number;
  peak_dbfs: number;
  loud_db: number;
  noise_floor_db: number;
  snr_db: number;
  clipped_fraction: number;
  voiced_fraction: number;
  speaker_min_similarity: number;
  speaker_windows: number;
}

/**
 * Opaque conversion parameters of a version (the Kokoro builder's: pitch_hz, pitch_range,
 * formant_ratio, and the timbre filter's timbre_db gains and timbre_strength).
 */
export type Conversion = Record<string, number | number[]>;

/**
 * How close a version is to the reference, measured by the builder on its own held-out sentence:
 * the encoder cosine (also `held_out_score`), the median-F0 distance in semitones and the timbre
 * (long-term spectrum) distance in dB. What a version improved is read from these.
 */
export interface VersionMeasures {
  similarity: number;
  pitch_hz: number | null;
  pitch_st: number | null;
  timbre_db: number | null;
}

export interface BuiltVoice {
  /** Opaque voice parameters (base64), stored by the service and registered for synthesis. */
  style: string;
  /** Applied to every synthesis of this version (null: none). */
  conversion: Conversion | null;
  measures: VersionMeasures | null;
  /** The reference's own figures the measures compare with (median F0 of its search part, …). */
  reference?: Record<string, unknown> | null;
  /** The start's score against the search part of the reference (null: not known yet). */
  search_score: number | null;
  /** Its score on the builder's validation sentence, which refinement must improve on; null: none. */
  validation_score?: number | null;
  held_out_score: number;
  start: string;
  lang: string;
  nearest: Array<{ voice: string; similarity: number }>;
  candidates: number;
}

export interface RefinedVoice {
  style: string;
  conversion: Conversion | null;
  measures: VersionMeasures | null;
  /** The phoneme set of the result (a round may move to a stock voice of the other accent). */
  lang?: string;
  /** What the round tried (conversion candidates, blends). */
  tried?: unknown[];
  search_score: number;
  validation_score?: number | null;
  held_out_score: number | null;
  improved: number;
  iterations: number;
  step: number;
}

/**
 * `signal` on the long calls (analyse, build, refine) cancels them: the clone job's activity is
 * cancelled at a worker's shutdown, and the builder should stop its work too (the HTTP one closes
 * the connection, on which the model server stops a refinement round).
 */
export interface VoiceBuilder {
  analyse(wav: Buffer, signal?: AbortSignal): Promise<ReferenceAnalysis>;
  build(searchWav: Buffer, heldOutWav: Buffer, text: string, signal?: AbortSignal): Promise<BuiltVoice>;
  refine(
    input: {
      style: string;
      searchWav: Buffer;
      heldOutWav: Buffer;
      text: string;
      lang: string;
      /** The current version's search score (ignored by the Kokoro search, which rescores its start). */
      bestScore: number;
      /** The current version's conversion (the round starts from it). */
      conversion: Conversion | null;
      /** The current version's validation score, when the builder gave one. */
      validationScore: number | null;
      iterations: number;
      seed: number;
      step: number;
      maxSeconds: number;
    },
    signal?: AbortSignal,
  ): Promise<RefinedVoice>;
  register(name: string, style: string, conversion: Conversion | null): Promise<void>;
  /** Forgets registered voices whose name starts with `prefix` (one voice, or an account). */
  unregister(prefix: string): Promise<void>;
  embed(wav: Buffer): Promise<number[]>;
}
