/**
 * What the user has said about themselves that the companion should carry through the session:
 * their name ("I'm Sam", "my name is Priya", "call me Lukas"). A small model forgets a name once
 * the turn that gave it is far behind, or answers "What's my name?" with its own; the engine says
 * the name to the model beside the line that gave it, and in the system message once that line
 * has left the memory window.
 */
import type { Turn } from './reply-engine.js';
import { languagePack, PACKED_LANGUAGES } from './language-packs.js';

/** Capitalised words that follow "I'm" without being a name ("I'm Not sure", "I'm English", "It's Monday"; April, May, June and August are names too). */
const NOT_NAMES = new Set(
  `not so very just here back sorry good fine okay ok really still also going looking trying happy glad tired nervous new from in at
   the a an sure well english french german spanish american british irish italian dutch polish swedish danish norwegian finnish
   scottish welsh canadian australian mexican brazilian portuguese greek turkish russian ukrainian chinese japanese korean indian
   monday tuesday wednesday thursday friday saturday sunday january february march july september october
   november december`.split(/\s+/),
);

const EXPLICIT =
  /\b(?:my name is|my name's|my name’s|i am called|i'm called|i’m called|call me|they call me|name's)\s+(\p{L}[\p{L}'-]{1,30})/iu;
const INTRODUCTION = /(?:^|[\s,.!?])(?:[Ii] am|[Ii]'m|[Ii]’m|[Ii]m|[Tt]his is|[Ii]t's|[Ii]t’s)\s+(\p{Lu}[\p{Ll}'-]{1,30})(?![\p{L}])/u;

/** The name the user gives in this line, if any. */
export function userNameIn(text: string): string | undefined {
  // "Me llamo Tomás", "Je m'appelle Inès": the other languages' ways, after English's.
  const found =
    EXPLICIT.exec(text)?.[1] ??
    INTRODUCTION.exec(text)?.[1] ??
    PACKED_LANGUAGES.map((l) => languagePack(l)!.userGivesName.exec(text))
      .find(Boolean)
      ?.slice(1)
      .find(Boolean);
  if (!found || NOT_NAMES.has(found.toLowerCase())) return undefined;
  return found[0]!.toUpperCase() + found.slice(1);
}

/** The name the user gave last in the session, if any. */
export function userName(history: readonly Turn[]): string | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const t = history[i]!;
    if (t.role !== 'user') continue;
    const name = userNameIn(t.text);
    if (name) return name;
  }
  return undefined;
}

/** The note that follows a user line that gave a name: what the model reads right after it. */
export function nameNote(name: string, characterName: string): string {
  // Without "you are <character>" the 0.5B model took the name as its own ("I'm Maya, the baker …").
  return `The person you are talking with is called ${name}; you are ${characterName}.`;
}

/**
 * The note that follows a user line asking for their own name ("What's my name?"): the 0.5B model
 * answered with the character's name ("Yes, my name is Bruno Keller.") after the plain note.
 */
export function askedNameNote(name: string, characterName: string): string {
  return `They are asking for their own name, which is ${name} (yours is ${characterName}): answer "You are ${name}."`;
}
