/**
 * Soak: one node under mixed traffic for a while, to show what grows. On its own embedded stack
 * (.data/bench-soak), with the default reply engine and voices:
 *   - API calls (characters, voices, health, usage) a few times a second;
 *   - text sessions: created, a few chat turns (some streamed), ended;
 *   - realtime sessions: created, watched by a headless Chromium viewer, a turn spoken, ended;
 *   - voice-clone jobs from an uploaded sample, deleted again;
 *   - webhook deliveries of every event to a local receiver.
 * It prints, at the start, every minute and at the end: the service's RSS and heap, open file
 * descriptors, child processes (ffmpeg encoders, model servers), mediasoup rooms, transports and
 * consumers, PostgreSQL connections and Redis keys. A leak shows as growth between start and end.
 *
 *   npm run bench -- soak [--minutes 10]
 */
import fs from 'node:fs';
import http from 'node:http';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import { freshBenchDataDir, inProcessBenchConfig } from './bench-servers.js';
import { createLogger } from '../../runtime/logger.js';
import { startService, type RunningService } from '../../http/server/start-service.js';
import { createUser } from '../../runtime/accounts/users.js';
import { SCOPES } from '../../runtime/accounts/scopes.js';
import { EVENT_TYPES } from '../../runtime/events/event-types.js';
import { launchChromium } from '../helpers/browser.js';

const out = (line: string) => process.stdout.write(`${line}\n`);

interface Figures {
  atS: number;
  rssMb: number;
  heapMb: number;
  fds: number;
  /** Descendant processes by command name: how many, and their RSS together. */
  children: Record<string, { count: number; rssMb: number }>;
  rooms: number;
  transports: number;
  consumers: number;
  /** Routers, and all live objects, as the mediasoup workers count them: a room closed here but not in the worker shows there. */
  workerRouters: number;
  workerObjects: number;
  workerRssMb: number;
  pgConnections: number;
  redisKeys: number;
  /** Redis keys by kind (the key up to its id), with the longest time to live among them (-1: none). */
  redisKinds: Record<string, { count: number; maxTtlS: number }>;
}

function rssMbOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Descendant processes of this process, counted by command name, with their RSS. */
function childProcesses(): Figures['children'] {
  const counts: Figures['children'] = {};
  const ps = execFileSync('ps', ['-eo', 'pid=,ppid=,comm=']).toString();
  const rows = ps
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .map(([pid, ppid, comm]) => ({ pid: Number(pid), ppid: Number(ppid), comm: comm ?? '?' }));
  const mine = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows)
      if (mine.has(r.ppid) && !mine.has(r.pid) && !(r.comm === 'ps' && r.ppid === process.pid)) {
        mine.add(r.pid);
        const entry = (counts[r.comm] ??= { count: 0, rssMb: 0 });
        entry.count++;
        entry.rssMb += rssMbOf(r.pid);
        grew = true;
      }
  }
  return counts;
}

/** What the mediasoup workers themselves hold: routers, and every live object (routers, transports, producers, consumers). */
async function workerCounts(service: RunningService): Promise<{ routers: number; objects: number; rssMb: number }> {
  let routers = 0;
  let objects = 0;
  let rssMb = 0;
  for (const worker of service.services.media?.pool.live ?? []) {
    const dump = await worker.dump();
    routers += dump.routerIds.length;
    objects += dump.channelMessageHandlers.channelRequestHandlers.length;
    rssMb += rssMbOf(worker.pid);
  }
  return { routers, objects, rssMb };
}

async function redisKinds(service: RunningService): Promise<Figures['redisKinds']> {
  const { redis } = service.services;
  const kinds: Figures['redisKinds'] = {};
  for (const key of await redis.keys('*')) {
    // cmp:revoked:tok_… → cmp:revoked; cmp:rl:key_…:29927495 → cmp:rl
    const kind = key.split(':').slice(0, 2).join(':');
    const entry = (kinds[kind] ??= { count: 0, maxTtlS: -1 });
    entry.count++;
    entry.maxTtlS = Math.max(entry.maxTtlS, await redis.ttl(key));
  }
  return kinds;
}

