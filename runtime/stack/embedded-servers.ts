/**
 * How each embedded server is started: command line, data location under the data directory,
 * readiness probe. Ports come from one block (`COMPANION_STACK_PORT_BASE`) so that a machine's
 * own PostgreSQL, Redis or NATS on their standard ports never interfere.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Connection } from '@temporalio/client';
import type { ProcessSpec } from './managed-process.js';
import { natsIsHealthy, redisAnswersPing } from './probes.js';
import { runAs } from './run-as.js';

export const STACK_PORT_OFFSETS = { nats: 222, natsMonitor: 822, redis: 379, postgres: 432, temporal: 233, llm: 180 } as const;

/** Search attributes registered on the embedded Temporal server (see docs/OPERATIONS.md). */
export const TEMPORAL_SEARCH_ATTRIBUTES = {
  CompanionEventId: 'Keyword',
  CompanionEventType: 'Keyword',
  CompanionAccountId: 'Keyword',
  CompanionWebhookId: 'Keyword',
  CompanionVoiceId: 'Keyword',
} as const;

export interface EmbeddedServer {
  spec: ProcessSpec;
  /** Work to do before the first start (initdb) and after readiness (create the database). */
  prepare?: () => Promise<void>;
  afterReady?: () => Promise<void>;
  url: string;
}

export function natsServer(dataDir: string, portBase: number, configFile: string): EmbeddedServer {
  const port = portBase + STACK_PORT_OFFSETS.nats;
  const monitorPort = portBase + STACK_PORT_OFFSETS.natsMonitor;
  const storeDir = path.join(dataDir, 'nats');
  return {
    url: `nats://127.0.0.1:${port}`,
    prepare: async () => {
      fs.mkdirSync(storeDir, { recursive: true });
    },
    spec: {
      name: 'nats',
      command: 'nats-server',
      // Command-line flags override nats.conf, which carries everything that is not per-install.
      args: ['-c', configFile, '-a', '127.0.0.1', '-p', String(port), '-m', String(monitorPort), '-sd', storeDir],
      ports: [port, monitorPort],
      ready: () => natsIsHealthy(monitorPort),
    },
  };
}

export function redisServer(dataDir: string, portBase: number): EmbeddedServer {
  const port = portBase + STACK_PORT_OFFSETS.redis;
  const dir = path.join(dataDir, 'redis');
  return {
    url: `redis://127.0.0.1:${port}`,
    prepare: async () => {
      fs.mkdirSync(dir, { recursive: true });
    },
    spec: {
      name: 'redis',
      command: 'redis-server',
      args: [
        '--bind',
        '127.0.0.1',
        '--port',
        String(port),
        '--dir',
        dir,
        // Counters (quotas, usage allowances) must survive a restart: append-only file, fsync each second.
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
        '--save',
        '',
        '--daemonize',
        'no',
        '--protected-mode',
        'yes',
      ],
      ports: [port],
      ready: () => redisAnswersPing(port),
    },
  };
}

const PG_BIN = '/usr/lib/postgresql/15/bin';
const PG_USER = 'companion';
const PG_DATABASE = 'companion';

