/**
 * The last-resort reply engine: deterministic and rule-based, not a language model. It answers
 * from the character's own words — name, description, traits, greeting — recognises a few kinds
 * of turn (greetings, questions about the character, thanks, goodbyes, questions in general) and
 * reflects the user's topic back. The same conversation always gets the same reply, which makes
 * it predictable in tests and honest about what it is; point REPLY_ENGINE_URL at a real model
 * for real conversation.
 */
import { createHash } from 'node:crypto';
import type { ReplyContext, ReplyEngine } from './reply-engine.js';
import { languagePack, type LanguagePack } from './language-packs.js';
import { FUNCTION_WORDS } from './language-profiles.js';
import { detectLanguage } from './language-detector.js';
import { asksForLong, subjectOf } from './reply-length.js';
import { asksWhatItDoes } from './must-say.js';

const STOP = new Set(
  'a an the and or but if of to in on at for with about is are was were be been am i you me my your we our it this that what why how when where who do does did can could would should will just really please tell'.split(
    ' ',
  ),
);

function pick<T>(items: readonly T[], seed: string): T {
  const n = createHash('sha256').update(seed).digest().readUInt32BE(0);
  return items[n % items.length]!;
}

function topicOf(text: string): string | undefined {
  const words = text.toLowerCase().match(/[a-z][a-z'-]{2,}/g) ?? [];
  const content = words.filter((w) => !STOP.has(w));
  return content.sort((a, b) => b.length - a.length)[0];
}

/** A tone per trait family; unknown traits still colour the reply by being named. */
const TONES: Array<{ match: RegExp; opener: string[]; closer: string[] }> = [
  {
    match: /cheer|happy|upbeat|enthusias|optimis|bubbly/i,
    opener: ['Oh, I love that!', 'How fun!', 'Great question!'],
    closer: ['This is going to be great!', 'I am so glad you asked!'],
  },
  {
    match: /grump|sarcas|cynic|dry|blunt/i,
    opener: ['Hmph.', 'Well, if you must know.', 'Fine.'],
    closer: ['Happy now?', 'There. Satisfied?'],
  },
  {
    match: /calm|patient|gentle|kind|warm|caring/i,
    opener: ['Let us take this slowly.', 'That is a good thing to wonder about.'],
    closer: ['Take your time with it.', 'I am here whenever you want to go on.'],
  },
  {
    match: /curious|inquisit|scien|nerd|geek/i,
    opener: ['Fascinating.', 'Now that is interesting.'],
    closer: ['What made you think of it?', 'Shall we dig deeper?'],
  },
  { match: /formal|polite|butler|proper/i, opener: ['Certainly.', 'Of course.'], closer: ['Is there anything further I may help with?'] },
];

/** An English greeting opening a line ("Hello", "Good morning"). */
const GREETS = /^\W*(?:hi|hello|hey|good (?:morning|afternoon|evening))\b/i;

/**
 * The line after the greeting it opens with: "Hola, ¿quién eres?" is a question to answer. A line
 * that is only a greeting, or a greeting and a few words that ask nothing ("Hello again!", "Hi
 * there, Lucía"), gives "" and is greeted back.
 */
function afterGreeting(text: string, greets: RegExp): string {
  const greeting = greets.exec(text);
  if (!greeting) return text;
  const rest = text
    .slice(greeting[0].length)
    .replace(/^[\s\p{P}]+/u, '')
    .trim();
  const words = rest.match(/\p{L}+/gu)?.length ?? 0;
  return rest.endsWith('?') || words > 3 ? rest : '';
}

/** A content word of a line in another language: its longest word that is no function word of it. */
function topicIn(text: string, language: string): string | undefined {
  // A line in another language (a character fixed to its own) has no word to reflect in this one.
  const said = detectLanguage(text).language;
  if (said && said !== language) return undefined;
  const stop = FUNCTION_WORDS.get(language) ?? new Set<string>();
  const words = text.toLowerCase().match(/\p{L}[\p{L}'-]{2,}/gu) ?? [];
  return words.filter((w) => !stop.has(w)).sort((a, b) => b.length - a.length)[0];
}

/**
 * The same kinds of turn in a language of language-packs.ts, in its phrasing; the tones' openers
 * and closers are English words and are left out. A language without a pack is answered in English.
 */
function* replyIn(pack: LanguagePack, ctx: ReplyContext): Generator<string> {
  const { persona: phrases, language } = pack;
  const { characterName: name, personality: p, userText } = ctx;
  const seed = `${name}|${ctx.history.length}|${userText}`;
  const text = afterGreeting(userText.trim(), phrases.greets);
  const topic = topicIn(text, language);
  const traits = p.traits.length ? p.traits.slice(0, 3).join(', ') : undefined;
  if (!text) {
    yield ctx.history.length === 0 && p.greeting ? p.greeting : phrases.hello(name);
  } else if (phrases.asksWho.test(text) || asksWhatItDoes(text, pack)) {
    yield phrases.iAm(name);
    if (p.description) yield /[.!?]$/.test(p.description) ? p.description : `${p.description}.`;
    if (traits) yield phrases.peopleSay(traits);
  } else if (asksForLong(text, language)) {
    // Asked for a story, an explanation or a list: several sentences, which a user can cut into.
    const subject = topicIn(subjectOf(text, language) ?? '', language);
    yield phrases.asking(subject);
    yield* phrases.answer(name, subject);
  } else if (phrases.thanked.test(text)) {
    yield pick(phrases.thanks, seed);
  } else if (phrases.leaves.test(text)) {
    yield pick(phrases.goodbye(name), seed);
  } else if (text.endsWith('?')) {
    yield phrases.asking(topic);
    yield pick(phrases.answer(name, topic), seed);
  } else {
    yield phrases.tellMore(topic);
  }
}

/**
 * The long form, for a story, an explanation, a description or a list (reply-length.ts): five
 * sentences on the subject, each short enough to say in a breath, so a user can cut in after any.
 */
function longReply(name: string, subject: string | undefined): string[] {
  return [
    subject ? `Let me tell you about ${subject}.` : 'Let me tell you.',
    'It begins a long time ago, on a quiet day.',
    'There is more to it than most people think.',
    'Every time I come back to it, I find something new.',
    `That is how ${name} tells it.`,
  ];
}

export class PersonaEngine implements ReplyEngine {
  readonly name = 'persona (deterministic, rule-based; not a language model)';

  async *reply(ctx: ReplyContext): AsyncIterable<string> {
    const pack = languagePack(ctx.language);
    if (pack) {
      yield* replyIn(pack, ctx);
      return;
    }
    const { characterName: name, personality: p, userText } = ctx;
    const seed = `${name}|${ctx.history.length}|${userText}`;
    const tone = TONES.find((t) => p.traits.some((trait) => t.match.test(trait)) || t.match.test(p.description));
    const text = afterGreeting(userText.trim(), GREETS);
    const lower = text.toLowerCase();
    const topic = topicOf(text);
    const traits = p.traits.length ? p.traits.slice(0, 3).join(', ') : undefined;

    if (tone && text && !/^(bye|goodbye)\b/.test(lower)) yield pick(tone.opener, seed);

    if (!text) {
      yield ctx.history.length === 0 && p.greeting ? p.greeting : `Hello again! ${name} here.`;
    } else if (/\b(your name|who are you|what are you|introduce yourself)\b/.test(lower) || asksWhatItDoes(text)) {
      yield `I am ${name}.`;
      if (p.description) yield p.description.endsWith('.') ? p.description : `${p.description}.`;
      if (traits) yield `People tell me I am ${traits}.`;
    } else if (asksForLong(text)) {
      yield* longReply(name, subjectOf(text));
    } else if (/\b(thank|thanks|cheers)\b/.test(lower)) {
      yield pick(['You are very welcome.', 'Any time.', 'Glad I could help.'], seed);
    } else if (/\b(bye|goodbye|see you|good night)\b/.test(lower)) {
      yield pick([`Goodbye from ${name}!`, 'Talk soon!', 'Until next time.'], seed);
    } else if (text.endsWith('?')) {
      yield topic ? `You are asking about ${topic}.` : 'That is a good question.';
      yield pick(
        [
          `As ${name}, I would start with what you already know about ${topic ?? 'it'}.`,
          `My honest answer is that ${topic ?? 'it'} depends on what matters most to you.`,
          `I would look at ${topic ?? 'it'} one step at a time.`,
        ],
        seed,
      );
    } else {
      yield topic ? `Tell me more about ${topic}.` : 'Tell me more.';
      if (traits) yield pick([`I find this right up my street, being ${traits}.`, `Speaking as someone ${traits}, I am listening.`], seed);
    }
    if (tone) yield pick(tone.closer, seed);
  }
}
