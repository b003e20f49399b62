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

async function load(url: string, headers: Record<string, string>, connections: number, seconds: number) {
  const result = await autocannon({ url: `${url}/api/v1/bench/ping`, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors at ${url}`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
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
      return await load(server.url, headers(server.key), connections, seconds);
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
  };
  const base = await measure('bare');
  const full = await measure('companion');
  const noAdmission = await measure('companion-no-admission');
  const row = (name: string, r: typeof base) =>
    `${name.padEnd(52)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms`;
  process.stdout.write(`\nAPI overhead (${connections} connections, ${seconds} s each, 2 cores shared with the servers)\n`);
  process.stdout.write(`${row('bare Fastify route (baseline)', base)}\n`);
  process.stdout.write(`${row('authenticated + limited + recorded GET', full)}\n`);
  process.stdout.write(`${row('  the same, admission stubbed (no Redis round trip)', noAdmission)}\n`);
  process.stdout.write(`throughput ratio (full / bare): ${(full.rps / base.rps).toFixed(2)}   (aim ≥ 0.5)\n`);
  process.stdout.write(`  without the admission round trip: ${(noAdmission.rps / base.rps).toFixed(2)}\n`);
  process.stdout.write(`p99 ratio (bare / full):        ${(base.p99 / Math.max(full.p99, 1)).toFixed(2)}\n`);
}
