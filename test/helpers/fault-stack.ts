/**
 * Servers of a fault-injection test's own (NATS, Redis, PostgreSQL, Temporal), on their own ports
 * (COMPANION_TEST_PORT_BASE + 1000) and data directory, so a test can kill -9 them and start them
 * again without touching the harness's stack that other test files use.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../../runtime/config.js';
import { migrate, openOrm } from '../../runtime/db/orm.js';
import { projectRoot, natsConfigFile } from '../../runtime/paths.js';
import { ManagedProcess } from '../../runtime/stack/managed-process.js';
import { natsServer, postgresServer, redisServer, temporalServer, type EmbeddedServer } from '../../runtime/stack/embedded-servers.js';

export type FaultServer = 'nats' | 'redis' | 'postgres' | 'temporal';

export class FaultStack {
  readonly dataDir: string;
  private readonly servers = new Map<FaultServer, { server: EmbeddedServer; proc: ManagedProcess }>();

  constructor(name: string) {
    this.dataDir = path.join(projectRoot, '.data', 'test', `${name}-${process.pid}`);
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  async start(which: FaultServer[]): Promise<void> {
    const base = Number(process.env.COMPANION_TEST_PORT_BASE ?? 24000) + 1000;
    const log = pino({ level: 'silent' });
    const make: Record<FaultServer, () => EmbeddedServer> = {
      nats: () => natsServer(this.dataDir, base, natsConfigFile),
      redis: () => redisServer(this.dataDir, base),
      postgres: () => postgresServer(this.dataDir, base),
      temporal: () => temporalServer(this.dataDir, base, loadConfig(process.env, []).temporalCli, 'default', false),
    };
    await Promise.all(
      which.map(async (name) => {
        const server = make[name]();
        await server.prepare?.();
        const proc = new ManagedProcess(server.spec, this.dataDir, log);
        this.servers.set(name, { server, proc });
        await proc.start();
        await server.afterReady?.();
      }),
    );
    if (this.servers.has('postgres')) {
      const orm = await openOrm(this.url('postgres'), log);
      await migrate(orm, log);
      await orm.close();
    }
  }

  url(name: FaultServer): string {
    return this.servers.get(name)!.server.url;
  }

  /** The environment a service needs to use these servers. */
  env(): Record<string, string> {
    const env: Record<string, string> = {};
    if (this.servers.has('nats')) env.NATS_URL = this.url('nats');
    if (this.servers.has('redis')) env.REDIS_URL = this.url('redis');
    if (this.servers.has('postgres')) env.DATABASE_URL = this.url('postgres');
    if (this.servers.has('temporal')) env.TEMPORAL_ADDRESS = this.url('temporal');
    return env;
  }

  /** kill -9 of the server's whole process group, as an operator's mistake or the OOM killer would. */
  async kill(name: FaultServer): Promise<void> {
    const { proc } = this.servers.get(name)!;
    const pid = proc.pid;
    if (pid === undefined) throw new Error(`${name} is not running`);
    process.kill(-pid, 'SIGKILL');
    for (let i = 0; i < 100 && proc.pid !== undefined; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /** Starts a killed server again (retried: PostgreSQL's old backends may need a moment to go). */
  async restart(name: FaultServer): Promise<void> {
    const { proc, server } = this.servers.get(name)!;
    for (let attempt = 0; ; attempt++) {
      try {
        await proc.start();
        await server.afterReady?.();
        return;
      } catch (err) {
        if (attempt >= 5) throw err;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }

  async stop(): Promise<void> {
    await Promise.all([...this.servers.values()].map(({ proc }) => proc.stop()));
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Repeats `probe` until it returns true, and returns how long that took (ms), or throws after `timeoutMs`. */
export async function timeUntil(probe: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await probe().catch(() => false)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}
