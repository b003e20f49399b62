import test from 'ava';
import { createHmac } from 'node:crypto';
import { signWebhookPayload, verifyWebhookSignature } from '../../runtime/webhooks/signature.js';

const secret = 'whsec_test';
const body = '{"id":"evt_1","type":"character.created"}';
const now = 1_800_000_000;

test('the header is t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">', (t) => {
  const expected = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
  t.is(signWebhookPayload(secret, body, now), `t=${now},v1=${expected}`);
});

test('the receiver helper accepts a fresh, correct signature', (t) => {
  const header = signWebhookPayload(secret, body, now);
  t.deepEqual(verifyWebhookSignature(secret, body, header, now + 10), { ok: true, timestamp: now });
  t.true(verifyWebhookSignature(secret, Buffer.from(body), header, now).ok);
});

test('the receiver helper rejects a timestamp 300 s or more away from now', (t) => {
  const header = signWebhookPayload(secret, body, now);
  t.true(verifyWebhookSignature(secret, body, header, now + 299).ok);
  t.false(verifyWebhookSignature(secret, body, header, now + 300).ok);
  t.false(verifyWebhookSignature(secret, body, header, now - 300).ok);
});

test('the receiver helper rejects a changed body, a wrong secret and malformed headers', (t) => {
  const header = signWebhookPayload(secret, body, now);
  t.false(verifyWebhookSignature(secret, `${body} `, header, now).ok);
  t.false(verifyWebhookSignature('whsec_other', body, header, now).ok);
  for (const bad of [undefined, '', 'v1=abc', `t=${now}`, `t=abc,v1=${'0'.repeat(64)}`, `t=${now},v1=ZZ`, 'garbage']) {
    t.false(verifyWebhookSignature(secret, body, bad, now).ok, String(bad));
  }
});

test('any one of several v1 signatures may match (secret rollover on the receiver side)', (t) => {
  const good = signWebhookPayload(secret, body, now).split(',')[1]!;
  t.true(verifyWebhookSignature(secret, body, `t=${now},v1=${'0'.repeat(64)},${good}`, now).ok);
});
