import test from 'ava';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { detectLanguage } from '../../actors/session/reply/language-detector.js';
import { replyLanguage } from '../../actors/session/reply/reply-language.js';
import { canonicalLanguage, languageName, nativeLanguageName } from '../../runtime/characters/languages.js';
import { DEFAULT_REPLY_LIMITS, OpenAiEngine, breaksCharacter, personaFactFor } from '../../actors/session/reply/openai-engine.js';
import { PersonaEngine } from '../../actors/session/reply/persona-engine.js';
import { ReplyGuard, fillerFor, firstPersonOf, neverSpoken } from '../../actors/session/reply/reply-guard.js';
import { languagePack } from '../../actors/session/reply/language-packs.js';
import { userNameIn } from '../../actors/session/reply/user-facts.js';
import { mustSay } from '../../actors/session/reply/must-say.js';
import type { ReplyContext, Turn } from '../../actors/session/reply/reply-engine.js';
import { voiceForLanguage } from '../../runtime/characters/reply-voice.js';
import { BUILT_IN_VOICES, builtInVoice } from '../../runtime/voices/voice-catalog.js';

test('typed turns are told apart by their language: Spanish, French, Italian, Portuguese, German, Dutch and English', (t) => {
  const cases: Array<[string, string]> = [
    ['Hola, ¿quién eres?', 'es'],
    ['¿Qué pan haces por la mañana?', 'es'],
    ['¿Te gusta vivir en Sevilla?', 'es'],
    ["Bonjour, comment tu t'appelles ?", 'fr'],
    ["Qu'est-ce que tu fais le matin ?", 'fr'],
    ['Ciao! Come ti chiami?', 'it'],
    ['Che cosa fai la mattina?', 'it'],
    ['Olá, como você se chama?', 'pt'],
    ['O que você faz de manhã?', 'pt'],
    ['Guten Morgen, wie heißt du?', 'de'],
    ['Was machst du am Wochenende?', 'de'],
    ['Hoe heet je en waar woon je?', 'nl'],
    ['Hi! What is your name?', 'en'],
    ['How long have you kept the lighthouse?', 'en'],
  ];
  for (const [text, language] of cases) t.is(detectLanguage(text).language, language, text);
});

test('a turn that mixes in a word or a name of another language is told by the rest of it', (t) => {
  t.is(detectLanguage('Olá! Who am I speaking with?').language, 'en');
  t.is(detectLanguage('How do you say "apple" in Spanish?').language, 'en');
  t.is(detectLanguage('Please answer in Spanish: how are you today?').language, 'en');
  t.is(detectLanguage('Can you say hello in Irish?').language, 'en');
  t.is(detectLanguage("I'm Aisha, by the way.").language, 'en');
  t.is(detectLanguage('Me llamo John y vivo en London.').language, 'es');
});

test("a turn written mostly in a language's own script is in it: Mandarin in Han, Hindi in Devanagari, not Japanese", (t) => {
  t.is(detectLanguage('你好，你是谁？').language, 'zh');
  t.is(detectLanguage('你每天早上做什么？').language, 'zh');
  t.is(detectLanguage('我叫Tom，你呢？').language, 'zh', 'a Latin name among the Han letters');
  t.is(detectLanguage('आप कौन हैं?').language, 'hi');
  t.is(detectLanguage('こんにちは、お元気ですか？').language, undefined, 'kana: Japanese, which is not supported');
  t.is(detectLanguage('東京に住んでいます。').language, undefined, 'Han among kana is Japanese too');
  t.is(detectLanguage('I love 北京 and its food, really.').language, 'en', 'a Chinese name in an English turn');
  const lihua = { language: 'zh', languageFixed: false };
  t.is(replyLanguage(lihua, [], 'Hi! Who are you?'), 'en');
  t.is(
    replyLanguage({ language: 'en', languageFixed: false }, [], '你好！你有几只猫？'),
    'zh',
    'an English character follows a user typing Chinese',
  );
});

