/** Starting the benchmarks' servers (test/bench/servers.ts) in child processes, on one bench stack. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../../runtime/config.js';
import { projectRoot } from '../../runtime/paths.js';
import type { StackUrls } from '../../runtime/stack/local-stack.js';

export interface BenchServer {
  child: ChildProcess;
  url: string;
  /** A live secret key of an enterprise account (companion only). */
  key?: string;
  /** The URLs of the companion's stack (companion only). */
  stack?: StackUrls;
}

/** The bench stack (.data/bench, ports from COMPANION_STACK_PORT_BASE, default 34000) with limits that never refuse bench traffic. */
export function benchEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    COMPANION_DATA_DIR: path.join(projectRoot, '.data', 'bench'),
    COMPANION_STACK_PORT_BASE: process.env.COMPANION_STACK_PORT_BASE ?? '34000',
    TEMPORAL_UI: 'false',
    LOG_LEVEL: 'warn',
    // The limiter runs on every call but must not refuse the benchmark's traffic.
    COMPANION_PLAN_LIMITS: JSON.stringify({ enterprise: { requestsPerMinute: 1_000_000_000, dailyCallsPerKey: 1_000_000_000 } }),
    ...overrides,
  };
}

/** An empty data directory .data/<name> for a benchmark's own stack (sessions left by an earlier run would count against the cap). */
export function freshBenchDataDir(name: string): string {
  const dataDir = path.join(projectRoot, '.data', name);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return dataDir;
}

/** The configuration of a benchmark that runs the service in its own process, with limits that never refuse its traffic. */
export function inProcessBenchConfig(dataDir: string, defaultPortBase: number, overrides: Record<string, string>): Readonly<Config> {
  return loadConfig(
    {
      ...process.env,
      PORT: '0',
      METRICS_PORT: '-1',
      LOG_LEVEL: 'warn',
      TEMPORAL_UI: 'false',
      COMPANION_DATA_DIR: dataDir,
      COMPANION_STACK_PORT_BASE: process.env.COMPANION_STACK_PORT_BASE ?? String(defaultPortBase),
      COMPANION_PLAN_LIMITS: JSON.stringify({ enterprise: { requestsPerMinute: 1_000_000, dailyCallsPerKey: 1_000_000 } }),
      ...overrides,
    },
    [],
  );
}

/** The Node flags of `npm start` (package.json), so that the benchmarks' servers run as the service does. */
export function serviceNodeFlags(): string[] {
  const start = (JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts
    .start;
  return start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * Starts `dist/test/bench/servers.js <which>` of this checkout, or of another build's `dist/`
 * under `root` (the api-overhead benchmark's `--against`, for old and new code in one sitting).
 */
export function startBenchServer(
  which: 'bare' | 'bare-logged' | 'companion',
  env: NodeJS.ProcessEnv,
  root = projectRoot,
): Promise<BenchServer> {
  // BENCH_PROFILE_DIR=<dir>: each server writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  // Both servers get the service's flags: the bare route is the same runtime with nothing on top.
  const flags = [...serviceNodeFlags(), ...profile];
  const child = spawn(process.execPath, [...flags, path.join(root, 'dist/test/bench/servers.js'), which], {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('exit', (code) => reject(new Error(`${which} server exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /LISTENING (\S+)/.exec(out)?.[1];
      const key = /KEY (\S+)/.exec(out)?.[1];
      const stack = /STACK (\{.*\})/.exec(out)?.[1];
      if (url && (which !== 'companion' || key))
        resolve({ child, url, ...(key ? { key } : {}), ...(stack ? { stack: JSON.parse(stack) as StackUrls } : {}) });
    });
  });
}

/** The environment of a companion that joins `stack` (another companion's) instead of starting its own. */
export function joinStackEnv(stack: StackUrls): Record<string, string> {
  return {
    NATS_URL: stack.natsUrl,
    REDIS_URL: stack.redisUrl,
    DATABASE_URL: stack.databaseUrl,
    TEMPORAL_ADDRESS: stack.temporalAddress,
    SPEECH_TTS_URL: stack.speechTtsUrl,
    SPEECH_STT_URL: stack.speechSttUrl,
  };
}

/** Sends a command line to a companion bench server (servers.ts) and waits for its acknowledgement. */
export function commandBenchServer(server: BenchServer, command: string, ack: string): Promise<void> {
  return new Promise((resolve) => {
    const listen = (chunk: Buffer) => {
      if (!chunk.toString().includes(ack)) return;
      server.child.stdout!.off('data', listen);
      resolve();
    };
    server.child.stdout!.on('data', listen);
    server.child.stdin!.write(`${command}\n`);
  });
}
