/**
 * SSRF guard for webhook URLs. A URL is refused when its host is, or resolves to, an address in
 * a loopback, private, link-local, shared, multicast or reserved range, unless the operator
 * allows loopback (WEBHOOK_ALLOW_LOOPBACK) or private ranges (WEBHOOK_ALLOW_PRIVATE). The check
 * runs at registration and again at every connection (DNS can change between the two).
 */
import dns from 'node:dns';
import { lookup } from 'node:dns/promises';
import net, { type LookupFunction } from 'node:net';

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

/** Why an address may not be called, or null when it may. */
export function refusedAddress(address: string, policy: UrlPolicy): string | null {
  let family: 'ipv4' | 'ipv6' = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  let ip = address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) {
    ip = mapped[1]!;
    family = 'ipv4';
  }
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

/**
 * A DNS lookup for outbound connections that refuses any address the policy refuses, so a host
 * that re-resolves to an internal address after its URL was checked is still refused.
 */
export function guardedLookup(policy: UrlPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      for (const { address } of list) {
        const reason = refusedAddress(address, policy);
        if (reason) return callback(Object.assign(new Error(`refused: ${reason}`), { code: 'ECONNREFUSED' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
