/**
 * API-overhead benchmark: throughput, latency and CPU per request of an authenticated,
 * rate-limited, usage-recorded GET on the full service against the same handler on a bare Fastify
 * route. Both servers run throughout and are loaded in turn, in several short rounds (bare, full,
 * full with the admission stubbed; the order reversed every other round), so that what else shares
 * the two cores weighs on each alike; the ratio is printed from the medians of the rounds, and from
 * CPU per request, which does not depend on that load at all.
 *
 *   npm run bench -- api-overhead [--rounds 5] [--seconds 5] [--connections 32] [--against <dir>]… [--skip-stubbed]
 *
 * `--against <dir>` (repeatable): also runs the companion of another build (`<dir>/dist`, e.g. a
 * copy of an older commit's `dist/` inside this checkout, so that it finds node_modules) as another
 * node on the same stack, in every round: old and new code in one sitting. Compare those joined
 * nodes with each other (a copy of this build among them): the node that owns the stack is not
 * quite like them (README, API overhead).
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchEnv, commandBenchServer, joinStackEnv, startBenchServer, type BenchServer } from './bench-servers.js';
import { cpuSnapshot, cpuUsedBy, type CpuSnapshot, type CpuUse } from './process-cpu.js';

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** CPU of the loaded server and everything it started (for a companion: every companion node and the stack). */
  server: CpuUse;
  /** CPU of this process: the load generator. */
  clientSeconds: number;
  /** One-minute load average when the round started. */
  load: number;
}

interface Variant {
  name: string;
  server: BenchServer;
  /** Every process tree whose CPU a request of this variant can cost. */
  trees: () => Array<{ pid: number; label: string }>;
  before?: () => Promise<void>;
  after?: () => Promise<void>;
  rounds: Measured[];
}

const PATH = '/api/v1/bench/ping';

function headersOf(server: BenchServer): Record<string, string> {
  return server.key ? { authorization: `Bearer ${server.key}` } : {};
}

function cpuOfTrees(before: CpuSnapshot, after: CpuSnapshot, trees: Array<{ pid: number; label: string }>): CpuUse {
  const byName = new Map<string, number>();
  for (const tree of trees) {
    for (const { name, seconds } of cpuUsedBy(before, after, tree.pid, tree.label).byName)
      byName.set(name, (byName.get(name) ?? 0) + seconds);
  }
  const rows = [...byName].map(([name, seconds]) => ({ name, seconds })).sort((a, b) => b.seconds - a.seconds);
  return { byName: rows, totalSeconds: rows.reduce((sum, r) => sum + r.seconds, 0) };
}