test('a turn too short or too mixed to tell gives no language', (t) => {
  for (const text of ['OK', 'Pepper?', 'Tomás', '42', '', 'Sevilla, Madrid, Paris']) t.is(detectLanguage(text).language, undefined, text);
  // A greeting alone is enough.
  t.is(detectLanguage('Hola').language, 'es');
  t.is(detectLanguage('Merci beaucoup !').language, 'fr');
});

const lucia = { language: 'es', languageFixed: false };
const turns = (...texts: string[]): Turn[] => texts.map((text, i) => ({ role: i % 2 === 0 ? 'user' : 'companion', text }));

test("a session follows the user's language, keeps it through a turn that does not tell, and switches when the user does", (t) => {
  t.is(replyLanguage(lucia, [], 'Hola, ¿quién eres?'), 'es');
  t.is(replyLanguage(lucia, [], 'Hi! Who are you?'), 'en');
  const history = turns("Bonjour, qu'est-ce que tu fais le matin ?", 'Je fais du pain.');
  t.is(replyLanguage(lucia, history, 'Pepper?'), 'fr', 'a turn that does not tell keeps the language the user spoke last');
  t.is(replyLanguage(lucia, history, '¿Y por la tarde qué haces?'), 'es');
  t.is(replyLanguage(lucia, [], 'OK'), 'es', 'nothing telling yet: the character language');
});

test("a character fixed to its language answers in it whatever the user speaks; a spoken turn's language is the transcriber's", (t) => {
  t.is(replyLanguage({ language: 'es', languageFixed: true }, [], 'Hi! Who are you?'), 'es');
  t.is(replyLanguage(lucia, [], 'ok', 'fr'), 'fr');
  t.is(replyLanguage({ language: 'es-MX', languageFixed: false }, [], '¿Quién eres?'), 'es-MX', 'the character region is kept');
  t.is(replyLanguage({ language: 'en', languageFixed: false }, [], '¿Quién eres?'), 'es');
});

test('a character language is a BCP-47 tag of a known language, written the one way', (t) => {
  t.is(canonicalLanguage('es'), 'es');
  t.is(canonicalLanguage('ES-mx'), 'es-MX');
  t.is(canonicalLanguage('pt-BR'), 'pt-BR');
  for (const bad of ['xx', 'e', 'español', 'en_US', 'qaa', 'und', '123']) t.is(canonicalLanguage(bad), undefined, bad);
  t.is(languageName('es'), 'Spanish');
  t.is(nativeLanguageName('fr'), 'français');
});

test('the user gives their name in their own language', (t) => {
  t.is(userNameIn('Me llamo Tomás.'), 'Tomás');
  t.is(userNameIn('Hola, soy Carmen. ¿Quién eres?'), 'Carmen');
  t.is(userNameIn("Je m'appelle Inès."), 'Inès');
  t.is(userNameIn('Mi chiamo Giulia.'), 'Giulia');
  t.is(userNameIn('Meu nome é João.'), 'João');
  t.is(userNameIn('Ich heiße Jonas.'), 'Jonas');
  t.is(userNameIn('Ich bin Lehrer.'), undefined, 'German nouns are capitalised: "ich bin" gives no name');
  t.is(userNameIn('Soy panadera.'), undefined);
});

const luciaPersonality = {
  systemPrompt: 'Eres Lucía, una panadera de Sevilla. Responde siempre en español, con calidez.',
  description: 'Cada mañana hornea pan de aceite y molletes en su horno de leña del barrio de Triana.',
  traits: ['cálida', 'alegre'],
  greeting: '¡Hola! Pasa, que el pan está recién hecho.',
};

function ctx(userText: string, language = 'es', history: Turn[] = []): ReplyContext {
  return { characterName: 'Lucía', personality: luciaPersonality, history, userText, language, characterLanguage: 'es' };
}

