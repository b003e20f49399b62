/**
 * The voice a reply is spoken in when its language is not the character's voice's. A stock voice
 * speaks one language: a Spanish reply in an American voice is English phonemes read over Spanish
 * words. The reply is then spoken by a stock voice of its language, of the same gender where the
 * language has one (Spanish has both; French only a female one), else that language's default.
 * A cloned voice (`vce_…`) speaks every language in the speaker's own timbre, and is kept; so is a
 * voice for a language without stock voices (the reply engine answers in it, the voice reads it as
 * best it can).
 */
import { BUILT_IN_VOICES, builtInVoice } from '../voices/voice-catalog.js';
import { baseLanguage } from './languages.js';

/** The voice id to speak a reply in `language` with, for a character whose voice is `voiceId`. */
export function voiceForLanguage(voiceId: string, language: string | undefined): string {
  const voice = builtInVoice(voiceId);
  if (!voice || !language) return voiceId;
  const wanted = baseLanguage(language);
  if (baseLanguage(voice.language) === wanted) return voiceId;
  // The catalogue's order: a language's first voice is its default. "es-MX" has none of its own: any Spanish one.
  const speaking = BUILT_IN_VOICES.filter((v) => baseLanguage(v.language) === wanted);
  const exact = speaking.filter((v) => v.language.toLowerCase() === language.toLowerCase());
  const candidates = exact.length ? exact : speaking;
  return (candidates.find((v) => v.gender === voice.gender) ?? candidates[0])?.voiceId ?? voiceId;
}
