/**
 * The embedded stack supervises its servers (runtime/stack/managed-process.ts): a server killed
 * with kill -9 is restarted with a backoff, logged at error level and counted; one that keeps dying
 * is reported as crash_loop and restarted slowly; a stray process on its port is refused, never
 * taken for the server; and the servers die with the service, even when it is killed hard. The
 * real Redis server stands for any of them, on this file's own ports and data directory.
 *
 * Then what an operator sees and does: the pid each server's pid file records is the server itself
 * (killing it restarts the server; PostgreSQL included, which runs as its own user); a PostgreSQL
 * left serving the data directory by an earlier run is stopped rather than crash-looped on; a
 * crash loop makes a node's /health `degraded` even when a stray answers its checks; and once the
 * node shuts down, nothing is restarted or logged any more.
 */
import test from 'ava';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../runtime/config.js';
import { projectRoot } from '../../runtime/paths.js';
import { LocalStack } from '../../runtime/stack/local-stack.js';
import { postgresServer, STACK_PORT_OFFSETS } from '../../runtime/stack/embedded-servers.js';
import { ManagedProcess } from '../../runtime/stack/managed-process.js';
import { listeningInodes } from '../../runtime/stack/port-owner.js';
import { natsIsHealthy, redisAnswersPing } from '../../runtime/stack/probes.js';
import { runAs } from '../../runtime/stack/run-as.js';
import { timeUntil } from '../helpers/fault-stack.js';
import { capturedLog } from '../helpers/captured-log.js';
import { call, startTestService, type TestService } from '../helpers/service.js';

const portBase = Number(process.env.COMPANION_TEST_PORT_BASE ?? 24000) + 1000;
const redisPort = portBase + STACK_PORT_OFFSETS.redis;
const dataDir = path.join(projectRoot, '.data', 'test', `faults-supervision-${process.pid}`);
const config = loadConfig({ COMPANION_DATA_DIR: dataDir, COMPANION_STACK_PORT_BASE: String(portBase), REPLY_ENGINE: 'persona' }, []);
const policy = { minBackoffMs: 200, maxBackoffMs: 2000, crashLoopRestarts: 3, crashLoopWindowMs: 20_000 };

const { log, lines } = capturedLog();

let stack: LocalStack | undefined;
let node: TestService | undefined;
const nodeDataDir = `${dataDir}-node`;
const restarts: string[] = [];

test.before(() => fs.rmSync(dataDir, { recursive: true, force: true }));
test.after.always(async () => {
  await node?.close();
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(nodeDataDir, { recursive: true, force: true });
});

const redis = () => stack!.status().find((p) => p.name === 'redis')!;

async function killRedis(): Promise<number> {
  const { pid } = redis();
  process.kill(-pid!, 'SIGKILL');
  await timeUntil(async () => redis().pid !== pid, 5000, 20);
  return Date.now();
}

test.serial('a server killed with kill -9 is restarted with a backoff, logged at error level and counted', async (t) => {
  stack = await LocalStack.start(config, log, ['redisUrl'], policy);
  stack.onRestart = (server) => restarts.push(server);
  const first = redis().pid;
  t.is(redis().state, 'running');

  const killedAt = await killRedis();
  await timeUntil(async () => redis().state === 'running' && (await redisAnswersPing(redisPort)), 10_000, 20);
  const tookMs = Date.now() - killedAt;
  t.not(redis().pid, first);
  t.is(redis().restarts, 1);
  t.deepEqual(restarts, ['redis']);
  const logged = lines.find((l) => l.msg === 'embedded server exited unexpectedly; restarting it');
  t.is(logged?.level, 50, 'error level');
  t.is(logged?.server, 'redis');
  t.log(`Redis answered again ${tookMs} ms after kill -9 (first backoff ${policy.minBackoffMs} ms)`);
});

test.serial('a server that keeps dying is reported as crash_loop and restarted only after the longest backoff', async (t) => {
  // Two more deaths within the window make three: the crash-loop threshold.
  for (let i = 0; i < 2; i++) {
    await killRedis();
    await timeUntil(async () => redis().state === 'running', 10_000, 20);
  }
  const killedAt = await killRedis();
  t.is(redis().state, 'crash_loop');
  t.truthy(lines.find((l) => l.msg === 'embedded server keeps dying; restarting it slowly' && l.level === 50));
  await timeUntil(async () => redis().state === 'running', 10_000, 20);
  const tookMs = Date.now() - killedAt;
  t.true(tookMs >= policy.maxBackoffMs, `restarted after ${tookMs} ms, not in a tight loop`);
  t.is(redis().restarts, 4);
  t.log(`in crash_loop, restarted after ${tookMs} ms (the longest backoff is ${policy.maxBackoffMs} ms)`);
});

