/**
 * A reply's length follows what the user asked, through the chat route: a story gets several
 * sentences (each a point where a user may cut in), a greeting or a yes/no question one.
 */
import test from 'ava';
import { call, createAccount, startTestService, type TestAccount, type TestService } from '../helpers/service.js';

let service: TestService;
let account: TestAccount;

test.before(async () => {
  service = await startTestService({ REDIS_URL: `${process.env.REDIS_URL}/7`, REPLY_ENGINE: 'persona' });
  account = await createAccount(service);
});
test.after.always(async () => {
  await service?.close();
});

async function session(): Promise<string> {
  const characterId = (
    await call(service.app, 'POST', '/api/v1/characters', {
      key: account.live,
      body: { name: 'Mira', personality: { systemPrompt: 'You are Mira, a lighthouse keeper.', greeting: 'Welcome to Gull Rock.' } },
    })
  ).json().data.id;
  return (await call(service.app, 'POST', '/api/v1/avatars', { key: account.live, body: { characterId } })).json().data.id as string;
}

const chat = async (id: string, text: string) => {
  const res = await call(service.app, 'POST', `/api/v1/avatars/${id}/chat`, { key: account.live, body: { text } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data.reply as { text: string; sentences: string[] };
};

test('a story request gets several sentences, in English and in Spanish; a greeting gets one', async (t) => {
  const id = await session();
  t.is((await chat(id, 'Hello!')).sentences.length, 1);
  const story = await chat(id, 'Tell me a story about the sea.');
  t.true(story.sentences.length >= 3, story.sentences.join(' | '));
  t.is(story.text, story.sentences.join(' '));
  t.is((await chat(id, 'Cuéntame un cuento sobre el mar.')).sentences.length >= 3, true, 'in Spanish too');
  t.is((await chat(id, 'Hello again!')).sentences.length, 1);
});
