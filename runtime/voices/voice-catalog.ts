/**
 * The built-in voices and their stable ids: all 54 Kokoro voices (28 English, 26 in six other
 * languages) and Piper's joe. Each has its language (BCP-47); Kokoro voices speak any language of
 * runtime/text/languages.ts given its phonemes (`voiceSpeaking`), mostly in their own timbre. Characters
 * bind one of these or a cloned voice of the account (runtime/voices/, docs/VOICES.md). The ids
 * are engine-independent: each maps to a voice of one of the engines (docs/SPEECH.md), and that
 * mapping may change without the id changing.
 *
 *   piper   one voice, 22.05 kHz, fastest (RTF ≈ 0.03 on 2 cores)
 *   kokoro  several voices, accents and languages, 24 kHz, slower (RTF ≈ 0.3)
 * Both measure their word and phoneme timing (the synthesis server reports them: tts_server.py).
 */
import { SPEECH_LANGUAGES } from '../text/languages.js';

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
  // The other languages of Kokoro (kokoro-js 1.2.1), id = language tag + Kokoro's name. Each speaks
  // its language's phonemes (espeak-ng, tts_server.py).
  voice('es-ES-dora', 'Dora', 'female', 'Spanish', 'es-ES', 'kokoro', 'ef_dora'),
  voice('es-ES-alex', 'Alex', 'male', 'Spanish', 'es-ES', 'kokoro', 'em_alex'),
  voice('es-ES-santa', 'Santa', 'male', 'Spanish', 'es-ES', 'kokoro', 'em_santa'),
  voice('fr-FR-siwis', 'Siwis', 'female', 'French', 'fr-FR', 'kokoro', 'ff_siwis'),
  voice('it-IT-sara', 'Sara', 'female', 'Italian', 'it-IT', 'kokoro', 'if_sara'),
  voice('it-IT-nicola', 'Nicola', 'male', 'Italian', 'it-IT', 'kokoro', 'im_nicola'),
  voice('pt-BR-dora', 'Dora', 'female', 'Brazilian', 'pt-BR', 'kokoro', 'pf_dora'),
  voice('pt-BR-alex', 'Alex', 'male', 'Brazilian', 'pt-BR', 'kokoro', 'pm_alex'),
  voice('pt-BR-santa', 'Santa', 'male', 'Brazilian', 'pt-BR', 'kokoro', 'pm_santa'),
  voice('hi-IN-alpha', 'Alpha', 'female', 'Indian', 'hi-IN', 'kokoro', 'hf_alpha'),
  voice('hi-IN-beta', 'Beta', 'female', 'Indian', 'hi-IN', 'kokoro', 'hf_beta'),
  voice('hi-IN-omega', 'Omega', 'male', 'Indian', 'hi-IN', 'kokoro', 'hm_omega'),
  voice('hi-IN-psi', 'Psi', 'male', 'Indian', 'hi-IN', 'kokoro', 'hm_psi'),
  voice('zh-CN-xiaobei', 'Xiaobei', 'female', 'Mandarin', 'zh-CN', 'kokoro', 'zf_xiaobei'),
  voice('zh-CN-xiaoni', 'Xiaoni', 'female', 'Mandarin', 'zh-CN', 'kokoro', 'zf_xiaoni'),
  voice('zh-CN-xiaoxiao', 'Xiaoxiao', 'female', 'Mandarin', 'zh-CN', 'kokoro', 'zf_xiaoxiao'),
  voice('zh-CN-xiaoyi', 'Xiaoyi', 'female', 'Mandarin', 'zh-CN', 'kokoro', 'zf_xiaoyi'),
  voice('zh-CN-yunjian', 'Yunjian', 'male', 'Mandarin', 'zh-CN', 'kokoro', 'zm_yunjian'),
  voice('zh-CN-yunxi', 'Yunxi', 'male', 'Mandarin', 'zh-CN', 'kokoro', 'zm_yunxi'),
  voice('zh-CN-yunxia', 'Yunxia', 'male', 'Mandarin', 'zh-CN', 'kokoro', 'zm_yunxia'),
  voice('zh-CN-yunyang', 'Yunyang', 'male', 'Mandarin', 'zh-CN', 'kokoro', 'zm_yunyang'),
];

/** The default voice of each language a voice can speak (the first listed of that language). */
export const DEFAULT_VOICE_BY_LANGUAGE: Readonly<Record<string, string>> = {
  en: 'en-US-joe',
  es: 'es-ES-dora',
  fr: 'fr-FR-siwis',
  it: 'it-IT-sara',
  pt: 'pt-BR-dora',
  hi: 'hi-IN-alpha',
  zh: 'zh-CN-xiaoxiao',
};

/**
 * Whether a voice's language matches a requested one: a bare code matches every region of it
 * ("es" → es-ES, "en" → en-US and en-GB), a tag with a region only itself ("pt-BR").
 */
export function voiceHasLanguage(voiceLanguage: string, requested: string): boolean {
  const have = voiceLanguage.toLowerCase();
  const want = requested.toLowerCase();
  return want.includes('-') ? have === want : have.split('-')[0] === want;
}

/**
 * The voice speaking another language: a Kokoro voice (built-in or cloned) given that language's
 * phonemes, mostly in its own timbre (the engine voice name gets `@<espeak voice>`; the synthesis
 * server blends in a share of the language's own voice against the accent, tts_server.py).
 * The voice itself when it already speaks that language, when the language is not one spoken
 * here, or for Piper's joe (English only).
 */
export function voiceSpeaking(voice: BuiltInVoice, language: string | undefined): BuiltInVoice {
  if (!language || voice.engine !== 'kokoro' || voiceHasLanguage(voice.language, language)) return voice;
  const code = language.toLowerCase().split(/[-_]/u)[0] === 'cmn' ? 'zh' : language.toLowerCase().split(/[-_]/u)[0]!;
  const phonemes =
    code === 'en' ? (language.toLowerCase() === 'en-gb' ? 'en-gb' : 'en-us') : SPEECH_LANGUAGES.find((l) => l.code === code)?.phonemes;
  if (!phonemes) return voice;
  const tag = code === 'en' ? (phonemes === 'en-gb' ? 'en-GB' : 'en-US') : SPEECH_LANGUAGES.find((l) => l.code === code)!.tag;
  return { ...voice, language: tag, engineVoice: `${voice.engineVoice.split('@')[0]}@${phonemes}` };
}

/**
 * Whether a reply's first words can be said as a piece cut out of a synthesis with context
 * (media/speech/word-span.ts) while the rest of their sentence is synthesised: the word timings
 * must be measured. How many first words, if any, is the engine's measured pace's to say
 * (media/publishing/sentence-pieces.ts): Kokoro's cuts are heard as well as Piper's (19 of 20
 * English joins heard right, 17 of 20 Spanish, against 20 and 18 for the whole sentences), but it
 * needs longer first words to synthesise the rest while they play.
 */
export function cutsWords(voice: BuiltInVoice): boolean {
  return voice.timing === 'measured';
}

export const DEFAULT_VOICE_ID = 'en-US-joe';

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
    timing: 'measured',
  };
}
