/**
 * SSRF guard for every outbound fetch a user can point somewhere: webhook deliveries and voice
 * samples. A URL is refused when its host is, or resolves to, an address that is not globally
 * reachable, or an address of this host itself:
 *
 * - the host's own addresses (every interface's, from os.networkInterfaces(), read at each check
 *   since interfaces change) and loopback: refused unless the operator allows this host
 *   (WEBHOOK_ALLOW_LOOPBACK);
 * - private, link-local, shared (CGN) and unique-local ranges: refused unless the operator allows
 *   them (WEBHOOK_ALLOW_PRIVATE);
 * - every other special-purpose range of the IANA IPv4 and IPv6 special-purpose registries
 *   (documentation, benchmarking, reserved, multicast, 6to4 relay, IPv4-translated, discard, …),
 *   as ipaddr.js classifies them, and any IPv6 address outside 2000::/3, the only block IANA
 *   allocates as global unicast (so deprecated site-local fec0::/10 and unallocated space too):
 *   always refused.
 *
 * IPv6 forms that carry an IPv4 address (IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`,
 * 6to4 `2002:AABB:CCDD::`) are judged by that IPv4 address, whichever way they are written.
 *
 * The check runs at registration and again at every connection (DNS can change between the two,
 * and the policy can change with a restart): `guardedConnector` checks the addresses a hostname
 * resolves to right before connecting, an IP literal before connecting, and the socket's actual
 * peer address after, so no form of URL gets around it. Redirects are followed by no caller but
 * the sample fetcher, which checks each target as a new URL.
 */
import dns from 'node:dns';
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import os from 'node:os';
import ipaddr from 'ipaddr.js';
import { buildConnector } from 'undici';

export interface UrlPolicy {
  /** This host: loopback and the addresses of its own interfaces. */
  allowLoopback: boolean;
  allowPrivate: boolean;
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Ranges an operator may allow with WEBHOOK_ALLOW_PRIVATE (ipaddr.js range names). */
const PRIVATE_RANGES = new Set(['private', 'linkLocal', 'carrierGradeNat', 'uniqueLocal']);
/** 2000::/3: IANA's global unicast block; every other IPv6 address is special or unallocated. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

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

function parse(address: string): Address | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''); // brackets, zone id
  if (!net.isIP(bare)) return null;
  try {
    return ipaddr.parse(bare);
  } catch {
    return null;
  }
}

/** Every address of this host's interfaces, normalised (loopback included). */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(os.networkInterfaces())) {
    for (const info of list ?? []) {
      const ip = parse(info.address);
      if (ip) own.add(ip.toNormalizedString());
    }
  }
  return own;
}

export type AddressClass =
  | { kind: 'global' }
  | { kind: 'this-host' }
  | { kind: 'loopback' }
  | { kind: 'private'; range: string }
  | { kind: 'special'; range: string };

/**
 * What an address is, for the guard: global (may be called), this host, loopback, private (the
 * operator may allow those) or special (never). `own` is this host's addresses (normalised).
 */
export function classifyAddress(address: string, own: ReadonlySet<string> = ownAddresses()): AddressClass | null {
  const bare = address.replace(/^\[|\]$/g, '');
  const ip = parse(embeddedIpv4(bare) ?? bare);
  if (!ip) return null;
  const range = ip.range();
  if (range === 'loopback') return { kind: 'loopback' };
  // Before the ranges: an address of this host is refused whatever range it is in.
  if (own.has(ip.toNormalizedString())) return { kind: 'this-host' };
  if (PRIVATE_RANGES.has(range)) return { kind: 'private', range };
  if (range !== 'unicast') return { kind: 'special', range };
  if (ip.kind() === 'ipv6' && !ip.match(GLOBAL_UNICAST_V6)) return { kind: 'special', range: 'outside 2000::/3, the global unicast block' };
  return { kind: 'global' };
}

/** Why an address may not be called, or null when it may. */
export function refusedAddress(address: string, policy: UrlPolicy, own?: ReadonlySet<string>): string | null {
  const found = classifyAddress(address, own);
  if (!found) return `${address} is not an IP address`;
  switch (found.kind) {
    case 'global':
      return null;
    case 'this-host':
      return policy.allowLoopback ? null : `${address} is an address of this host`;
    case 'loopback':
      return policy.allowLoopback ? null : `${address} is a loopback address`;
    case 'private':
      return policy.allowPrivate ? null : `${address} is in a private or link-local range`;
    case 'special':
      return `${address} is a reserved address (${describeRange(found.range)}), not globally reachable`;
  }
}

const RANGE_NAMES: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  reserved: 'documentation, 6to4 relay, benchmarking or IANA-reserved',
  benchmarking: 'benchmarking',
  amt: 'AMT anycast',
  as112: 'AS112 anycast',
  as112v6: 'AS112 anycast',
  rfc6145: 'IPv4-translated',
  rfc6052: 'local-use NAT64',
  ipv4Mapped: 'IPv4-mapped',
  '6to4': '6to4',
  teredo: 'Teredo',
  discard: 'discard-only',
  orchid2: 'ORCHIDv2',
  deprecatedOrchid: 'deprecated ORCHID',
  deprecatedSiteLocal: 'deprecated site-local',
  droneRemoteIdProtocolEntityTags: 'DRIP entity tags',
  segmentRouting: 'segment routing',
};

/** A range's name for a refusal message (ipaddr.js's names, in words). */
function describeRange(range: string): string {
  return RANGE_NAMES[range] ?? range;
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
