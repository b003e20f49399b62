/**
 * Expected refusals are not server errors in the logs (issue 12, item 6): a 501 (a capability not
 * connected) and every 4xx, from whichever layer, are logged at debug or info, never at level 50
 * and never with a stack trace. Only the unexpected (a 500) is an error with its stack. The
 * service's pino output is captured line by line (captureLogs).
 */
import test from 'ava';
import net from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import {
  call,
  captureLogs,
  createAccount,
  startTestService,
  type LogLine,
  type TestAccount,
  type TestService,
} from '../helpers/service.js';

let service: TestService;
let account: TestAccount;
let baseUrl: string;
const { logger, lines } = captureLogs();

// A route that fails as nothing should: the control that an unexpected error is still logged.
const failingRoute: FastifyPluginAsync = async (app) => {
  app.get('/api/v1/__boom', { config: { auth: 'public' } }, async () => {
    throw new Error('an unexpected failure');
  });
};

test.before(async () => {
  service = await startTestService({ BODY_LIMIT_BYTES: '4096' }, logger, { extraRoutes: failingRoute });
  account = await createAccount(service);
  baseUrl = await service.app.listen({ host: '127.0.0.1', port: 0 });
});
test.after.always(async () => {
  await service?.close();
});

/** Sends raw bytes to the listening service and reads the whole answer. */
function raw(request: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', (err) => (answer ? resolve(answer) : reject(err)));
    socket.write(request);
  });
}

test.serial('501 and 4xx answers are logged below warn, without a stack; a 500 is an error with its stack', async (t) => {
  const key = account.live;
  const narrow = (
    await call(service.app, 'POST', '/api/v1/admin/keys', { key, body: { name: 'narrow', scopes: ['characters:read'] } })
  ).json().data.secret as string;
  const webhook = (
    await call(service.app, 'POST', '/api/v1/webhooks', {
      key,
      body: { url: 'http://127.0.0.1:9/hook', events: ['character.created'], enabled: false },
    })
  ).json().data.id as string;
  await call(service.app, 'POST', '/api/v1/characters', { key, body: { name: 'Once' }, headers: { 'idempotency-key': 'log-k' } });
  const before = lines.length;

  const refusals: Array<[number, Promise<{ statusCode: number; headers: Record<string, unknown> }>]> = [
    [501, call(service.app, 'POST', '/api/v1/billing/payment-methods', { key, body: {} })],
    [400, call(service.app, 'POST', '/api/v1/characters', { key, body: { name: 1 } })],
    [400, call(service.app, 'POST', '/api/v1/characters', { key, body: { name: 'a\u0000b' } })],
    [400, call(service.app, 'GET', '/api/v1/characters?surprise=1', { key })],
    [400, call(service.app, 'GET', '/api/v1/characters/%E0%A4%A', { key })],
    [400, call(service.app, 'OPTIONS', '/api/v1/user')],
    [401, call(service.app, 'GET', '/api/v1/user')],
    [401, call(service.app, 'GET', '/api/v1/user', { key: 'sk_live_nope' })],
    [403, call(service.app, 'GET', '/api/v1/webhooks', { key: narrow })],
    [404, call(service.app, 'GET', '/api/v1/nope', { key })],
    [404, call(service.app, 'GET', '/api/v1/characters/chr_missing', { key })],
    [409, call(service.app, 'POST', `/api/v1/webhooks/${webhook}/test`, { key, body: {} })],
    [413, call(service.app, 'POST', '/api/v1/characters', { key, body: { name: 'x'.repeat(8000) } })],
    [414, call(service.app, 'GET', `/api/v1/characters/${'a'.repeat(150)}`, { key })],
    [415, service.app.inject({ method: 'POST', url: '/api/v1/characters', payload: 'x', headers: { authorization: `Bearer ${key}` } })],
    [422, call(service.app, 'POST', '/api/v1/characters', { key, body: { name: 'Twice' }, headers: { 'idempotency-key': 'log-k' } })],
  ];
  const refusedIds = new Set<string>();
  for (const [status, pending] of refusals) {
    const res = await pending;
    t.is(res.statusCode, status);
    refusedIds.add(String(res.headers['x-request-id']));
  }
  t.true((await raw(`GET /api/v1/user HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).startsWith('HTTP/1.1 431'));
  t.true((await raw('NOT HTTP AT ALL\r\n\r\n')).startsWith('HTTP/1.1 400'));

  const boom = await call(service.app, 'GET', '/api/v1/__boom');
  t.is(boom.statusCode, 500);
  const boomId = String(boom.headers['x-request-id']);

  const written = lines.slice(before);
  const ofRefusals = written.filter((line) => refusedIds.has(String(line.reqId)));
  t.true(ofRefusals.length >= refusals.length, 'each refusal left a line (the request line at info, at least)');
  const loud = (line: LogLine) => line.level >= 40 || line.err?.stack !== undefined;
  t.deepEqual(ofRefusals.filter(loud), [], 'refusals are logged at debug or info, with no stack');
  t.deepEqual(
    written.filter((line) => line.level >= 50 && line.reqId !== boomId),
    [],
    'nothing but the unexpected failure is an error, the HTTP parser refusals included',
  );
  const failure = written.filter((line) => line.reqId === boomId && line.level === 50);
  t.is(failure.length, 1, 'the unexpected failure is logged at level 50');
  t.regex(failure[0]?.err?.stack ?? '', /an unexpected failure\n\s+at /, 'with its stack');
});

test.serial('the request line of a 404 names the path asked for, without its query string', async (t) => {
  const key = account.live;
  const asked = [
    ['/favicon.ico', '/favicon.ico'], // no route: its template is none
    ['/api/v1/nope?token=secret', '/api/v1/nope'],
    ['/api/v1/characters/chr_missing', '/api/v1/characters/chr_missing'], // a route: its template names no id
  ] as const;
  for (const [url, path] of asked) {
    const res = await call(service.app, 'GET', url, { key });
    t.is(res.statusCode, 404, url);
    // The line is written once the answer is sent (onResponse): wait for it.
    const ofRequest = () => lines.find((l) => l.reqId === res.headers['x-request-id'] && l.msg === 'request');
    for (let waited = 0; !ofRequest() && waited < 2_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    t.is(ofRequest()?.url, path, url);
  }
});
