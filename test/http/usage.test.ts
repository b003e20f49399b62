import test from 'ava';
import { call, createAccount, startTestService, type TestService } from '../helpers/service.js';

let service: TestService;

test.before(async () => {
  service = await startTestService({ USAGE_FLUSH_INTERVAL_MS: '60000' });
});
test.after.always(async () => {
  await service?.close();
});

interface Group {
  keyId: string | null;
  method: string | null;
  route: string | null;
  calls: number;
  errors: number;
}

test('every call is recorded per key and per endpoint, with its route template and errors', async (t) => {
  const account = await createAccount(service);
  const second = (await call(service.app, 'POST', '/api/v1/admin/keys', { key: account.live, body: { name: 'second' } })).json().data;
  for (let i = 0; i < 3; i++) await call(service.app, 'GET', '/api/v1/user', { key: account.live });
  await call(service.app, 'GET', `/api/v1/admin/keys/${second.id}`, { key: second.secret });
  await call(service.app, 'GET', '/api/v1/admin/keys/key_missing', { key: second.secret }); // 404

  const res = await call(service.app, 'GET', '/api/v1/analytics', { key: account.live, query: { groupBy: 'key_endpoint' } });
  t.is(res.statusCode, 200);
  const groups = res.json().data.groups as Group[];
  const find = (keyId: string, route: string) => groups.find((g) => g.keyId === keyId && g.route === route);
  t.is(find(account.liveKeyId, '/api/v1/user')?.calls, 3);
  t.is(find(account.liveKeyId, '/api/v1/admin/keys')?.calls, 1);
  const byId = find(second.id, '/api/v1/admin/keys/:id');
  t.is(byId?.calls, 2);
  t.is(byId?.errors, 1);

  const byKey = (await call(service.app, 'GET', '/api/v1/analytics', { key: account.live, query: { groupBy: 'key' } })).json().data
    .groups as Group[];
  t.is(byKey.find((g) => g.keyId === second.id)?.calls, 2);
  t.true(byKey.every((g) => g.route === null));

  const byEndpoint = (await call(service.app, 'GET', '/api/v1/analytics', { key: account.live, query: { groupBy: 'endpoint' } })).json()
    .data.groups as Group[];
  t.true(byEndpoint.every((g) => g.keyId === null));
});

test('analytics honour the time range and keep test and live usage apart', async (t) => {
  const account = await createAccount(service);
  await call(service.app, 'GET', '/api/v1/user', { key: account.test });
  const live = (await call(service.app, 'GET', '/api/v1/analytics', { key: account.live })).json().data;
  t.false((live.groups as Group[]).some((g) => g.keyId === account.testKeyId));
  const past = await call(service.app, 'GET', '/api/v1/analytics', {
    key: account.test,
    query: { from: '2020-01-01T00:00:00Z', to: '2020-01-02T00:00:00Z' },
  });
  t.is(past.json().data.totals.calls, 0);
  const bad = await call(service.app, 'GET', '/api/v1/analytics', {
    key: account.test,
    query: { from: '2020-01-02T00:00:00Z', to: '2020-01-01T00:00:00Z' },
  });
  t.is(bad.statusCode, 400);
});

test('analytics count each call by its own time, with exact error counts, mean and p95 latency', async (t) => {
  const account = await createAccount(service);
  // Twenty calls a second apart, written together (one batch row): a range that cuts the batch
  // counts only the calls inside it.
  const start = Date.now() - 3_600_000;
  for (let i = 0; i < 20; i++) {
    service.services.usage.record({
      keyId: account.testKeyId,
      userId: account.userId,
      organizationId: null,
      mode: 'test',
      method: 'GET',
      route: '/api/v1/characters',
      status: i % 4 === 0 ? 500 : 200,
      latencyMs: i + 1,
      at: start + i * 1000,
    });
  }
  const res = await call(service.app, 'GET', '/api/v1/analytics', {
    key: account.test,
    query: { from: new Date(start + 5000).toISOString(), to: new Date(start + 15_000).toISOString(), groupBy: 'endpoint' },
  });
  t.is(res.statusCode, 200);
  // Calls 5..14: latencies 6..15 ms, errors at 8 and 12.
  t.deepEqual(res.json().data.groups, [
    { keyId: null, method: 'GET', route: '/api/v1/characters', calls: 10, errors: 2, avgLatencyMs: 10.5, p95LatencyMs: 14.55 },
  ]);
  t.deepEqual(res.json().data.totals, { calls: 10, errors: 2 });
});

test('buffered usage is written when the service shuts down gracefully', async (t) => {
  const node = await startTestService({ USAGE_FLUSH_INTERVAL_MS: '60000' });
  const account = await createAccount(node);
  for (let i = 0; i < 25; i++) await call(node.app, 'GET', '/api/v1/user', { key: account.live });
  t.is(node.services.usage.pending, 25); // still in memory: the flush interval is a minute
  await node.close();
  const rows = await service.services.orm.em
    .getConnection()
    .execute('SELECT coalesce(sum(calls), 0)::int AS n FROM usage_batches WHERE key_id = ?', [account.liveKeyId]);
  t.is((rows[0] as { n: number }).n, 25);
});
