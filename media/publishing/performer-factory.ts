/**
 * Which performer a realtime session gets: the face drawn from its character's appearance
 * (media/avatar/), voiced in the session's voice — or, with MEDIA_PERFORMER=test-pattern, the test
 * pattern (the encode floor the media benchmark compares against). A session whose character is
 * gone gets the test pattern with its voice.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { createAvatarPerformer } from '../avatar/performer.js';
import { Character } from '../../runtime/db/entities/character.js';
import type { Orm } from '../../runtime/db/orm.js';
import type { SpeechService } from '../speech/speech-service.js';
import { builtInVoice } from '../speech/voice-catalog.js';
import type { PerformerFactory } from './session-media.js';
import { TestPatternPerformer } from './test-pattern-performer.js';

export type PerformerKind = 'face' | 'test-pattern';

export function createPerformerFactory(kind: PerformerKind, speech: SpeechService, orm: Orm): PerformerFactory {
  return async ({ voiceId, characterId, width, height }) => {
    const voice = builtInVoice(voiceId);
    if (!voice) throw new Error(`unknown voice ${voiceId}`);
    if (kind === 'face') {
      const character = await (orm.em.fork() as EntityManager).findOne(Character, { id: characterId });
      if (character) return createAvatarPerformer({ appearance: character.appearance, voiceId, speech, width, height });
    }
    return new TestPatternPerformer(width, height, { service: speech, voice });
  };
}
