/**
 * The SSRF guard of every outbound fetch (runtime/webhooks/url-guard.ts): every connection is
 * checked whatever the URL's form, IP literals and IPv6 spellings of IPv4 addresses included
 * (issue 12, item 8); addresses that are not globally reachable and this host's own addresses are
 * refused, for webhooks and voice samples alike (issue 26, item 1).
 */
import test from 'ava';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import {
  checkWebhookUrl,
  classifyAddress,
  embeddedIpv4,
  guardedConnector,
  refusedAddress,
  UrlRefused,
} from '../../runtime/webhooks/url-guard.js';
import { SampleFetcher, SampleFetchFailed } from '../../runtime/voices/sample-fetcher.js';

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

/** One address from each special-purpose range issue 26 found accepted. */
const SPECIAL_PURPOSE = [
  '192.0.2.1', // TEST-NET-1
  '198.51.100.7', // TEST-NET-2
  '203.0.113.9', // TEST-NET-3
  '192.88.99.1', // 6to4 relay anycast (deprecated)
  '2001:db8::1', // IPv6 documentation
  'fec0::1', // IPv6 site-local (deprecated)
  '::ffff:0:127.0.0.1', // IPv4-translated
];

/** This host's addresses other than loopback, as the test machine has them now. */
function ownAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((info) => info && !info.internal)
    .map((info) => info!.address);
}

const everything = { allowLoopback: true, allowPrivate: true };

test('addresses in special-purpose ranges are not globally reachable, and refused whatever the operator allows', (t) => {
  for (const address of SPECIAL_PURPOSE) {
    t.is(classifyAddress(address, new Set())?.kind, 'special', address);
    t.regex(refusedAddress(address, everything, new Set()) ?? '', /not globally reachable/, address);
  }
  // A few more of the IANA registries', and IPv6 outside the global unicast block.
  for (const address of ['198.18.0.1', '255.255.255.255', '240.0.0.1', '100::1', '2001:2::1', '3fff::1', '4000::1', '64:ff9b:1::1']) {
    t.regex(refusedAddress(address, everything, new Set()) ?? '', /not globally reachable/, address);
  }
  for (const address of ['93.184.216.34', '2606:4700::1111', '::ffff:93.184.216.34', '64:ff9b::5db8:d822']) {
    t.is(classifyAddress(address, new Set())?.kind, 'global', address);
  }
});

test('an address of this host is refused unless the operator allows this host, whatever its range', (t) => {
  // Judged by the list of own addresses, even a globally reachable one (a host with a public address).
  t.deepEqual(classifyAddress('93.184.216.34', new Set(['93.184.216.34'])), { kind: 'this-host' });
  t.deepEqual(classifyAddress('::ffff:93.184.216.34', new Set(['93.184.216.34'])), { kind: 'this-host' });
  t.regex(refusedAddress('93.184.216.34', { allowLoopback: false, allowPrivate: true }, new Set(['93.184.216.34'])) ?? '', /this host/);
  t.is(refusedAddress('93.184.216.34', { allowLoopback: true, allowPrivate: false }, new Set(['93.184.216.34'])), null);

  // The machine's own addresses, discovered now (private ones too, with private ranges allowed).
  const own = ownAddresses();
  t.true(own.length > 0, 'the test machine has a non-loopback address');
  for (const address of own) {
    t.regex(refusedAddress(address, { allowLoopback: false, allowPrivate: true }) ?? '', /address of this host/, address);
    t.is(refusedAddress(address, { allowLoopback: true, allowPrivate: false }), null, address);
  }
});

test('at connection time an address of this host is refused for webhooks and samples alike', async (t) => {
  const [address] = ownAddresses().filter((a) => a.includes('.'));
  t.truthy(address, 'the test machine has a non-loopback IPv4 address');
  let received = 0;
  const server = http.createServer((_req, res) => {
    received += 1;
    res.writeHead(200, { 'content-type': 'audio/wav' }).end('RIFF....WAVEfmt ');
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  t.teardown(() => server.close());
  const url = `http://${address}:${(server.address() as AddressInfo).port}/x`;
  const policy = { allowLoopback: false, allowPrivate: true };

  const agent = new Agent({ connect: guardedConnector(policy, 2000) });
  t.teardown(() => agent.close());
  const err = await t.throwsAsync(request(url, { method: 'POST', body: '{}', dispatcher: agent }));
  t.regex(String(err?.message), /refused: .*address of this host/);

  const fetcher = new SampleFetcher({ policy, maxBytes: 1024, timeoutMs: 2000, userAgent: 'test' });
  t.teardown(() => fetcher.close());
  const failed = await t.throwsAsync(fetcher.fetch(url), { instanceOf: SampleFetchFailed });
  t.is((failed as SampleFetchFailed).code, 'sample_refused');
  t.regex(failed!.message, /address of this host/);
  t.is(received, 0, 'nothing reached the listener');
});

test('a sample fetch is bounded as a whole: a server that stalls after its headers fails it once, for good', async (t) => {
  let requests = 0;
  const server = http.createServer((_req, res) => {
    requests += 1;
    res.writeHead(200, { 'content-type': 'audio/wav' });
    res.write('RIFF'); // and then nothing
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  const fetcher = new SampleFetcher({ policy: everything, maxBytes: 1024 * 1024, timeoutMs: 800, userAgent: 'test' });
  t.teardown(() => fetcher.close());
  const failed = (await t.throwsAsync(fetcher.fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/clip.wav`), {
    instanceOf: SampleFetchFailed,
  })) as SampleFetchFailed;
  t.is(failed.code, 'sample_unreachable');
  t.true(failed.permanent, 'not retried: a retry would keep the voice pending for another deadline');
  t.regex(failed.message, /did not send the whole sample within 800 ms/);
  t.notRegex(failed.message, /\(\d+\)/, 'no bare numeric code');
  t.is(requests, 1);
});

test('a sample redirect to a file: URL is refused with a message that says so', async (t) => {
  const server = http.createServer((_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const fetcher = new SampleFetcher({ policy: everything, maxBytes: 1024, timeoutMs: 2000, userAgent: 'test' });
  t.teardown(() => fetcher.close());
  const failed = (await t.throwsAsync(fetcher.fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/clip.wav`), {
    instanceOf: SampleFetchFailed,
  })) as SampleFetchFailed;
  t.is(failed.code, 'sample_refused');
  t.is(failed.message, 'the sample URL redirects to a file: URL, which is refused: only http and https URLs are fetched');
});
