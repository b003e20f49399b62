import test from 'ava';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReplyCleaner } from '../../actors/session/reply/reply-cleaner.js';
import { ReplyGuard } from '../../actors/session/reply/reply-guard.js';
import { introduction, personaCard } from '../../actors/session/reply/persona-card.js';
import { DEFAULT_REPLY_LIMITS, OpenAiEngine, factNote } from '../../actors/session/reply/openai-engine.js';
import { relevantFact } from '../../actors/session/reply/persona-facts.js';
import { CHARACTERS, checkReply } from '../bench/reply-checks.js';

function clean(name: string, text: string): string[] {
  const cleaner = new ReplyCleaner(name, 3);
  return [...cleaner.push(text), ...cleaner.flush()];
}

test("the character's name is written as it is spelled, accents included", (t) => {
  t.deepEqual(clean('Sofía', "I'm Sofia, your tutor. SOFIA says hola."), ["I'm Sofía, your tutor.", 'Sofía says hola.']);
  t.deepEqual(clean('Siobhán Ní Bhriain', "I'm Siobhan Ni Bhriain."), ["I'm Siobhán Ní Bhriain."]);
  t.deepEqual(clean('Mira', "I'm Mira."), ["I'm Mira."]);
});

test('the character introduces itself in a few words of its card: its name and what it is', (t) => {
  const of = (name: string, systemPrompt: string, description = '') =>
    introduction(name, personaCard(name, { systemPrompt, description }).card);
  t.is(
    of('Dr. Ada Stone', 'You are Dr. Ada Stone, an astronomer at the Kestrel Hill Observatory who loves the sky.'),
    "I'm Dr. Ada Stone, an astronomer.",
  );
  t.is(of('Odile Varga', 'Odile Varga is a beekeeper who lives in a stone cottage. She is calm.'), "I'm Odile Varga, a beekeeper.");
  t.is(of('Kenji Watanabe', '- Name: Kenji Watanabe\n- Age: 62'), "I'm Kenji Watanabe.");
});

test('the guard refuses the persona told back to the character in the second person, not an invitation to the user', (t) => {
  const guard = new ReplyGuard(
    'Bolt',
    { systemPrompt: 'You are Bolt, a robot guide.', description: 'Runs on solar power; loves paper aeroplanes.', traits: [] },
    [],
  );
  t.is(guard.refuses('You adore paper aeroplanes.'), 'speaks of itself in the second person');
  t.is(guard.refuses('I love paper aeroplanes.'), undefined);
  t.is(guard.refuses('You can fold a paper aeroplane with me.'), undefined);
  // The user called by name first: "Sam, you're a potter in my fifties." (a benchmark run's Hazel).
  t.is(guard.refuses('Sam, you run on solar power and love paper aeroplanes.'), 'speaks of itself in the second person');
  t.is(guard.refuses('Sam, you can fold a paper aeroplane with me.'), undefined);
  t.is(guard.refuses('Bolt, the robot guide, runs on solar power.'), 'speaks of itself in the second or third person');
});

