import { EntitySchema } from '@mikro-orm/core';
import type { Mode } from './credentials.js';

/** Where a clone job is (spec: fetched → transcribed → registered → active, or failed). */
export type VoiceStep = 'queued' | 'fetching' | 'checking' | 'transcribing' | 'building' | 'registering' | 'refining' | 'done' | 'failed';

export interface VoiceSample {
  /** The URL the sample was fetched from, or null for a direct upload. */
  url: string | null;
  /** Set once fetched: bytes received, the sniffed format, the decoded duration. */
  bytes?: number;
  format?: string;
  durationS?: number;
}

/**
 * The conversion a cloned voice's version applies to the synthesiser's output, as the voice builder
 * gave it and gets it back at registration (opaque here, like the style file). The Kokoro builder's
 * (media/speech/model-server/voice_conversion.py): each sentence's median F0 goes to `pitch_hz`,
 * its F0 range is scaled by `pitch_range` and its formants by `formant_ratio`, then its long-term
 * spectrum is equalised towards the speaker's by `timbre_db` (a gain per band).
 */
export type VoiceConversion = Record<string, number | number[]>;

/** A cloned (speaker-adapted) voice of one account and mode; built-in voices are not rows. */
export class Voice {
  id!: string;
  userId!: string;
  mode!: Mode;
  name!: string;
  description!: string;
  labels!: Record<string, string>;
  status!: 'pending' | 'active' | 'failed';
  step!: VoiceStep;
  failureCode: string | null = null;
  failureReason: string | null = null;
  samples!: VoiceSample[];
  /** Current style version (1 once active); synthesis always uses it. */
  version = 0;
  /** Speaker-embedding cosine on held-out reference audio, for the current version. */
  similarity: number | null = null;
  /** The same measure on the part of the reference the search used. */
  searchScore: number | null = null;
  /** Which builder made it and how (builder name, nearest stock voices, refinement rounds). */
  build: Record<string, unknown> = {};
  /** The current version's conversion of Kokoro's output (null: none, a voice made before it existed). */
  conversion: VoiceConversion | null = null;
  /** Kokoro phoneme set: en-us or en-gb, from the nearest stock voice. */
  lang = 'en-us';
  transcript: string | null = null;
  idempotencyKey: string | null = null;
  workflowId!: string;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
  activeAt: Date | null = null;
  refinedAt: Date | null = null;
}

export const VoiceSchema = new EntitySchema<Voice>({
  class: Voice,
  tableName: 'voices',
  properties: {
    id: { type: 'string', primary: true },
    userId: { type: 'string' },
    mode: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    labels: { type: 'json' },
    status: { type: 'string' },
    step: { type: 'string' },
    failureCode: { type: 'string', nullable: true },
    failureReason: { type: 'string', nullable: true },
    samples: { type: 'json' },
    version: { type: 'integer' },
    similarity: { type: 'double', nullable: true },
    searchScore: { type: 'double', nullable: true },
    build: { type: 'json' },
    conversion: { type: 'json', nullable: true },
    lang: { type: 'string' },
    transcript: { type: 'string', nullable: true },
    idempotencyKey: { type: 'string', nullable: true },
    workflowId: { type: 'string' },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date' },
    activeAt: { type: 'Date', nullable: true },
    refinedAt: { type: 'Date', nullable: true },
  },
});
