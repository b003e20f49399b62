/**
 * How a realtime room's listener transcribes a turn: text only and greedily (a beam of 1: on short
 * turns of human speech as accurate as a beam of 5 and a quarter to a third faster, on the way to
 * every answer: docs/BENCHMARKS.md#a-turns-transcript), through the speech service's transcriber;
 * a live caption with a decode that loops cut at its first repeat, not decoded again in Whisper's
 * full window (a second on 2 cores that the turn's own transcript would queue behind).
 * A transcriber that hears English only (SPEECH_STT_MULTILINGUAL_MODEL=none, or a
 * server of one's own) refuses `auto` and other languages with a 400: the turn is then heard as
 * English rather than lost, and so are that language's later turns on this node, said once in the
 * log rather than at every turn.
 */
import type { Logger } from 'pino';
import type { SttClient } from '../speech/stt-client.js';
import { UpstreamError } from '../speech/upstream-error.js';
import type { ListeningSettings } from './voice-listener.js';

export function roomTranscriber(stt: SttClient, log: Logger): ListeningSettings['transcribe'] {
  const refused = new Set<string>();
  return async (wav, language, { hint, caption } = {}) => {
    const asked = refused.has(language) ? 'en' : language;
    let heard;
    try {
      heard = await stt.transcribe(wav, asked, { textOnly: true, greedy: true, hint, cutLoops: caption });
    } catch (err) {
      if (asked === 'en') throw err;
      if (err instanceof UpstreamError && err.status === 400) {
        refused.add(language);
        log.warn({ err, language }, 'the transcriber refused the language; turns in it are heard as English from now on');
      } else log.warn({ err, language }, 'the turn could not be transcribed in its language; it is heard as English');
      heard = await stt.transcribe(wav, 'en', { textOnly: true, greedy: true, cutLoops: caption });
    }
    return {
      text: heard.text,
      language: heard.language === 'auto' ? undefined : heard.language,
      languageProbability: heard.languageProbability,
      detectedLanguage: heard.detectedLanguage,
    };
  };
}
