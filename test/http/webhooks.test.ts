import test from 'ava';
import { call, createAccount, envelopeOf, startTestService, type TestAccount, type TestService } from '../helpers/service.js';
import { Receiver } from '../helpers/receiver.js';
import { specVerify } from '../helpers/spec-verifier.js';

let service: TestService;
let guarded: TestService; // an API node with the operator's default SSRF policy

test.before(async () => {
  service = await startTestService();
  guarded = await startTestService({ COMPANION_ROLE: 'api', WEBHOOK_ALLOW_LOOPBACK: 'false' });
});
test.after.always(async () => {
  await service?.close();
  await guarded?.close();
});

async function register(account: TestAccount, receiver: Receiver, events: string[], key = account.live) {
  const res = await call(service.app, 'POST', '/api/v1/webhooks', { key, body: { url: receiver.url, events } });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as { id: string; secret: string };
}

interface Delivery {
  id: string;
  eventType: string;
  status: string;
  attempts: Array<{ attempt: number; statusCode: number | null; succeeded: boolean; error: string | null; latencyMs: number }>;
}

async function recentDeliveries(account: TestAccount, webhookId: string, key = account.live): Promise<Delivery[]> {
  return (await call(service.app, 'GET', `/api/v1/webhooks/${webhookId}`, { key })).json().data.recentDeliveries;
}

test('create, update and delete of a character arrive as three signed deliveries, listed with their attempts', async (t) => {
  const receiver = new Receiver();
  await receiver.start();
  t.teardown(() => receiver.stop());
  const account = await createAccount(service);
  const hook = await register(account, receiver, ['character.created', 'character.updated', 'character.deleted']);
  t.regex(hook.secret, /^whsec_/);

  const created = await call(service.app, 'POST', '/api/v1/characters', {
    key: account.live,
    body: { name: 'Mira', personality: { description: 'A patient tutor', traits: ['kind'] }, voiceId: 'en-GB-alan' },
  });
  t.is(created.statusCode, 201);
  const id = created.json().data.id as string;
  const patched = await call(service.app, 'PATCH', `/api/v1/characters/${id}`, {
    key: account.live,
    body: { name: 'Mira II', appearance: { hairColor: '#ff0000' }, personality: { traits: ['kind'] } },
  });
  t.is(patched.statusCode, 200);
  t.is(patched.json().data.appearance.hairColor, '#ff0000');
  t.is((await call(service.app, 'DELETE', `/api/v1/characters/${id}`, { key: account.live })).statusCode, 200);

  const received = await receiver.waitFor((r) => r.length >= 3);
  const bodies = received.map((r) => JSON.parse(r.rawBody));
  t.deepEqual(bodies.map((b) => b.type).sort(), ['character.created', 'character.deleted', 'character.updated']);
  for (const r of received) {
    t.true(specVerify(hook.secret, r.rawBody, r.headers['x-service-signature-v2'] as string), 'signature verifies per the spec');
    t.is(r.headers['content-type'], 'application/json');
    t.is(r.headers['x-companion-event-id'], JSON.parse(r.rawBody).id);
  }
  const updated = bodies.find((b) => b.type === 'character.updated');
  // Names of changed fields only: traits did not change, and no value leaks.
  t.deepEqual(updated.data.changedFields, ['name', 'appearance.hairColor']);
  t.false(JSON.stringify(updated).includes('Mira II'));
  t.false(JSON.stringify(updated).includes('#ff0000'));
  t.is(bodies.find((b) => b.type === 'character.created').data.object.name, 'Mira');
  t.true(bodies.every((b) => b.livemode === true && b.object === 'event'));

  // A tampered body or a stale timestamp fails the spec's check.
  t.false(specVerify(hook.secret, `${received[0]!.rawBody} `, received[0]!.headers['x-service-signature-v2'] as string));
  t.false(
    specVerify(
      hook.secret,
      received[0]!.rawBody,
      received[0]!.headers['x-service-signature-v2'] as string,
      Math.floor(Date.now() / 1000) + 300,
    ),
  );

  // The record lists the three deliveries with their successful attempt (status code, latency).
  let deliveries: Delivery[] = [];
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    deliveries = await recentDeliveries(account, hook.id);
    if (deliveries.length === 3 && deliveries.every((d) => d.status === 'succeeded')) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  t.is(deliveries.length, 3);
  for (const d of deliveries) {
    t.is(d.status, 'succeeded');
    t.is(d.attempts.length, 1);
    t.is(d.attempts[0]!.statusCode, 200);
    t.true(d.attempts[0]!.latencyMs >= 0);
  }
  const listed = (await call(service.app, 'GET', '/api/v1/webhooks', { key: account.live })).json().data;
  t.is(listed[0].recentDeliveries.length, 3);
  t.false(JSON.stringify(listed).includes(hook.secret), 'the secret is shown only once');
});

