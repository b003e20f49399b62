/**
 * The language a turn is answered in. A character fixed to its language (`languageFixed`) always
 * answers in it; otherwise the session follows the user: a spoken turn is in the language the
 * transcriber heard, a typed turn in the language it is written in (language-detector.ts). A turn
 * that does not tell ("OK", "Pepper?", a name) keeps the language the user spoke last, found in
 * the session's memory, so it survives an actor's restart; a session whose user has said nothing
 * telling yet speaks the character's language.
 */
import { baseLanguage, sameLanguage } from '../../../runtime/characters/languages.js';
import { detectLanguage } from './language-detector.js';
import type { Turn } from './reply-engine.js';

export interface CharacterLanguage {
  /** BCP-47. */
  language: string;
  languageFixed: boolean;
}

/**
 * `heard`: the language the transcriber reported for a spoken turn (BCP-47 or whisper's code), if
 * any. The result is the character's own tag when it is the same language ("es-MX" stays), else
 * the base subtag ("fr").
 */
export function replyLanguage(character: CharacterLanguage, history: readonly Turn[], userText: string, heard?: string): string {
  if (character.languageFixed) return character.language;
  if (heard?.trim()) return own(heard.trim(), character.language);
  const said = detectLanguage(userText).language;
  if (said) return own(said, character.language);
  for (let i = history.length - 1; i >= 0; i--) {
    const t = history[i]!;
    if (t.role !== 'user') continue;
    const earlier = detectLanguage(t.text).language;
    if (earlier) return own(earlier, character.language);
  }
  return character.language;
}

/**
 * The language the session's next turn is likeliest in, before it is heard: the one the user spoke
 * last, or the character's. The model's prompt is evaluated ahead in it, and the room's transcriber
 * takes it as its hint.
 */
export function expectedLanguage(character: CharacterLanguage, history: readonly Turn[]): string {
  return replyLanguage(character, history, '');
}

/** The language a persona is written in: its own text tells, or else the character's language. */
export function personaLanguage(text: string, characterLanguage: string): string {
  const detected = detectLanguage(text).language;
  return detected ? own(detected, characterLanguage) : characterLanguage;
}

function own(language: string, characterLanguage: string): string {
  return sameLanguage(language, characterLanguage) ? characterLanguage : baseLanguage(language);
}
