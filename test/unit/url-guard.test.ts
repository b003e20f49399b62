/**
 * The webhook SSRF guard (runtime/webhooks/url-guard.ts): every connection is checked whatever the
 * URL's form, IP literals and IPv6 spellings of IPv4 addresses included (issue 12, item 8).
 */
import test from 'ava';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { checkWebhookUrl, embeddedIpv4, guardedConnector, refusedAddress, UrlRefused } from '../../runtime/webhooks/url-guard.js';

const strict = { allowLoopback: false, allowPrivate: false };
const loose = { allowLoopback: true, allowPrivate: false };

test('IPv6 spellings of an IPv4 address are judged by that address', (t) => {
  for (const address of ['::127.0.0.1', '::7f00:1', '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:0001', '64:ff9b::7f00:1']) {
    t.is(embeddedIpv4(address), '127.0.0.1', address);
    t.regex(refusedAddress(address, strict) ?? '', /loopback/, address);
  }
  t.is(embeddedIpv4('2002:0a00:0001::1'), '10.0.0.1');
  t.regex(refusedAddress('2002:0a00:0001::1', strict) ?? '', /private/);
  t.regex(refusedAddress('::ffff:10.1.2.3', strict) ?? '', /private/);
  t.regex(refusedAddress('::ffff:0.0.0.0', loose) ?? '', /reserved/);
  t.regex(refusedAddress('::1', strict) ?? '', /loopback/);
  t.regex(refusedAddress('::', loose) ?? '', /reserved/);
  t.is(refusedAddress('2606:4700::1111', strict), null);
  t.is(refusedAddress('::ffff:93.184.216.34', strict), null);
});

test('registration refuses http://[::127.0.0.1]/ and other loopback spellings when loopback is refused', async (t) => {
  for (const url of ['http://[::127.0.0.1]/', 'http://[::ffff:127.0.0.1]/h', 'http://2130706433/', 'http://0x7f.1/', 'http://127.1/']) {
    await t.throwsAsync(checkWebhookUrl(url, strict), { instanceOf: UrlRefused }, url);
  }
  t.is((await checkWebhookUrl('http://127.0.0.1:1/h', loose)).hostname, '127.0.0.1');
});

test('at connection time an IP literal, a mapped IPv6 literal and a hostname are all refused by policy', async (t) => {
  let received = 0;
  const server = http.createServer((_req, res) => {
    received += 1;
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const { port } = server.address() as AddressInfo;

  // Registered while loopback was allowed: delivered.
  const allowed = new Agent({ connect: guardedConnector(loose, 2000) });
  t.teardown(() => allowed.close());
  const ok = await request(`http://127.0.0.1:${port}/hook`, { method: 'POST', body: '{}', dispatcher: allowed });
  await ok.body.text();
  t.is(ok.statusCode, 200);
  t.is(received, 1);

  // After a restart with loopback refused: the same literal URL, and every other form, is refused.
  const refused = new Agent({ connect: guardedConnector(strict, 2000) });
  t.teardown(() => refused.close());
  for (const url of [`http://127.0.0.1:${port}/hook`, `http://localhost:${port}/hook`, `http://[::ffff:127.0.0.1]:${port}/hook`]) {
    const err = await t.throwsAsync(request(url, { method: 'POST', body: '{}', dispatcher: refused }), undefined, url);
    t.regex(String(err?.message) + String((err as { cause?: Error })?.cause?.message ?? ''), /refused/, url);
  }
  t.is(received, 1, 'nothing reached the receiver after the policy changed');
});
