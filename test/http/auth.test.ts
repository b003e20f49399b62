import test from 'ava';
import { call, concrete, createAccount, envelopeOf, startTestService, type TestAccount, type TestService } from '../helpers/service.js';
import { SCOPES, type Scope } from '../../runtime/accounts/scopes.js';
import type { RouteAuth } from '../../http/types.js';

let service: TestService;
let account: TestAccount;

test.before(async () => {
  service = await startTestService();
  account = await createAccount(service);
});
test.after.always(async () => {
  await service?.close();
});

const guarded = () =>
  service.app.routeTable.filter(
    (r): r is { method: string; url: string; auth: Exclude<RouteAuth, 'public'> } => typeof r.auth === 'object',
  );

const bodyFor = (method: string) => (method === 'POST' || method === 'PATCH' ? {} : undefined);

test('every credentialed route refuses a missing, malformed, unknown or never-issued credential with 401', async (t) => {
  const routes = guarded();
  t.true(routes.length >= 25, `expected the spec's routes, found ${routes.length}`);
  const credentials: Array<[string, string | undefined, string]> = [
    ['none', undefined, 'COMPANION_ERR_AUTH_MISSING'],
    ['malformed', 'not-a-key', 'COMPANION_ERR_AUTH_INVALID'],
    ['wrong scheme', 'Basic abc', 'COMPANION_ERR_AUTH_INVALID'],
    ['unknown live key', `sk_live_${'A'.repeat(32)}`, 'COMPANION_ERR_AUTH_INVALID'],
    ['unknown test key', `sk_test_${'B'.repeat(32)}`, 'COMPANION_ERR_AUTH_INVALID'],
    ['ck_live_ (never issued)', `ck_live_${account.live.slice('sk_live_'.length)}`, 'COMPANION_ERR_AUTH_INVALID'],
    ['unknown st_', `st_live_${'C'.repeat(32)}`, 'COMPANION_ERR_AUTH_INVALID'],
  ];
  for (const route of routes) {
    for (const [label, credential, code] of credentials) {
      const headers: Record<string, string> = credential === 'Basic abc' ? { authorization: 'Basic abc' } : {};
      const res = await service.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: credential && credential !== 'Basic abc' ? { authorization: `Bearer ${credential}` } : headers,
        ...(bodyFor(route.method) ? { payload: {} } : {}),
      });
      t.is(res.statusCode, 401, `${route.method} ${route.url} with ${label}`);
      t.is(envelopeOf(res).code, code, `${route.method} ${route.url} with ${label}`);
    }
  }
});

test('a valid key lacking the route’s scope gets 403 on every credentialed route, never a silent success', async (t) => {
  for (const route of guarded()) {
    const other: Scope = SCOPES.find((s) => s !== route.auth.scope)!;
    const limited = await createAccount(service, { scopes: [other] });
    const res = await call(service.app, route.method, concrete(route.url), { key: limited.live, body: bodyFor(route.method) });
    t.is(res.statusCode, 403, `${route.method} ${route.url}`);
    const error = envelopeOf(res);
    t.is(error.code, 'COMPANION_ERR_AUTH_SCOPE');
    t.true(error.message.includes(route.auth.scope));
  }
});

test('a key with the route’s scope passes authentication on every credentialed route', async (t) => {
  for (const route of guarded()) {
    // A fresh account per route: one of them is DELETE /user/account.
    const own = await createAccount(service);
    const res = await call(service.app, route.method, concrete(route.url), { key: own.live, body: bodyFor(route.method) });
    t.false([401, 403].includes(res.statusCode), `${route.method} ${route.url} answered ${res.statusCode}: ${res.body}`);
  }
});

test('a revoked key gets 401 on every credentialed route', async (t) => {
  const doomed = await createAccount(service);
  const revoke = await call(service.app, 'DELETE', `/api/v1/admin/keys/${doomed.liveKeyId}`, { key: doomed.live });
  t.is(revoke.statusCode, 200);
  for (const route of guarded()) {
    const res = await call(service.app, route.method, concrete(route.url), { key: doomed.live, body: bodyFor(route.method) });
    t.is(res.statusCode, 401, `${route.method} ${route.url}`);
    t.is(envelopeOf(res).code, 'COMPANION_ERR_AUTH_REVOKED');
  }
});

test('session tokens are refused with 403 on routes that do not accept them; chat and the viewer websocket accept them', async (t) => {
  const em = service.services.orm.em.fork();
  const parent = await service.services.credentials.verify(em as never, account.live);
  const { secret } = await service.services.credentials.issueSessionToken(em as never, { parent, sessionId: null, ttlS: 600 });
  const accepting = guarded().filter((r) => r.auth.sessionToken);
  t.deepEqual(accepting.map((r) => `${r.method} ${r.url}`).sort(), ['GET /api/v1/avatars/:id/signaling', 'POST /api/v1/avatars/:id/chat']);
  for (const route of guarded().filter((r) => !r.auth.sessionToken)) {
    const res = await call(service.app, route.method, concrete(route.url), { key: secret, body: bodyFor(route.method) });
    t.is(res.statusCode, 403, `${route.method} ${route.url}`);
    t.is(envelopeOf(res).code, 'COMPANION_ERR_AUTH_SESSION_TOKEN');
  }
});

