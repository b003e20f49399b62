/**
 * Which performer a realtime session gets: the face drawn from its character's appearance
 * (media/avatar/), voiced in the session's voice — or, with MEDIA_PERFORMER=test-pattern, the test
 * pattern (the encode floor the media benchmark compares against). A session whose character is
 * gone gets the test pattern with its voice. The voice is a built-in voice or, through
 * `resolveVoice`, the account's active cloned voice (its latest version when the room opens).
 */
import { createAvatarPerformer } from '../avatar/performer.js';
import type { SpeechService } from '../speech/speech-service.js';
import { builtInVoice, type BuiltInVoice } from '../../runtime/voices/voice-catalog.js';
import type { RealtimeSession } from '../../actors/session/realtime.js';
import type { PerformerFactory } from './session-media.js';
import { TestPatternPerformer } from './test-pattern-performer.js';

export type PerformerKind = 'face' | 'test-pattern';

/** A cloned voice of the session's account, as the synthesis server speaks it (undefined: not usable). */
export type ClonedVoiceLookup = (session: RealtimeSession) => Promise<BuiltInVoice | undefined>;

export function createPerformerFactory(kind: PerformerKind, speech: SpeechService, resolveVoice?: ClonedVoiceLookup): PerformerFactory {
  return async ({ session, width, height }) => {
    const voice = builtInVoice(session.voiceId) ?? (await resolveVoice?.(session));
    if (!voice) throw new Error(`unknown voice ${session.voiceId}`);
    if (kind === 'face' && session.appearance)
      return createAvatarPerformer({ appearance: session.appearance, voice, speech, width, height });
    return new TestPatternPerformer(width, height, { service: speech, voice });
  };
}
