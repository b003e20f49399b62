/**
 * The edge (http/plugins/edge.ts): input no route can take is refused once, for every route, and
 * every error answer is in the envelope whichever layer sends it (issue 12, items 1, 3, 4, 5, 7).
 */
import test from 'ava';
import net from 'node:net';
import { createValidatorCompiler } from '../../http/validation.js';
import { call, concrete, createAccount, envelopeOf, startTestService, type TestAccount, type TestService } from '../helpers/service.js';

let service: TestService;
let account: TestAccount;
let baseUrl: string;

test.before(async () => {
  service = await startTestService();
  account = await createAccount(service);
  baseUrl = await service.app.listen({ host: '127.0.0.1', port: 0 });
});
test.after.always(async () => {
  await service?.close();
});

const post = (url: string, body: unknown) => call(service.app, 'POST', url, { key: account.live, body });

function refused(t: import('ava').ExecutionContext, res: Awaited<ReturnType<typeof post>>, field: RegExp, label: string): void {
  t.is(res.statusCode, 400, `${label}: ${res.body}`);
  const error = envelopeOf(res);
  t.is(error.code, 'COMPANION_ERR_REQUEST_INVALID', label);
  t.regex(error.message, field, label);
}

test('a NUL or a lone surrogate anywhere in a JSON body is a 400 naming the field, on every kind of write', async (t) => {
  const characterId = (await post('/api/v1/characters', { name: 'Edge' })).json().data.id;
  const cases: Array<[string, unknown, RegExp]> = [
    ['/api/v1/characters', { name: 'a\u0000b' }, /body\/name .*NUL/],
    ['/api/v1/characters', { name: 'x\ud800y' }, /body\/name .*surrogate/],
    ['/api/v1/characters', { name: 'ok', personality: { greeting: 'hi\u0000' } }, /body\/personality\/greeting/],
    ['/api/v1/characters', { name: 'ok', personality: { traits: ['kind', 'x\udc00'] } }, /body\/personality\/traits\/1/],
    ['/api/v1/webhooks', { url: 'https://example.com/h', events: ['character.created'], description: 'd\u0000' }, /body\/description/],
    ['/api/v1/admin/keys', { name: 'k\u0000' }, /body\/name/],
    ['/api/v1/organizations', { name: 'o\u0000' }, /body\/name/],
    ['/api/v1/avatars', { characterId: 'chr_a\u0000b' }, /body\/characterId/],
    ['/api/v1/sessions/token', { sessionId: 'ses_a\u0000b' }, /body\/sessionId/],
    ['/api/v1/text-to-speech', { text: 'hello\u0000there', voiceId: 'x' }, /body\/text/],
    ['/api/v1/characters', { name: 'ok', ['we\u0000ird']: 1 }, /body \(a field name\)/],
  ];
  for (const [url, body, field] of cases) refused(t, await post(url, body), field, `${url} ${JSON.stringify(body)}`);
  // A PATCH too, and nothing was created by any of the refused calls.
  refused(
    t,
    await call(service.app, 'PATCH', `/api/v1/characters/${characterId}`, { key: account.live, body: { name: 'n\u0000' } }),
    /body\/name/,
    'PATCH',
  );
  const list = (await call(service.app, 'GET', '/api/v1/characters', { key: account.live })).json().data;
  t.deepEqual(
    list.map((c: { name: string }) => c.name),
    ['Edge'],
  );
});

test('a NUL in a path id is a 400 on every :id route, and in a query string on every list and on analytics', async (t) => {
  const idRoutes = service.app.routeTable.filter((r) => r.url.includes('/:'));
  t.true(idRoutes.length >= 15);
  for (const route of idRoutes) {
    const url = route.url.replace(/:(\w+)/g, 'x_%00');
    const res = await call(service.app, route.method, url, { key: account.live, ...(route.method === 'GET' ? {} : { body: {} }) });
    refused(t, res, /^params\/\w+ contains a NUL/, `${route.method} ${route.url}`);
  }
  for (const list of ['/api/v1/characters', '/api/v1/webhooks', '/api/v1/admin/keys', '/api/v1/sessions', '/api/v1/developer-sessions']) {
    const res = await call(service.app, 'GET', `${list}?starting_after=chr_%00`, { key: account.live });
    refused(t, res, /querystring\/starting_after/, list);
  }
  refused(t, await call(service.app, 'GET', '/api/v1/analytics?keyId=key_%00', { key: account.live }), /querystring\/keyId/, 'analytics');
});

test('an empty string where an id is expected is a 400, never "absent"', async (t) => {
  refused(t, await post('/api/v1/admin/keys', { name: 'x', organizationId: '' }), /organizationId/, 'keys organizationId');
  refused(t, await post('/api/v1/avatars', { characterId: '' }), /characterId/, 'avatars characterId');
  refused(t, await post('/api/v1/sessions/token', { sessionId: '' }), /sessionId/, 'token sessionId');
  refused(t, await call(service.app, 'GET', '/api/v1/characters?starting_after=', { key: account.live }), /starting_after/, 'cursor');
  refused(t, await call(service.app, 'GET', '/api/v1/analytics?keyId=', { key: account.live }), /keyId/, 'analytics keyId');
});

