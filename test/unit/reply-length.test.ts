import test from 'ava';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asksForLong, asksForStory, storySpine, subjectOf } from '../../actors/session/reply/reply-length.js';
import { DEFAULT_REPLY_LIMITS, OpenAiEngine } from '../../actors/session/reply/openai-engine.js';
import { PersonaEngine } from '../../actors/session/reply/persona-engine.js';
import type { ReplyContext } from '../../actors/session/reply/reply-engine.js';

/** Per language: lines asking for a story, an explanation, a description or a list, then lines that do not. */
const LINES: Record<string, { long: string[]; short: string[] }> = {
  en: {
    long: [
      'Tell me a story about the sea.',
      'Can you explain how a lighthouse works?',
      'How does a compass work?',
      'Describe your village.',
      'Tell me about your night.',
      'List three birds you see at the shore.',
      'Name a few ships that passed this week.',
    ],
    short: ['Hello!', 'Do you like the sea?', 'What is your favourite story?', 'How are you?', 'Who are you?', 'Is that on your list?'],
  },
  es: {
    long: [
      'Cuéntame un cuento sobre el mar.',
      'Explícame cómo funciona un faro.',
      'Descríbeme tu pueblo.',
      'Dime tres pájaros del puerto.',
    ],
    short: ['Hola, ¿qué tal?', '¿Te gusta el mar?', '¿Eres una persona real?', '¿Cómo te llamas?'],
  },
  fr: {
    long: [
      'Raconte-moi une histoire sur la mer.',
      'Explique-moi comment marche un phare.',
      'Décris ton village.',
      'Fais-moi une liste de trois oiseaux.',
    ],
    short: ['Bonjour !', 'Tu aimes la mer ?', "Comment tu t'appelles ?", 'Es-tu une IA ?'],
  },
  it: {
    long: [
      'Raccontami una storia sul mare.',
      'Spiegami come funziona un faro.',
      'Descrivimi il tuo paese.',
      'Elenca tre uccelli del porto.',
    ],
    short: ['Ciao!', 'Ti piace il mare?', 'Come ti chiami?', 'Sei una persona vera?'],
  },
  pt: {
    long: [
      'Conta-me uma história sobre o mar.',
      'Me explica como funciona um farol.',
      'Descreva a sua aldeia.',
      'Faz uma lista de três pássaros.',
    ],
    short: ['Olá!', 'Você gosta do mar?', 'Como você se chama?', 'Você é uma pessoa real?'],
  },
  de: {
    long: [
      'Erzähl mir eine Geschichte über das Meer.',
      'Erkläre mir, wie ein Leuchtturm funktioniert.',
      'Beschreib dein Dorf.',
      'Nenne mir drei Vögel am Hafen.',
    ],
    short: ['Hallo!', 'Magst du das Meer?', 'Wie heißt du?', 'Bist du ein Mensch?'],
  },
  zh: {
    long: ['给我讲一个关于大海的故事。', '解释一下灯塔是怎么工作的。', '描述一下你的村子。', '列举三种海边的鸟。'],
    short: ['你好！', '你喜欢大海吗？', '你叫什么名字？', '你是真人吗？'],
  },
};

for (const [language, { long, short }] of Object.entries(LINES)) {
  test(`${language}: a request for a story, an explanation, a description or a list asks for the long form; a greeting or a yes/no question does not`, (t) => {
    for (const line of long) t.true(asksForLong(line, language), line);
    for (const line of short) t.false(asksForLong(line, language), line);
  });
}

test('a request is read in any language with a pack, whatever the reply language (a short line may not tell its own)', (t) => {
  t.true(asksForLong('Tell me a story about the sea.', 'es'));
  t.true(asksForLong('Cuéntame un cuento sobre el mar.', 'fr'));
  t.true(asksForLong('Cuéntame un cuento sobre el mar.'));
  t.is(subjectOf('Cuéntame un cuento sobre el mar.'), 'el mar');
});

test('a story asked for, in any language with a pack, goes as stories go in the reply language', (t) => {
  // The first of each language's long lines asks for a story; the others do not.
  for (const { long, short } of Object.values(LINES)) {
    t.true(asksForStory(long[0]!), long[0]);
    for (const line of [...long.slice(1), ...short]) t.false(asksForStory(line), line);
  }
  t.true(asksForStory('Cuéntame un cuento sobre el mar.'));
  t.false(asksForStory('What is your favourite story?'));
  t.false(asksForStory('Tell me an anecdote from your years at sea.'), 'an anecdote is the long form, told as the character lived it');
  t.true(asksForLong('Tell me an anecdote from your years at sea.'));
  t.is(storySpine()?.opening, 'Once upon a time,');
  t.is(storySpine('en-GB')?.beats[1], 'But one day,');
  t.is(storySpine('es-MX')?.opening, 'Érase una vez');
  t.is(storySpine('fr')?.opening, 'Il était une fois');
  t.is(storySpine('zh')?.opening, '从前，');
  t.is(storySpine('hi'), undefined, 'a language without a pack: the model tells it as it will');
});