async function measure(variant: Variant, connections: number, seconds: number): Promise<Measured> {
  await variant.before?.();
  const load = os.loadavg()[0]!;
  const before = cpuSnapshot();
  const clientBefore = process.cpuUsage();
  const result = await autocannon({
    url: `${variant.server.url}${PATH}`,
    connections,
    duration: seconds,
    headers: headersOf(variant.server),
  });
  const client = process.cpuUsage(clientBefore);
  const server = cpuOfTrees(before, cpuSnapshot(), variant.trees());
  await variant.after?.();
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors (${variant.name})`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    server,
    clientSeconds: (client.user + client.system) / 1e6,
    load,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** CPU microseconds per request over all rounds: server tree (by process) and load generator. */
function cpuPerRequest(rounds: Measured[]): { tree: number; client: number; byName: Array<[string, number]> } {
  const requests = Math.max(
    rounds.reduce((sum, r) => sum + r.requests, 0),
    1,
  );
  const byName = new Map<string, number>();
  for (const r of rounds) for (const p of r.server.byName) byName.set(p.name, (byName.get(p.name) ?? 0) + p.seconds);
  const us = (s: number) => (s * 1e6) / requests;
  return {
    tree: us(rounds.reduce((sum, r) => sum + r.server.totalSeconds, 0)),
    client: us(rounds.reduce((sum, r) => sum + r.clientSeconds, 0)),
    byName: [...byName].filter(([, s]) => s > 0).map(([name, s]) => [name, us(s)]),
  };
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const fixed = (n: number) => n.toFixed(1);

function roundLine(round: number, v: Variant, r: Measured): string {
  const cpu = cpuPerRequest([r]);
  return (
    `round ${round}  ${v.name.padEnd(30)} ${int(r.rps).padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms` +
    `  CPU ${fixed(cpu.tree).padStart(5)} µs/req + load generator ${fixed(cpu.client)}  (load ${r.load.toFixed(2)})`
  );
}

export async function runApiOverhead(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    strict: false,
    options: {
      rounds: { type: 'string', default: '5' },
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '32' },
      against: { type: 'string', multiple: true },
      'skip-stubbed': { type: 'boolean', default: false },
    },
  });
  const rounds = Number(values.rounds);
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const against = ((values.against ?? []) as string[]).map((dir) => path.resolve(dir));
  const env = benchEnv({ REPLY_ENGINE: 'persona' }); // no language model competing for the 2 cores
  const loadAtStart = os.loadavg();

  const servers: BenchServer[] = [];
  try {
    const bare = await startBenchServer('bare', env);
    servers.push(bare);
    const bareLogged = await startBenchServer('bare-logged', env);
    servers.push(bareLogged);
    const full = await startBenchServer('companion', env);
    servers.push(full);
    const others: Array<{ dir: string; server: BenchServer }> = [];
    for (const dir of against) {
      others.push({ dir, server: await startBenchServer('companion', { ...env, ...joinStackEnv(full.stack!) }, dir) });
      servers.push(others.at(-1)!.server);
    }
    // A request to one companion node costs CPU in that node and in the stack (children of `full`);
    // the idle other nodes' background work is counted too, alike for all.
    const companionsFor = (loaded: BenchServer) => () =>
      [full, ...others.map((o) => o.server)].map((s) => ({ pid: s.child.pid!, label: s === loaded ? 'node (the server)' : 'idle nodes' }));
    const variants: Variant[] = [
      { name: 'bare Fastify route', server: bare, trees: () => [{ pid: bare.child.pid!, label: 'node (the server)' }], rounds: [] },
      { name: 'full (this build)', server: full, trees: companionsFor(full), rounds: [] },
      {
        name: 'bare route, with a logger',
        server: bareLogged,
        trees: () => [{ pid: bareLogged.child.pid!, label: 'node (the server)' }],
        rounds: [],
      },
      ...others.map((o) => ({
        name: `full (${path.relative(process.cwd(), o.dir) || o.dir})`,
        server: o.server,
        trees: companionsFor(o.server),
        rounds: [],
      })),
      ...(values['skip-stubbed']
        ? []
        : [
            {
              name: 'full, admission stubbed',
              server: full,
              trees: companionsFor(full),
              before: () => commandBenchServer(full, 'admission stubbed', 'ADMISSION stubbed'),
              after: () => commandBenchServer(full, 'admission real', 'ADMISSION real'),
              rounds: [],
            },
          ]),
    ];

    process.stdout.write(
      `\nAPI overhead: ${rounds} rounds of ${seconds} s per server, ${connections} connections, the order reversed every other round` +
        ` (load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at the start)\n`,
    );
    if (others.length > 0) {
      // On a busy machine the node that owns the embedded stack measured 5-15 % dearer than a
      // joined node of the same build; on a quiet one, within 6 % (README, API overhead).
      process.stdout.write(`note: compare --against builds with each other, and include a copy of this build among them\n`);
    }
    // Warm-up: JIT, connection pools, the credential cache.
    for (const v of variants) await autocannon({ url: `${v.server.url}${PATH}`, connections, duration: 2, headers: headersOf(v.server) });
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 ? variants : [...variants].reverse();
      for (const v of order) {
        const r = await measure(v, connections, seconds);
        v.rounds.push(r);
        process.stdout.write(`${roundLine(round, v, r)}\n`);
      }
    }

    const [base, fullV] = [variants[0]!, variants[1]!];
    process.stdout.write(`\nMedians of ${rounds} rounds; CPU per request over all rounds (server tree by process; /proc, Linux only)\n`);
    for (const v of variants) {
      const cpu = cpuPerRequest(v.rounds);
      const parts = cpu.byName.map(([name, us]) => `${name} ${fixed(us)}`).join(', ');
      process.stdout.write(
        `${v.name.padEnd(30)} ${int(median(v.rounds.map((r) => r.rps))).padStart(7)} req/s` +
          `  p50 ${median(v.rounds.map((r) => r.p50))} ms  p99 ${median(v.rounds.map((r) => r.p99))} ms` +
          `  CPU ${fixed(cpu.tree)} µs/req (${parts || 'n/a'}); load generator ${fixed(cpu.client)}\n`,
      );
    }
    const medianRps = (v: Variant) => median(v.rounds.map((r) => r.rps));
    const perRound = (v: Variant) =>
      v.rounds
        .map((r, i) => r.rps / base.rounds[i]!.rps)
        .map((x) => x.toFixed(2))
        .join(' ');
    /** (bare server tree + load generator) / (variant's), CPU per request: the throughput ratio of two CPU-bound servers on the same cores. */
    const cpuRatio = (v: Variant) => {
      const [b, f] = [cpuPerRequest(base.rounds), cpuPerRequest(v.rounds)];
      return (b.tree + b.client) / (f.tree + f.client);
    };
    process.stdout.write(
      `\nthroughput ratio, full / bare, of the medians: ${(medianRps(fullV) / medianRps(base)).toFixed(2)}   (aim ≥ 0.5)\n`,
    );
    process.stdout.write(`  round by round: ${perRound(fullV)}\n`);
    process.stdout.write(
      `CPU-derived ratio, (bare server tree + load generator) / (full server tree + load generator), CPU µs per request: ` +
        `${cpuRatio(fullV).toFixed(2)}\n`,
    );
    const logged = variants[2]!;
    process.stdout.write(
      `  against the bare route given the service's logger (${logged.name}): throughput ratio ` +
        `${(medianRps(fullV) / medianRps(logged)).toFixed(2)}; that route alone: ${(medianRps(logged) / medianRps(base)).toFixed(2)} of the bare one\n`,
    );
    for (const v of variants.slice(3)) {
      process.stdout.write(
        `  ${v.name}: throughput ratio ${(medianRps(v) / medianRps(base)).toFixed(2)} (rounds ${perRound(v)}), CPU-derived ${cpuRatio(v).toFixed(2)}\n`,
      );
    }
    const p99 = (v: Variant) => median(v.rounds.map((r) => r.p99));
    process.stdout.write(`p99 ratio (bare / full), medians: ${(p99(base) / Math.max(p99(fullV), 1)).toFixed(2)}\n`);
    process.stdout.write(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
    );
  } finally {
    for (const server of servers.reverse()) {
      server.child.kill('SIGTERM');
      if (server.child.exitCode === null) await new Promise((resolve) => server.child.once('exit', resolve));
    }
  }
}