test('an unknown query parameter is a 400 on every route: ?dryrun=true (lower case) does not erase the account', async (t) => {
  const victim = await createAccount(service);
  const res = await call(service.app, 'DELETE', '/api/v1/user/account?dryrun=true', { key: victim.live });
  refused(t, res, /unknown parameter "dryrun"/, 'erasure typo');
  t.is((await call(service.app, 'GET', '/api/v1/user', { key: victim.live })).statusCode, 200, 'the account is still there');

  // Every route: a 400. Routes that need a body check it first (Fastify validates the body before
  // the query string), so those are sent without one and answer 400 either way.
  for (const route of service.app.routeTable) {
    const url = `${concrete(route.url)}?surprise=1`;
    const res = await call(service.app, route.method, url, { key: account.test });
    const field = route.method === 'POST' || route.method === 'PATCH' ? /surprise|body/ : /unknown parameter "surprise"/;
    refused(t, res, field, `${route.method} ${route.url}`);
  }
  // A write with a valid body and an unknown parameter changes nothing.
  const before = (await call(service.app, 'GET', '/api/v1/characters', { key: account.test })).json().data.length;
  refused(
    t,
    await call(service.app, 'POST', '/api/v1/characters?dry_run=1', { key: account.test, body: { name: 'Q' } }),
    /dry_run/,
    'POST',
  );
  t.is((await call(service.app, 'GET', '/api/v1/characters', { key: account.test })).json().data.length, before);
  refused(t, await call(service.app, 'GET', '/health?probe=x'), /probe/, 'health probe');
});

test('framework errors are in the envelope: over-long path parameter 414, bad percent-encoding 400', async (t) => {
  const long = await call(service.app, 'GET', `/api/v1/characters/${'a'.repeat(150)}`, { key: account.live });
  t.is(long.statusCode, 414);
  t.is(envelopeOf(long).code, 'COMPANION_ERR_REQUEST_URI_TOO_LONG');
  t.truthy(long.headers['x-request-id']);
  const bad = await call(service.app, 'GET', '/api/v1/characters/%E0%A4%A', { key: account.live });
  t.is(bad.statusCode, 400);
  t.is(envelopeOf(bad).code, 'COMPANION_ERR_REQUEST_INVALID');
});

test('an OPTIONS request that is not a CORS preflight answers 400 in the envelope; a real preflight still works', async (t) => {
  const res = await call(service.app, 'OPTIONS', '/api/v1/user');
  t.is(res.statusCode, 400);
  t.regex(String(res.headers['content-type']), /application\/json/);
  t.regex(envelopeOf(res).message, /preflight/);
  const preflight = await call(service.app, 'OPTIONS', '/api/v1/user', {
    headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
  });
  t.is(preflight.statusCode, 204);
});

/** Sends raw bytes to the listening service and reads the whole answer. */
function raw(request: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', (err) => (answer ? resolve(answer) : reject(err)));
    socket.write(request);
  });
}

function parseRaw(answer: string): { status: number; contentType: string; body: { success: boolean; error: Record<string, unknown> } } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]);
  const contentType = /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '';
  return { status, contentType, body: JSON.parse(body) };
}

