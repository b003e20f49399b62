/**
 * Outbound fetches a user can aim (webhook deliveries, voice samples) reach neither this host nor any
 * address that is not globally reachable, at registration and at connection time (issue 26, item 1);
 * a failed fetch says what happened in words (item 6); a sample server that stalls fails the voice
 * once, without retries (item 5). Two nodes with workers of their own: `guarded` with the
 * operator's default policy, `open` with loopback (this host) allowed as the other tests have it.
 */
import test from 'ava';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { call, createAccount, envelopeOf, startTestService, type TestAccount, type TestService } from '../helpers/service.js';

let guarded: TestService;
let open: TestService;
let guardedAccount: TestAccount;
let openAccount: TestAccount;

test.before(async () => {
  guarded = await startTestService({
    WEBHOOK_ALLOW_LOOPBACK: 'false',
    WEBHOOK_ALLOW_PRIVATE: 'false',
    TEMPORAL_TASK_QUEUE: `outbound-guarded-${process.pid}`,
  });
  open = await startTestService({
    TEMPORAL_TASK_QUEUE: `outbound-open-${process.pid}`,
    WEBHOOK_TIMEOUT_MS: '1000',
    VOICE_SAMPLE_FETCH_TIMEOUT_MS: '1000',
  });
  guardedAccount = await createAccount(guarded);
  openAccount = await createAccount(open);
});

test.after.always(async () => {
  await guarded?.close();
  await open?.close();
});

/** The machine's own non-loopback IPv4 address, discovered now. */
function ownAddress(): string {
  const found = Object.values(os.networkInterfaces())
    .flat()
    .find((info) => info && !info.internal && info.family === 'IPv4');
  if (!found) throw new Error('the test machine has no non-loopback IPv4 address');
  return found.address;
}