export function postgresServer(dataDir: string, portBase: number): EmbeddedServer {
  const port = portBase + STACK_PORT_OFFSETS.postgres;
  const pgData = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres.password');
  const user = process.getuid?.() === 0 ? 'postgres' : undefined; // PostgreSQL refuses to run as root
  const password = () => fs.readFileSync(passwordFile, 'utf8').trim();
  // The readiness probe is retried, so it gives up quickly; a loaded machine can take seconds to
  // answer the first real connection (scram-sha-256 hashing), which must not fail the whole start.
  const connect = (database: string, timeoutMs: number) =>
    new pg.Client({ host: '127.0.0.1', port, user: PG_USER, password: password(), database, connectionTimeoutMillis: timeoutMs });

  const server: EmbeddedServer = {
    url: '', // filled in by prepare(), once the password exists
    prepare: async () => {
      if (!fs.existsSync(passwordFile)) {
        fs.mkdirSync(dataDir, { recursive: true });
        fs.writeFileSync(passwordFile, randomBytes(24).toString('hex'), { mode: 0o600 });
      }
      server.url = `postgres://${PG_USER}:${password()}@127.0.0.1:${port}/${PG_DATABASE}`;
      if (fs.existsSync(path.join(pgData, 'PG_VERSION'))) return;
      fs.mkdirSync(pgData, { recursive: true, mode: 0o700 });
      // initdb reads the password from a file the server's own user can read; it is removed after.
      const pwfile = path.join(pgData, '..', `.pg-initdb-${process.pid}`);
      fs.writeFileSync(pwfile, password(), { mode: 0o600 });
      const ids = runAs(user);
      try {
        if (ids) {
          execFileSync('chown', ['-R', `${ids.uid}:${ids.gid}`, pgData, pwfile]);
          try {
            execFileSync('test', ['-w', pgData], ids);
          } catch {
            throw new Error(
              `the postgres user cannot reach ${pgData}; every folder above the data directory must be ` +
                `searchable by it (chmod o+x), or set COMPANION_DATA_DIR to such a place`,
            );
          }
        }
        const args = ['-D', pgData, '-U', PG_USER, '--auth=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8', '--no-locale'];
        execFileSync(`${PG_BIN}/initdb`, args, { stdio: 'pipe', ...ids });
      } finally {
        fs.rmSync(pwfile, { force: true });
      }
    },
    afterReady: async () => {
      const client = connect('postgres', 15_000);
      await client.connect();
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [PG_DATABASE]);
        if (found.rowCount === 0) await client.query(`CREATE DATABASE ${PG_DATABASE}`);
      } finally {
        await client.end();
      }
    },
    spec: {
      name: 'postgres',
      command: `${PG_BIN}/postgres`,
      args: ['-D', pgData, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      runAsUser: user,
      ownPid: () => postmasterPid(pgData),
      stopSignal: 'SIGINT', // "fast" shutdown: roll back open transactions, checkpoint, exit
      ports: [port],
      ready: async () => {
        const client = connect('postgres', 1000);
        try {
          await client.connect();
          return true;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
    },
  };
  return server;
}

/**
 * The postmaster serving `pgData`, by the first line of its postmaster.pid, if that process is
 * alive and works in `pgData` (a postmaster's working directory is its data directory), so that a
 * reused pid is never taken for it.
 */
function postmasterPid(pgData: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 1) return undefined;
    return fs.realpathSync(`/proc/${pid}/cwd`) === fs.realpathSync(pgData) ? pid : undefined;
  } catch {
    return undefined; // no postmaster.pid, no such process, or no /proc
  }
}

export function temporalServer(dataDir: string, portBase: number, cli: string, namespace: string, withUi: boolean): EmbeddedServer {
  const port = portBase + STACK_PORT_OFFSETS.temporal;
  const dir = path.join(dataDir, 'temporal');
  const address = `127.0.0.1:${port}`;
  const searchAttributes = Object.entries(TEMPORAL_SEARCH_ATTRIBUTES).flatMap(([name, type]) => ['--search-attribute', `${name}=${type}`]);
  return {
    url: address,
    prepare: async () => {
      fs.mkdirSync(dir, { recursive: true });
      if (!fs.existsSync(cli)) {
        throw new Error(`the Temporal CLI is missing at ${cli}; run scripts/setup.sh or set TEMPORAL_CLI`);
      }
    },
    spec: {
      name: 'temporal',
      command: cli,
      args: [
        'server',
        'start-dev',
        '--ip',
        '127.0.0.1',
        '--port',
        String(port),
        // The database file keeps workflows across restarts of the server.
        '--db-filename',
        path.join(dir, 'temporal.db'),
        '--namespace',
        namespace,
        '--log-level',
        'warn',
        ...(withUi ? ['--ui-port', String(port + 1000)] : ['--headless']),
        ...searchAttributes,
      ],
      readyTimeoutMs: 60_000,
      ports: withUi ? [port, port + 1000] : [port],
      ready: async () => {
        const connection = await Connection.connect({ address, connectTimeout: 1000 });
        try {
          await connection.workflowService.describeNamespace({ namespace });
          return true;
        } finally {
          await connection.close();
        }
      },
    },
  };
}

/** The embedded language model (runtime/llm/llm-server.ts), an OpenAI-compatible chat server. */
export function llmServer(
  portBase: number,
  modelPath: string,
  runtimeDir: string,
  serverScript: string,
  prompt: 'chat' | 'transcript',
  threads: number | 'auto',
  completionsLog?: string,
  niceness = 0,
): EmbeddedServer {
  const port = portBase + STACK_PORT_OFFSETS.llm;
  return {
    url: `http://127.0.0.1:${port}`,
    spec: {
      name: 'llm',
      command: process.execPath,
      args: [
        serverScript,
        '--model',
        modelPath,
        '--runtime',
        runtimeDir,
        '--port',
        String(port),
        '--prompt',
        prompt,
        '--threads',
        String(threads),
        ...(completionsLog ? ['--completions-log', completionsLog] : []),
      ],
      readyTimeoutMs: 60_000,
      ports: [port],
      niceness,
      ready: async () => (await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1000) })).ok,
    },
  };
}
