/**
 * The built-in voices and their stable ids. Characters bind one of these (or, once voice cloning
 * lands, a cloned voice of the account). The ids are engine-independent: each maps to a voice of
 * one of the engines (docs/SPEECH.md), and that mapping may change without the id changing.
 *
 *   piper   measured word timing (phoneme alignments), 22.05 kHz, fastest (RTF ≈ 0.03 on 2 cores)
 *   kokoro  several voices and accents, 24 kHz, slower (RTF ≈ 0.3), word timing interpolated
 */
export type SpeechEngine = 'piper' | 'kokoro';

export interface BuiltInVoice {
  voiceId: string;
  name: string;
  gender: 'female' | 'male';
  accent: string;
  language: string;
  engine: SpeechEngine;
  /** The voice's name at the synthesis server (the `voice` of /v1/audio/speech). */
  engineVoice: string;
  sampleRateHz: number;
  /** How /text-to-speech/with-timestamps gets word offsets for this voice. */
  timing: 'measured' | 'interpolated';
}

export const BUILT_IN_VOICES: readonly BuiltInVoice[] = [
  voice('en-US-slt', 'Sally', 'female', 'American', 'en-US', 'kokoro', 'af_heart'),
  voice('en-US-clb', 'Claire', 'female', 'American', 'en-US', 'kokoro', 'af_bella'),
  voice('en-US-bdl', 'Brandon', 'male', 'American', 'en-US', 'kokoro', 'am_michael'),
  voice('en-GB-alan', 'Alan', 'male', 'British', 'en-GB', 'kokoro', 'bm_george'),
  voice('en-GB-emma', 'Emma', 'female', 'British', 'en-GB', 'kokoro', 'bf_emma'),
  voice('en-US-joe', 'Joe', 'male', 'American', 'en-US', 'piper', 'joe'),
];

export const DEFAULT_VOICE_ID = 'en-US-slt';

/** The voices the public homepage demo may use: the fastest one and one of each accent. */
export const DEMO_VOICE_IDS: readonly string[] = ['en-US-joe', 'en-US-slt', 'en-GB-alan'];

export function isBuiltInVoice(voiceId: string): boolean {
  return BUILT_IN_VOICES.some((v) => v.voiceId === voiceId);
}

export function builtInVoice(voiceId: string): BuiltInVoice | undefined {
  return BUILT_IN_VOICES.find((v) => v.voiceId === voiceId);
}

function voice(
  voiceId: string,
  name: string,
  gender: BuiltInVoice['gender'],
  accent: string,
  language: string,
  engine: SpeechEngine,
  engineVoice: string,
): BuiltInVoice {
  return {
    voiceId,
    name,
    gender,
    accent,
    language,
    engine,
    engineVoice,
    sampleRateHz: engine === 'piper' ? 22_050 : 24_000,
    timing: engine === 'piper' ? 'measured' : 'interpolated',
  };
}
