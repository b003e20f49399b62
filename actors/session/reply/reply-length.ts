/**
 * How long a reply the user asks for. A request for a story, an explanation, a description or a
 * list gets the long form: several short sentences, each one speakable on its own, so the user can
 * cut in after any of them (barge-in). Everything else, a greeting or a yes/no question as much as
 * any other line, gets the short form of one or two sentences, which keeps the first sentence fast.
 *
 * English is read here; the other languages by their pack's `asksForLong` (language-packs.ts). A
 * line is read in every one of them, whatever the reply's language: a user may ask in English of a
 * character that speaks another language, and a line as short as "Cuéntame un cuento." may not be
 * long enough for the session to tell its language (language-detector.ts).
 */
import { languagePack, PACKED_LANGUAGES, type LanguagePack, type StorySpine } from './language-packs.js';

/** A verb of telling before a story, so "What is your favourite story?" is no request for one. */
const TELL = String.raw`\b(?:tell|read|give|make up|invent|share|narrate|spin|know|have|want|hear)\b[^.?!]{0,40}`;
/** "Tell me a story about the sea." */
const ASKS_FOR_STORY = new RegExp(String.raw`${TELL}\b(?:stor(?:y|ies)|tales?|fables?|legends?|fairy ?tales?)\b|\bonce upon a time\b`, 'i');

/** "Tell me a story about the sea", "Explain how a lighthouse works", "Describe your village", "List three birds". */
const ASKS_FOR_LONG = new RegExp(
  [
    ASKS_FOR_STORY.source,
    String.raw`${TELL}\banecdotes?\b`,
    // An explanation.
    String.raw`\bexplain\b|\bwalk me through\b|\bteach me\b|\bstep by step\b|\bin detail\b|\bwhat happens (?:when|if|after)\b`,
    String.raw`\bhow (?:does|do|did|is|are|was|were|would)\b[^.?!]{0,60}\b(?:work|works|made|built|grown|done|happen|formed)\b`,
    String.raw`\bwhy (?:is|are|do|does) (?:the|a|an)\b`,
    // A description.
    String.raw`\bdescribe\b|\btell me (?:all |everything |more |a bit |a little )?about\b|\btell me everything\b|\bwhat (?:is|was) it like\b|\bpaint (?:me )?a picture\b`,
    // A list.
    String.raw`^\W*(?:please,? )?list\b|\blist (?:me|some|the|a few|all|your|three|four|five|\d+)\b|\ba list of\b|\bname (?:a few|some|several|two|three|four|five|six|\d+)\b`,
    String.raw`\bwhat are (?:some|the steps|the rules|the main)\b|\bgive me (?:a few|several|two|three|four|five|\d+)\b|\btop (?:three|five|ten|\d+)\b`,
  ].join('|'),
  'i',
);

/** The requests of every language, the reply's (`language`, a BCP-47 tag) first. */
function requestsFor(language: string | undefined): RegExp[] {
  const own = languagePack(language)?.asksForLong;
  const others = PACKED_LANGUAGES.map((l) => languagePack(l)!.asksForLong).filter((r): r is RegExp => r !== undefined && r !== own);
  return [ASKS_FOR_LONG, ...(own ? [own] : []), ...others];
}

/** Whether a user line asks for the long form. */
export function asksForLong(userText: string, language?: string): boolean {
  return requestsFor(language).some((r) => r.test(userText));
}

/**
 * Whether a user line asks for a story, in any language with a pack (as asksForLong()): a story
 * the embedded model tells goes as stories go in the reply's language (storySpine()).
 */
export function asksForStory(userText: string): boolean {
  return [ASKS_FOR_STORY, ...PACKED_LANGUAGES.map((l) => languagePack(l)!.asksForStory)].some((r) => r?.test(userText));
}

/** A preposition that opens what a request is about: "about the sea", "sobre el mar", "sur la mer". */
const ABOUT = /^\W*(?:about|of|on|sobre|acerca de|de|del|sur|du|des|su|sul|sulla|di|del|über|von)\s+/iu;

/**
 * What a line asking for the long form is about, the request's own words left out: "Tell me a story
 * about the sea." → "the sea"; undefined when nothing is left ("Tell me everything.").
 */
export function subjectOf(userText: string, language?: string): string | undefined {
  const match = requestsFor(language)
    .map((r) => r.exec(userText))
    .find((m) => m !== null);
  if (!match) return undefined;
  // What follows the request, not the frame before it ("Can you tell me a story about…"); the rest
  // of the line only when nothing follows ("About the sea, tell me a story.").
  const after = userText.slice(match.index + match[0].length);
  const rest = (/\p{L}/u.test(after) ? after : userText.replace(match[0], ' '))
    .replace(/^[\s,;:]+|[\s.!?¡¿…,;:]+$/gu, '')
    .replace(ABOUT, '')
    .replace(/^(?:please|por favor|s'il te plaît|per favore|bitte)\s+/iu, '');
  return /\p{L}/u.test(rest) ? rest.replace(/^[¡¿]/u, '') : undefined;
}

/**
 * The note that follows a line asking for the long form: how many sentences, each short enough to
 * say in a breath, the first one shortest (it is spoken while the rest is generated).
 */
export function longNote(characterName: string, pack?: LanguagePack): string {
  return (
    pack?.longNote?.(characterName) ??
    `Answer this as ${characterName} in four to six short sentences, one idea each, the first one shortest.`
  );
}

const ENGLISH_SPINE: StorySpine = {
  opening: 'Once upon a time,',
  beats: ['Every day,', 'But one day,', 'Because of that,', 'Until finally,'],
};

/**
 * The fewest sentences of a story the model ends sooner: the beats carry it on to this many (the
 * long form's note asks for four to six; "a very short story" is asked for too).
 */
export const STORY_SENTENCES = 4;

/** How a story goes in the reply's language (a BCP-47 tag); undefined for a language with no pack. */
export function storySpine(language?: string): StorySpine | undefined {
  return !language || /^en(?:-|$)/i.test(language) ? ENGLISH_SPINE : languagePack(language)?.storySpine;
}