test('headers over the HTTP parser limit answer 431 in the envelope, malformed HTTP 400', async (t) => {
  const big = parseRaw(await raw(`GET /api/v1/user HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
  t.is(big.status, 431);
  t.regex(big.contentType, /application\/json/);
  t.false(big.body.success);
  t.is(big.body.error.statusCode, 431);
  t.is(big.body.error.code, 'COMPANION_ERR_REQUEST_HEADERS_TOO_LARGE');
  t.false(Number.isNaN(Date.parse(String(big.body.error.timestamp))));
  const garbage = parseRaw(await raw('NOT HTTP AT ALL\r\n\r\n'));
  t.is(garbage.status, 400);
  t.is(garbage.body.error.code, 'COMPANION_ERR_REQUEST_INVALID');
});

test('the OpenAPI document declares what the edge and the framework answer, and bodies routes read themselves', async (t) => {
  const doc = (await call(service.app, 'GET', '/api/v1/openapi.json')).json();
  t.is(doc.openapi, '3.1.0');
  for (const [path, operations] of Object.entries(
    doc.paths as Record<string, Record<string, { responses: object; requestBody?: object }>>,
  )) {
    for (const [method, op] of Object.entries(operations)) {
      const statuses = Object.keys(op.responses);
      t.true(statuses.includes('400'), `${method} ${path} declares 400`);
      t.true(statuses.includes('503'), `${method} ${path} declares 503 (a dependency down, shutting down)`);
      t.true(statuses.includes('431'), `${method} ${path} declares 431 (headers over the HTTP parser's limit)`);
      if (path.includes('{')) t.true(statuses.includes('414'), `${method} ${path} declares 414`);
      if (
        op.requestBody &&
        (op.requestBody as { content: object }).content &&
        'application/json' in (op.requestBody as { content: object }).content
      ) {
        t.true(statuses.includes('413') && statuses.includes('415'), `${method} ${path} declares 413 and 415`);
      }
    }
  }
  t.truthy(doc.paths['/api/v1/openapi.json'].get.responses['200'].content['application/json'].schema);
  t.false(doc.paths['/api/v1/webhooks/{id}/test'].post.requestBody.required, 'the test delivery body is optional');
  for (const path of ['/api/v1/speech-to-text', '/api/v1/speech-to-text/stream']) {
    const content = doc.paths[path].post.requestBody.content;
    t.deepEqual(Object.keys(content).sort(), ['application/octet-stream', 'audio/*', 'multipart/form-data'], path);
  }
});

test('every request body in the OpenAPI document has an example, valid for its schema as the server validates it', async (t) => {
  const doc = (await call(service.app, 'GET', '/api/v1/openapi.json')).json();
  const compile = createValidatorCompiler();
  let bodies = 0;
  for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, { requestBody?: { content: object } }>>)) {
    for (const [method, op] of Object.entries(operations)) {
      if (!op.requestBody) continue;
      for (const [type, media] of Object.entries(op.requestBody.content as Record<string, Record<string, unknown>>)) {
        bodies += 1;
        const label = `${method} ${path} ${type}`;
        const examples =
          media.example !== undefined
            ? [media.example]
            : Object.values((media.examples ?? {}) as Record<string, { value: unknown }>).map((e) => e.value);
        t.true(examples.length > 0, `${label} has an example`);
        const validate = compile({ schema: media.schema as object, httpPart: 'body', method, url: path } as never) as ((
          v: unknown,
        ) => boolean) & {
          errors?: unknown;
        };
        for (const example of examples) t.true(validate(structuredClone(example)), `${label}: ${JSON.stringify(validate.errors)}`);
      }
    }
  }
  t.true(bodies >= 25, `${bodies} request bodies`);
});

test('the OpenAPI document states the rules the server enforces: webhook URLs, voice ids, time zones, the analytics range', async (t) => {
  const doc = (await call(service.app, 'GET', '/api/v1/openapi.json')).json();
  const body = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
  const url = body('/api/v1/webhooks', 'post').properties.url;
  t.is(url.format, 'uri');
  t.truthy(url.pattern);
  t.is(body('/api/v1/webhooks/{id}', 'patch').properties.url.pattern, url.pattern);
  const voice = new RegExp(body('/api/v1/text-to-speech', 'post').properties.voiceId.pattern);
  for (const id of ['en-US-slt', 'vce_abc123']) t.true(voice.test(id), id);
  for (const id of ['xx-nope', 'vce_', 'en-US-slt ']) t.false(voice.test(id), id);
  t.is(body('/api/v1/characters', 'post').properties.voiceId.pattern, voice.source);
  t.deepEqual(body('/api/v1/demo/tts', 'post').properties.voiceId.enum.sort(), ['en-GB-alan', 'en-US-joe', 'en-US-slt']);
  t.is(body('/api/v1/user', 'patch').properties.settings.properties.timezone.format, 'time-zone');
  t.regex(doc.paths['/api/v1/analytics'].get.description, /93 days/);
  t.false(doc.paths['/api/v1/avatars/{id}/viewer-token'].post.requestBody.required, 'the viewer-token body is optional');
  t.deepEqual(Object.keys(doc.paths['/api/v1/voices'].post.requestBody.content).sort(), [
    'application/json',
    'application/octet-stream',
    'audio/*',
    'multipart/form-data',
  ]);

  // And the server holds to them: a malformed voice id or URL answers the route's own code.
  const tts = await post('/api/v1/text-to-speech', { text: 'Hi.', voiceId: 'en-US-slt;' });
  t.is(tts.statusCode, 400);
  t.is(envelopeOf(tts).code, 'COMPANION_ERR_SPEECH_VOICE');
  const hook = await post('/api/v1/webhooks', { url: 'gopher://example.com/x', events: ['character.created'] });
  t.is(hook.statusCode, 400);
  t.is(envelopeOf(hook).code, 'COMPANION_ERR_WEBHOOK_URL');
  const tz = await call(service.app, 'PATCH', '/api/v1/user', { key: account.live, body: { settings: { timezone: 'Mars/Olympus' } } });
  t.is(tz.statusCode, 400);
  t.regex(envelopeOf(tz).message, /timezone/);
});