test('a failing receiver is retried with backoff until it answers 2xx, and every attempt is recorded', async (t) => {
  const receiver = new Receiver();
  receiver.respond = (n) => (n <= 2 ? 503 : 200);
  await receiver.start();
  t.teardown(() => receiver.stop());
  const account = await createAccount(service);
  const hook = await register(account, receiver, ['character.created']);
  await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Retry' } });
  const received = await receiver.waitFor((r) => r.length >= 3);
  t.is(new Set(received.map((r) => JSON.parse(r.rawBody).id)).size, 1, 'the same event each time');
  t.true(received[1]!.at - received[0]!.at >= 900, 'waited about a second before the first retry');
  t.deepEqual(
    received.map((r) => r.headers['x-companion-delivery-attempt']),
    ['1', '2', '3'],
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const [delivery] = await recentDeliveries(account, hook.id);
  t.is(delivery!.status, 'succeeded');
  t.deepEqual(
    delivery!.attempts.map((a) => a.statusCode),
    [503, 503, 200],
  );
  t.regex(delivery!.attempts[0]!.error!, /503/);
});

test('a receiver that is down gets the delivery once it is back', async (t) => {
  const receiver = new Receiver();
  await receiver.start();
  const port = receiver.port;
  await receiver.stop(); // connection refused from now on
  const account = await createAccount(service);
  const hook = await register(account, receiver, ['character.created']);
  await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Patience' } });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const back = new Receiver();
  await back.start(port);
  t.teardown(() => back.stop());
  await back.waitFor((r) => r.length >= 1);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const [delivery] = await recentDeliveries(account, hook.id);
  t.is(delivery!.status, 'succeeded');
  t.true(delivery!.attempts.length >= 2);
  t.is(delivery!.attempts[0]!.statusCode, null);
  t.truthy(delivery!.attempts[0]!.error);
  t.is(delivery!.attempts.at(-1)!.statusCode, 200);
});

test("an endpoint's record shows each delivery's status and attempts as of one moment", async (t) => {
  // An attempt is recorded in the same transaction as its delivery's new status; a record read in
  // two statements could show one without the other ('pending' beside an attempt, a CI failure).
  const receiver = new Receiver();
  await receiver.start();
  t.teardown(() => receiver.stop());
  const account = await createAccount(service);
  const hook = await register(account, receiver, ['character.created']);
  await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Snapshot' } });
  await receiver.waitFor((r) => r.length >= 1);
  let [delivery] = await recentDeliveries(account, hook.id);
  for (let i = 0; i < 100 && delivery!.status !== 'succeeded'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    [delivery] = await recentDeliveries(account, hook.id);
  }
  t.is(delivery!.status, 'succeeded');

  // The delivery done, a writer flips it between 'pending' with no attempt and 'retrying' with one,
  // each state in one transaction, while the record is read as fast as it answers.
  const connection = service.services.orm.em.getConnection();
  const id = delivery!.id;
  let writing = true;
  let flips = 0;
  const writer = (async () => {
    while (writing) {
      await connection.transactional(async (trx) => {
        await connection.execute('DELETE FROM webhook_attempts WHERE delivery_id = ?', [id], 'run', trx);
        await connection.execute("UPDATE webhook_deliveries SET status = 'pending', attempts = 0 WHERE id = ?", [id], 'run', trx);
      });
      await connection.transactional(async (trx) => {
        await connection.execute(
          "INSERT INTO webhook_attempts (delivery_id, attempt, at, status_code, latency_ms, error, succeeded) VALUES (?, 1, now(), NULL, 1, 'refused', false)",
          [id],
          'run',
          trx,
        );
        await connection.execute("UPDATE webhook_deliveries SET status = 'retrying', attempts = 1 WHERE id = ?", [id], 'run', trx);
      });
      flips++;
    }
  })();
  const torn: string[] = [];
  for (let read = 0; read < 300; read++) {
    const shown = (await recentDeliveries(account, hook.id)).find((d) => d.id === id)!;
    if ((shown.status === 'pending') !== (shown.attempts.length === 0))
      torn.push(`${shown.status} with ${shown.attempts.length} attempt(s)`);
  }
  writing = false;
  await writer;
  t.true(flips > 10, `the writer flipped the delivery ${flips} times`);
  t.deepEqual(torn, [], 'every record shows a status with its own attempts');
});

test('endpoints receive only the events they subscribe to, of their own mode', async (t) => {
  const receiver = new Receiver();
  await receiver.start();
  t.teardown(() => receiver.stop());
  const account = await createAccount(service);
  await register(account, receiver, ['character.deleted']);
  const testModeReceiver = new Receiver();
  await testModeReceiver.start();
  t.teardown(() => testModeReceiver.stop());
  await register(account, testModeReceiver, ['character.created', 'character.deleted'], account.test);

  const created = await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Filter' } });
  await call(service.app, 'DELETE', `/api/v1/characters/${created.json().data.id}`, { key: account.live });
  await receiver.waitFor((r) => r.length >= 1);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  t.deepEqual(
    receiver.received.map((r) => JSON.parse(r.rawBody).type),
    ['character.deleted'],
  );
  t.is(testModeReceiver.received.length, 0, 'live events never reach a test-mode endpoint');

  await call(service.app, 'POST', '/api/v1/characters', { key: account.test, body: { name: 'Sandbox' } });
  const testEvents = await testModeReceiver.waitFor((r) => r.length >= 1);
  t.is(JSON.parse(testEvents[0]!.rawBody).livemode, false);
});

test('a test delivery reaches the endpoint, signed and marked as a test', async (t) => {
  const receiver = new Receiver();
  await receiver.start();
  t.teardown(() => receiver.stop());
  const account = await createAccount(service);
  const hook = await register(account, receiver, ['tts.completed']);
  const res = await call(service.app, 'POST', `/api/v1/webhooks/${hook.id}/test`, { key: account.live, body: { type: 'session.started' } });
  t.is(res.statusCode, 202);
  t.regex(res.json().data.workflowId, /^webhook-evt_\w+-whk_\w+$/);
  const [got] = await receiver.waitFor((r) => r.length >= 1);
  const body = JSON.parse(got!.rawBody);
  t.is(body.test, true);
  t.is(body.type, 'session.started');
  t.true(specVerify(hook.secret, got!.rawBody, got!.headers['x-service-signature-v2'] as string));
});

test('a rotated secret signs the next deliveries; the old one no longer verifies', async (t) => {
  const receiver = new Receiver();
  await receiver.start();
  t.teardown(() => receiver.stop());
  const account = await createAccount(service);
  const hook = await register(account, receiver, ['character.created']);
  const rotated = await call(service.app, 'POST', `/api/v1/webhooks/${hook.id}/rotate-secret`, { key: account.live });
  const secret = rotated.json().data.secret as string;
  t.not(secret, hook.secret);
  await call(service.app, 'POST', `/api/v1/webhooks/${hook.id}/test`, { key: account.live, body: {} });
  const [got] = await receiver.waitFor((r) => r.length >= 1);
  t.true(specVerify(secret, got!.rawBody, got!.headers['x-service-signature-v2'] as string));
  t.false(specVerify(hook.secret, got!.rawBody, got!.headers['x-service-signature-v2'] as string));
});

test('webhook URLs on loopback, private or reserved addresses are refused unless the operator allows them', async (t) => {
  const account = await createAccount(guarded);
  for (const url of [
    'http://127.0.0.1:8080/x',
    'http://localhost/x',
    'http://[::1]/x',
    'http://10.1.2.3/x',
    'http://192.168.0.10/x',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0/x',
    'ftp://example.com/x',
    'http://user:pw@example.com/x',
  ]) {
    const res = await call(guarded.app, 'POST', '/api/v1/webhooks', { key: account.live, body: { url, events: ['character.created'] } });
    t.is(res.statusCode, 400, url);
    t.is(envelopeOf(res).code, 'COMPANION_ERR_WEBHOOK_URL', url);
  }
  const bad = await call(guarded.app, 'POST', '/api/v1/webhooks', {
    key: account.live,
    body: { url: 'https://example.com/x', events: ['nope.event'] },
  });
  t.is(bad.statusCode, 400);
});

test('characters validate their voice and fields, paginate, and stay within their mode', async (t) => {
  const account = await createAccount(service);
  const badVoice = await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'X', voiceId: 'nobody' } });
  t.is(badVoice.statusCode, 400);
  t.regex(envelopeOf(badVoice).message, /voiceId/);
  const badColor = await call(service.app, 'POST', '/api/v1/characters', {
    key: account.live,
    body: { name: 'X', appearance: { hairColor: 'red' } },
  });
  t.is(badColor.statusCode, 400);
  const created = await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Defaults' } });
  const c = created.json().data;
  t.is(c.voiceId, 'en-US-joe', 'the default voice');
  t.truthy(c.personality.systemPrompt.includes('Defaults'));
  t.is(c.appearance.style, 'realistic');
  t.is((await call(service.app, 'GET', `/api/v1/characters/${c.id}`, { key: account.test })).statusCode, 404);
  for (let i = 0; i < 3; i++) await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: `C${i}` } });
  const page = (await call(service.app, 'GET', '/api/v1/characters', { key: account.live, query: { limit: '3' } })).json();
  t.is(page.data.length, 3);
  t.true(page.has_more);
  const rest = (
    await call(service.app, 'GET', '/api/v1/characters', { key: account.live, query: { limit: '3', starting_after: page.data[2].id } })
  ).json();
  t.deepEqual(
    rest.data.map((x: { name: string }) => x.name),
    ['Defaults'],
  );
  t.false(rest.has_more);
  t.is((await call(service.app, 'PATCH', `/api/v1/characters/${c.id}`, { key: account.live, body: {} })).statusCode, 400);
});
