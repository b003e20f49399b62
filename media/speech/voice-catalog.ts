/**
 * The built-in voices and their stable ids. Characters bind one of these (or, once voice cloning
 * lands, a cloned voice of the account). The speech engine that renders them comes with the
 * speech issue; the ids are engine-independent so they stay valid when the engine changes.
 */
export interface BuiltInVoice {
  voiceId: string;
  name: string;
  gender: 'female' | 'male';
  accent: string;
  language: string;
}

export const BUILT_IN_VOICES: readonly BuiltInVoice[] = [
  { voiceId: 'en-US-slt', name: 'Sally', gender: 'female', accent: 'American', language: 'en-US' },
  { voiceId: 'en-US-clb', name: 'Claire', gender: 'female', accent: 'American', language: 'en-US' },
  { voiceId: 'en-US-bdl', name: 'Brandon', gender: 'male', accent: 'American', language: 'en-US' },
  { voiceId: 'en-GB-alan', name: 'Alan', gender: 'male', accent: 'Scottish', language: 'en-GB' },
];

export const DEFAULT_VOICE_ID = 'en-US-slt';

export function isBuiltInVoice(voiceId: string): boolean {
  return BUILT_IN_VOICES.some((v) => v.voiceId === voiceId);
}
