import test from 'ava';
import { call, clearOfMinuteEdge, createAccount, envelopeOf, startTestService, type TestService } from '../helpers/service.js';
import { monthlyUsageKey } from '../../runtime/limits/limiter.js';

let service: TestService;
let strict: TestService; // a node with a tiny per-minute rate on the free plan

test.before(async () => {
  service = await startTestService();
  strict = await startTestService({ COMPANION_PLAN_LIMITS: JSON.stringify({ free: { requestsPerMinute: 5 } }) });
});
test.after.always(async () => {
  await service?.close();
  await strict?.close();
});

test('50 concurrent calls against a remaining daily quota of 10 admit exactly 10; the rest get 429 and are not counted', async (t) => {
  const account = await createAccount(service, { dailyQuota: 10 });
  const results = await Promise.all(Array.from({ length: 50 }, () => call(service.app, 'GET', '/api/v1/user', { key: account.live })));
  const ok = results.filter((r) => r.statusCode === 200);
  const refused = results.filter((r) => r.statusCode === 429);
  t.is(ok.length, 10);
  t.is(refused.length, 40);
  for (const res of refused) {
    const error = envelopeOf(res);
    t.is(error.message, 'daily quota exceeded for this key');
    t.is(error.code, 'COMPANION_ERR_LIMIT_DAILY');
    t.true(Number(res.headers['retry-after']) > 0);
  }
  // Refused calls were not billed: the month's usage counts exactly the admitted ten.
  const used = await service.services.limiter.monthlyUsage(account.userId, 'live');
  t.is(used, 10);
});

test('50 concurrent calls against a remaining monthly allowance of 10 admit exactly 10', async (t) => {
  const account = await createAccount(service, { plan: 'free' });
  const key = monthlyUsageKey(account.userId, 'live', new Date());
  await service.services.redis.set(key, 5000 - 10);
  const results = await Promise.all(Array.from({ length: 50 }, () => call(service.app, 'GET', '/api/v1/user', { key: account.live })));
  t.is(results.filter((r) => r.statusCode === 200).length, 10);
  const refused = results.filter((r) => r.statusCode === 429);
  t.is(refused.length, 40);
  t.is(envelopeOf(refused[0]!).code, 'COMPANION_ERR_LIMIT_MONTHLY');
  t.is(Number(await service.services.redis.get(key)), 5000);
});

test('test-mode calls never spend the live monthly allowance', async (t) => {
  const account = await createAccount(service, { plan: 'free' });
  await service.services.redis.set(monthlyUsageKey(account.userId, 'test', new Date()), 5000);
  const testCall = await call(service.app, 'GET', '/api/v1/user', { key: account.test });
  t.is(testCall.statusCode, 429);
  const liveCall = await call(service.app, 'GET', '/api/v1/billing/current', { key: account.live });
  t.is(liveCall.statusCode, 200);
  t.is(liveCall.json().data.usage.apiCalls, 1);
});

test('keys of an organisation share its allowance', async (t) => {
  const owner = await createAccount(service);
  const org = await call(service.app, 'POST', '/api/v1/organizations', { key: owner.live, body: { name: 'Shared' } });
  const orgId = org.json().data.id as string;
  const k1 = await call(service.app, 'POST', '/api/v1/admin/keys', { key: owner.live, body: { name: 'a', organizationId: orgId } });
  const k2 = await call(service.app, 'POST', '/api/v1/admin/keys', { key: owner.live, body: { name: 'b', organizationId: orgId } });
  t.is(k1.statusCode, 201);
  await service.services.redis.set(monthlyUsageKey(orgId, 'live', new Date()), 4999); // the org is on Free: 5,000
  t.is((await call(service.app, 'GET', '/api/v1/user', { key: k1.json().data.secret })).statusCode, 200);
  const second = await call(service.app, 'GET', '/api/v1/user', { key: k2.json().data.secret });
  t.is(second.statusCode, 429);
  t.is(envelopeOf(second).code, 'COMPANION_ERR_LIMIT_MONTHLY');
  // The owner's own (non-organisation) key is billed to the owner, not to the organisation.
  t.is((await call(service.app, 'GET', '/api/v1/user', { key: owner.live })).statusCode, 200);
});

test('rate-limit headers follow the IETF draft and X-RateLimit-*, and a refused call carries Retry-After', async (t) => {
  const account = await createAccount(strict, { plan: 'free' });
  await clearOfMinuteEdge();
  const first = await call(strict.app, 'GET', '/api/v1/user', { key: account.live });
  t.is(first.statusCode, 200);
  t.regex(String(first.headers['ratelimit-policy']), /^"minute";q=5;w=60, "day";q=1000;w=86400$/);
  t.regex(String(first.headers['ratelimit']), /^"minute";r=4;t=\d+, "day";r=999;t=\d+$/);
  t.is(first.headers['x-ratelimit-limit'], '5');
  t.is(first.headers['x-ratelimit-remaining'], '4');
  t.true(Number(first.headers['x-ratelimit-reset']) > Date.now() / 1000);

  const rest = [];
  for (let i = 0; i < 5; i++) rest.push(await call(strict.app, 'GET', '/api/v1/user', { key: account.live }));
  t.deepEqual(
    rest.map((r) => r.statusCode),
    [200, 200, 200, 200, 429],
  );
  const refused = rest[4]!;
  t.is(envelopeOf(refused).code, 'COMPANION_ERR_LIMIT_RATE');
  const retryAfter = Number(refused.headers['retry-after']);
  t.true(retryAfter >= 1 && retryAfter <= 60);
  t.is(refused.headers['x-ratelimit-remaining'], '0');
  // The refused call did not spend the daily quota.
  t.regex(String(refused.headers['ratelimit']), /"day";r=995;/);
});

test('the rate limit is per key: another key of the same account is unaffected', async (t) => {
  const account = await createAccount(strict, { plan: 'free' });
  await clearOfMinuteEdge();
  for (let i = 0; i < 5; i++) await call(strict.app, 'GET', '/api/v1/user', { key: account.live });
  t.is((await call(strict.app, 'GET', '/api/v1/user', { key: account.live })).statusCode, 429);
  t.is((await call(strict.app, 'GET', '/api/v1/user', { key: account.test })).statusCode, 200);
});
