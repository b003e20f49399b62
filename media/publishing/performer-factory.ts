/**
 * Which performer a realtime session gets: the test pattern, voiced in the session's voice,
 * until the face renderer (media/avatar/) is wired in.
 */
import type { PerformerFactory } from './session-media.js';
import type { SpeechService } from '../speech/speech-service.js';
import { builtInVoice } from '../speech/voice-catalog.js';
import { TestPatternPerformer } from './test-pattern-performer.js';

export function createPerformerFactory(speech: SpeechService): PerformerFactory {
  return async ({ voiceId, width, height }) => {
    const voice = builtInVoice(voiceId);
    if (!voice) throw new Error(`unknown voice ${voiceId}`);
    return new TestPatternPerformer(width, height, { service: speech, voice });
  };
}
