/**
 * SSRF guard for webhook URLs. A URL is refused when its host is, or resolves to, an address in
 * a loopback, private, link-local, shared, multicast or reserved range, unless the operator
 * allows loopback (WEBHOOK_ALLOW_LOOPBACK) or private ranges (WEBHOOK_ALLOW_PRIVATE). The check
 * runs at registration and again at every connection (DNS can change between the two, and the
 * policy can change with a restart): `guardedConnector` checks the address a hostname resolves to
 * before connecting, an IP literal before connecting, and the socket's actual peer address after,
 * so no form of URL gets around it.
 *
 * IPv6 forms that carry an IPv4 address (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`
 * (deprecated), NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:AABB:CCDD::`) are judged by that IPv4 address,
 * whichever way they are written (`[::127.0.0.1]` and `[::7f00:1]` alike).
 */
import dns from 'node:dns';
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { buildConnector } from 'undici';

export interface UrlPolicy {
  allowLoopback: boolean;
  allowPrivate: boolean;
}

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const privateRanges = new net.BlockList();
for (const [net4, bits] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const) {
  privateRanges.addSubnet(net4, bits, 'ipv4');
}
privateRanges.addSubnet('fc00::', 7, 'ipv6');
privateRanges.addSubnet('fe80::', 10, 'ipv6');

const neverAllowed = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
  ['192.0.0.0', 24],
  ['198.18.0.0', 15],
] as const) {
  neverAllowed.addSubnet(net4, bits, 'ipv4');
}
neverAllowed.addAddress('::', 'ipv6');
neverAllowed.addSubnet('ff00::', 8, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (any valid notation), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!net.isIPv6(address)) return null;
  let text = address.replace(/%.*$/, ''); // zone id
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
export function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(5) && g[5] === 0xffff) return v4(g[6]!, g[7]!); // ::ffff:a.b.c.d (mapped)
  if (zeroUpTo(6) && (g[6] !== 0 || g[7]! > 1)) return v4(g[6]!, g[7]!); // ::a.b.c.d (compatible), not :: or ::1
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4(g[6]!, g[7]!); // NAT64
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!); // 6to4
  return null;
}

/** Why an address may not be called, or null when it may. */
export function refusedAddress(address: string, policy: UrlPolicy): string | null {
  let family: 'ipv4' | 'ipv6' = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  let ip = address;
  const embedded = family === 'ipv6' ? embeddedIpv4(address) : null;
  if (embedded) {
    ip = embedded;
    family = 'ipv4';
  }
  if (!net.isIP(ip)) return `${address} is not an IP address`;
  if (neverAllowed.check(ip, family)) return `${address} is a reserved address`;
  if (loopback.check(ip, family)) return policy.allowLoopback ? null : `${address} is a loopback address`;
  if (privateRanges.check(ip, family)) return policy.allowPrivate ? null : `${address} is in a private or link-local range`;
  return null;
}

export class UrlRefused extends Error {}

/** Parses and checks a webhook URL, resolving its host; throws UrlRefused with the reason. */
export async function checkWebhookUrl(raw: string, policy: UrlPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefused('url is not a valid absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UrlRefused('url must use https or http');
  if (url.username || url.password) throw new UrlRefused('url must not carry credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new UrlRefused(`url host ${host} does not resolve`);
    }
  }
  for (const address of addresses) {
    const reason = refusedAddress(address, policy);
    if (reason) throw new UrlRefused(`url is refused: ${reason}`);
  }
  return url;
}

function refusal(reason: string): Error {
  return Object.assign(new Error(`refused: ${reason}`), { code: 'ECONNREFUSED' });
}

/** A DNS lookup that fails when any address the name resolves to is refused. */
export function guardedLookup(policy: UrlPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      for (const { address } of list) {
        const reason = refusedAddress(address, policy);
        if (reason) return callback(refusal(reason), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * An undici connector that checks every outbound connection against the policy: an IP literal
 * host before connecting (Node does not call `lookup` for those), a hostname through
 * `guardedLookup`, and in every case the connected socket's peer address before any byte is sent.
 */
export function guardedConnector(policy: UrlPolicy, timeoutMs: number): buildConnector.connector {
  const connect = buildConnector({ lookup: guardedLookup(policy), timeout: timeoutMs });
  return (options, callback) => {
    const host = options.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host)) {
      const reason = refusedAddress(host, policy);
      if (reason) return callback(refusal(reason), null);
    }
    connect(options, (err, socket) => {
      if (err || !socket) return callback(err ?? refusal('no socket'), null);
      const peer = socket.remoteAddress;
      const reason = peer ? refusedAddress(peer, policy) : 'the peer address is unknown';
      if (reason) {
        socket.destroy();
        return callback(refusal(reason), null);
      }
      callback(null, socket);
    });
  };
}