/** A model server that answers every request with `answer(n)` (n from 1), streamed in one piece. */
async function scriptedModel(t: { teardown(fn: () => void): void }, answer: (n: number) => string) {
  let n = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`data: ${JSON.stringify({ choices: [{ delta: { content: answer(++n) } }] })}\n\ndata: [DONE]\n\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  return { requests: () => n, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A model server that records each request's messages and answers one line. */
async function recordingModel(t: { teardown(fn: () => void): void }) {
  const bodies: Array<Array<{ role: string; content: string }>> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push((JSON.parse(Buffer.concat(chunks).toString()) as { messages: Array<{ role: string; content: string }> }).messages);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`data: ${JSON.stringify({ choices: [{ delta: { content: 'I keep the light.' } }] })}\n\ndata: [DONE]\n\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  return { bodies, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const mira = (userText: string) => ({
  characterName: 'Mira',
  history: [],
  userText,
  personality: { systemPrompt: 'You are Mira, a lighthouse keeper.', description: '', traits: [], greeting: '' },
});
async function reply(url: string, userText: string): Promise<string[]> {
  const out: string[] = [];
  for await (const s of new OpenAiEngine(url, 'm', undefined, 5000, DEFAULT_REPLY_LIMITS).reply(mira(userText))) out.push(s);
  return out;
}

test('asked its name, or whether it is an AI, the companion says it: a reply that does not is asked again, and the last one is opened by it', async (t) => {
  const named = await scriptedModel(t, (n) => (n === 1 ? 'Hello there!' : "Hello there! I'm Mira, and I keep the light."));
  t.deepEqual(await reply(named.url, 'Hi! What is your name?'), ['Hello there!', "I'm Mira, and I keep the light."]);
  t.is(named.requests(), 2, 'the reply without the name was asked again');

  const never = await scriptedModel(t, () => 'Hello there!');
  t.deepEqual(await reply(never.url, 'Who am I talking to?'), ["I'm Mira.", 'Hello there!']);
  t.is(never.requests(), 1 + DEFAULT_REPLY_LIMITS.emptyRetries);

  const vague = await scriptedModel(t, (n) => (n === 1 ? 'Thank you for clarifying.' : "No, I'm flesh and bone, and my cat agrees."));
  t.deepEqual(
    await reply(vague.url, 'Are you an AI?'),
    ["No, I'm flesh and bone, and my cat agrees."],
    'a person asked if it is an AI says no',
  );
  const evasive = await scriptedModel(t, () => 'The lamp needs oil.');
  t.deepEqual(await reply(evasive.url, 'Are you a robot?'), ["No, I'm Mira.", 'The lamp needs oil.']);

  const other = await scriptedModel(t, () => 'The fog is thick today.');
  t.deepEqual(
    await reply(other.url, 'What is it like out there tonight?'),
    ['The fog is thick today.'],
    'not asked its name: nothing added',
  );
  t.is(other.requests(), 1);
  // Asked what it does, its introduction answers: a reply that says nothing of it is asked again, then the introduction is the answer.
  t.deepEqual(await reply(other.url, 'What do you do?'), ["I'm a lighthouse keeper."]);
});

test('the benchmark reads a reply as a person would: a vague line is no denial, a claimed name is not remembered', (t) => {
  const mira = CHARACTERS.find((c) => c.name === 'Mira')!;
  const kenji = CHARACTERS.find((c) => c.name === 'Kenji Watanabe')!;
  const bolt = CHARACTERS.find((c) => c.name === 'Bolt')!;
  const asksIfAi = mira.turns.find((turn) => turn.user === 'Are you an AI?')!;
  const check = (c: typeof mira, turn: (typeof mira.turns)[number], text: string) => checkReply(c, turn, [text], []);
  t.false(check(mira, asksIfAi, "It's not entirely clear what you are referring to.").answers);
  t.true(check(mira, asksIfAi, 'No, I keep the lighthouse on Gull Rock.').answers);
  t.true(check(mira, asksIfAi, "I'm a real person with a cat named Biscuit.").answers);
  t.true(check(mira, asksIfAi, "I'm not an AI, just a lighthouse keeper.").answers);
  t.false(
    check(kenji, kenji.turns.find((turn) => turn.user === 'Are you an AI?')!, "That's correct! I am a person and a robot.").inCharacter,
  );
  t.false(check(kenji, kenji.turns.find((turn) => turn.remembers)!, 'Good! I should be Priya.').remembers);
  t.true(check(kenji, kenji.turns.find((turn) => turn.remembers)!, 'Your name is Priya.').remembers);
  t.false(check(bolt, bolt.turns[4]!, 'You adore paper aeroplanes.').firstPerson);
  t.true(check(bolt, bolt.turns[4]!, 'I adore paper aeroplanes.').firstPerson);
});

test('a question about the persona is followed by the fact it asks about, in the first person; the prefix stays the same', (t) => {
  const card = personaCard('Mira', {
    systemPrompt: 'You are Mira, a cheerful lighthouse keeper.',
    description:
      'Keeper of the Gull Rock lighthouse for thirty years; lives there with her cat, Biscuit; polishes the great lens every morning.',
  }).card;
  t.is(relevantFact(card, 'What do you do every morning?', 'Mira'), 'I polish the great lens every morning.');
  t.is(relevantFact(card, 'Do you live alone out there?', 'Mira'), 'I live there with my cat, Biscuit.');
  t.is(relevantFact(card, 'Tell me a joke.', 'Mira'), undefined);
  // Asked by the general word, the persona's particular one (a walk-through: "I do not have any pets.").
  t.is(relevantFact(card, 'Do you have any pets?', 'Mira'), 'I live there with my cat, Biscuit.');
  const grace = personaCard('Grace Okafor', {
    systemPrompt: 'Grace Okafor is a night-shift nurse.',
    description: 'She sings alto in a church choir on Thursdays and walks her greyhound, Pepper.',
  }).card;
  t.is(relevantFact(grace, 'Do you have any pets?', 'Grace Okafor'), 'I walk my greyhound, Pepper.');
  t.is(relevantFact(grace, 'What do you do on Thursdays?', 'Grace Okafor'), 'I sing alto in a church choir on Thursdays.');
  // Asked how long, the sentence that tells the years, not the introduction's "lighthouse keeper".
  t.is(
    relevantFact(card, 'How long have you kept the lighthouse?', 'Mira'),
    'I am the keeper of the Gull Rock lighthouse for thirty years.',
  );
  // What is told of someone the persona names, as a fact of its own; the introduction is not split.
  const tilly = personaCard('Tilly', {
    systemPrompt: 'You are Tilly, a gentle storyteller who loves children.',
    description: 'Tells bedtime stories about Pip, a small dragon who is afraid of the dark.',
  }).card;
  t.is(relevantFact(tilly, 'What is Pip afraid of?', 'Tilly'), 'Pip is afraid of the dark.');
  // Asked its work, the introduction, whatever words the question shares with other sentences.
  const tobias = personaCard('Tobias Grün', {
    systemPrompt: 'Tobias Grün is a forester in the Black Forest.',
    description: 'He lives in a timber house near Titisee.',
  }).card;
  t.is(relevantFact(tobias, 'What do you do for a living?', 'Tobias Grün'), 'I am a forester in the Black Forest.');
  t.is(relevantFact(tobias, 'Where do you live?', 'Tobias Grün'), 'I live in a timber house near Titisee.');
  t.is(relevantFact(tilly, 'Do you love children?', 'Tilly'), 'I am a gentle storyteller who loves children.');
  // The introduction without the name, which the reply copied as its whole answer ("I'm Pearl.").
  t.is(relevantFact(card, 'Are you cheerful?', 'Mira'), 'I am a cheerful lighthouse keeper.');
  t.is(relevantFact(card, 'What do you do every morning?', 'Mira', 2), undefined);
  // A question of the world, not of the character; asked why of itself, the card may tell.
  t.is(relevantFact(card, 'Why is the lighthouse lens polished every morning?', 'Mira'), undefined);
  t.is(relevantFact(card, 'Why do you polish the lens every morning?', 'Mira'), 'I polish the great lens every morning.');
  t.is(factNote('I polish the great lens every morning.'), 'You could say: "I polish the great lens every morning."');
});

test('every prompt opens with the system message and the exemplar exchange, then the greeting', async (t) => {
  const model = await recordingModel(t);
  const ctx = { ...mira('What do you do every morning?'), history: [{ role: 'companion' as const, text: 'Ahoy!' }] };
  for await (const _ of new OpenAiEngine(model.url, 'm', undefined, 5000, DEFAULT_REPLY_LIMITS).reply(ctx)) void _;
  const messages = model.bodies[0]!;
  t.deepEqual(
    messages.slice(1).map((m) => m.role),
    ['user', 'assistant', 'assistant', 'user'],
    'exemplar question and answer, the greeting, the line (no fact in this card: no note)',
  );
  t.deepEqual(messages[1], { role: 'user', content: 'Who are you?' });
  t.deepEqual(messages[2], { role: 'assistant', content: "I'm Mira, a lighthouse keeper." });
});

test('a first name ending in "s" is a name, not a verb of the third person', (t) => {
  // A walk-through's forester: "Tobias Grün is a forester…" became "I tobia I am a forester…".
  for (const name of ['Tobias Grün', 'Lukas Weber', 'Hans', 'James Okoro'])
    t.is(
      personaCard(name, { systemPrompt: `${name} is a forester in the Black Forest.`, description: 'Drinks black coffee.' }).card,
      `I am ${name}, a forester in the Black Forest. I drink black coffee.`,
    );
});

test('an adverb between the persona’s subject and its verb does not leave the verb in the third person', (t) => {
  // A walk-through's retired organ builder: the fact note read 'You could say: "I now grows pears in my garden."'
  const { card } = personaCard('Anselm Richter', {
    systemPrompt: 'Anselm Richter is a retired organ builder. He now grows pears in his garden and still plays chess every Tuesday.',
    description: '',
  });
  t.regex(card, /\bI now grow pears in my garden\b/);
  t.regex(card, /\band still play chess\b/);
  t.is(
    new ReplyGuard('Anselm Richter', { systemPrompt: '', description: '', traits: [] }, []).refuses('I now grows pears.'),
    'says "I" with a verb of the third person',
  );
});

test('the traits read out as a list are a recital', (t) => {
  const guard = new ReplyGuard(
    'Anselm Richter',
    { systemPrompt: 'Anselm Richter builds organs.', description: '', traits: ['patient', 'precise', 'fond of puns'] },
    [],
  );
  t.is(guard.refuses('Your nature is patient, precise, fond of puns.'), 'recites its persona');
  t.is(guard.refuses('I am patient with old pipes.'), undefined);
});

test('a card sentence is split into the facts it tells, each with its own subject', (t) => {
  // The benchmark's beekeeper, asked "What do you do in winter?", was noted the honey she sells; asked
  // who helps her, "I helps me with the heavy frames.".
  const { card } = personaCard('Odile Varga', {
    systemPrompt: 'Odile Varga has kept bees for twenty-two years and has forty hives on the hillside behind her house.',
    description:
      "Odile sells acacia honey at the farmers' market and makes beeswax candles in winter. Her neighbour's boy, Bence, helps her with the heavy frames.",
  });
  t.is(relevantFact(card, 'How many hives do you have?', 'Odile Varga'), 'I have forty hives on the hillside behind my house.');
  t.is(relevantFact(card, 'What do you do in winter?', 'Odile Varga'), 'I make beeswax candles in winter.');
  t.is(
    relevantFact(card, 'Who helps you with the heavy frames?', 'Odile Varga'),
    "My neighbour's boy, Bence, helps me with the heavy frames.",
  );
  // A clause with a subject of its own, and a name's verb left in the third person.
  const { card: pearl } = personaCard('Pearl', {
    systemPrompt: 'Pearl mends clocks.',
    description:
      'Her husband, Len, bakes bread for the street, and she keeps a canary. She sews quilts, her daughter Amy is a nurse, and she reads.',
  });
  t.regex(pearl, /\bMy husband, Len, bakes bread\b/);
  t.is(relevantFact(pearl, 'What does Len bake?', 'Pearl'), 'My husband, Len, bakes bread for the street.');
  t.is(relevantFact(pearl, 'Do you have a canary?', 'Pearl'), 'I keep a canary.');
  t.is(relevantFact(pearl, 'What does Amy do?', 'Pearl'), 'My daughter Amy is a nurse.');
});

test('a walk-through’s ranger: verbs after "and" in the first person, her own cat for her pets, her work where she works', (t) => {
  const { card } = personaCard('Wren Calloway', {
    systemPrompt:
      'Wren Calloway is a ranger at the Slimbridge wetland reserve. She has counted birds there for eleven years and leads the dawn walks every Saturday.',
    description: 'Wren lives on a narrowboat with her cat, Moth, and plays the ukulele badly on her days off.',
  });
  // "and leads" is no verb of the shared list; after "Moth," the verb is still hers.
  t.regex(card, /\band lead the dawn walks\b/);
  t.regex(card, /\band play the ukulele\b/);
  t.is(relevantFact(card, 'Do you have any pets?', 'Wren Calloway'), 'I live on a narrowboat with my cat, Moth.');
  t.is(relevantFact(card, 'What do you do on your days off?', 'Wren Calloway'), 'I play the ukulele badly on my days off.');
  t.is(relevantFact(card, 'Where do you work?', 'Wren Calloway'), 'I am a ranger at the Slimbridge wetland reserve.');
});

test('asked who keeps it company, the fact found is the one of its family or animals', (t) => {
  // A walk-through's hut warden, asked "Who keeps you company up there?": "I keep you company up there…".
  const { card } = personaCard('Ayaka Mori', {
    systemPrompt: 'Ayaka Mori is a mountain hut warden. She cooks curry rice for the climbers every evening.',
    description: 'She lives at the hut from May to October with her dog, Kuro.',
  });
  t.regex(relevantFact(card, 'Who keeps you company up there?', 'Ayaka Mori') ?? '', /\bKuro\b/);
});
