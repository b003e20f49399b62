/**
 * The quality checks of a clone job's reference audio, from the builder's measurements
 * (media/speech/voice-builder-client.ts ReferenceAnalysis). Each failure has its own code, so a
 * client can tell the user what to fix. Thresholds are documented in docs/VOICES.md.
 */
import type { ReferenceAnalysis } from './voice-builder.js';
import type { FailureCode } from './voice-failures.js';

export const QUALITY_THRESHOLDS = {
  /** Loudest speech (95th percentile of 30 ms frame energy) below this is silence. */
  silentLoudDb: -50,
  /** Share of samples at full scale above which the recording is clipped. */
  clippedFraction: 0.005,
  /** Loud speech over the noise floor (10th percentile frame energy) below this is too noisy. */
  minSnrDb: 12,
  /** Share of active frames with a clear pitch period below which it is not speech. */
  minVoicedFraction: 0.15,
  /**
   * Least similar pair of 2 s windows of speech (every 1 s) below this: more than one speaker.
   * Measured: two recordings of two people taking turns 0.54 and 0.56, single speakers 0.66-0.79
   * (audiobook, telephone prompts, amateur radio); set low to refuse no single speaker.
   */
  minSpeakerSimilarity: 0.58,
} as const;

export interface QualityFailure {
  code: FailureCode;
  reason: string;
}

export function checkReferenceQuality(a: ReferenceAnalysis, minSpeechS: number): QualityFailure | null {
  const t = QUALITY_THRESHOLDS;
  if (a.loud_db < t.silentLoudDb || a.speech_s < 0.3)
    return { code: 'silent', reason: `the samples are silent (loudest speech ${a.loud_db.toFixed(0)} dB)` };
  if (a.clipped_fraction > t.clippedFraction)
    return {
      code: 'clipping',
      reason: `${(a.clipped_fraction * 100).toFixed(1)}% of the samples are clipped; record a little further from the microphone`,
    };
  if (a.speech_s < minSpeechS)
    return {
      code: 'too_little_speech',
      reason:
        `the samples hold ${a.speech_s.toFixed(1)} s of speech in ${a.duration_s.toFixed(1)} s of audio (the rest is pauses, ` +
        `breaths or sounds that are not speech); at least ${minSpeechS} s of speech is needed, about 10 s is best: ` +
        'send longer lines of the speaker talking, or more clips of them (they are joined)',
    };
  if (a.snr_db < t.minSnrDb)
    return { code: 'too_noisy', reason: `speech is only ${a.snr_db.toFixed(0)} dB above the background noise; record somewhere quieter` };
  if (a.voiced_fraction < t.minVoicedFraction)
    return { code: 'not_speech', reason: 'the samples do not sound like speech (too little voiced sound)' };
  if (a.speaker_windows >= 3 && a.speaker_min_similarity < t.minSpeakerSimilarity)
    return {
      code: 'several_speakers',
      reason:
        `the samples seem to hold more than one speaker (two stretches of them sound ${a.speaker_min_similarity.toFixed(2)} alike; ` +
        `one person's usually sound at least ${t.minSpeakerSimilarity} alike): send clips of one person only. If it is one ` +
        'person acting in very different voices, send lines in the one voice the clone should have',
    };
  return null;
}
