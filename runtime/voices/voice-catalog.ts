/**
 * The built-in voices and their stable ids: all 28 English Kokoro voices and Piper's joe. Characters
 * bind one of these or a cloned voice of the account (runtime/voices/, docs/VOICES.md). The ids
 * are engine-independent: each maps to a voice of one of the engines (docs/SPEECH.md), and that
 * mapping may change without the id changing.
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
  // Every other English voice of Kokoro (kokoro-js 1.2.1), id = accent + Kokoro's name.
  voice('en-US-alloy', 'Alloy', 'female', 'American', 'en-US', 'kokoro', 'af_alloy'),
  voice('en-US-aoede', 'Aoede', 'female', 'American', 'en-US', 'kokoro', 'af_aoede'),
  voice('en-US-jessica', 'Jessica', 'female', 'American', 'en-US', 'kokoro', 'af_jessica'),
  voice('en-US-kore', 'Kore', 'female', 'American', 'en-US', 'kokoro', 'af_kore'),
  voice('en-US-nicole', 'Nicole', 'female', 'American', 'en-US', 'kokoro', 'af_nicole'),
  voice('en-US-nova', 'Nova', 'female', 'American', 'en-US', 'kokoro', 'af_nova'),
  voice('en-US-river', 'River', 'female', 'American', 'en-US', 'kokoro', 'af_river'),
  voice('en-US-sarah', 'Sarah', 'female', 'American', 'en-US', 'kokoro', 'af_sarah'),
  voice('en-US-sky', 'Sky', 'female', 'American', 'en-US', 'kokoro', 'af_sky'),
  voice('en-US-adam', 'Adam', 'male', 'American', 'en-US', 'kokoro', 'am_adam'),
  voice('en-US-echo', 'Echo', 'male', 'American', 'en-US', 'kokoro', 'am_echo'),
  voice('en-US-eric', 'Eric', 'male', 'American', 'en-US', 'kokoro', 'am_eric'),
  voice('en-US-fenrir', 'Fenrir', 'male', 'American', 'en-US', 'kokoro', 'am_fenrir'),
  voice('en-US-liam', 'Liam', 'male', 'American', 'en-US', 'kokoro', 'am_liam'),
  voice('en-US-onyx', 'Onyx', 'male', 'American', 'en-US', 'kokoro', 'am_onyx'),
  voice('en-US-puck', 'Puck', 'male', 'American', 'en-US', 'kokoro', 'am_puck'),
  voice('en-US-santa', 'Santa', 'male', 'American', 'en-US', 'kokoro', 'am_santa'),
  voice('en-GB-alice', 'Alice', 'female', 'British', 'en-GB', 'kokoro', 'bf_alice'),
  voice('en-GB-isabella', 'Isabella', 'female', 'British', 'en-GB', 'kokoro', 'bf_isabella'),
  voice('en-GB-lily', 'Lily', 'female', 'British', 'en-GB', 'kokoro', 'bf_lily'),
  voice('en-GB-daniel', 'Daniel', 'male', 'British', 'en-GB', 'kokoro', 'bm_daniel'),
  voice('en-GB-fable', 'Fable', 'male', 'British', 'en-GB', 'kokoro', 'bm_fable'),
  voice('en-GB-lewis', 'Lewis', 'male', 'British', 'en-GB', 'kokoro', 'bm_lewis'),
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
