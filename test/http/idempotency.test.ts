/**
 * Idempotency-Key on creating POSTs (http/plugins/idempotency.ts; issue 12, item 10).
 */
import test from 'ava';
import type { FastifyPluginAsync } from 'fastify';
import { call, createAccount, envelopeOf, startTestService, type TestAccount, type TestService } from '../helpers/service.js';
import { idempotencyRedisKey } from '../../runtime/idempotency/idempotency-keys.js';

let service: TestService;
let account: TestAccount;

// A creating route that waits until the test lets it finish, to hold a call "in flight".
let release: () => void = () => undefined;
let gate = Promise.resolve();
const slowRoute: FastifyPluginAsync = async (app) => {
  app.post('/api/v1/__slow-create', { config: { auth: { scope: 'characters:write' }, idempotent: true } }, async (_request, reply) => {
    await gate;
    return reply.code(201).send({ success: true, data: { at: Date.now() } });
  });
};

test.before(async () => {
  service = await startTestService({}, undefined, { extraRoutes: slowRoute });
  account = await createAccount(service);
});
test.after.always(async () => {
  await service?.close();
});

const create = (body: unknown, key: string, credential = account.live) =>
  call(service.app, 'POST', '/api/v1/characters', { key: credential, body, headers: { 'idempotency-key': key } });

test('the same key with the same body replays the first answer, status and body, and creates once', async (t) => {
  const first = await create({ name: 'Once' }, 'k-once-1');
  t.is(first.statusCode, 201);
  t.is(first.headers['idempotent-replayed'], undefined);
  const again = await create({ name: 'Once' }, 'k-once-1');
  t.is(again.statusCode, 201);
  t.is(again.body, first.body);
  t.is(again.headers['idempotent-replayed'], 'true');
  const names = (await call(service.app, 'GET', '/api/v1/characters?limit=100', { key: account.live })).json().data;
  t.is(names.filter((c: { name: string }) => c.name === 'Once').length, 1);
  // Kept for 24 hours.
  const ttl = await service.services.redis.pttl(idempotencyRedisKey(account.userId, 'live', 'k-once-1'));
  t.true(ttl > 23.9 * 3600 * 1000, String(ttl));
});

test('the same key with a different body answers 422; without a key every call creates', async (t) => {
  t.is((await create({ name: 'A' }, 'k-diff')).statusCode, 201);
  const other = await create({ name: 'B' }, 'k-diff');
  t.is(other.statusCode, 422);
  t.is(envelopeOf(other).code, 'COMPANION_ERR_IDEMPOTENCY_MISMATCH');
  const plain1 = await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'NoKey' } });
  const plain2 = await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'NoKey' } });
  t.not(plain1.json().data.id, plain2.json().data.id);
});

test('keys are scoped per account and mode', async (t) => {
  const live = await create({ name: 'Scoped' }, 'k-scope');
  const testMode = await create({ name: 'Scoped' }, 'k-scope', account.test);
  t.is(testMode.statusCode, 201);
  t.not(testMode.json().data.id, live.json().data.id);
  t.false(testMode.json().data.livemode);
  const stranger = await createAccount(service);
  const theirs = await create({ name: 'Scoped' }, 'k-scope', stranger.live);
  t.is(theirs.statusCode, 201);
  t.not(theirs.json().data.id, live.json().data.id);
});

test('a duplicate sent while the first call still runs answers 409, then the answer is replayed', async (t) => {
  gate = new Promise((resolve) => (release = resolve));
  const send = () =>
    call(service.app, 'POST', '/api/v1/__slow-create', { key: account.live, body: { x: 1 }, headers: { 'idempotency-key': 'k-slow' } });
  const first = send();
  // Wait until the first call holds the key.
  const redisKey = idempotencyRedisKey(account.userId, 'live', 'k-slow');
  for (let i = 0; i < 200 && !(await service.services.redis.exists(redisKey)); i++) await new Promise((r) => setTimeout(r, 25));
  const duplicate = await send();
  t.is(duplicate.statusCode, 409);
  t.is(envelopeOf(duplicate).code, 'COMPANION_ERR_IDEMPOTENCY_IN_PROGRESS');
  release();
  const done = await first;
  t.is(done.statusCode, 201);
  const replay = await send();
  t.is(replay.body, done.body);
});

test('concurrent identical creations make one character', async (t) => {
  const answers = await Promise.all(Array.from({ length: 8 }, () => create({ name: 'Racer' }, 'k-race')));
  const created = answers.filter((a) => a.statusCode === 201);
  t.true(created.length >= 1);
  t.is(new Set(created.map((a) => a.json().data.id)).size, 1);
  for (const a of answers) t.true(a.statusCode === 201 || a.statusCode === 409, String(a.statusCode));
  const names = (await call(service.app, 'GET', '/api/v1/characters?limit=100', { key: account.live })).json().data;
  t.is(names.filter((c: { name: string }) => c.name === 'Racer').length, 1);
});

test('a new key secret is replayed to the retry but not stored in clear', async (t) => {
  const send = () =>
    call(service.app, 'POST', '/api/v1/admin/keys', {
      key: account.live,
      body: { name: 'retry-safe' },
      headers: { 'idempotency-key': 'k-key' },
    });
  const first = await send();
  t.is(first.statusCode, 201);
  const secret = first.json().data.secret as string;
  t.is((await send()).json().data.secret, secret);
  const stored = await service.services.redis.get(idempotencyRedisKey(account.userId, 'live', 'k-key'));
  t.false(stored!.includes(secret));
});

test('every creating POST takes the header, documented with its 409 and 422 answers', async (t) => {
  const doc = (await call(service.app, 'GET', '/api/v1/openapi.json')).json();
  const creating = [
    '/api/v1/characters',
    '/api/v1/webhooks',
    '/api/v1/admin/keys',
    '/api/v1/avatars',
    '/api/v1/sessions/token',
    '/api/v1/organizations',
    '/api/v1/organizations/{id}/members',
    '/api/v1/webhooks/{id}/test',
    '/api/v1/voices',
  ];
  for (const path of creating) {
    const op = doc.paths[path].post;
    t.truthy(
      op.parameters.find((p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key'),
      path,
    );
    t.truthy(op.responses['409'], path);
    t.truthy(op.responses['422'], path);
  }
  const bad = await create({ name: 'x' }, 'a'.repeat(300));
  t.is(bad.statusCode, 400);
});
