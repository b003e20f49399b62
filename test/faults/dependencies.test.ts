/**
 * Each dependency is killed with kill -9 under a small workload and started again: while it is
 * down clients get enveloped 503s with Retry-After (or a normal answer where the node can serve
 * without it), never a 500 or a hang; health and status say which part is down, without an
 * internal address; once it is back the service answers again by itself. This file runs its own
 * NATS, Redis, PostgreSQL and Temporal (test/helpers/fault-stack.ts) and two in-process nodes:
 * A hosts the session, B reaches it over NATS (and has a dead transcription server and reply engine).
 */
import test from 'ava';
import net from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { call, createAccount, envelopeOf, startTestService, type TestAccount, type TestService } from '../helpers/service.js';
import { FaultStack, timeUntil } from '../helpers/fault-stack.js';
import { Receiver } from '../helpers/receiver.js';

const stack = new FaultStack('faults-deps');
const receiver = new Receiver();
let a: TestService;
let b: TestService;
let account: TestAccount;
let characterId: string;
let session: { id: string; clientToken: string };
/** A port nothing listens on: B's transcription server and reply engine are "dead". */
let deadUrl: string;

const SLOW_ROUTE = '/test/slow';

test.before(async () => {
  await stack.start(['nats', 'redis', 'postgres', 'temporal']);
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  deadUrl = `http://127.0.0.1:${(probe.address() as net.AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));

  const env = {
    ...stack.env(),
    TEMPORAL_TASK_QUEUE: `faults-deps-${process.pid}`,
    STATUS_CACHE_MS: '0',
    WEBHOOK_SWEEP_INTERVAL_MS: '1000',
    CREDENTIAL_CACHE_MS: '600000',
  };
  a = await startTestService({ ...env, COMPANION_ROLE: 'all' }, undefined, {
    extraRoutes: async (app) => {
      app.get(SLOW_ROUTE, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return { slow: true };
      });
    },
  });
  b = await startTestService({
    ...env,
    COMPANION_ROLE: 'api',
    SPEECH_STT_URL: deadUrl,
    REPLY_ENGINE: 'openai',
    REPLY_ENGINE_URL: deadUrl,
  });
  account = await createAccount(a);
  await receiver.start();
  const hook = await call(a.app, 'POST', '/api/v1/webhooks', {
    key: account.live,
    body: { url: receiver.url, events: ['character.created'] },
  });
  if (hook.statusCode !== 201) throw new Error(hook.body);
  const created = await call(a.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Mira' } });
  characterId = created.json().data.id;
  const opened = await call(a.app, 'POST', '/api/v1/avatars', { key: account.live, body: { characterId } });
  if (opened.statusCode !== 201) throw new Error(opened.body);
  session = opened.json().data;
  // B has verified the key once, so its credential cache serves it while PostgreSQL is down.
  await call(b.app, 'GET', '/api/v1/characters', { key: account.live });
});

test.after.always(async () => {
  await b?.close();
  await a?.close();
  await receiver.stop();
  await stack.stop();
});

/** A 503 in the envelope, with Retry-After in the header and the envelope, naming no address. */
function assertRetryable(t: import('ava').ExecutionContext, res: LightMyRequestResponse, code: string): void {
  t.is(res.statusCode, 503, res.body);
  const error = envelopeOf(res) as ReturnType<typeof envelopeOf> & { retryAfterS?: number };
  t.is(error.code, code);
  t.true(Number(res.headers['retry-after']) >= 1, 'Retry-After header');
  t.is(error.retryAfterS, Number(res.headers['retry-after']));
  t.notRegex(res.body, /127\.0\.0\.1|localhost|:\d{4,5}\b/, 'no internal address');
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const out = await work();
  return [out, Date.now() - started];
}

test.serial(
  'Redis down: credentialed routes answer 503 with Retry-After at once, /status says the cache is down; it heals when Redis is back',
  async (t) => {
    await stack.kill('redis');
    const [res, ms] = await timed(() => call(a.app, 'GET', '/api/v1/characters', { key: account.live }));
    assertRetryable(t, res, 'COMPANION_ERR_DEPENDENCY_UNAVAILABLE');
    t.regex(envelopeOf(res).message, /cache/);
    t.true(ms < 5000, `answered in ${ms} ms`);

    const status = await call(a.app, 'GET', '/api/v1/status');
    t.is(status.statusCode, 200, status.body);
    t.is(status.json().data.components.cache, 'down');
    t.is(status.json().data.status, 'degraded');
    const health = await call(a.app, 'GET', '/health');
    t.is(health.json().checks.redis.status, 'down');
    t.notRegex(health.body, /127\.0\.0\.1/);

    await stack.restart('redis');
    const back = await timeUntil(
      async () => (await call(a.app, 'GET', '/api/v1/characters', { key: account.live })).statusCode === 200,
      15_000,
    );
    t.log(`Redis down: 503 in ${ms} ms; 200 again ${back} ms after Redis was back`);
  },
);

test.serial('PostgreSQL down: 503 with Retry-After, /status says the database is down; it heals when PostgreSQL is back', async (t) => {
  await stack.kill('postgres');
  const [res, ms] = await timed(() => call(a.app, 'GET', '/api/v1/characters', { key: account.live }));
  assertRetryable(t, res, 'COMPANION_ERR_DEPENDENCY_UNAVAILABLE');
  t.regex(envelopeOf(res).message, /database/);
  t.true(ms < 5000, `answered in ${ms} ms`);
  const created = await call(a.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Lost?' } });
  assertRetryable(t, created, 'COMPANION_ERR_DEPENDENCY_UNAVAILABLE');
  const status = await call(a.app, 'GET', '/api/v1/status');
  t.is(status.json().data.components.database, 'down');

  await stack.restart('postgres');
  const back = await timeUntil(
    async () => (await call(a.app, 'GET', '/api/v1/characters', { key: account.live })).statusCode === 200,
    20_000,
  );
  t.log(`PostgreSQL down: 503 in ${ms} ms; 200 again ${back} ms after PostgreSQL was back`);
});

test.serial(
  'PostgreSQL killed during synthesis: the call answers 503 rather than 200 with its tts.completed lost; once it is back the event arrives',
  async (t) => {
    const ttsReceiver = new Receiver();
    await ttsReceiver.start();
    t.teardown(() => ttsReceiver.stop());
    const hook = await call(a.app, 'POST', '/api/v1/webhooks', {
      key: account.live,
      body: { url: ttsReceiver.url, events: ['tts.completed'] },
    });
    t.is(hook.statusCode, 201, hook.body);

    // Long enough that PostgreSQL is gone before the synthesis ends and its event is recorded.
    const text =
      'The lighthouse keeper climbed the stairs every evening at dusk. ' +
      'He wound the clockwork, trimmed the wick and polished the great lens until it shone. ' +
      'Ships far out at sea saw the beam sweep across the water and knew where the rocks were. ' +
      'In the morning he wrote the weather in his logbook and slept until noon.';
    const synthesis = call(a.app, 'POST', '/api/v1/text-to-speech', { key: account.live, body: { text, voiceId: 'en-US-slt' } });
    await stack.kill('postgres');
    const res = await synthesis;
    assertRetryable(t, res, 'COMPANION_ERR_DEPENDENCY_UNAVAILABLE');
    t.regex(envelopeOf(res).message, /database/);

    await stack.restart('postgres');
    const again = { text: 'Back again.', voiceId: 'en-US-slt' };
    await timeUntil(
      async () => (await call(a.app, 'POST', '/api/v1/text-to-speech', { key: account.live, body: again })).statusCode === 200,
      20_000,
    );
    const [got] = await ttsReceiver.waitFor((r) => r.length >= 1, 60_000);
    const event = JSON.parse(got!.rawBody);
    t.is(event.type, 'tts.completed');
    t.like(event.data, { voiceId: 'en-US-slt', characters: again.text.length, format: 'wav' });
    // Only the call that answered 200 has an event: the one that failed recorded none.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    t.is(ttsReceiver.received.length, 1);
  },
);

test.serial('NATS down: a session hosted on this node still chats; through another node it answers 503 at once; both heal', async (t) => {
  await stack.kill('nats');
  await new Promise((resolve) => setTimeout(resolve, 200)); // the clients see the socket close
  const local = await call(a.app, 'POST', `/api/v1/avatars/${session.id}/chat`, { key: session.clientToken, body: { text: 'Hello' } });
  t.is(local.statusCode, 200, local.body);

  const [remote, ms] = await timed(() =>
    call(b.app, 'POST', `/api/v1/avatars/${session.id}/chat`, { key: session.clientToken, body: { text: 'Hello?' } }),
  );
  assertRetryable(t, remote, 'COMPANION_ERR_DEPENDENCY_UNAVAILABLE');
  t.regex(envelopeOf(remote).message, /messaging/);
  t.true(ms < 2000, `answered in ${ms} ms`);
  const view = await call(b.app, 'GET', `/api/v1/avatars/${session.id}`, { key: account.live });
  t.is(view.statusCode, 200, 'the record answers for the session meanwhile');
  t.is(view.json().data.state, 'open');
  const [create, createMs] = await timed(() => call(b.app, 'POST', '/api/v1/avatars', { key: account.live, body: { characterId } }));
  assertRetryable(t, create, 'COMPANION_ERR_DEPENDENCY_UNAVAILABLE');
  t.true(createMs < 2000, `create answered in ${createMs} ms`);
  const status = await call(b.app, 'GET', '/api/v1/status');
  t.is(status.json().data.components.messaging, 'down');

  await stack.restart('nats');
  const back = await timeUntil(
    async () =>
      (await call(b.app, 'POST', `/api/v1/avatars/${session.id}/chat`, { key: session.clientToken, body: { text: 'Back?' } }))
        .statusCode === 200,
    20_000,
    250,
  );
  t.log(`NATS down: remote chat 503 in ${ms} ms, create 503 in ${createMs} ms; remote chat 200 again ${back} ms after NATS was back`);
});

test.serial(
  'Temporal down: creating a character is not held up by webhook dispatch, and the delivery arrives once Temporal is back',
  async (t) => {
    const before = receiver.received.length;
    await stack.kill('temporal');
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [res, ms] = await timed(() => call(a.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: `Kept ${i}` } }));
      t.is(res.statusCode, 201, res.body);
      times.push(ms);
    }
    t.true(Math.max(...times) < 2000, `creates took ${times.join(', ')} ms`);
    const status = await call(a.app, 'GET', '/api/v1/status');
    t.is(status.json().data.components.workflows, 'down');

    await stack.restart('temporal');
    const arrived = await timeUntil(async () => receiver.received.length >= before + 3, 90_000, 250);
    const names = receiver.received.slice(before).map((r) => JSON.parse(r.rawBody).data.object.name);
    t.deepEqual(names.sort(), ['Kept 0', 'Kept 1', 'Kept 2']);
    t.log(`Temporal down: POST /characters took ${times.join(', ')} ms; the 3 deliveries arrived ${arrived} ms after Temporal was back`);
  },
);

test.serial('Temporal down: /health and POST /voices answer at once; the clone job starts once Temporal is back', async (t) => {
  // A sample server that answers, with something that is not audio: the job, once it runs, fails.
  const samples = new Receiver();
  await samples.start();
  t.teardown(() => samples.stop());
  await stack.kill('temporal');
  const [health, healthMs] = await timed(() => call(a.app, 'GET', '/health'));
  t.is(health.json().checks.temporal.status, 'down');
  t.true(healthMs < 1000, `/health answered in ${healthMs} ms`);

  const [created, createMs] = await timed(() =>
    call(a.app, 'POST', '/api/v1/voices', { key: account.live, body: { name: 'Queued', samples: [{ url: `${samples.url}/clip.wav` }] } }),
  );
  t.is(created.statusCode, 202, created.body);
  t.like(created.json().data, { status: 'pending', step: 'queued' });
  t.true(createMs < 2000, `POST /voices answered in ${createMs} ms`);
  const id = created.json().data.id as string;

  await stack.restart('temporal');
  const ran = await timeUntil(
    async () => (await call(a.app, 'GET', `/api/v1/voices/${id}`, { key: account.live })).json().data.status === 'failed',
    90_000,
    250,
  );
  const voice = (await call(a.app, 'GET', `/api/v1/voices/${id}`, { key: account.live })).json().data;
  t.is(voice.failureCode, 'sample_not_audio', voice.failureReason);
  t.is(samples.received.length, 1, 'the job fetched the sample once Temporal was back');
  t.log(`Temporal down: /health in ${healthMs} ms, POST /voices in ${createMs} ms; the job ran ${ran} ms after Temporal was back`);
});

test.serial(
  'model servers: health and status report each one (degraded, still ready), reply-engine failures name no address',
  async (t) => {
    // The servers the tests above killed are back, and B's clients have found them again (a gRPC
    // channel reconnects on its own backoff, seconds after Temporal returns): only the model server is down.
    await timeUntil(
      async () =>
        Object.values((await call(b.app, 'GET', '/health')).json().checks as Record<string, { status: string }>).every(
          (c) => c.status === 'up',
        ),
      30_000,
      250,
    );
    const health = await call(b.app, 'GET', '/health');
    const body = health.json();
    t.is(health.statusCode, 200);
    t.is(body.status, 'degraded');
    t.true(body.ready, `a dead model server does not make the node unready: ${health.body}`);
    t.is(body.models.speechTranscription.status, 'down');
    t.is(body.models.speechSynthesis.status, 'up');
    t.notRegex(health.body, /127\.0\.0\.1|:\d{4,5}\b/);
    const status = (await call(b.app, 'GET', '/api/v1/status')).json().data;
    t.is(status.components.speechTranscription, 'down');
    t.is(status.components.speechSynthesis, 'operational');
    t.is(status.status, 'degraded');

    const own = (await call(b.app, 'POST', '/api/v1/avatars', { key: account.live, body: { characterId } })).json().data;
    const chat = await call(b.app, 'POST', `/api/v1/avatars/${own.id}/chat`, { key: own.clientToken, body: { text: 'Hello' } });
    assertRetryable(t, chat, 'COMPANION_ERR_REPLY_ENGINE');
    await call(b.app, 'DELETE', `/api/v1/avatars/${own.id}`, { key: account.live });
  },
);

test.serial('shutdown: a request that arrives on a kept-alive connection while the node stops gets a 503 in the envelope', async (t) => {
  await call(a.app, 'DELETE', `/api/v1/avatars/${session.id}`, { key: account.live });
  const address = await a.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = new URL(address);
  const socket = net.connect(Number(port), '127.0.0.1');
  let raw = '';
  socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  await new Promise((resolve) => socket.once('connect', resolve));
  // The first request is in flight when the node starts to close; the second is sent on the
  // same (kept-alive) connection after that.
  socket.write(`GET ${SLOW_ROUTE} HTTP/1.1\r\nHost: x\r\n\r\n`);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const closed = a.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
  await closed;
  await new Promise((resolve) => setTimeout(resolve, 200));
  socket.destroy();
  const responses = raw.split(/(?=HTTP\/1\.1 )/);
  t.is(responses.length, 2, raw);
  t.regex(responses[0]!, /^HTTP\/1\.1 200/);
  t.regex(responses[1]!, /^HTTP\/1\.1 503/);
  t.regex(responses[1]!, /retry-after: \d+/i);
  t.regex(responses[1]!, /content-type: application\/json/i, 'the 503 says what its body is');
  const body = JSON.parse(responses[1]!.slice(responses[1]!.indexOf('\r\n\r\n') + 4));
  t.is(body.success, false);
  t.is(body.error.code, 'COMPANION_ERR_SHUTTING_DOWN');
  t.is(body.error.statusCode, 503);
});
