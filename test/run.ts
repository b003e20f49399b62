/**
 * The test harness behind `scripts/test.sh`: starts the real servers once (NATS with JetStream,
 * Redis, PostgreSQL, Temporal, and the speech model servers, whose models load once for the whole
 * run rather than once per test file) in a fresh data directory on their own ports, applies the
 * migrations, runs ava against them, and ends with the line `N passed, N failed`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Parser } from 'tap-parser';
import { loadConfig } from '../runtime/config.js';
import { createLogger } from '../runtime/logger.js';
import { migrate, openOrm } from '../runtime/db/orm.js';
import { projectRoot } from '../runtime/paths.js';
import { LocalStack } from '../runtime/stack/local-stack.js';

const portBase = Number(process.env.COMPANION_TEST_PORT_BASE ?? 24000);
// A run on other ports gets its own data directory, so two runs side by side never share one.
const dataDir = path.join(projectRoot, '.data', portBase === 24000 ? 'test' : `test-${portBase}`);
fs.rmSync(dataDir, { recursive: true, force: true });

const log = createLogger(process.env.TEST_LOG_LEVEL ?? 'warn');
const config = loadConfig({
  COMPANION_DATA_DIR: dataDir,
  COMPANION_STACK_PORT_BASE: String(portBase),
  TEMPORAL_UI: 'false',
  TEMPORAL_CLI: process.env.TEMPORAL_CLI,
  // One model thread, as the seed: the default model's replies are then the same on every run.
  // With `auto` a batch computed on two threads adds in another order, and greedy near-ties (and so
  // whole conversations) change with the machine's load.
  LLM_THREADS: '1',
  // Services under test relay through no TURN server unless a test starts one (test/browser/turn-relay.test.ts).
  TURN: 'off',
});
const started = Date.now();
const stack = await LocalStack.start(config, log);
const orm = await openOrm(stack.urls.databaseUrl, log);
await migrate(orm, log);
await orm.close();
process.stdout.write(`# real stack up in ${((Date.now() - started) / 1000).toFixed(1)} s (data in ${dataDir})\n`);

const env = {
  ...process.env,
  NATS_URL: stack.urls.natsUrl,
  REDIS_URL: stack.urls.redisUrl,
  DATABASE_URL: stack.urls.databaseUrl,
  TEMPORAL_ADDRESS: stack.urls.temporalAddress,
  SPEECH_TTS_URL: stack.urls.speechTtsUrl,
  SPEECH_STT_URL: stack.urls.speechSttUrl,
  COMPANION_DATA_DIR: path.join(dataDir, 'service'),
  COMPANION_TEST_PORT_BASE: String(portBase),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
  // Tests assert exact replies, so services use the deterministic engine unless a test asks for
  // the real local model, which the harness runs once (COMPANION_TEST_LLM_URL).
  REPLY_ENGINE: 'persona',
  // One mediasoup worker per test service (the machine is shared); WebRTC ports of the tests.
  MEDIA_WORKERS: process.env.MEDIA_WORKERS ?? '1',
  RTC_MIN_PORT: process.env.RTC_MIN_PORT ?? '61000',
  RTC_MAX_PORT: process.env.RTC_MAX_PORT ?? '62999',
  TURN: 'off',
  COMPANION_TEST_LLM_URL: stack.urls.llmUrl ?? '',
};

const avaArgs = ['--tap', ...process.argv.slice(2)];
const ava = spawn(process.execPath, [path.join(projectRoot, 'node_modules/ava/entrypoints/cli.mjs'), ...avaArgs], {
  cwd: projectRoot,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});

const parser = new Parser();
let summary = { pass: 0, fail: 0, skip: 0, todo: 0 };
parser.on('complete', (results) => {
  summary = { pass: results.pass, fail: results.fail, skip: results.skip, todo: results.todo };
});
// Files run one at a time (concurrency 1), so a file's time is from its first line to the next
// file's: the slowest are listed at the end, to keep the suite within CI's budget.
const fileSeconds = new Map<string, number>();
let currentFile: { name: string; since: number } | undefined;
const noteFile = (line: string) => {
  const name = /^(?:# |(?:not )?ok \d+ - )(\S+ › [^›]+?) ›/.exec(line)?.[1];
  if (!name || name === currentFile?.name) return;
  closeFile();
  currentFile = { name, since: Date.now() };
};
const closeFile = () => {
  if (currentFile) fileSeconds.set(currentFile.name, (Date.now() - currentFile.since) / 1000);
};
let partial = '';
ava.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  parser.write(chunk);
  const lines = (partial + chunk.toString('utf8')).split('\n');
  partial = lines.pop() ?? '';
  lines.forEach(noteFile);
});

const code: number = await new Promise((resolve) => ava.on('exit', (c) => resolve(c ?? 1)));
parser.end();
await new Promise((resolve) => setImmediate(resolve));
await stack.stop();

closeFile();
if (fileSeconds.size > 1) {
  const slowest = [...fileSeconds].sort((a, b) => b[1] - a[1]).slice(0, 12);
  process.stdout.write(`# slowest files (of ${fileSeconds.size}, ${((Date.now() - started) / 1000).toFixed(0)} s in all):\n`);
  for (const [name, seconds] of slowest) process.stdout.write(`#   ${seconds.toFixed(0).padStart(4)} s  ${name}\n`);
}

const failed = summary.fail + (code !== 0 && summary.fail === 0 ? 1 : 0);
const skipped = summary.skip + summary.todo;
if (skipped) process.stdout.write(`# ${skipped} skipped\n`);
// The last line is exactly `N passed, N failed`, which CI reads.
process.stdout.write(`${summary.pass} passed, ${failed} failed\n`);
process.exit(failed > 0 || code !== 0 ? 1 : 0);
