/**
 * The embedded TURN server (coturn, from Debian), for viewers whose network lets no direct path
 * reach the SFU: it relays their media over UDP, TCP or TLS from one port they can reach.
 *
 * Unlike the other embedded servers it listens where browsers reach it: the WebRTC address
 * (RTC_LISTEN_IP), on the stack block's port + 478, and on TURN_TLS_PORT with the service's own
 * certificate. A TURN server is an open relay unless told otherwise, so this one relays only to
 * the SFU of its own node: every peer address is denied but the SFU's (its listen address and the
 * address it announces), loopback peers are allowed only where the SFU itself listens on loopback
 * (the default local run), and it makes no TCP allocations (browsers relay over UDP allocations).
 *
 * Credentials are the TURN REST API's (coturn `--use-auth-secret`): the service mints them per
 * viewer from a shared secret (media/rooms/turn-credentials.ts), which coturn reads from a file in
 * the data directory, mode 0600, so that it never appears on a command line.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { EmbeddedServer } from './embedded-servers.js';
import { stunAnswersBinding } from './probes.js';

export const TURN_PORT_OFFSETS = { turn: 478 } as const;

/** The realm of the embedded server's credentials (any string; the browser echoes it). */
const REALM = 'companion';
/** Allocations one viewer's credentials may hold at once: two transports, each over up to three URLs, twice over. */
const USER_QUOTA = 12;

/** Where the node itself checks that a TURN server answers (/health): a STUN Binding over UDP, or a TCP connection. */
export interface TurnProbe {
  host: string;
  port: number;
  transport: 'udp' | 'tcp';
}

/** What a node gives viewers to reach a TURN server: its URIs and the secret their credentials derive from. */
export interface TurnAccess {
  urls: string[];
  secret: string;
  probe: TurnProbe;
}

/** The probe of an external server: its first URI (RFC 7065: turn: is UDP and port 3478 unless it says, turns: TCP and 5349). */
export function probeOfUrl(url: string): TurnProbe {
  const m = /^(turns?):(\[[^\]]+\]|[^:?]+)(?::(\d+))?(?:\?transport=(udp|tcp))?$/.exec(url);
  if (!m) throw new Error(`not a TURN URI: ${url}`);
  const [, scheme, host, port, transport] = m;
  const tls = scheme === 'turns';
  return {
    host: host!.replace(/^\[|\]$/g, ''),
    port: port ? Number(port) : tls ? 5349 : 3478,
    transport: tls || transport === 'tcp' ? 'tcp' : 'udp',
  };
}

export interface TurnServerOptions {
  dataDir: string;
  portBase: number;
  secret: string;
  /** The SFU's listen address (RTC_LISTEN_IP) and announced address (RTC_ANNOUNCED_ADDRESS, an IP or a name). */
  listenIp: string;
  announcedAddress: string | undefined;
  relayPorts: { min: number; max: number };
  /** turns: on this port with this certificate and key (PEM files). */
  tls?: { port: number; certFile: string; keyFile: string } | undefined;
}

/** TURN_SECRET, else `<dataDir>/turn.secret`, generated once (mode 0600). */
export function turnSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'turn.secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err; // another process won the race
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
}

const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.');
const isUnspecified = (ip: string) => ip === '0.0.0.0' || ip === '::';
const hostOf = (address: string) => (net.isIPv6(address) ? `[${address}]` : address);