/** A server on every interface that counts what reaches it and answers `handler`'s way. */
async function listener(handler: http.RequestListener = (_req, res) => res.end('ok')) {
  const state = { n: 0, port: 0, close: () => {} };
  const server = http.createServer((req, res) => {
    state.n += 1;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.close = () => {
    server.closeAllConnections();
    server.close();
  };
  return state;
}

async function firstAttempt(service: TestService, account: TestAccount, webhookId: string) {
  for (let i = 0; i < 300; i++) {
    const [delivery] = (await call(service.app, 'GET', `/api/v1/webhooks/${webhookId}`, { key: account.live })).json().data
      .recentDeliveries;
    if (delivery?.attempts.length) return delivery.attempts[0] as { statusCode: number | null; error: string | null };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no attempt was recorded within 30 s');
}

async function settle(service: TestService, account: TestAccount, id: string) {
  for (let i = 0; i < 1200; i++) {
    const voice = (await call(service.app, 'GET', `/api/v1/voices/${id}`, { key: account.live })).json().data;
    if (voice.status !== 'pending') return voice;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the voice is still pending after 120 s');
}

test('webhook and sample URLs on this host or in special-purpose ranges are refused at registration', async (t) => {
  const own = ownAddress();
  const hosts = [own, '192.0.2.1', '198.51.100.7', '203.0.113.9', '192.88.99.1', '[2001:db8::1]', '[fec0::1]', '[::ffff:0:127.0.0.1]'];
  for (const host of hosts) {
    const url = `http://${host}:8080/hook`;
    const hook = await call(guarded.app, 'POST', '/api/v1/webhooks', {
      key: guardedAccount.live,
      body: { url, events: ['character.created'] },
    });
    t.is(hook.statusCode, 400, `webhook ${url}: ${hook.body}`);
    t.is(envelopeOf(hook).code, 'COMPANION_ERR_WEBHOOK_URL', url);
    t.regex(envelopeOf(hook).message, host === own ? /address of this host/ : /not globally reachable/, url);

    const voice = await call(guarded.app, 'POST', '/api/v1/voices', {
      key: guardedAccount.live,
      body: { name: 'x', samples: [{ url: `http://${host}:8080/clip.wav` }] },
    });
    t.is(voice.statusCode, 400, `sample ${url}: ${voice.body}`);
    t.regex(envelopeOf(voice).message, host === own ? /address of this host/ : /not globally reachable/, url);
  }
  // Changing an endpoint's URL is checked the same way.
  const receiver = await call(open.app, 'POST', '/api/v1/webhooks', {
    key: openAccount.live,
    body: { url: 'http://127.0.0.1:9/hook', events: ['character.created'] },
  });
  const patched = await call(open.app, 'PATCH', `/api/v1/webhooks/${receiver.json().data.id}`, {
    key: openAccount.live,
    body: { url: 'http://[2001:db8::5]/hook' },
  });
  t.is(patched.statusCode, 400, patched.body);
});

test('at connection time: an endpoint on this host, accepted where this host was allowed, gets nothing from a node that refuses it', async (t) => {
  const target = await listener();
  t.teardown(() => target.close());
  // Registered through a node that allows this host (as an endpoint registered before a policy change).
  const account = await createAccount(guarded);
  const url = `http://${ownAddress()}:${target.port}/hook`;
  const registered = await call(open.app, 'POST', '/api/v1/webhooks', { key: account.live, body: { url, events: ['character.created'] } });
  t.is(registered.statusCode, 201, registered.body);
  const id = registered.json().data.id as string;

  // The guarded node sends a test delivery: its worker connects, and refuses the address.
  const sent = await call(guarded.app, 'POST', `/api/v1/webhooks/${id}/test`, { key: account.live, body: {} });
  t.is(sent.statusCode, 202, sent.body);
  const attempt = await firstAttempt(guarded, account, id);
  t.is(attempt.statusCode, null);
  t.regex(attempt.error ?? '', /^the address is refused: .*address of this host$/);
  t.is(target.n, 0, 'nothing reached the listener');
});

test('a timed-out delivery attempt reads as a sentence, without a stray code', async (t) => {
  const silent = await listener(() => undefined); // accepts, never answers
  t.teardown(() => silent.close());
  const hook = await call(open.app, 'POST', '/api/v1/webhooks', {
    key: openAccount.live,
    body: { url: `http://127.0.0.1:${silent.port}/hook`, events: ['character.created'] },
  });
  const id = hook.json().data.id as string;
  await call(open.app, 'POST', `/api/v1/webhooks/${id}/test`, { key: openAccount.live, body: {} });
  const attempt = await firstAttempt(open, openAccount, id);
  t.is(attempt.statusCode, null);
  t.is(attempt.error, 'timed out: the endpoint did not answer within 1000 ms');
  await call(open.app, 'DELETE', `/api/v1/webhooks/${id}`, { key: openAccount.live });
});

test('a sample server that stalls after its headers fails the voice at its deadline, fetched once, not retried', async (t) => {
  const stalling = await listener((_req, res) => {
    res.writeHead(200, { 'content-type': 'audio/wav' });
    res.write('RIFF'); // and then nothing
  });
  t.teardown(() => stalling.close());
  const res = await call(open.app, 'POST', '/api/v1/voices', {
    key: openAccount.live,
    body: { name: 'Stalled', samples: [{ url: `http://127.0.0.1:${stalling.port}/clip.wav` }] },
  });
  t.is(res.statusCode, 202, res.body);
  const voice = await settle(open, openAccount, res.json().data.id);
  t.is(voice.status, 'failed');
  t.is(voice.failureCode, 'sample_unreachable');
  t.regex(voice.failureReason, /did not send the whole sample within 1000 ms/);
  t.is(stalling.n, 1, 'one fetch: a stalled server is not tried again');
});

test('a sample redirected to file:///etc/passwd fails saying a file: URL was refused', async (t) => {
  const redirecting = await listener((_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
  t.teardown(() => redirecting.close());
  const res = await call(open.app, 'POST', '/api/v1/voices', {
    key: openAccount.live,
    body: { name: 'Redirected', samples: [{ url: `http://127.0.0.1:${redirecting.port}/clip.wav` }] },
  });
  const voice = await settle(open, openAccount, res.json().data.id);
  t.is(voice.failureCode, 'sample_refused');
  t.is(voice.failureReason, 'the sample URL redirects to a file: URL, which is refused: only http and https URLs are fetched');
});

test('POST /voices with an unsupported content type answers 415 naming the types it takes', async (t) => {
  const res = await open.app.inject({
    method: 'POST',
    url: '/api/v1/voices',
    payload: 'hello',
    headers: { authorization: `Bearer ${openAccount.live}`, 'content-type': 'text/plain' },
  });
  t.is(res.statusCode, 415);
  const error = envelopeOf(res);
  t.is(error.code, 'COMPANION_ERR_REQUEST_MEDIA_TYPE');
  t.is(
    error.message,
    'unsupported content type text/plain; send application/json, multipart/form-data, audio/* or application/octet-stream',
  );
});
