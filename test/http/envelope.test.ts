import test from 'ava';
import { call, createAccount, envelopeOf, startTestService, type TestAccount, type TestService } from '../helpers/service.js';

let service: TestService;
let account: TestAccount;

test.before(async () => {
  service = await startTestService({ BODY_LIMIT_BYTES: '4096' });
  account = await createAccount(service);
});
test.after.always(async () => {
  await service?.close();
});

test('an unknown route answers 404 in the envelope', async (t) => {
  for (const url of ['/api/v1/nope', '/nope', '/api/v2/user']) {
    const res = await call(service.app, 'GET', url, { key: account.live });
    t.is(res.statusCode, 404);
    t.is(envelopeOf(res).code, 'COMPANION_ERR_ROUTE_NOT_FOUND');
  }
});

test('a body that fails validation answers 400 naming the problem', async (t) => {
  const cases: Array<[unknown, RegExp]> = [
    [{}, /name/],
    [{ name: 1 }, /name/], // no silent coercion of JSON bodies
    [{ name: 'x', scopes: ['root:all'] }, /scopes/],
    [{ name: 'x', dailyQuota: -1 }, /dailyQuota/],
    [{ name: 'x', surprise: true }, /additional/],
  ];
  for (const [body, pattern] of cases) {
    const res = await call(service.app, 'POST', '/api/v1/admin/keys', { key: account.live, body });
    t.is(res.statusCode, 400, JSON.stringify(body));
    const error = envelopeOf(res);
    t.is(error.code, 'COMPANION_ERR_REQUEST_INVALID');
    t.regex(error.message, pattern);
  }
});

test('a bad query string answers 400', async (t) => {
  const res = await call(service.app, 'GET', '/api/v1/admin/keys', { key: account.live, query: { limit: '1000' } });
  t.is(res.statusCode, 400);
  t.regex(envelopeOf(res).message, /limit/);
});

test('malformed JSON answers 400, an empty JSON body 400', async (t) => {
  const bad = await service.app.inject({
    method: 'POST',
    url: '/api/v1/admin/keys',
    payload: '{"name":',
    headers: { authorization: `Bearer ${account.live}`, 'content-type': 'application/json' },
  });
  t.is(bad.statusCode, 400);
  t.is(envelopeOf(bad).code, 'COMPANION_ERR_REQUEST_INVALID');
  const empty = await service.app.inject({
    method: 'POST',
    url: '/api/v1/admin/keys',
    payload: '',
    headers: { authorization: `Bearer ${account.live}`, 'content-type': 'application/json' },
  });
  t.is(empty.statusCode, 400);
  envelopeOf(empty);
});

test('a body over the limit answers 413', async (t) => {
  const res = await call(service.app, 'POST', '/api/v1/admin/keys', { key: account.live, body: { name: 'x'.repeat(8000) } });
  t.is(res.statusCode, 413);
  const error = envelopeOf(res);
  t.is(error.code, 'COMPANION_ERR_REQUEST_TOO_LARGE');
  t.regex(error.message, /4096 bytes/);
});

test('a content type other than JSON answers 415', async (t) => {
  for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/v1/admin/keys',
      payload: 'name=x',
      headers: { authorization: `Bearer ${account.live}`, 'content-type': type },
    });
    t.is(res.statusCode, 415, type);
    t.is(envelopeOf(res).code, 'COMPANION_ERR_REQUEST_MEDIA_TYPE');
  }
});

test('adding a payment method answers 501 in the envelope', async (t) => {
  const res = await call(service.app, 'POST', '/api/v1/billing/payment-methods', { key: account.live });
  t.is(res.statusCode, 501);
  t.is(envelopeOf(res).code, 'COMPANION_ERR_NOT_CONNECTED');
});

test('a missing resource answers 404 in the envelope', async (t) => {
  const res = await call(service.app, 'GET', '/api/v1/admin/keys/key_doesnotexist', { key: account.live });
  t.is(res.statusCode, 404);
  t.is(envelopeOf(res).code, 'COMPANION_ERR_NOT_FOUND');
});

test('every response carries a request id, and a well-formed incoming one is kept', async (t) => {
  const res = await call(service.app, 'GET', '/api/v1/user', { key: account.live, headers: { 'x-request-id': 'trace-abc.123' } });
  t.is(res.headers['x-request-id'], 'trace-abc.123');
  const evil = await call(service.app, 'GET', '/api/v1/nope', { headers: { 'x-request-id': 'bad id with spaces' } });
  t.regex(String(evil.headers['x-request-id']), /^req_/);
  t.is(evil.json().error.requestId, evil.headers['x-request-id']);
});

test('an empty JSON body reads as no body: a DELETE sent with a JSON content type works', async (t) => {
  const created = (await call(service.app, 'POST', '/api/v1/admin/keys', { key: account.live, body: { name: 'to revoke' } })).json().data;
  const res = await service.app.inject({
    method: 'DELETE',
    url: `/api/v1/admin/keys/${created.id}`,
    payload: '',
    headers: { authorization: `Bearer ${account.live}`, 'content-type': 'application/json' },
  });
  t.is(res.statusCode, 200);
  t.is(res.json().data.status, 'revoked');
});

test('a body trying prototype poisoning is refused with 400', async (t) => {
  const res = await service.app.inject({
    method: 'POST',
    url: '/api/v1/admin/keys',
    payload: '{"name":"x","__proto__":{"admin":true}}',
    headers: { authorization: `Bearer ${account.live}`, 'content-type': 'application/json' },
  });
  t.is(res.statusCode, 400);
  t.is(envelopeOf(res).code, 'COMPANION_ERR_REQUEST_INVALID');
});