test('what a request is about, without the request', (t) => {
  t.is(subjectOf('Tell me a story about the sea.'), 'the sea');
  t.is(subjectOf('Describe your village.'), 'your village');
  t.is(subjectOf('Tell me everything.'), undefined);
  t.is(subjectOf('Cuéntame un cuento sobre el mar.', 'es'), 'el mar');
  // The words before the request are not its subject (the persona engine said "Let me tell you about Can you about a lighthouse.").
  t.is(subjectOf('Can you tell me a short story about a lighthouse?'), 'a lighthouse');
  t.is(subjectOf('Could you please describe your village?'), 'your village');
  t.is(subjectOf('About the sea, tell me a story.'), 'the sea');
});

const ctx = (userText: string, language?: string): ReplyContext => ({
  characterName: 'Mira',
  personality: { systemPrompt: 'You are Mira, a lighthouse keeper by the sea.', description: '', traits: [], greeting: '' },
  history: [{ role: 'companion', text: 'Welcome to the lighthouse.' }],
  userText,
  language,
});

async function collect(replies: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const s of replies) out.push(s);
  return out;
}

test('the rule-based engine tells a story in several sentences and answers a greeting in one', async (t) => {
  const engine = new PersonaEngine();
  const story = await collect(engine.reply(ctx('Tell me a story about the sea.')));
  t.true(story.length >= 3, story.join(' | '));
  t.is(story[0], 'Let me tell you about the sea.');
  t.is((await collect(engine.reply(ctx('Hello!')))).length, 1);
  const cuento = await collect(engine.reply(ctx('Cuéntame un cuento sobre el mar.', 'es')));
  t.true(cuento.length >= 3, cuento.join(' | '));
  t.is((await collect(engine.reply(ctx('¡Hola!', 'es')))).length, 1);
});

const SEVEN =
  '- I rowed out at dawn. The water was grey and still. A seal followed my boat. I sang to it for an hour. Then the fog came down. I found the harbour by the bell. My mother laughed at my wet boots.';

/** A model server that answers every request with the same seven sentences, recording what it was sent. */
async function recordingModel(t: { teardown(fn: () => void): void }) {
  const bodies: Array<{ max_tokens: number; messages: Array<{ role: string; content: string }> }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString()));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`data: ${JSON.stringify({ choices: [{ delta: { content: SEVEN } }] })}\n\ndata: [DONE]\n\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  return { bodies, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

test('the model is asked for four to six sentences, with the larger caps, for a story only; other turns keep the short form', async (t) => {
  const model = await recordingModel(t);
  const engine = new OpenAiEngine(model.url, 'm', undefined, 5000, DEFAULT_REPLY_LIMITS);
  const story = await collect(engine.reply(ctx('Tell me a story about the sea.')));
  t.is(story.length, DEFAULT_REPLY_LIMITS.long!.maxSentences, story.join(' | '));
  t.is(story[0], 'I rowed out at dawn.', "a list's mark is not spoken");
  const asked = model.bodies.at(-1)!;
  t.is(asked.max_tokens, DEFAULT_REPLY_LIMITS.long!.maxTokens);
  const afterUser = asked.messages.slice(asked.messages.findLastIndex((m) => m.role === 'user') + 1);
  t.true(
    afterUser.some((m) => m.role === 'system' && m.content.includes('four to six short sentences')),
    JSON.stringify(afterUser),
  );
  t.false(
    afterUser.some((m) => m.content.startsWith('You could say')),
    'no fact of the persona to recite instead of answering at length',
  );

  const short = await collect(engine.reply(ctx('Do you row out at dawn?')));
  t.true(short.length <= DEFAULT_REPLY_LIMITS.maxSentences, short.join(' | '));
  const plain = model.bodies.at(-1)!;
  t.is(plain.max_tokens, DEFAULT_REPLY_LIMITS.maxTokens);
  t.false(plain.messages.some((m) => m.content.includes('four to six')));
});

test('without long caps every turn keeps the short form', async (t) => {
  const model = await recordingModel(t);
  const engine = new OpenAiEngine(model.url, 'm', undefined, 5000, { ...DEFAULT_REPLY_LIMITS, long: undefined });
  const story = await collect(engine.reply(ctx('Tell me a story about the sea.')));
  t.is(story.length, DEFAULT_REPLY_LIMITS.maxSentences);
  t.is(model.bodies.at(-1)!.max_tokens, DEFAULT_REPLY_LIMITS.maxTokens);
  t.false(model.bodies.at(-1)!.messages.some((m) => m.content.includes('four to six')));
});

test('a Spanish story request is asked for in Spanish', async (t) => {
  const model = await recordingModel(t);
  const engine = new OpenAiEngine(model.url, 'm', undefined, 5000, DEFAULT_REPLY_LIMITS);
  await collect(engine.reply(ctx('Cuéntame un cuento sobre el mar.', 'es')));
  t.true(model.bodies.at(-1)!.messages.some((m) => m.role === 'system' && m.content.includes('cuatro a seis frases cortas')));
});