test("the guard does not turn a good Spanish reply into filler, and refuses an assistant's talk in Spanish", (t) => {
  const guard = new ReplyGuard(
    'Lucía',
    luciaPersonality,
    [],
    undefined,
    false,
    '¿Qué pan haces por la mañana?',
    undefined,
    languagePack('es'),
    false,
  );
  for (const good of [
    'Por la mañana hago pan de aceite en mi horno de leña.',
    'Hago molletes, que aquí en Triana se venden enseguida.',
    'Sí, me encanta Sevilla, sobre todo en primavera.',
    'Es que los lunes madrugo mucho.',
  ])
    t.is(guard.refuses(good), undefined, good);
  t.is(guard.refuses('¡Por supuesto! ¿En qué puedo ayudarte hoy?'), 'talks like an assistant');
  t.is(guard.refuses('¡Hola, Lucía!'), 'greets itself');
});

/** A model server that answers `answers` in turn, the last one from then on. */
async function recordingModel(t: { teardown(fn: () => void): void }, ...answers: string[]) {
  const bodies: Array<Array<{ role: string; content: string }>> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push((JSON.parse(Buffer.concat(chunks).toString()) as { messages: Array<{ role: string; content: string }> }).messages);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const answer = answers[Math.min(bodies.length, answers.length) - 1]!;
      res.end(`data: ${JSON.stringify({ choices: [{ delta: { content: answer } }] })}\n\ndata: [DONE]\n\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  return { bodies, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function collect(replies: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const s of replies) out.push(s);
  return out;
}

test("the model is told the persona as written and asked for the reply's language last; the Spanish reply is spoken as it came", async (t) => {
  const model = await recordingModel(t, 'Por la mañana hago pan de aceite en mi horno de leña.');
  const engine = new OpenAiEngine(model.url, 'm', undefined, 5000, DEFAULT_REPLY_LIMITS);
  t.deepEqual(await collect(engine.reply(ctx('¿Qué pan haces por la mañana?'))), ['Por la mañana hago pan de aceite en mi horno de leña.']);
  const messages = model.bodies[0]!;
  t.true(messages[0]!.content.includes('Eres Lucía, una panadera de Sevilla.'), 'the persona as the operator wrote it');
  t.false(/\byou gusta\b|\bYou are Lucía\b/.test(messages[0]!.content), 'no English rewrite of a Spanish persona');
  t.is(messages.at(-1)!.content, 'Responde solo en español.');
  t.true(
    messages.some((m) => m.role === 'system' && m.content.startsWith('Podrías decir: "') && m.content.includes('pan de aceite')),
    'the fact asked about, from the Spanish persona',
  );
});

test('asked its name in French, a reply that does not say it is opened by its name in French', async (t) => {
  const model = await recordingModel(t, 'Je fais du pain tous les matins.');
  const engine = new OpenAiEngine(model.url, 'm', undefined, 5000, { ...DEFAULT_REPLY_LIMITS, emptyRetries: 0 });
  const reply = await collect(engine.reply(ctx("Bonjour ! Comment tu t'appelles ?", 'fr')));
  t.deepEqual(reply, ['Je suis Lucía.', 'Je fais du pain tous les matins.']);
});

test('a first sentence that only asks a short question again, or one the user asked before, is asked for again', async (t) => {
  // Four words or more said back are an echo of the user's line (echoesPrompt()); this is shorter.
  const model = await recordingModel(t, '¿Te gusta Sevilla?', 'Sí, me encanta Sevilla en primavera.');
  const engine = new OpenAiEngine(model.url, 'm', undefined, 5000, { ...DEFAULT_REPLY_LIMITS, emptyRetries: 1 });
  const reply = await collect(engine.reply(ctx('¿Te gusta Sevilla?')));
  t.is(model.bodies.length, 2, 'asked again');
  t.deepEqual(reply, ['Sí, me encanta Sevilla en primavera.']);
  // The user's question of an earlier turn, asked back as the answer to this one (a walk-through).
  const earlier = await recordingModel(t, '¿Qué pan haces por la mañana?', 'Sí, me encanta Sevilla en primavera.');
  const again = new OpenAiEngine(earlier.url, 'm', undefined, 5000, { ...DEFAULT_REPLY_LIMITS, emptyRetries: 1 });
  const history: Turn[] = [
    { role: 'user', text: '¿Qué pan haces por la mañana?' },
    { role: 'companion', text: 'Hago pan de aceite y molletes.' },
  ];
  t.deepEqual(await collect(again.reply(ctx('¿Te gusta Sevilla?', 'es', history))), ['Sí, me encanta Sevilla en primavera.']);
  t.is(earlier.bodies.length, 2);
});

test("in Mandarin: the model is told in Chinese, a robot question is answered with a no, the name and the user's name are heard in unspaced text", async (t) => {
  const zh = { ...ctx('你是机器人吗？', 'zh'), characterName: '李华', characterLanguage: 'zh' };
  const personality = {
    systemPrompt: '你是李华，一位在杭州西湖边开茶馆的老板。用中文简短回答。',
    description: '',
    traits: ['热情'],
    greeting: '',
  };
  const model = await recordingModel(t, '我每天早上打太极拳。');
  const engine = new OpenAiEngine(model.url, 'm', undefined, 5000, { ...DEFAULT_REPLY_LIMITS, emptyRetries: 0 });
  const reply = await collect(engine.reply({ ...zh, personality }));
  t.deepEqual(reply, ['不是，我是李华。', '我每天早上打太极拳。'], 'opened by the no in Chinese, with a Chinese comma');
  const messages = model.bodies[0]!;
  t.true(messages[0]!.content.startsWith('这是角色扮演：你是李华'), messages[0]!.content.slice(0, 40));
  t.true(messages.some((m) => m.content === '只用中文回答。'));
  t.true(messages.at(-1)!.content.startsWith('记住你是谁：李华，一个人。'), 'reminded it is a person, in Chinese');
  const asked = mustSay('李华', '我叫什么名字？', false, '小明', undefined, languagePack('zh'))!;
  t.true(asked.said.test('你叫小明。'), 'the name said inside unspaced text is said: no opening said before it again');
  t.true(mustSay('李华', '你叫什么名字？', false, undefined, undefined, languagePack('zh'))!.said.test('我是李华。'));
  t.is(userNameIn('我叫小明。'), '小明');
  t.is(userNameIn('你好，我叫王小明，你呢？'), '王小明');
  t.is(userNameIn('我的名字是Tom。'), 'Tom');
  t.is(userNameIn('我叫小明今天很累'), undefined, 'where the name ends is not told: no name rather than a wrong one');
  t.is(userNameIn('你还记得我叫什么吗？'), undefined, 'a question for the name gives none');
  const guard = new ReplyGuard('李华', personality, [], undefined, false, '你做什么工作？', undefined, languagePack('zh'), false);
  for (const good of ['我在西湖边开茶馆。', '我最喜欢龙井茶，每天都喝。', '不是，我是李华。']) t.is(guard.refuses(good), undefined, good);
  t.is(guard.refuses('有什么可以帮你的吗？'), 'talks like an assistant');
  t.is(guard.refuses('你是李华，在西湖边开茶馆。'), 'speaks of itself in the second or third person');
  t.is(guard.repair('你是李华，在西湖边开茶馆。'), '我是李华，在西湖边开茶馆。');
  const told = new ReplyGuard('李华', personality, [], '小明', false, '我叫什么名字？', undefined, languagePack('zh'), false);
  t.is(told.refuses('你好，我是小明。'), "takes the user's name");
  t.is(told.refuses('你叫小明。'), undefined);
  t.true(breaksCharacter('我是一个人工智能助手。', false, '', languagePack('zh')));
  t.true(breaksCharacter('是的，我是李华。', false, '你是机器人吗？', languagePack('zh')), 'a yes to "are you a robot"');
  t.false(breaksCharacter('我不是人工智能，我是开茶馆的。', false, '', languagePack('zh')), 'a denial claims nothing');
  t.true(breaksCharacter('不，我是人工智能。', false, '', languagePack('zh')), '"No," opening a claim denies nothing');
  t.false(languagePack('zh')!.denies.test('抱歉，我不用机器学习来回答这个。'), 'a no opens the answer, not any 不 in it');
});

test('the rule-based engine answers in the language of the turn, and falls back to English phrasing for a language without a pack', async (t) => {
  const engine = new PersonaEngine();
  const es = await collect(engine.reply(ctx('¿Quién eres?')));
  t.is(es[0], 'Soy Lucía.');
  const fr = await collect(engine.reply(ctx("Qu'est-ce que tu fais le matin ?", 'fr', turns('Hola', '¡Hola!'))));
  t.true(
    fr.some((s) => /^(?:Tu me parles de |Bonne question)/.test(s)),
    fr.join(' '),
  );
  const nl = await collect(engine.reply(ctx('Wie ben jij?', 'nl')));
  t.true(nl.length > 0);
});

test('the rule-based engine answers a question that follows a greeting, and greets back a greeting alone', async (t) => {
  const engine = new PersonaEngine();
  const greeted = turns('Hola', '¡Hola!');
  t.deepEqual(await collect(engine.reply(ctx('Hola, ¿quién eres y a qué te dedicas en Sevilla?', 'es', greeted))), [
    'Soy Lucía.',
    ...(await collect(engine.reply(ctx('¿Quién eres?', 'es', greeted)))).slice(1),
  ]);
  t.deepEqual(await collect(engine.reply(ctx('Hola de nuevo.', 'es', greeted))), ['¡Hola de nuevo! Aquí Lucía.']);
  const english = (text: string) => collect(engine.reply({ ...ctx(text, 'en', greeted), characterLanguage: 'en' }));
  t.is((await english('Hello, who are you?'))[0], 'I am Lucía.');
  t.deepEqual(await english('Hello again!'), ['Hello again! Lucía here.']);
  t.is((await english("Hi, what's your job?"))[0], 'I am Lucía.', 'asked what it does, it says who it is and what it does');
  t.is((await collect(engine.reply(ctx('Bonjour, que fais-tu dans la vie ?', 'fr', greeted))))[0], 'Je suis Lucía.');
  t.deepEqual(
    await english('Good morning, can you tell me a story about the sea?'),
    await english('Can you tell me a story about the sea?'),
  );
});

test('asked what it does, alone or with who it is, the character is told its introduction as the answer, in the reply language', (t) => {
  const fact = (userText: string, language = 'es') => personaFactFor({ ...ctx(userText, language) }, userText, undefined);
  t.is(fact('Hola, ¿quién eres y a qué te dedicas en Sevilla?'), 'Soy Lucía, una panadera de Sevilla.');
  t.is(fact('¿A qué te dedicas?'), 'Soy una panadera de Sevilla.', 'not asked its name: what it is, without it');
  t.is(fact('¿Quién eres?'), undefined, 'asked only its name: the reply must say it, no fact');
  const mateo = {
    characterName: 'Mateo Herrera',
    personality: {
      systemPrompt: 'Eres Mateo Herrera, un guía de montaña de los Picos de Europa, en Asturias.',
      description: '',
      traits: [],
      greeting: '',
    },
  };
  t.is(
    personaFactFor({ ...mateo, language: 'es', characterLanguage: 'es' }, '¿A qué te dedicas?', undefined),
    'Soy un guía de montaña.',
    'five words at most, not ending on a function word',
  );
  t.regex(fact('¿Qué horneas por la mañana?') ?? '', /pan de aceite/u, 'a fact of the card is still found by its words');
  const mira = {
    characterName: 'Mira',
    personality: { systemPrompt: 'You are Mira, a lighthouse keeper on Gull Rock.', description: '', traits: [], greeting: '' },
  };
  const english = (userText: string) => personaFactFor({ ...mira, language: 'en', characterLanguage: 'en' }, userText, undefined);
  t.is(english('Hi! Who are you and what do you do?'), "I'm Mira, a lighthouse keeper.");
  t.is(english("What's your job?"), "I'm a lighthouse keeper.");
  t.not(english('What do you do every morning?'), "I'm a lighthouse keeper.", 'a question about a part of its day is not about its work');
  const kenji = {
    characterName: 'Kenji',
    personality: { systemPrompt: '- Name: Kenji\n- Age: 62', description: '', traits: [], greeting: '' },
  };
  t.is(
    personaFactFor({ ...kenji, language: 'en', characterLanguage: 'en' }, 'What do you do?', undefined),
    undefined,
    'a card that does not say what it is',
  );
});

test('a reply in another language than the voice is spoken by a stock voice of that language, a cloned voice is kept', (t) => {
  t.is(voiceForLanguage('en-US-slt', 'en'), 'en-US-slt');
  t.is(voiceForLanguage('vce_0123456789abcdef', 'es'), 'vce_0123456789abcdef', 'a cloned voice speaks every language');
  t.is(voiceForLanguage('en-US-slt', 'xx'), 'en-US-slt', 'no stock voice of the language: the voice is kept');
  const spanish = voiceForLanguage('en-US-bdl', 'es');
  if (spanish !== 'en-US-bdl') {
    // The catalogue has Spanish voices: one of them, male like Brandon where there is one.
    t.true(spanish.startsWith('es-'));
    t.is(
      builtInVoice(spanish)?.gender,
      BUILT_IN_VOICES.some((v) => v.language.startsWith('es') && v.gender === 'male') ? 'male' : 'female',
    );
  } else t.false(BUILT_IN_VOICES.some((v) => v.language.startsWith('es')));
});

test('in Spanish the guard refuses the persona\'s "Eres <name>" and a claim to be an AI, and drops a bare greeting answering a question', (t) => {
  const pack = languagePack('es');
  const guard = new ReplyGuard('Lucía', luciaPersonality, [], undefined, false, '¿Te gusta Sevilla?', undefined, pack, false);
  t.is(guard.refuses('Eres Lucía, una panadera de Sevilla.'), 'speaks of itself in the second or third person');
  t.is(guard.repair('Eres Lucía, una panadera de Sevilla.'), 'Soy Lucía, una panadera de Sevilla.');
  t.is(guard.refuses('Eres muy amable.'), undefined, 'the user addressed is no self-reference');
  t.true(breaksCharacter('¡O, una inteligencia artificial!', false, '', pack));
  t.false(breaksCharacter('No, no soy una inteligencia artificial.', false, '', pack));
  const filler = fillerFor('¿Qué pan haces por la mañana?', pack);
  t.true(filler('¡Hola!'));
  t.false(filler('Hago pan de aceite.'));
  t.false(fillerFor('Hola, ¿quién eres?', pack)('¡Hola!'), 'greeted, a greeting is an answer');
  t.true(fillerFor('¿Qué haces los domingos?', pack)('¡Hasta la vista!'), 'a farewell alone answers no question');
  t.true(fillerFor('Suoni anche tu uno strumento?', languagePack('it'))('Buona giornata!'));
  t.false(fillerFor('Suoni anche tu uno strumento?', languagePack('it'))('Sì, suono il violino.'));
});

test('in another language the guard refuses a card written in the second person copied as it is, and its name greeted in any case', (t) => {
  const marta = {
    systemPrompt: 'Eres Marta, pescadora en Cádiz. Sales al mar cada madrugada en tu barca.',
    description: 'Vendes el pescado en la lonja.',
    traits: [],
  };
  const es = new ReplyGuard('Marta', marta, [], undefined, false, '¿Qué haces por la mañana?', undefined, languagePack('es'), false);
  t.is(es.refuses('Sales al mar cada madrugada en tu barca.'), 'speaks of itself in the second person');
  t.is(es.refuses('Salgo al mar en tu barca.'), 'speaks of itself in the second person', 'the card\'s "tu barca" is hers');
  for (const good of ['Salgo al mar cada madrugada en mi barca.', 'Vendo el pescado en la lonja.', '¿Y tú, qué haces por la mañana?'])
    t.is(es.refuses(good), undefined, good);
  const claire = { systemPrompt: "Tu es Claire, fromagère à Lyon. Tu t'occupes de ta cave chaque matin.", description: '', traits: [] };
  const fr = new ReplyGuard('Claire', claire, [], undefined, false, 'Que fais-tu le matin ?', undefined, languagePack('fr'), false);
  t.is(fr.refuses("Tu t'occupes de ta cave chaque matin."), 'speaks of itself in the second person');
  t.is(fr.refuses("Je m'occupe de ma cave chaque matin."), undefined);
  const ines = { systemPrompt: 'Você é Inês, padeira em Salvador.', description: '', traits: [] };
  const pt = new ReplyGuard('Inês', ines, [], undefined, false, 'Olá, quem é você?', undefined, languagePack('pt'), false);
  t.is(pt.refuses('Olá, inês!'), 'greets itself');
  t.is(pt.refuses('Olá! Eu sou a Inês, padeira em Salvador.'), undefined);
});

test("a card's second person in the first person where each word of address has a form: the fact noted, and a copy repaired", (t) => {
  const it = languagePack('it')!;
  t.is(firstPersonOf('Tuo figlio Marco studia medicina.', it), 'Mio figlio Marco studia medicina.');
  t.is(firstPersonOf('Il tuo gusto preferito è il pistacchio di Bronte.', it), 'Il mio gusto preferito è il pistacchio di Bronte.');
  t.is(firstPersonOf('Sales al mar en tu barca.', languagePack('es')!), 'Sales al mar en mi barca.');
  t.is(firstPersonOf('Eres pescadora y tienes una barca.', languagePack('es')!), 'Soy pescadora y tengo una barca.');
  t.is(firstPersonOf('A tua padaria fica em Salvador.', languagePack('pt')!), 'A minha padaria fica em Salvador.');
  t.is(firstPersonOf("Tu t'occupes de ta cave.", languagePack('fr')!), undefined, 'a subject "tu": its verb would stay as it is');
  t.is(firstPersonOf('Ich backe Brot.', languagePack('de')!), 'Ich backe Brot.', 'nothing to change');
  const giulia = {
    systemPrompt: 'Sei Giulia Romano, gelataia a Palermo.',
    description: 'Il tuo gusto preferito è il pistacchio di Bronte; la domenica canti in un coro; tuo figlio Marco studia medicina.',
    traits: [],
    greeting: '',
  };
  const asked = { characterName: 'Giulia Romano', personality: giulia, history: [], language: 'it', characterLanguage: 'it' };
  t.is(personaFactFor(asked, 'Cosa studia tuo figlio?', undefined), 'mio figlio Marco studia medicina.');
  const guard = new ReplyGuard('Giulia Romano', giulia, [], undefined, false, 'Cosa studia tuo figlio?', undefined, it, false);
  t.is(guard.refuses('tuo figlio Marco studia medicina.'), 'speaks of itself in the second person');
  t.is(guard.repair('tuo figlio Marco studia medicina.'), 'mio figlio Marco studia medicina.');
  t.is(guard.refuses(guard.repair('tuo figlio Marco studia medicina.')), undefined);
});

test("in any language the question asked again as the reply's first sentence is known; a question back of its own is not", (t) => {
  const giulia = { systemPrompt: 'Sei Giulia, gelataia a Palermo.', description: '', traits: [] };
  const it = new ReplyGuard('Giulia', giulia, [], undefined, false, 'Ciao! Come ti chiami?', undefined, languagePack('it'), false);
  t.true(it.asksTheQuestionAgain('Come ti chiami?'));
  t.false(it.asksTheQuestionAgain('Ciao! Mi chiamo Giulia.'));
  t.false(it.asksTheQuestionAgain('E tu, come ti chiami?'), 'asked back of the user, with words of its own');
  t.true(it.asksTheQuestionAgain('Dove vivi?', ['Dove vivi?', 'Che bello.']), "the user's question of an earlier turn");
  t.false(it.asksTheQuestionAgain('Dove vivi?', ['Vivo a Roma.']));
  const zh = { systemPrompt: '你是王芳，在成都开了一家面馆。', description: '', traits: [] };
  const guard = new ReplyGuard('王芳', zh, [], undefined, false, '你叫什么名字？', undefined, languagePack('zh'), false);
  t.true(guard.asksTheQuestionAgain('你叫什么名字？'));
  t.false(guard.asksTheQuestionAgain('我叫王芳。'));
});

test("in every language with a pack an assistant's apology for confusion or request for more information is assistant talk", (t) => {
  const talk: Array<[string, string, string]> = [
    ['es', 'Lo siento por confusión, pero no parece haber proporcionado suficiente información.', 'Lo siento, pero los domingos cierro.'],
    ['es', '¿Hay algo más que te gustaría saber?', '¿Hay algo más rico que el pan recién hecho?'],
    [
      'es',
      'Lo siento, pero no tengo la capacidad de responder y proporcionar información confiables.',
      'Te puedo dar información del horario.',
    ],
    ['fr', 'Désolée pour la confusion, je vais réessayer.', 'Désolée, je ferme le lundi.'],
    ['it', 'Mi scuso per la confusione.', 'Mi dispiace, la domenica sono chiusa.'],
    ['pt', 'Desculpe pela confusão, você não forneceu informações suficientes.', 'Desculpe, hoje não abro.'],
    ['de', 'Entschuldigung für die Verwirrung.', 'Entschuldigung, ich bin spät dran.'],
    ['zh', '抱歉造成混淆，请提供更多信息。', '抱歉，今天面馆不开门。'],
  ];
  for (const [language, assistant, own] of talk) {
    const pack = languagePack(language)!;
    t.true(pack.assistantTalk.test(assistant), assistant);
    t.false(pack.assistantTalk.test(own), own);
  }
});

test('asked what it does in Spanish as the transcriber writes it, "a qué" run together', (t) => {
  const es = languagePack('es')!;
  for (const asked of ['¿A qué te dedicas?', '¿Aqué te dedicas?', '¿A qué se dedica usted?']) t.true(es.asksWhatItDoes.test(asked), asked);
  t.false(es.asksWhatItDoes.test('¿Qué te dije?'));
});

test('in another language the guard refuses a sentence surely in a third one, never to be spoken', (t) => {
  const guard = new ReplyGuard(
    'Lucía',
    luciaPersonality,
    [],
    undefined,
    false,
    "Qu'est-ce que tu fais le matin ?",
    undefined,
    languagePack('fr'),
    false,
  );
  t.is(guard.refuses('Tudo ótimo, Lucía.'), 'answers in another language');
  t.true(neverSpoken('answers in another language'));
  for (const good of ['Le matin, je fais du pain à l’huile.', 'Oui, j’adore Séville.', 'Merci, Carmen.', 'On dit « gracias ».'])
    t.is(guard.refuses(good), undefined, good);
});

test('in another language the guard refuses a sentence surely in English, never to be spoken, and lets its own language and short words pass', (t) => {
  const claire = { systemPrompt: 'Tu es Claire Morel, fromagère à Lyon.', description: '', traits: [] };
  const guard = new ReplyGuard(
    'Claire Morel',
    claire,
    [],
    undefined,
    false,
    'Bonjour, que fais-tu le matin ?',
    undefined,
    languagePack('fr'),
    false,
  );
  t.is(guard.refuses('Hello!'), 'answers in English');
  t.is(guard.refuses('I open my cheese shop at seven every morning.'), 'answers in English');
  t.true(neverSpoken('answers in English'));
  for (const own of ['Bonjour !', "J'ouvre ma fromagerie à sept heures.", 'Oui, bien sûr.', 'OK.', 'Super !', 'On dit « Good morning ! ».'])
    t.is(guard.refuses(own), undefined, own);
  const english = new ReplyGuard('Claire Morel', claire, [], undefined, false, 'Hi, what do you do in the morning?');
  t.is(english.refuses('Hello!'), undefined, 'in English, English is the answer');
});

test('in French its name alone after a yes answers nothing it was not asked, and "mon prénom" asks the user\'s own name', (t) => {
  const claire = { systemPrompt: 'Tu es Claire Morel, fromagère à Lyon.', description: '', traits: [] };
  const guard = new ReplyGuard('Claire Morel', claire, [], undefined, false, 'Tu as un animal ?', undefined, languagePack('fr'), false);
  t.is(guard.refuses('Oui, je suis Claire Morel.'), 'answers with its name alone');
  t.is(guard.refuses("Oui, j'ai un chat, Pistache."), undefined);
  t.true(languagePack('fr')!.asksOwnName.test('Tu te souviens de mon prénom ?'));
});
