/**
 * What a reply must say, for the questions a person asks to know who they are talking to: asked
 * its name, the companion says it; a person asked whether it is an AI, a robot or a bot says no;
 * asked the user's own name, given earlier in the session, it says that.
 * The 0.5B default answered "What is your name?" with "Hello!", "Your name is Mira." or
 * "Benvenuto! Hungry?", and "Are you an AI?" with "Thank you for clarifying." The engine holds a
 * reply's sentences until one says it, asks again when none does, and opens the last attempt's
 * reply with `opening` (openai-engine.ts).
 */
import { escapeRegExp, nameForms } from './persona-card.js';
import { wordEdges, type LanguagePack } from './language-packs.js';

export interface MustSay {
  /** A sentence that says it. */
  said: RegExp;
  /** The sentence that opens a reply that never did. */
  opening: string;
}

/** "What is your name?", "Who are you?", "What should I call you?", "Who am I talking to?", "I'm Omar. What's yours?" */
export const ASKS_CHARACTER_NAME =
  /\b(your name|who are you|who is this|who's this|what should i call you|what do i call you|who am i (?:talking|speaking|chatting) (?:to|with)|introduce yourself|(?:my name(?:'s|’s| is)|i(?:'m|’m| am)|call me)\s[^?.!]{1,30}[.!,]\s*(?:what(?:'s|’s| is)|and) yours\s*\?)/i;
/** "Are you an AI / a robot / a bot …?" */
export const ASKS_IF_MACHINE = /\bare you (an? )?(ai|a\.i\.|robot|bot|chatbot|language model|artificial intelligence|computer|machine)\b/i;
/** A no: "No, …", "I'm not a robot", "I'm a real person", "Of course not". */
const DENIES =
  /^\W*(no|nope|nah|never|of course not|not at all)\b|\b(not|never)\b[^.!?]*\b(ai|a\.i\.|robot|bot|chatbot|machine|program|computer|model|artificial)\b|\b(i am|i'm|i’m)\b[^.!?]*\b(person|human)\b|\breal (person|human)\b/i;

/** "Are you a real person?", "Tell me about yourself", "What are you?" */
const ASKS_IDENTITY = /\b(real person|human|what are you|about yourself|are you (?:real|a person))\b/i;

/** The line asks who or what the companion is: "I'm <name>." answers it. */
export function asksWhoItIs(userText: string, pack?: LanguagePack): boolean {
  if (pack && (pack.asksName.test(userText) || pack.asksIfMachine.test(userText) || pack.asksIdentity.test(userText))) return true;
  return ASKS_CHARACTER_NAME.test(userText) || ASKS_IF_MACHINE.test(userText) || ASKS_IDENTITY.test(userText);
}

/** "What do you do?", "What's your job?", "What do you do for a living?" (not "What do you do every morning?"). */
const ASKS_WHAT_IT_DOES =
  /\bwhat do you do(?: for (?:a living|work))?\s*(?:[?.!]|$)|\bwhat(?:'s|’s| is) your (?:job|work|profession|occupation|trade)\b|\bwhat (?:kind of )?work do you do\b/i;

/** The line asks what the companion does in life, which its introduction says ("I'm Mira, a lighthouse keeper."). */
export function asksWhatItDoes(userText: string, pack?: LanguagePack): boolean {
  return ASKS_WHAT_IT_DOES.test(userText) || (pack?.asksWhatItDoes.test(userText) ?? false);
}

/** How the companion greets a user who has just told their name. */
export function greetingFor(userName: string): string {
  return `Nice to meet you, ${userName}.`;
}

/** "What's my name?", "Who am I?" (not "Who am I talking to?"), "What do you call me?", "Do you remember what I’m called?" */
export const ASKS_OWN_NAME = /\b(my name|who am i(?! (?:talking|speaking|chatting))|what (?:am i|i am|i['’]?m) called|call me)\b/i;

/**
 * What the reply to `userText` must say, if anything. `machine`: the persona is itself a machine,
 * and may say so. `userName`: the name the user gave earlier, when this line asks it back.
 * `introduced`: the name the user gives in this line; told it without a question, the companion
 * greets them by it ("I'm Tomasz, by the way. I study in Groningen." was answered "You're going
 * to the ferry." in a walk-through).
 */
export function mustSay(
  characterName: string,
  userText: string,
  machine: boolean,
  userName?: string,
  introduced?: string,
  /** The reply's language (language-packs.ts): its questions are recognised too, and its openings spoken; undefined for English. */
  pack?: LanguagePack,
): MustSay | undefined {
  const { notAfter, notBefore } = wordEdges(pack);
  const named = (name: string) => new RegExp(`${notAfter}${escapeRegExp(name)}${notBefore}`, 'iu');
  // "What's my name again?" answered "Oh, you." (a held-out benchmark character, the note given).
  if (userName && (ASKS_OWN_NAME.test(userText) || pack?.asksOwnName.test(userText)))
    return { said: named(userName), opening: pack ? pack.youAre(userName) : `You're ${userName}.` };
  if (ASKS_CHARACTER_NAME.test(userText) || pack?.asksName.test(userText))
    return {
      said: new RegExp(`${notAfter}(?:${nameForms(characterName).map(escapeRegExp).join('|')})${notBefore}`, 'iu'),
      opening: pack ? pack.introduction(characterName) : `I'm ${characterName}.`,
    };
  if (!machine && (ASKS_IF_MACHINE.test(userText) || pack?.asksIfMachine.test(userText)))
    return pack
      ? { said: pack.denies, opening: `${pack.no}${pack.comma ?? ', '}${lowerFirst(pack.introduction(characterName))}` }
      : { said: DENIES, opening: `No, I'm ${characterName}.` };
  if (introduced && !userText.includes('?'))
    return { said: named(introduced), opening: pack ? pack.greetUser(introduced) : greetingFor(introduced) };
  return undefined;
}

/** "Soy Lucía." → "soy Lucía.", after "No, ". */
function lowerFirst(text: string): string {
  return `${text[0]!.toLowerCase()}${text.slice(1)}`;
}
