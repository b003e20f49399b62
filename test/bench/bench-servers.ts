/** Starting the benchmarks' servers (test/bench/servers.ts) in child processes, on one bench stack. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../../runtime/paths.js';

export interface BenchServer {
  child: ChildProcess;
  url: string;
  /** A live secret key of an enterprise account (companion only). */
  key?: string;
}

/** The bench stack (.data/bench, ports from 34000) with limits that never refuse bench traffic. */
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

export function startBenchServer(which: 'bare' | 'companion' | 'companion-no-admission', env: NodeJS.ProcessEnv): Promise<BenchServer> {
  const child = spawn(process.execPath, [path.join(projectRoot, 'dist/test/bench/servers.js'), which], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('exit', (code) => reject(new Error(`${which} server exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /LISTENING (\S+)/.exec(out)?.[1];
      const key = /KEY (\S+)/.exec(out)?.[1];
      if (url && (which === 'bare' || key)) resolve({ child, url, ...(key ? { key } : {}) });
    });
  });
}