/** A process that answers Redis's PING like Redis would: a stray that a probe alone would accept. */
async function strayOnRedisPort(): Promise<net.Server> {
  const stray = net.createServer((socket) => socket.on('data', () => socket.write('+PONG\r\n')));
  await new Promise<void>((resolve, reject) => {
    stray.once('error', reject);
    stray.listen(redisPort, '127.0.0.1', resolve);
  });
  return stray;
}

test.serial(
  'a stray process on the port is refused with an error naming it, and the server comes back once the port is free',
  async (t) => {
    lines.length = 0;
    await killRedis();
    const stray = await strayOnRedisPort();
    await timeUntil(async () => lines.some((l) => /port \d+ is taken by another process/.test(String(l.err ?? ''))), 10_000, 50);
    t.not(redis().state, 'running', 'the stray answering PING is not taken for the server');
    const refused = lines.find((l) => /port \d+ is taken/.test(String(l.err ?? '')))!;
    t.regex(String(refused.err), new RegExp(`port ${redisPort} is taken by another process \\(pid ${process.pid}`));
    await new Promise((resolve) => stray.close(resolve));
    await timeUntil(async () => redis().state === 'running', 15_000, 50);
    t.true(await redisAnswersPing(redisPort));
    await stack!.stop();
    stack = undefined;

    // At a first start, too: a clear error rather than a server that exits with "port in use".
    const again = await strayOnRedisPort();
    const err = await t.throwsAsync(LocalStack.start(config, log, ['redisUrl'], policy));
    t.regex(err!.message, /redis cannot start: port \d+ is taken by another process/);
    await new Promise((resolve) => again.close(resolve));
  },
);

test.serial('the servers die with the service when it is killed with kill -9, and the next start is fast', async (t) => {
  const script = `
    const { loadConfig } = await import(${JSON.stringify(path.join(projectRoot, 'dist/runtime/config.js'))});
    const { LocalStack } = await import(${JSON.stringify(path.join(projectRoot, 'dist/runtime/stack/local-stack.js'))});
    const { pino } = await import('pino');
    const config = loadConfig(${JSON.stringify({ COMPANION_DATA_DIR: dataDir, COMPANION_STACK_PORT_BASE: String(portBase), REPLY_ENGINE: 'persona' })}, []);
    const stack = await LocalStack.start(config, pino({ level: 'silent' }), ['redisUrl']);
    console.log(JSON.stringify({ redisPid: stack.status()[0].pid }));
    setInterval(() => undefined, 1000);
  `;
  const service = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const redisPid: number = await new Promise((resolve, reject) => {
    service.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).redisPid));
    service.once('exit', (code) => reject(new Error(`the service exited with ${code}`)));
  });
  t.true(await redisAnswersPing(redisPort));

  service.kill('SIGKILL');
  const killedAt = Date.now();
  const goneMs = await timeUntil(
    async () => {
      try {
        process.kill(redisPid, 0);
        return false;
      } catch {
        return true;
      }
    },
    15_000,
    20,
  );
  t.log(`Redis stopped ${goneMs} ms after its service was killed with kill -9`);
  t.true(Date.now() - killedAt < 15_000);

  const started = Date.now();
  stack = await LocalStack.start(config, log, ['redisUrl'], policy);
  t.log(`the next start took ${Date.now() - started} ms (nothing left over to stop)`);
  t.false(lines.some((l) => l.msg === 'stopping an embedded server left over from an earlier run'));
});

test.serial('a stack stopped and started again at once on the same data directory keeps its new servers running', async (t) => {
  const old = redis().pid!;
  await stack!.stop();
  t.throws(() => process.kill(-old, 0), undefined, 'no process of the stopped server is left');

  // What a benchmark does between its two passes: the next stack starts as soon as the last one is closed.
  stack = await LocalStack.start(config, log, ['redisUrl'], policy);
  const started = redis().pid;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  t.is(redis().pid, started, 'the new Redis was not stopped by anything of the previous stack');
  t.is(redis().restarts, 0);
  t.is(redis().state, 'running');
  t.true(await redisAnswersPing(redisPort));
});

