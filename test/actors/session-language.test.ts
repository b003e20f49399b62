import test from 'ava';
import { call, createAccount, envelopeOf, startTestService, type TestAccount, type TestService } from '../helpers/service.js';
import { inLanguage } from '../bench/reply-checks.js';

let service: TestService;
let account: TestAccount;

test.before(async () => {
  service = await startTestService({ REDIS_URL: `${process.env.REDIS_URL}/13`, REPLY_ENGINE: 'persona' });
  account = await createAccount(service);
});
test.after.always(async () => {
  await service?.close();
});

const lucia = {
  name: 'Lucía',
  language: 'es',
  personality: {
    description: 'Panadera de Sevilla, hornea pan de aceite cada mañana.',
    systemPrompt: 'Eres Lucía, una panadera de Sevilla. Responde siempre en español.',
    greeting: '¡Hola! Pasa, que el pan está recién hecho.',
  },
};

test('a character has a language: English unless set, a BCP-47 tag written the one way, kept through create, fetch, list and update', async (t) => {
  const plain = await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Mira' } });
  t.is(plain.statusCode, 201);
  t.is(plain.json().data.language, 'en');
  t.false(plain.json().data.languageFixed);

  const created = await call(service.app, 'POST', '/api/v1/characters', {
    key: account.live,
    body: { ...lucia, language: 'ES-mx', languageFixed: true },
  });
  t.is(created.statusCode, 201);
  const id = created.json().data.id;
  t.is(created.json().data.language, 'es-MX');
  t.true(created.json().data.languageFixed);

  const fetched = (await call(service.app, 'GET', `/api/v1/characters/${id}`, { key: account.live })).json().data;
  t.is(fetched.language, 'es-MX');
  t.true(fetched.languageFixed);
  const listed = (await call(service.app, 'GET', '/api/v1/characters', { key: account.live })).json().data;
  t.is(listed.find((c: { id: string }) => c.id === id).language, 'es-MX');

  const patched = await call(service.app, 'PATCH', `/api/v1/characters/${id}`, {
    key: account.live,
    body: { language: 'fr', languageFixed: false },
  });
  t.is(patched.statusCode, 200);
  t.is(patched.json().data.language, 'fr');
  t.false(patched.json().data.languageFixed);
});

test('a language that is not a BCP-47 tag of a known language answers 400 in the error envelope', async (t) => {
  for (const language of ['español', 'en_US', 'xx', 'qaa', 'e', '']) {
    const res = await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Nadie', language } });
    t.is(res.statusCode, 400, language);
    t.is(envelopeOf(res).statusCode, 400);
  }
  const bad = await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Nadie', language: 'xx' } });
  t.regex(envelopeOf(bad).message, /body\/language "xx" is not a BCP-47 tag of a known language/);
  const fixed = await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Nadie', languageFixed: 'yes' } });
  t.is(fixed.statusCode, 400);
  const id = (await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Alguien' } })).json().data.id;
  const patch = await call(service.app, 'PATCH', `/api/v1/characters/${id}`, { key: account.live, body: { language: 'klingon' } });
  t.is(patch.statusCode, 400);
});

test('the OpenAPI document describes the language fields', async (t) => {
  const doc = (await call(service.app, 'GET', '/api/v1/openapi.json', {})).json();
  const text = JSON.stringify(doc);
  t.true(text.includes('languageFixed'));
  t.true(text.includes('BCP-47'));
});

test('a session answers a Spanish turn in Spanish, follows the user into French mid-conversation, and keeps French through a turn that does not tell', async (t) => {
  const characterId = (await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: lucia })).json().data.id;
  const session = (await call(service.app, 'POST', '/api/v1/avatars', { key: account.live, body: { characterId } })).json().data;
  const chat = async (text: string) => {
    const res = await call(service.app, 'POST', `/api/v1/avatars/${session.id}/chat`, { key: account.live, body: { text } });
    t.is(res.statusCode, 200, text);
    return res.json().data.reply.text as string;
  };
  const who = await chat('¿Quién eres?');
  t.true(who.startsWith('Soy Lucía.'), who);
  t.true(inLanguage(who, 'es'), who);
  const bread = await chat('¿Qué pan haces por la mañana?');
  t.true(inLanguage(bread, 'es'), bread);
  const french = await chat("Bonjour ! Qu'est-ce que tu fais le matin ?");
  t.true(inLanguage(french, 'fr'), french);
  const thanks = await chat('Merci !');
  t.true(inLanguage(thanks, 'fr'), thanks);
  const still = await chat('Pan?');
  t.true(inLanguage(still, 'fr'), `a turn that does not tell keeps French: ${still}`);
  await call(service.app, 'DELETE', `/api/v1/avatars/${session.id}`, { key: account.live });
});

test('a character fixed to its language answers in it whatever the user speaks', async (t) => {
  const characterId = (
    await call(service.app, 'POST', '/api/v1/characters', {
      key: account.live,
      body: { ...lucia, name: 'Lucía Fija', languageFixed: true },
    })
  ).json().data.id;
  const session = (await call(service.app, 'POST', '/api/v1/avatars', { key: account.live, body: { characterId } })).json().data;
  const res = await call(service.app, 'POST', `/api/v1/avatars/${session.id}/chat`, {
    key: account.live,
    body: { text: 'Hello! What do you bake in the morning?' },
  });
  t.true(inLanguage(res.json().data.reply.text, 'es'), res.json().data.reply.text);
  await call(service.app, 'DELETE', `/api/v1/avatars/${session.id}`, { key: account.live });
});
