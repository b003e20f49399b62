/**
 * The silence between two pieces of one text synthesised apart (text-chunks.ts), so that the joined
 * audio pauses where, and as long as, the engine pauses when it says the whole text in one call.
 *
 * Each call's audio starts and ends with a little silence of its own (its edges); joined as they
 * are, two Kokoro sentences were 0.11 s apart where Kokoro alone leaves 0.44 s, and ran together.
 * After a piece, the join adds what the engine's own pause at the piece's final mark lacks: a
 * sentence end, or a breath point (", and", ";", ":", " —"). Figures measured on the model server
 * alone, as silences 40 dB under the loudest 10 ms frame (test/bench/speech.ts measures the same
 * way), medians over Harvard sentences and replies (docs/SPEECH.md#how-the-text-is-synthesised).
 *
 * The added silence is a constant per engine, not measured on each piece: Piper draws its waveform
 * with noise, so edges measured on each call would move by a frame or two, and the streamed and
 * complete audio of one text would differ.
 */
import type { SpeechEngine } from '../../runtime/voices/voice-catalog.js';
import type { Pcm } from './wav.js';

interface EngineSilences {
  /** Between two sentences said in one call. */
  sentenceS: number;
  /** At a breath point said in one call. */
  breathS: number;
  /** Leading plus trailing silence of one call's audio. */
  edgesS: number;
}

export const ENGINE_SILENCES: Readonly<Record<SpeechEngine, EngineSilences>> = {
  piper: { sentenceS: 0.2, breathS: 0.27, edgesS: 0.19 },
  kokoro: { sentenceS: 0.44, breathS: 0.28, edgesS: 0.11 },
};

/** The pause a piece's text asks for after it, by its final mark. */
export function markAfter(piece: string): 'sentence' | 'breath' {
  return /[.!?…]["'”’)\]]*$/u.test(piece.trim()) ? 'sentence' : 'breath';
}

/** Seconds of silence to add after `piece` when another piece follows it. */
export function pauseAfterS(engine: SpeechEngine, piece: string): number {
  const silences = ENGINE_SILENCES[engine];
  const wanted = markAfter(piece) === 'sentence' ? silences.sentenceS : silences.breathS;
  return Math.max(0, wanted - silences.edgesS);
}

/** `pcm` followed by `seconds` of silence. */
export function withPause(pcm: Pcm, seconds: number): Pcm {
  const samples = Math.round(seconds * pcm.sampleRateHz);
  if (samples <= 0) return pcm;
  return { ...pcm, data: Buffer.concat([pcm.data, Buffer.alloc(samples * 2)]) };
}
