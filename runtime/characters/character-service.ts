/**
 * Characters of an account (user and mode): list, find, create, update, delete, each change with
 * its event (character.created, character.updated with the changed field names only,
 * character.deleted) recorded in the same transaction and dispatched after the commit. Routes
 * keep schemas and HTTP concerns; this is the repository they call (as in fastify/demo).
 *
 * Not here: which voices exist (the caller checks), how a character is shown over HTTP beyond
 * `characterView`, which events carry.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Character, type Appearance, type Personality } from '../db/entities/character.js';
import type { Mode } from '../db/entities/credentials.js';
import { paginate, type Page } from '../db/paginate.js';
import { NotFoundError } from '../errors.js';
import type { EventBus } from '../events/event-bus.js';
import { newId } from '../ids.js';
import { applyCharacterPatch, type CharacterPatch } from './character-changes.js';
import { DEFAULT_LANGUAGE } from './languages.js';

/** Whose characters: every query is scoped to one user and mode. */
export interface Owner {
  userId: string;
  mode: Mode;
}

export interface NewCharacter {
  name: string;
  appearance?: Partial<Appearance> | undefined;
  personality?: Partial<Personality> | undefined;
  voiceId: string;
  /** Canonical BCP-47 (languages.ts canonicalLanguage()); DEFAULT_LANGUAGE when left out. */
  language?: string | undefined;
  languageFixed?: boolean | undefined;
}

/** A new character's appearance where the request leaves a field out. */
export const DEFAULT_APPEARANCE: Readonly<Appearance> = {
  style: 'realistic',
  faceShape: 'oval',
  skinColor: '#e0ac69',
  eyeColor: '#5b3a29',
  hairStyle: 'short',
  hairColor: '#2c1b10',
  backgroundColor: '#1f2937',
  imageUrl: null,
};

function defaultPersonality(name: string): Personality {
  return {
    description: '',
    traits: [],
    systemPrompt: `You are ${name}, a friendly companion. Keep replies short and conversational.`,
    greeting: `Hi, I'm ${name}. What shall we talk about?`,
  };
}

/** The API's and the events' representation of a character. */
export function characterView(c: Character) {
  return {
    id: c.id,
    object: 'character' as const,
    name: c.name,
    appearance: c.appearance,
    personality: c.personality,
    voiceId: c.voiceId,
    language: c.language,
    languageFixed: c.languageFixed,
    livemode: c.mode === 'live',
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export class CharacterService {
  constructor(private readonly events: EventBus) {}

  list(
    em: EntityManager,
    owner: Owner,
    query: { limit?: number | undefined; starting_after?: string | undefined },
  ): Promise<Page<Character>> {
    return paginate(em, Character, { userId: owner.userId, mode: owner.mode }, query, 'character');
  }

  /** The owner's character, or NotFoundError (another account's does not exist for this one). */
  async find(em: EntityManager, owner: Owner, id: string): Promise<Character> {
    const character = await em.findOne(Character, { id, userId: owner.userId, mode: owner.mode });
    if (!character) throw new NotFoundError('character', id);
    return character;
  }

  async create(em: EntityManager, owner: Owner, input: NewCharacter): Promise<Character> {
    const now = new Date();
    const { character, deliveries } = await em.transactional(async (tx) => {
      const created = tx.create(Character, {
        id: newId('chr'),
        userId: owner.userId,
        mode: owner.mode,
        name: input.name,
        appearance: { ...DEFAULT_APPEARANCE, ...input.appearance },
        personality: { ...defaultPersonality(input.name), ...input.personality },
        voiceId: input.voiceId,
        language: input.language ?? DEFAULT_LANGUAGE,
        languageFixed: input.languageFixed ?? false,
        createdAt: now,
        updatedAt: now,
      });
      await tx.persistAndFlush(created);
      const recorded = await this.events.record(tx as EntityManager, {
        userId: owner.userId,
        mode: owner.mode,
        type: 'character.created',
        data: { object: characterView(created) },
      });
      return { character: created, deliveries: recorded.deliveries };
    });
    await this.events.dispatch(deliveries);
    return character;
  }

  /** Applies a partial update (nested objects merge); an update that changes nothing emits nothing. */
  async update(em: EntityManager, owner: Owner, id: string, patch: CharacterPatch): Promise<Character> {
    const { character, deliveries } = await em.transactional(async (tx) => {
      const found = await this.find(tx as EntityManager, owner, id);
      const changedFields = applyCharacterPatch(found, patch);
      if (changedFields.length === 0) return { character: found, deliveries: [] };
      found.updatedAt = new Date();
      await tx.flush();
      const recorded = await this.events.record(tx as EntityManager, {
        userId: owner.userId,
        mode: owner.mode,
        type: 'character.updated',
        data: { id: found.id, changedFields },
      });
      return { character: found, deliveries: recorded.deliveries };
    });
    await this.events.dispatch(deliveries);
    return character;
  }

  async delete(em: EntityManager, owner: Owner, id: string): Promise<void> {
    const deliveries = await em.transactional(async (tx) => {
      const found = await this.find(tx as EntityManager, owner, id);
      await tx.removeAndFlush(found);
      const recorded = await this.events.record(tx as EntityManager, {
        userId: owner.userId,
        mode: owner.mode,
        type: 'character.deleted',
        data: { id: found.id, deleted: true },
      });
      return recorded.deliveries;
    });
    await this.events.dispatch(deliveries);
  }
}
