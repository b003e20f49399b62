/**
 * Deliveries survive a restart of the service and of the Temporal server: this file runs its
 * own Temporal server (own port and database file) so it can stop and start it, and its own
 * PostgreSQL (test/helpers/fault-stack.ts).
 *
 * Its own PostgreSQL because a service's dispatch sweeper starts every delivery of its database
 * that was recorded but never started, on its own Temporal server. On the harness's database, shared
 * with every test file before this one, that is whatever they left undispatched (a start skipped
 * during a brief Temporal slowness, a service closed before its sweep ran, the fuzzer's deliveries):
 * this file's sweeper started them all on its fresh server and worker, each with this file's 15
 * retries, and the worker ran their attempts ahead of or between this test's own, so in a full run
 * the first attempt of this test's delivery could wait over a minute (it passed alone, on a database
 * with nothing left over). The sweeper is right for a deployment (one database, one Temporal
 * cluster); the test was not one.
 */
import test from 'ava';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { call, createAccount, startTestService, type TestService } from '../helpers/service.js';
import { Receiver } from '../helpers/receiver.js';
import { specVerify } from '../helpers/spec-verifier.js';
import { ManagedProcess } from '../../runtime/stack/managed-process.js';
import { temporalServer } from '../../runtime/stack/embedded-servers.js';
import { loadConfig } from '../../runtime/config.js';
import { projectRoot } from '../../runtime/paths.js';
import { FaultStack } from '../helpers/fault-stack.js';

const dataDir = path.join(projectRoot, '.data', 'test', `durability-${process.pid}`);
const portBase = Number(process.env.COMPANION_TEST_PORT_BASE ?? 24000) + 1000;
/** The webhook receiver's port, beside this test's Temporal server (STACK_PORT_OFFSETS are 180 and up). */
const RECEIVER_PORT_OFFSET = 90;
const cli = loadConfig(process.env, []).temporalCli;
const server = temporalServer(dataDir, portBase, cli, 'default', false);
const log = pino({ level: 'silent' });
let temporal: ManagedProcess | undefined;
const database = new FaultStack('durability-db');

async function startTemporal(): Promise<void> {
  await server.prepare?.();
  temporal = new ManagedProcess(server.spec, dataDir, log);
  await temporal.start();
}

test.after.always(async () => {
  await temporal?.stop();
  await database.stop();
});

test('a delivery whose receiver is down arrives after the service and the Temporal server were restarted', async (t) => {
  await Promise.all([startTemporal(), database.start(['postgres'])]);
  const env = {
    ...database.env(),
    TEMPORAL_ADDRESS: server.url,
    TEMPORAL_TASK_QUEUE: 'durability',
    WEBHOOK_RETRY_SCHEDULE_S: '2,2,2,2,2,2,2,2,2,2,2,2,2,2,2',
  };
  let service: TestService | undefined = await startTestService(env);
  t.teardown(() => service?.close());

  // The receiver is down while everything restarts, then listens again on its port: one of the
  // test's own, not one the OS hands out (in the meantime it went to another socket: EADDRINUSE).
  const port = portBase + RECEIVER_PORT_OFFSET;
  const receiver = new Receiver();
  await receiver.start(port);
  await receiver.stop();

  const account = await createAccount(service);
  const hook = (
    await call(service.app, 'POST', '/api/v1/webhooks', { key: account.live, body: { url: receiver.url, events: ['character.created'] } })
  ).json().data;
  await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Durable' } });

  const firstAttempt = async () => {
    const [d] = (await call(service!.app, 'GET', `/api/v1/webhooks/${hook.id}`, { key: account.live })).json().data.recentDeliveries;
    return d;
  };
  // The first attempt comes once a fresh worker has polled a fresh Temporal server: seconds on a
  // loaded machine (10 s was overrun in a CI rehearsal), so wait up to 60 s for it.
  let delivery = await firstAttempt();
  for (let i = 0; i < 600 && (!delivery || delivery.attempts.length === 0); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    delivery = await firstAttempt();
  }
  t.is(delivery.status, 'retrying');
  t.is(delivery.attempts[0].statusCode, null);

  // An SRE finds the workflow by the event id, with the Temporal CLI.
  const { stdout } = await promisify(execFile)(cli, [
    'workflow',
    'list',
    '--address',
    server.url,
    '--query',
    `CompanionEventId="${delivery.eventId}"`,
    '-o',
    'json',
  ]);
  t.true(stdout.includes(delivery.workflowId));

  // Everything goes down: the service, then the Temporal server.
  await service.close();
  service = undefined;
  await temporal!.stop();
  await new Promise((resolve) => setTimeout(resolve, 1000));

  // Everything comes back, and the receiver too.
  await startTemporal();
  service = await startTestService(env);
  const back = new Receiver();
  await back.start(port);
  t.teardown(() => back.stop());

  const [got] = await back.waitFor((r) => r.length >= 1, 60_000);
  const body = JSON.parse(got!.rawBody);
  t.is(body.id, delivery.eventId);
  t.true(specVerify(hook.secret, got!.rawBody, got!.headers['x-service-signature-v2'] as string));

  await new Promise((resolve) => setTimeout(resolve, 500));
  const [final] = (await call(service.app, 'GET', `/api/v1/webhooks/${hook.id}`, { key: account.live })).json().data.recentDeliveries;
  t.is(final.status, 'succeeded');
  t.true(final.attempts.length >= 2);
  t.is(final.attempts.at(-1).statusCode, 200);
  t.is(back.received.length, 1, 'delivered once');
});
