/** Which fields of a character a PATCH changed: dotted names only, never values (character.updated). */
import { isDeepStrictEqual } from 'node:util';
import type { Character } from '../db/entities/character.js';

export interface CharacterPatch {
  name?: string | undefined;
  voiceId?: string | undefined;
  language?: string | undefined;
  languageFixed?: boolean | undefined;
  appearance?: Partial<Character['appearance']> | undefined;
  personality?: Partial<Character['personality']> | undefined;
}

/** Applies a patch in place and returns the dotted names of the fields whose value changed. */
export function applyCharacterPatch(character: Character, patch: CharacterPatch): string[] {
  const changed: string[] = [];
  if (patch.name !== undefined && patch.name !== character.name) {
    character.name = patch.name;
    changed.push('name');
  }
  for (const field of ['voiceId', 'language', 'languageFixed'] as const) {
    const value = patch[field];
    if (value === undefined || value === character[field]) continue;
    (character as unknown as Record<string, unknown>)[field] = value;
    changed.push(field);
  }
  for (const group of ['appearance', 'personality'] as const) {
    const update = patch[group];
    if (!update) continue;
    const current = { ...character[group] } as Record<string, unknown>;
    for (const [field, value] of Object.entries(update)) {
      if (value === undefined || isDeepStrictEqual(current[field], value)) continue;
      current[field] = value;
      changed.push(`${group}.${field}`);
    }
    (character as unknown as Record<string, unknown>)[group] = current;
  }
  return changed;
}
