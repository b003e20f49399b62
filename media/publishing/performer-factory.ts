/**
 * Which performer a realtime session gets: the face drawn from its character's appearance
 * (media/avatar/), voiced in the session's voice — or, with MEDIA_PERFORMER=test-pattern, the test
 * pattern (the encode floor the media benchmark compares against). A session whose character is
 * gone gets the test pattern with its voice. The voice is a built-in voice or the account's
 * active cloned voice (its latest version when the room opens).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { createAvatarPerformer } from '../avatar/performer.js';
import { Character } from '../../runtime/db/entities/character.js';
import { LiveSession } from '../../runtime/db/entities/live-session.js';
import type { Orm } from '../../runtime/db/orm.js';
import type { VoiceResolver } from '../../runtime/voices/voice-resolver.js';
import type { SpeechService } from '../speech/speech-service.js';
import { builtInVoice, type BuiltInVoice } from '../speech/voice-catalog.js';
import type { PerformerFactory } from './session-media.js';
import { TestPatternPerformer } from './test-pattern-performer.js';

export type PerformerKind = 'face' | 'test-pattern';

export function createPerformerFactory(kind: PerformerKind, speech: SpeechService, orm: Orm, voices?: VoiceResolver): PerformerFactory {
  async function sessionVoice(em: EntityManager, sessionId: string, voiceId: string): Promise<BuiltInVoice | undefined> {
    const builtIn = builtInVoice(voiceId);
    if (builtIn || !voices) return builtIn;
    const session = await em.findOne(LiveSession, { id: sessionId });
    return session ? voices.resolve(em, session.userId, session.mode, voiceId) : undefined;
  }

  return async ({ sessionId, voiceId, characterId, width, height }) => {
    const em = orm.em.fork() as EntityManager;
    const voice = await sessionVoice(em, sessionId, voiceId);
    if (!voice) throw new Error(`unknown voice ${voiceId}`);
    if (kind === 'face') {
      const character = await em.findOne(Character, { id: characterId });
      if (character) return createAvatarPerformer({ appearance: character.appearance, voice, speech, width, height });
    }
    return new TestPatternPerformer(width, height, { service: speech, voice });
  };
}