async function figures(service: RunningService, startedAt: number): Promise<Figures> {
  global.gc?.();
  const mem = process.memoryUsage();
  const stats = service.services.media?.stats();
  const worker = await workerCounts(service);
  const em = service.services.orm.em.fork() as EntityManager;
  const pg = (await em
    .getConnection()
    .execute('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()')) as Array<{
    n: number;
  }>;
  return {
    atS: Math.round((Date.now() - startedAt) / 1000),
    rssMb: Math.round(mem.rss / 1048576),
    heapMb: Math.round(mem.heapUsed / 1048576),
    fds: fs.readdirSync('/proc/self/fd').length,
    children: childProcesses(),
    rooms: stats?.rooms ?? 0,
    transports: stats?.transports ?? 0,
    consumers: stats?.consumers ?? 0,
    workerRouters: worker.routers,
    workerObjects: worker.objects,
    workerRssMb: Math.round(worker.rssMb),
    pgConnections: pg[0]!.n,
    redisKeys: await service.services.redis.dbsize(),
    redisKinds: await redisKinds(service),
  };
}

function row(f: Figures): string {
  const kids = Object.entries(f.children)
    .sort()
    .map(([k, v]) => `${k}:${v.count}/${Math.round(v.rssMb)}MB`)
    .join(' ');
  return (
    `${String(f.atS).padStart(5)} s  rss ${String(f.rssMb).padStart(4)} MB  heap ${String(f.heapMb).padStart(4)} MB  fds ${String(f.fds).padStart(4)}  ` +
    `rooms ${f.rooms}  transports ${f.transports}  consumers ${f.consumers}  worker routers ${f.workerRouters} objects ${f.workerObjects} rss ${f.workerRssMb} MB  ` +
    `pg ${f.pgConnections}  redis keys ${f.redisKeys}  children ${kids}`
  );
}

