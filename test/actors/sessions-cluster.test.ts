/**
 * Two real service nodes (child processes) on the harness's NATS, Redis, PostgreSQL and
 * Temporal. Redis database 3 keeps this cluster's session capacity apart from other test files.
 */
import test from 'ava';
import { createAccount, startTestService, type TestAccount, type TestService } from '../helpers/service.js';
import { NodeProcess } from '../helpers/node-process.js';

const redisUrl = `${process.env.REDIS_URL}/3`;
const clusterEnv = {
  COMPANION_ROLE: 'api',
  REDIS_URL: redisUrl,
  SESSION_CAPACITY: '5',
  SESSION_NODE_LEASE_MS: '2000',
  SESSION_SCAN_INTERVAL_MS: '300',
  TEMPORAL_TASK_QUEUE: `sessions-cluster-${process.pid}`,
};

let admin: TestService; // in-process, for accounts and characters (same PostgreSQL)
let a: NodeProcess;
let b: NodeProcess;
let account: TestAccount;
let characterId: string;

test.before(async () => {
  admin = await startTestService({ COMPANION_ROLE: 'api', REDIS_URL: redisUrl });
  await admin.services.redis.del('cmp:sessions:open');
  [a, b] = await Promise.all([NodeProcess.start(clusterEnv), NodeProcess.start(clusterEnv)]);
  account = await createAccount(admin);
  const created = await a.fetch('POST', '/api/v1/characters', account.live, {
    name: 'Grumbles',
    personality: { description: 'A grumpy lighthouse keeper', traits: ['grumpy', 'sarcastic'] },
  });
  characterId = created.json.data.id;
});
test.after.always(async () => {
  await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
  await admin?.close();
});

test.serial('a session created on node A is chatted with through node B with its st_ token', async (t) => {
  const created = await a.fetch('POST', '/api/v1/avatars', account.live, { characterId });
  t.is(created.status, 201);
  const session = created.json.data;
  t.regex(session.clientToken, /^st_live_/);
  t.is(session.target_fps, 12);
  t.is(session.state, 'open');

  const chat = await b.fetch('POST', `/api/v1/avatars/${session.id}/chat`, session.clientToken, { text: 'What is your name?' });
  t.is(chat.status, 200, JSON.stringify(chat.json));
  t.true(chat.json.data.reply.text.includes('Grumbles'));
  t.is(chat.json.data.exchange, 1);
  const state = await b.fetch('GET', `/api/v1/avatars/${session.id}`, account.live);
  t.is(state.json.data.turns, 3, 'the character greeting, the user turn and the reply');
  t.is(state.json.data.character.name, 'Grumbles');
  t.is((await a.fetch('DELETE', `/api/v1/avatars/${session.id}`, account.live)).status, 200);
});

test.serial('kill -9 of the node hosting a session: the session continues on the other node, conversation intact', async (t) => {
  const created = await a.fetch('POST', '/api/v1/avatars', account.live, { characterId });
  const session = created.json.data;
  const first = await a.fetch('POST', `/api/v1/avatars/${session.id}/chat`, session.clientToken, { text: 'Hello there' });
  t.is(first.status, 200);

  await a.kill('SIGKILL');
  const killedAt = Date.now();
  let after: Awaited<ReturnType<NodeProcess['fetch']>> | undefined;
  while (Date.now() - killedAt < 15_000) {
    after = await b.fetch('POST', `/api/v1/avatars/${session.id}/chat`, session.clientToken, { text: 'Are you still there?' });
    if (after.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const tookMs = Date.now() - killedAt;
  t.is(after?.status, 200, JSON.stringify(after?.json));
  t.is(after!.json.data.exchange, 2, 'the adopted actor continued the journalled conversation');
  t.true(tookMs < 15_000);
  t.log(`session answered again ${tookMs} ms after kill -9 of its node`);
  const listed = await b.fetch('GET', '/api/v1/developer-sessions', account.live);
  t.true(listed.json.data.some((s: { id: string; state: string }) => s.id === session.id && s.state === 'open'));
  t.is((await b.fetch('DELETE', `/api/v1/avatars/${session.id}`, account.live)).json.data.endReason, 'explicit');

  a = await NodeProcess.start(clusterEnv); // back to two nodes for the next test
});

test.serial('the session cap holds under concurrent creates from both nodes, and ending sessions frees it', async (t) => {
  const creates = await Promise.all(
    Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).fetch('POST', '/api/v1/avatars', account.live, { characterId })),
  );
  const ok = creates.filter((r) => r.status === 201);
  const refused = creates.filter((r) => r.status === 429);
  t.is(ok.length, 5);
  t.is(refused.length, 7);
  t.is(refused[0]!.json.error.code, 'COMPANION_ERR_SESSION_CAPACITY');
  t.is(await admin.services.redis.zcard('cmp:sessions:open'), 5);
  for (const r of ok) t.is((await b.fetch('DELETE', `/api/v1/avatars/${r.json.data.id}`, account.live)).status, 200);
  t.is(await admin.services.redis.zcard('cmp:sessions:open'), 0);
  t.is((await a.fetch('POST', '/api/v1/avatars', account.live, { characterId })).status, 201);
});

test.serial('an st_ token works only for its own session, and stops working when revoked or when the session ends', async (t) => {
  const one = (await a.fetch('POST', '/api/v1/avatars', account.live, { characterId })).json.data;
  const two = (await b.fetch('POST', '/api/v1/avatars', account.live, { characterId })).json.data;
  const cross = await a.fetch('POST', `/api/v1/avatars/${two.id}/chat`, one.clientToken, { text: 'hi' });
  t.is(cross.status, 403);
  t.is((await a.fetch('GET', '/api/v1/developer-sessions', one.clientToken)).status, 403, 'st_ is refused on other routes');

  const minted = await a.fetch('POST', '/api/v1/sessions/token', account.live, { sessionId: one.id, ttlSeconds: 120 });
  t.is(minted.status, 201);
  t.deepEqual(minted.json.data.scopes, ['sessions:chat', 'sessions:watch']);
  const tokens = await b.fetch('GET', '/api/v1/sessions', account.live);
  t.true(tokens.json.data.some((tok: { id: string }) => tok.id === minted.json.data.id));
  t.is((await b.fetch('POST', `/api/v1/avatars/${one.id}/chat`, minted.json.data.token, { text: 'hi' })).status, 200); // cached on B now
  t.is((await a.fetch('DELETE', `/api/v1/sessions/${minted.json.data.id}`, account.live)).status, 200);
  const revoked = await b.fetch('POST', `/api/v1/avatars/${one.id}/chat`, minted.json.data.token, { text: 'hi' });
  t.is(revoked.status, 401, 'revocation holds at once on the other node');

  await a.fetch('DELETE', `/api/v1/avatars/${one.id}`, account.live);
  const ended = await b.fetch('POST', `/api/v1/avatars/${one.id}/chat`, one.clientToken, { text: 'hi' });
  t.is(ended.status, 401, "a session's tokens stop working when it ends");
  await a.fetch('DELETE', `/api/v1/avatars/${two.id}`, account.live);
});