test.serial("another stack of the same process on the same data directory, stopped, leaves this one's servers running", async (t) => {
  // A benchmark's stack and the service it starts, whose own stack holds only its TURN server: the
  // service's close stopped the benchmark's NATS, Redis and PostgreSQL, which were then restarted.
  const running = redis().pid;
  const other = await LocalStack.start(config, log, ['natsUrl'], policy);
  await other.stop();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  t.is(redis().pid, running, "this stack's Redis was not stopped by the other's stop");
  t.is(redis().restarts, 0);
  t.true(await redisAnswersPing(redisPort));
  t.is(LocalStack.owner(dataDir), process.pid, 'the data directory is still held: no other process may start a stack on it');
});

/** The pid `<dir>/run/<server>.pid` records: what an operator would kill. */
function recordedPid(server: string, dir = dataDir): number {
  return Number(fs.readFileSync(path.join(dir, 'run', `${server}.pid`), 'utf8').split(' ')[0]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function queryWorks(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return (await client.query('SELECT 1 AS one')).rows[0]?.one === 1;
  } finally {
    await client.end().catch(() => undefined);
  }
}

test.serial('the pid in run/<server>.pid is the server itself: killing it restarts the server, which serves again', async (t) => {
  await stack!.stop();
  stack = await LocalStack.start(config, log, ['natsUrl', 'redisUrl', 'databaseUrl'], policy);
  const monitorPort = portBase + STACK_PORT_OFFSETS.natsMonitor;
  const serves: Record<string, () => Promise<boolean>> = {
    nats: () => natsIsHealthy(monitorPort),
    redis: () => redisAnswersPing(redisPort),
    postgres: () => queryWorks(stack!.urls.databaseUrl),
  };
  for (const [server, answers] of Object.entries(serves)) {
    const status = () => stack!.status().find((p) => p.name === server)!;
    const killed = recordedPid(server);
    t.is(status().pid, killed, `${server}: the pid file names the child the stack supervises`);
    lines.length = 0;
    process.kill(killed, 'SIGKILL'); // that one process, as `kill -9 $(cut -d' ' -f1 run/postgres.pid)` would
    const tookMs = await timeUntil(async () => status().state === 'running' && status().pid !== killed && (await answers()), 20_000, 50);
    t.is(status().restarts, 1, server);
    t.false(
      lines.some((l) => /is taken by another process/.test(String(l.err ?? ''))),
      `${server}: nothing of the killed server was left holding its port`,
    );
    t.throws(() => process.kill(-killed, 0), undefined, `${server}: no process of the killed one's group is left`);
    t.log(`${server} served again ${tookMs} ms after kill -9 of the pid in run/${server}.pid`);
  }
});

test.serial('a PostgreSQL an earlier run left serving the data directory is stopped, and a new one starts', async (t) => {
  await stack!.stop();
  stack = undefined;
  // As an earlier run can leave it (an older version's, under runuser): serving, our pid file gone.
  const server = postgresServer(dataDir, portBase);
  await server.prepare!();
  const orphan = spawn(server.spec.command, server.spec.args, { detached: true, stdio: 'ignore', ...runAs(server.spec.runAsUser) });
  orphan.unref();
  await timeUntil(() => queryWorks(server.url), 20_000, 100);
  t.false(fs.existsSync(path.join(dataDir, 'run', 'postgres.pid')));

  lines.length = 0;
  stack = await LocalStack.start(config, log, ['databaseUrl'], policy);
  const stopped = lines.find((l) => l.msg === 'stopping an embedded server left over from an earlier run');
  t.like(stopped, { server: 'postgres', pid: orphan.pid });
  t.false(isAlive(orphan.pid!), 'the left-over server is gone');
  t.not(recordedPid('postgres'), orphan.pid);
  t.true(await queryWorks(stack.urls.databaseUrl));
});

test.serial('a crash-looping server is neither retried nor logged once the service shuts down', async (t) => {
  await stack!.stop();
  stack = await LocalStack.start(config, log, ['redisUrl'], policy);
  process.kill(recordedPid('redis'), 'SIGKILL');
  await timeUntil(async () => listeningInodes(redisPort)?.size === 0, 5000, 20);
  const stray = await strayOnRedisPort(); // every restart fails on the taken port: three deaths make a crash loop
  await timeUntil(async () => redis().state === 'crash_loop', 10_000, 20);

  // What the node does when it begins to shut down, then at its end.
  stack.holdRestarts();
  const held = { restarts: redis().restarts, lines: lines.length };
  await new Promise((resolve) => stray.close(resolve));
  await new Promise((resolve) => setTimeout(resolve, policy.maxBackoffMs * 2));
  t.is(redis().restarts, held.restarts, 'not retried after the hold, though its port is free again');
  t.deepEqual(lines.slice(held.lines), [], 'nothing logged after the hold');
  t.is(listeningInodes(redisPort)?.size, 0, 'no Redis started');
  t.is(redis().state, 'stopped');

  const stopping = lines.length;
  await stack.stop();
  stack = undefined;
  await new Promise((resolve) => setTimeout(resolve, policy.maxBackoffMs * 2));
  t.deepEqual(
    lines.slice(stopping).map((l) => l.msg),
    ['embedded stack stopped'],
  );
  t.is(listeningInodes(redisPort)?.size, 0);
});

test.serial(
  'a node whose embedded server is in a crash loop reports degraded in /health, even when a stray answers its checks',
  async (t) => {
    fs.rmSync(nodeDataDir, { recursive: true, force: true });
    // Every server from the harness but Redis, which the node runs itself on this file's ports.
    node = await startTestService({ REDIS_URL: '', COMPANION_DATA_DIR: nodeDataDir, COMPANION_STACK_PORT_BASE: String(portBase) });
    const health = async () => (await call(node!.app, 'GET', '/health')).json();
    const embeddedRedis = (body: { embedded: Array<{ server: string; state: string }> }) => body.embedded.find((e) => e.server === 'redis');
    const before = await health();
    t.is(before.status, 'ok', JSON.stringify(before));
    t.like(embeddedRedis(before), { state: 'running', restarts: 0 });

    // kill -9 of the recorded pid, and a real Redis that is not the node's takes the port before the restart.
    process.kill(recordedPid('redis', nodeDataDir), 'SIGKILL');
    await timeUntil(async () => listeningInodes(redisPort)?.size === 0, 5000, 20);
    const stray = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(redisPort), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    try {
      await timeUntil(() => redisAnswersPing(redisPort), 5000, 20);
      // Five deaths within two minutes (the default policy): 0.5 + 1 + 2 + 4 s of backoff.
      const tookMs = await timeUntil(async () => embeddedRedis(await health())?.state === 'crash_loop', 30_000, 250);
      const res = await call(node.app, 'GET', '/health');
      const body = res.json();
      t.is(res.statusCode, 200, 'still live');
      t.is(body.checks.redis.status, 'up', 'the stray answers the check');
      t.true(body.ready);
      t.is(body.status, 'degraded', 'not ok while nothing supervises what serves');
      t.is(embeddedRedis(body)?.state, 'crash_loop');
      t.log(`crash_loop ${tookMs} ms after the stray took the port; /health: ${body.status}`);
    } finally {
      await node.close();
      node = undefined;
      stray.kill('SIGKILL');
    }
  },
);

test.serial('a server started at a lower priority runs every one of its threads at it', async (t) => {
  // A worker thread made once the server runs, as the embedded model makes its threads once loaded.
  const script = "new (require('node:worker_threads').Worker)('setInterval(() => {}, 1000)', { eval: true }); setInterval(() => {}, 1000)";
  const threads = (pid: number | undefined) => (pid && fs.existsSync(`/proc/${pid}/task`) ? fs.readdirSync(`/proc/${pid}/task`).length : 0);
  const server: ManagedProcess = new ManagedProcess(
    { name: 'niced', command: process.execPath, args: ['-e', script], niceness: 7, ready: async () => threads(server.pid) >= 8 },
    dataDir,
    log,
  );
  await server.start();
  try {
    const tasks = fs.readdirSync(`/proc/${server.pid}/task`);
    // Field 19 of /proc/<pid>/task/<tid>/stat, counted from the command's closing ")" as field 2.
    const niceOf = (tid: string) => Number(fs.readFileSync(`/proc/${server.pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    t.true(tasks.length > 1, 'several threads');
    t.deepEqual(
      tasks.map(niceOf),
      tasks.map(() => 7),
    );
    t.is(os.getPriority(server.pid!), 7, 'the pid the stack supervises is the server, not a wrapper');
  } finally {
    await server.stop();
  }
});