export async function runSoak(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(3), strict: false, options: { minutes: { type: 'string', default: '10' } } });
  const minutes = Number(values.minutes);
  const config = inProcessBenchConfig(freshBenchDataDir('bench-soak'), 37000, {
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    SESSION_CAPACITY: '200',
    MEDIA_WORKERS: '1',
  });
  const service = await startService(config, createLogger('warn'));
  const base = service.url!;
  const em = service.services.orm.em.fork() as EntityManager;
  const user = await createUser(em, { email: `soak-${Date.now()}@example.test`, name: 'Soak', plan: 'enterprise' });
  const key = (await service.services.credentials.issueKey(em, { userId: user.id, mode: 'live', name: 'soak', scopes: [...SCOPES] }))
    .secret;

  let delivered = 0;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      delivered++;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const api = async (method: string, route: string, body?: unknown, accept?: string) => {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(accept ? { accept } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, json: text.startsWith('{') ? JSON.parse(text) : text };
  };
  const hook = await api('POST', '/api/v1/webhooks', {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    events: [...EVENT_TYPES],
  });
  if (hook.status !== 201) throw new Error(`could not register the webhook receiver: ${JSON.stringify(hook.json)}`);
  const characterId = (
    await api('POST', '/api/v1/characters', {
      name: 'Mira',
      personality: { description: 'A cheerful lighthouse keeper.', greeting: 'Ahoy! Welcome to my lighthouse.' },
    })
  ).json.data.id as string;

  const startedAt = Date.now();
  const deadline = startedAt + minutes * 60_000;
  const counts = { api: 0, textSessions: 0, realtimeSessions: 0, turns: 0, clones: 0, failures: 0 };
  const cloneSteps: Record<string, number> = {};
  const fail = (what: string, detail: unknown) => {
    counts.failures++;
    if (counts.failures <= 20) out(`# failure: ${what}: ${typeof detail === 'string' ? detail : JSON.stringify(detail).slice(0, 300)}`);
  };
  const first = await figures(service, startedAt);
  const history: Figures[] = [first];
  out(`soak: ${minutes} min of mixed traffic on one node`);
  out(row(first));

  const browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
  const loops = [
    // API calls
    (async () => {
      while (Date.now() < deadline) {
        for (const route of ['/api/v1/characters', '/api/v1/voices', '/health', '/api/v1/usage']) {
          const r = await api('GET', route);
          counts.api++;
          if (r.status >= 500) fail(`GET ${route}`, r.status);
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    })(),
    // text sessions with turns, every other one streamed
    (async () => {
      while (Date.now() < deadline) {
        const s = await api('POST', '/api/v1/avatars', { characterId });
        if (s.status !== 201) {
          fail('create text session', s.json);
          await new Promise((r) => setTimeout(r, 2000));
          continue;
        }
        counts.textSessions++;
        for (let i = 0; i < 3 && Date.now() < deadline; i++) {
          const turn = await api(
            'POST',
            `/api/v1/avatars/${s.json.data.id}/chat`,
            { text: `Tell me about the sea, part ${i}.` },
            i % 2 ? 'text/event-stream' : undefined,
          );
          counts.turns++;
          if (turn.status !== 200) fail('chat', turn.json);
        }
        await api('DELETE', `/api/v1/avatars/${s.json.data.id}`);
      }
    })(),
    // realtime sessions watched in Chromium
    (async () => {
      while (Date.now() < deadline) {
        const s = await api('POST', '/api/v1/avatars', { characterId, realtime: true });
        if (s.status !== 201) {
          fail('create realtime session', s.json);
          await new Promise((r) => setTimeout(r, 5000));
          continue;
        }
        counts.realtimeSessions++;
        const viewer = await api('POST', `/api/v1/avatars/${s.json.data.id}/viewer-token`, {});
        const page = await browser.newPage();
        await page
          .goto(`${base}/view#session=${s.json.data.id}&token=${viewer.json.data.token}`)
          .catch((err: unknown) => fail('viewer page', String(err)));
        await new Promise((r) => setTimeout(r, 5000));
        const turn = await api('POST', `/api/v1/avatars/${s.json.data.id}/chat`, { text: 'What do you see tonight?' });
        if (turn.status !== 200) fail('realtime chat', turn.json);
        await new Promise((r) => setTimeout(r, 5000));
        await api('DELETE', `/api/v1/avatars/${s.json.data.id}`);
        await page.close();
      }
    })(),
    // clone jobs from an uploaded sample, every minute
    (async () => {
      // Three clips of one LibriVox reader, 18 s together: enough speech for a clone that goes
      // through every step (a single 3 s clip fails at once with too_little_speech).
      const samples = ['0870', '0890', '0920'].map((n) =>
        fs.readFileSync(`/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-${n}.wav`),
      );
      while (Date.now() < deadline) {
        const form = new FormData();
        form.set('name', `soak-${counts.clones}`);
        samples.forEach((sample, i) => form.append('file', new Blob([sample], { type: 'audio/wav' }), `sample-${i}.wav`));
        const res = await fetch(`${base}/api/v1/voices`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
        const body = (await res.json()) as { data?: { id: string } };
        if (res.status !== 201 && res.status !== 202) fail('clone', body);
        else counts.clones++;
        await new Promise((r) => setTimeout(r, 60_000));
        if (body.data) {
          // Where the job was when its voice is deleted (a job still refining is cancelled by the delete).
          const voice = await api('GET', `/api/v1/voices/${body.data.id}`);
          const step = String(voice.json?.data?.step ?? voice.status);
          cloneSteps[step] = (cloneSteps[step] ?? 0) + 1;
          await api('DELETE', `/api/v1/voices/${body.data.id}`);
        }
      }
    })(),
    // figures every minute
    (async () => {
      while (Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, Math.min(60_000, Math.max(0, deadline - Date.now()))));
        const now = await figures(service, startedAt);
        history.push(now);
        out(row(now));
      }
    })(),
  ];
  await Promise.all(loops.map((l) => l.catch((err: unknown) => fail('loop', String(err)))));
  await browser.close();
  await new Promise((r) => setTimeout(r, 10_000)); // sessions and rooms ended, webhooks delivered
  const last = await figures(service, startedAt);
  out(row(last));
  out('');
  out(
    `traffic: ${counts.api} API calls, ${counts.textSessions} text and ${counts.realtimeSessions} realtime sessions, ${counts.turns} chat turns, ${counts.clones} clone jobs, ${delivered} webhook deliveries, ${counts.failures} failures`,
  );
  out(
    `clone jobs a minute after they started: ${Object.entries(cloneSteps)
      .map(([step, n]) => `${n} ${step}`)
      .join(', ')}`,
  );
  out('| | start | end | growth |');
  out('|---|---:|---:|---:|');
  const line = (name: string, a: number, b: number) => out(`| ${name} | ${a} | ${b} | ${b - a >= 0 ? '+' : ''}${b - a} |`);
  line('RSS (MB)', first.rssMb, last.rssMb);
  line('heap used after GC (MB)', first.heapMb, last.heapMb);
  line('open file descriptors', first.fds, last.fds);
  for (const name of [...new Set([...Object.keys(first.children), ...Object.keys(last.children)])].sort()) {
    line(`child processes: ${name}`, first.children[name]?.count ?? 0, last.children[name]?.count ?? 0);
    line(`  their RSS (MB)`, Math.round(first.children[name]?.rssMb ?? 0), Math.round(last.children[name]?.rssMb ?? 0));
  }
  line('mediasoup rooms', first.rooms, last.rooms);
  line('mediasoup transports', first.transports, last.transports);
  line('mediasoup consumers', first.consumers, last.consumers);
  line('mediasoup worker: routers', first.workerRouters, last.workerRouters);
  line('mediasoup worker: live objects', first.workerObjects, last.workerObjects);
  line('mediasoup worker: RSS (MB)', first.workerRssMb, last.workerRssMb);
  line('PostgreSQL connections', first.pgConnections, last.pgConnections);
  line('Redis keys', first.redisKeys, last.redisKeys);
  for (const kind of [...new Set([...Object.keys(first.redisKinds), ...Object.keys(last.redisKinds)])].sort())
    line(
      `  ${kind} (longest TTL at the end: ${last.redisKinds[kind]?.maxTtlS ?? '-'} s)`,
      first.redisKinds[kind]?.count ?? 0,
      last.redisKinds[kind]?.count ?? 0,
    );
  memoryInLastHalf(history);
  receiver.close();
  await service.close();
}

