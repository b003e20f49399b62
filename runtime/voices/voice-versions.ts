/**
 * The history of a cloned voice's versions, kept in its record (`build.versions`): per version the
 * builder's scores, its conversion (pitch and formant shift) and its measures on held-out audio,
 * and what it improved over the version before: the encoder similarity (higher), the median-F0
 * distance from the speaker (closer) and the timbre distance (smaller). A refinement round that
 * made no new version is recorded in `build.rounds` with its cost.
 */
import type { Conversion, VersionMeasures } from './voice-builder.js';

export interface VersionRecord {
  version: number;
  searchScore: number | null;
  validationScore: number | null;
  similarity: number;
  conversion: Conversion | null;
  measures: VersionMeasures | null;
  /** What changed against the previous version, e.g. {similarity: 0.031, pitchSt: -3.2, timbreDb: -0.4}. */
  change: Record<string, number> | null;
  improved: Array<'encoder' | 'pitch' | 'timbre'>;
  /** The start (stock:<voice>) or the refinement round that made it. */
  madeBy: string;
}

export interface RoundRecord {
  round: number;
  ms: number;
  candidates: number;
  /** The version it made, or null. */
  version: number | null;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** What `next` improved over `previous`: higher similarity, |F0 distance| or timbre distance smaller. */
export function versionChange(
  previous: VersionMeasures | null,
  next: VersionMeasures | null,
): { change: Record<string, number> | null; improved: VersionRecord['improved'] } {
  if (!previous || !next) return { change: null, improved: [] };
  const change: Record<string, number> = { similarity: round(next.similarity - previous.similarity, 4) };
  const improved: VersionRecord['improved'] = [];
  if (change.similarity! > 0) improved.push('encoder');
  if (previous.pitch_st !== null && next.pitch_st !== null) {
    change.pitchSt = round(Math.abs(next.pitch_st) - Math.abs(previous.pitch_st), 2);
    if (change.pitchSt < 0) improved.push('pitch');
  }
  if (previous.timbre_db !== null && next.timbre_db !== null) {
    change.timbreDb = round(next.timbre_db - previous.timbre_db, 2);
    if (change.timbreDb < 0) improved.push('timbre');
  }
  return { change, improved };
}
