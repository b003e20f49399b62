import { EntitySchema } from '@mikro-orm/core';
import type { Mode } from './credentials.js';

/** What the avatar renderer needs to draw a character. */
export interface Appearance {
  style: 'realistic' | 'cartoon' | 'anime' | 'pixel';
  faceShape: 'oval' | 'round' | 'square' | 'heart';
  skinColor: string;
  eyeColor: string;
  hairStyle: 'short' | 'long' | 'curly' | 'ponytail' | 'bun' | 'bald';
  hairColor: string;
  backgroundColor: string;
  /** Optional reference picture (https URL) for renderers that work from an image. */
  imageUrl: string | null;
}

/** Who the character is: the system prompt drives the reply engine, the greeting opens a session. */
export interface Personality {
  description: string;
  traits: string[];
  systemPrompt: string;
  greeting: string;
}

export class Character {
  id!: string;
  userId!: string;
  mode!: Mode;
  name!: string;
  appearance!: Appearance;
  personality!: Personality;
  voiceId!: string;
  /** BCP-47 tag of the language it speaks (runtime/characters/languages.ts); "en" unless set. */
  language = 'en';
  /**
   * Whether it answers in `language` whatever the user speaks; otherwise (the default) each reply
   * follows the language of the user's turn (actors/session/reply/reply-language.ts).
   */
  languageFixed = false;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const CharacterSchema = new EntitySchema<Character>({
  class: Character,
  tableName: 'characters',
  properties: {
    id: { type: 'string', primary: true },
    userId: { type: 'string' },
    mode: { type: 'string' },
    name: { type: 'string' },
    appearance: { type: 'json' },
    personality: { type: 'json' },
    voiceId: { type: 'string' },
    language: { type: 'string' },
    languageFixed: { type: 'boolean' },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date' },
  },
});
