import test from 'ava';
import { call, createAccount, envelopeOf, startTestService, type TestService } from '../helpers/service.js';
import { sha256Hex } from '../../runtime/ids.js';

let nodeA: TestService;
let nodeB: TestService;

test.before(async () => {
  nodeA = await startTestService();
  nodeB = await startTestService();
});
test.after.always(async () => {
  await nodeA?.close();
  await nodeB?.close();
});

test('a created key shows its secret once and works; lists and fetches never show it again', async (t) => {
  const account = await createAccount(nodeA);
  const created = await call(nodeA.app, 'POST', '/api/v1/admin/keys', {
    key: account.live,
    body: { name: 'ci', scopes: ['account:read'] },
  });
  t.is(created.statusCode, 201);
  const key = created.json().data;
  t.regex(key.secret, /^sk_live_[0-9A-Za-z]{32}$/);
  t.is(key.redacted, `sk_live_…${key.secret.slice(-4)}`);
  t.deepEqual(key.scopes, ['account:read']);

  t.is((await call(nodeA.app, 'GET', '/api/v1/user', { key: key.secret })).statusCode, 200);
  const listed = await call(nodeA.app, 'GET', '/api/v1/admin/keys', { key: account.live });
  t.false(listed.body.includes(key.secret));
  t.false((await call(nodeA.app, 'GET', `/api/v1/admin/keys/${key.id}`, { key: account.live })).body.includes(key.secret));
});

test('only a SHA-256 digest of the secret is stored', async (t) => {
  const account = await createAccount(nodeA);
  const rows = await nodeA.services.orm.em.getConnection().execute('SELECT * FROM api_keys WHERE id = ?', [account.liveKeyId]);
  const row = rows[0] as Record<string, unknown>;
  t.is(row.secret_hash, sha256Hex(account.live));
  t.false(JSON.stringify(row).includes(account.live));
  t.false(JSON.stringify(row).includes(account.live.slice(8, 36)));
});

test('a key cannot grant scopes it lacks', async (t) => {
  const account = await createAccount(nodeA, { scopes: ['keys:write', 'keys:read'] });
  const res = await call(nodeA.app, 'POST', '/api/v1/admin/keys', { key: account.live, body: { name: 'x', scopes: ['account:write'] } });
  t.is(res.statusCode, 403);
  t.regex(envelopeOf(res).message, /account:write/);
  const inherited = await call(nodeA.app, 'POST', '/api/v1/admin/keys', { key: account.live, body: { name: 'y' } });
  t.deepEqual(inherited.json().data.scopes.sort(), ['keys:read', 'keys:write']);
});

test('revoking a key on one node stops it at once on another node that had it cached', async (t) => {
  const account = await createAccount(nodeA);
  const created = await call(nodeA.app, 'POST', '/api/v1/admin/keys', { key: account.live, body: { name: 'doomed' } });
  const doomed = created.json().data;
  t.is((await call(nodeB.app, 'GET', '/api/v1/user', { key: doomed.secret })).statusCode, 200); // now cached on B

  const revoked = await call(nodeA.app, 'DELETE', `/api/v1/admin/keys/${doomed.id}`, { key: account.live });
  t.is(revoked.statusCode, 200);
  t.is(revoked.json().data.status, 'revoked');

  const onB = await call(nodeB.app, 'GET', '/api/v1/user', { key: doomed.secret });
  t.is(onB.statusCode, 401);
  t.is(envelopeOf(onB).code, 'COMPANION_ERR_AUTH_REVOKED');
  // Revocation is idempotent.
  t.is((await call(nodeA.app, 'DELETE', `/api/v1/admin/keys/${doomed.id}`, { key: account.live })).statusCode, 200);
});

test('key lists are paginated with limit, starting_after and has_more', async (t) => {
  const account = await createAccount(nodeA);
  for (let i = 0; i < 4; i++) await call(nodeA.app, 'POST', '/api/v1/admin/keys', { key: account.live, body: { name: `k${i}` } });
  const seen: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const res = await call(nodeA.app, 'GET', '/api/v1/admin/keys', {
      key: account.live,
      query: { limit: '2', ...(cursor ? { starting_after: cursor } : {}) },
    });
    t.is(res.statusCode, 200);
    const body = res.json();
    pages++;
    seen.push(...body.data.map((k: { id: string }) => k.id));
    if (!body.has_more) break;
    cursor = body.data.at(-1).id;
  }
  t.is(pages, 3); // 5 live keys (bootstrap key + 4), two per page
  t.is(new Set(seen).size, 5);
  const names = (await call(nodeA.app, 'GET', '/api/v1/admin/keys', { key: account.live, query: { limit: '1' } })).json().data;
  t.is(names[0].name, 'k3'); // newest first
});

test('last use of a key is recorded', async (t) => {
  const account = await createAccount(nodeA);
  await call(nodeA.app, 'GET', '/api/v1/user', { key: account.live });
  await nodeA.services.usage.flush();
  const key = await call(nodeA.app, 'GET', `/api/v1/admin/keys/${account.liveKeyId}`, { key: account.live });
  t.truthy(key.json().data.lastUsedAt);
});
