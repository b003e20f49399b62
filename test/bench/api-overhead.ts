/**
 * API-overhead benchmark: throughput and latency of an authenticated, rate-limited,
 * usage-recorded GET on the full service versus the same handler on a bare Fastify route,
 * measured in the same run with the same load generator, one server at a time. A third row runs
 * the full service with the limiter's Redis round trip stubbed out, to show its share. Prints
 * req/s, p50 and p99 of each and the ratios.
 *
 *   npm run bench -- api-overhead [--seconds 10] [--connections 32]
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchEnv, startBenchServer } from './bench-servers.js';
import { cpuSnapshot, cpuUsedBy, type CpuUse } from './process-cpu.js';

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** CPU of the server process and everything it started (the embedded stack). */
  server: CpuUse;
  /** CPU of this process: the load generator. */
  clientSeconds: number;
}

async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  serverPid: number,
): Promise<Measured> {
  const before = cpuSnapshot();
  const clientBefore = process.cpuUsage();
  const result = await autocannon({ url: `${url}/api/v1/bench/ping`, connections, duration: seconds, headers });
  const client = process.cpuUsage(clientBefore);
  const server = cpuUsedBy(before, cpuSnapshot(), serverPid);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors at ${url}`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    server,
    clientSeconds: (client.user + client.system) / 1e6,
  };
}

/** CPU microseconds per request: where each server's requests cost CPU, whatever else shares the cores. */
function cpuRows(name: string, r: Measured): string {
  const us = (seconds: number) => ((seconds * 1e6) / Math.max(r.requests, 1)).toFixed(1).padStart(6);
  const parts = r.server.byName.filter((p) => p.seconds > 0).map((p) => `${p.name} ${us(p.seconds).trim()}`);
  return `${name.padEnd(52)} ${us(r.server.totalSeconds)} µs/request (${parts.join(', ') || 'n/a'}); load generator ${us(r.clientSeconds).trim()}`;
}

export async function runApiOverhead(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    strict: false,
    options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '32' } },
  });
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const env = benchEnv({ REPLY_ENGINE: 'persona' }); // no language model competing for the 2 cores
  const headers = (key?: string): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {});
  // One server at a time: the two companion variants share one embedded stack (one owner).
  const measure = async (which: Parameters<typeof startBenchServer>[0]) => {
    const server = await startBenchServer(which, env);
    try {
      // Warm-up: JIT, connection pools, the credential cache.
      await autocannon({ url: `${server.url}/api/v1/bench/ping`, connections, duration: 2, headers: headers(server.key) });
      return await load(server.url, headers(server.key), connections, seconds, server.child.pid!);
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
  };
  const base = await measure('bare');
  const full = await measure('companion');
  const noAdmission = await measure('companion-no-admission');
  const row = (name: string, r: Measured) =>
    `${name.padEnd(52)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms`;
  process.stdout.write(`\nAPI overhead (${connections} connections, ${seconds} s each, 2 cores shared with the servers)\n`);
  process.stdout.write(`${row('bare Fastify route (baseline)', base)}\n`);
  process.stdout.write(`${row('authenticated + limited + recorded GET', full)}\n`);
  process.stdout.write(`${row('  the same, admission stubbed (no Redis round trip)', noAdmission)}\n`);
  process.stdout.write(`throughput ratio (full / bare): ${(full.rps / base.rps).toFixed(2)}   (aim ≥ 0.5)\n`);
  process.stdout.write(`  without the admission round trip: ${(noAdmission.rps / base.rps).toFixed(2)}\n`);
  process.stdout.write(`p99 ratio (bare / full):        ${(base.p99 / Math.max(full.p99, 1)).toFixed(2)}\n`);
  process.stdout.write(`\nCPU per request, by process (the server and what it started; /proc, Linux only)\n`);
  process.stdout.write(`${cpuRows('bare Fastify route (baseline)', base)}\n`);
  process.stdout.write(`${cpuRows('authenticated + limited + recorded GET', full)}\n`);
  process.stdout.write(`${cpuRows('  the same, admission stubbed', noAdmission)}\n`);
  process.stdout.write(
    `CPU ratio (bare / full, server tree): ${(base.server.totalSeconds / base.requests / (full.server.totalSeconds / full.requests)).toFixed(2)}\n`,
  );
}