/** Whether coturn is installed (scripts/setup.sh installs Debian's). */
function coturnInstalled(): boolean {
  try {
    execFileSync('turnserver', ['--version'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

/** The addresses the SFU is reached at: the only peers this TURN server relays to. */
async function sfuAddresses(listenIp: string, announcedAddress: string | undefined): Promise<string[]> {
  const addresses = new Set<string>();
  if (!isUnspecified(listenIp)) addresses.add(listenIp);
  if (announcedAddress) {
    // A name is what browsers resolve and relay to; resolved once, at start.
    const resolved = net.isIP(announcedAddress) ? [{ address: announcedAddress }] : await lookup(announcedAddress, { all: true });
    for (const { address } of resolved) addresses.add(address);
  }
  return [...addresses];
}

/** The embedded coturn, the URIs browsers reach it at (`url` is the first) and where the node probes it. */
export function turnServer(options: TurnServerOptions): EmbeddedServer & { urls: string[]; probe: TurnProbe } {
  const { dataDir, portBase, secret, listenIp, announcedAddress, relayPorts, tls } = options;
  const port = portBase + TURN_PORT_OFFSETS.turn;
  const dir = path.join(dataDir, 'turn');
  const configFile = path.join(dir, 'turnserver.conf');
  // Browsers reach it where they reach the SFU; the readiness probe where it listens.
  const host = hostOf(announcedAddress ?? listenIp);
  const probeHost = isUnspecified(listenIp) ? '127.0.0.1' : listenIp;
  const urls = [`turn:${host}:${port}?transport=udp`, `turn:${host}:${port}?transport=tcp`];
  if (tls) urls.push(`turns:${host}:${tls.port}?transport=tcp`);

  const args = [
    '-c',
    configFile,
    ...(isUnspecified(listenIp) ? [] : [`--listening-ip=${listenIp}`, `--relay-ip=${listenIp}`]),
    `--listening-port=${port}`,
    ...(tls ? [`--tls-listening-port=${tls.port}`, `--cert=${tls.certFile}`, `--pkey=${tls.keyFile}`] : ['--no-tls']),
    '--no-dtls',
    `--min-port=${relayPorts.min}`,
    `--max-port=${relayPorts.max}`,
    '--use-auth-secret',
    `--realm=${REALM}`,
    '--fingerprint',
    '--stale-nonce=600',
    `--user-quota=${USER_QUOTA}`,
    '--no-tcp-relay',
    '--no-multicast-peers',
    '--no-cli',
    '--no-rfc5780',
    '--no-stun-backward-compatibility',
    '--no-software-attribute',
    // Its own files under the data directory, its log on stdout (the stack writes logs/turn.log).
    `--userdb=${path.join(dir, 'turndb')}`,
    `--pidfile=${path.join(dir, 'turnserver.pid')}`,
    '--log-file=stdout',
    '--simple-log',
  ];

  const server: EmbeddedServer & { urls: string[]; probe: TurnProbe } = {
    url: urls[0]!,
    urls,
    probe: { host: probeHost, port, transport: 'udp' },
    prepare: async () => {
      if (!coturnInstalled())
        throw new Error('coturn is not installed (no turnserver): run scripts/setup.sh, or set TURN=off or TURN_URLS');
      fs.mkdirSync(dir, { recursive: true });
      // Written at every start: the secret stays off the command line (ps shows command lines).
      fs.writeFileSync(configFile, `static-auth-secret=${secret}\n`, { mode: 0o600 });
      fs.chmodSync(configFile, 0o600);
      const peers = await sfuAddresses(listenIp, announcedAddress);
      if (peers.length === 0)
        throw new Error('the TURN server needs an address to relay to: set RTC_ANNOUNCED_ADDRESS with RTC_LISTEN_IP=0.0.0.0');
      server.spec.args = [
        ...args,
        // Every peer is denied but the SFU's addresses (an allowed address overrides a denied range).
        '--denied-peer-ip=0.0.0.0-255.255.255.255',
        '--denied-peer-ip=::-ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
        ...peers.map((ip) => `--allowed-peer-ip=${ip}`),
        ...(peers.some(isLoopback) ? ['--allow-loopback-peers'] : []),
      ];
    },
    spec: {
      name: 'turn',
      command: 'turnserver',
      args,
      ports: [port, ...(tls ? [tls.port] : [])],
      ready: () => stunAnswersBinding(port, probeHost),
    },
  };
  return server;
}