/** Least-squares slope of `ys` over `xs` (per unit of x). */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  const num = xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0);
  const den = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/**
 * Every process's memory in the second half of the run, when caches and pools have filled: its
 * RSS at the half and at the end, and the trend over the half's minute samples (MB a minute). A
 * leak keeps growing there; a process that only warmed up is flat.
 */
function memoryInLastHalf(history: Figures[]): void {
  const end = history.at(-1)!.atS;
  const half = history.filter((f) => f.atS >= end / 2);
  if (half.length < 3) return;
  const minutes = half.map((f) => f.atS / 60);
  out('');
  out(`memory in the last half (${Math.round((end - half[0]!.atS) / 60)} min, ${half.length} samples):`);
  out('| process | RSS at the half (MB) | at the end (MB) | trend (MB/min) |');
  out('|---|---:|---:|---:|');
  const series = (name: string, values: number[]) =>
    out(`| ${name} | ${Math.round(values[0]!)} | ${Math.round(values.at(-1)!)} | ${slope(minutes, values).toFixed(2)} |`);
  series(
    'service (node)',
    half.map((f) => f.rssMb),
  );
  series(
    'service heap used after GC',
    half.map((f) => f.heapMb),
  );
  series(
    'mediasoup worker',
    half.map((f) => f.workerRssMb),
  );
  const names = [...new Set(half.flatMap((f) => Object.keys(f.children)))].sort();
  for (const name of names)
    series(
      name,
      half.map((f) => f.children[name]?.rssMb ?? 0),
    );
}
