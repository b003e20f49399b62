/**
 * The embedded stack supervises its servers (runtime/stack/managed-process.ts): a server killed
 * with kill -9 is restarted with a backoff, logged at error level and counted; one that keeps dying
 * is reported as crash_loop and restarted slowly; a stray process on its port is refused, never
 * taken for the server; and the servers die with the service, even when it is killed hard. The
 * real Redis server stands for any of them, on this file's own ports and data directory.
 */
import test from 'ava';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { loadConfig } from '../../runtime/config.js';
import { projectRoot } from '../../runtime/paths.js';
import { LocalStack } from '../../runtime/stack/local-stack.js';
import { STACK_PORT_OFFSETS } from '../../runtime/stack/embedded-servers.js';
import { redisAnswersPing } from '../../runtime/stack/probes.js';
import { timeUntil } from '../helpers/fault-stack.js';
import { capturedLog } from '../helpers/captured-log.js';

const portBase = Number(process.env.COMPANION_TEST_PORT_BASE ?? 24000) + 1000;
const redisPort = portBase + STACK_PORT_OFFSETS.redis;
const dataDir = path.join(projectRoot, '.data', 'test', `faults-supervision-${process.pid}`);
const config = loadConfig({ COMPANION_DATA_DIR: dataDir, COMPANION_STACK_PORT_BASE: String(portBase), REPLY_ENGINE: 'persona' }, []);
const policy = { minBackoffMs: 200, maxBackoffMs: 2000, crashLoopRestarts: 3, crashLoopWindowMs: 20_000 };

const { log, lines } = capturedLog();

let stack: LocalStack | undefined;
const restarts: string[] = [];

test.before(() => fs.rmSync(dataDir, { recursive: true, force: true }));
test.after.always(async () => {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
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