test('viewer tokens are refused with 403 on every route but the viewer websocket (chat included)', async (t) => {
  const em = service.services.orm.em.fork();
  const parent = await service.services.credentials.verify(em as never, account.live);
  const { secret, token } = await service.services.credentials.issueViewerToken(em as never, { parent, sessionId: 'ses_x', ttlS: 600 });
  t.regex(secret, /^vt_live_[0-9A-Za-z]{32}$/);
  t.deepEqual(token.scopes, ['sessions:watch']);
  const accepting = guarded().filter((r) => r.auth.viewerToken);
  t.deepEqual(
    accepting.map((r) => `${r.method} ${r.url}`),
    ['GET /api/v1/avatars/:id/signaling'],
  );
  for (const route of guarded().filter((r) => !r.auth.viewerToken)) {
    const res = await call(service.app, route.method, concrete(route.url), { key: secret, body: bodyFor(route.method) });
    t.is(res.statusCode, 403, `${route.method} ${route.url}`);
    t.is(envelopeOf(res).code, 'COMPANION_ERR_AUTH_VIEWER_TOKEN', `${route.method} ${route.url}`);
  }
  const chat = await call(service.app, 'POST', '/api/v1/avatars/ses_x/chat', { key: secret, body: { text: 'hello' } });
  t.is(chat.statusCode, 403);
  t.regex(envelopeOf(chat).message, /viewer tokens/);
});

test('an expired or revoked session token stops working', async (t) => {
  const em = service.services.orm.em.fork();
  const parent = await service.services.credentials.verify(em as never, account.live);
  const issued = await service.services.credentials.issueSessionToken(em as never, { parent, sessionId: null, ttlS: 600 });
  const before = await call(service.app, 'POST', '/api/v1/avatars/x/chat', { key: issued.secret, body: {} });
  t.not(before.statusCode, 401);
  await service.services.credentials.revokeSessionToken(em as never, issued.token);
  const after = await call(service.app, 'POST', '/api/v1/avatars/x/chat', { key: issued.secret, body: {} });
  t.is(after.statusCode, 401);
  t.is(envelopeOf(after).code, 'COMPANION_ERR_AUTH_REVOKED');

  const short = await service.services.credentials.issueSessionToken(em as never, { parent, sessionId: null, ttlS: 600 });
  short.token.expiresAt = new Date(Date.now() - 1000);
  await em.flush();
  const expired = await call(service.app, 'POST', '/api/v1/avatars/x/chat', { key: short.secret, body: {} });
  t.is(expired.statusCode, 401);
  t.is(envelopeOf(expired).code, 'COMPANION_ERR_AUTH_EXPIRED');
});

test('test keys and live keys see disjoint data', async (t) => {
  const created = await call(service.app, 'POST', '/api/v1/admin/keys', { key: account.live, body: { name: 'live only' } });
  t.is(created.statusCode, 201);
  const liveKeyId = created.json().data.id as string;

  const viaTest = await call(service.app, 'GET', `/api/v1/admin/keys/${liveKeyId}`, { key: account.test });
  t.is(viaTest.statusCode, 404);
  envelopeOf(viaTest);
  const revokeViaTest = await call(service.app, 'DELETE', `/api/v1/admin/keys/${liveKeyId}`, { key: account.test });
  t.is(revokeViaTest.statusCode, 404);

  const testList = await call(service.app, 'GET', '/api/v1/admin/keys', { key: account.test, query: { limit: '100' } });
  const ids = (testList.json().data as Array<{ id: string; mode: string }>).map((k) => k.id);
  t.false(ids.includes(liveKeyId));
  t.true((testList.json().data as Array<{ mode: string }>).every((k) => k.mode === 'test'));

  const viaLive = await call(service.app, 'GET', `/api/v1/admin/keys/${liveKeyId}`, { key: account.live });
  t.is(viaLive.statusCode, 200);
});

test('public routes answer without a credential', async (t) => {
  for (const route of service.app.routeTable.filter((r) => r.auth === 'public' && r.method === 'GET' && !r.url.includes('demo'))) {
    const res = await call(service.app, 'GET', route.url);
    // /api/v1/docs leads to the reference page (http/routes/reference-page.ts).
    t.is(res.statusCode, route.url === '/api/v1/docs' ? 301 : 200, route.url);
  }
});
