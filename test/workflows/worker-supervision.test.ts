/**
 * The in-process Temporal worker is supervised like the embedded servers
 * (runtime/temporal/worker.ts): when its run() ends for good, the failure is logged at error level,
 * and a new connection and worker are started after a backoff, counted as a restart; webhook
 * deliveries run again on the new worker. On the harness's Temporal server, on a task queue of this
 * file's own, with a stub delivery activity (the delivery itself is test/workflows/webhook-durability).
 *
 * What ends run() here is the SDK worker being shut down from under the supervisor, as the SDK does
 * itself after a fatal poll error: the test wraps Worker.create to reach the worker it made.
 */
import test from 'ava';
import { Client, Connection } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { loadConfig } from '../../runtime/config.js';
import { startWorker, type RunningWorker } from '../../runtime/temporal/worker.js';
import { DELIVER_WEBHOOK_WORKFLOW, type DeliverWebhookInput } from '../../runtime/temporal/workflow-contracts.js';
import { timeUntil } from '../helpers/fault-stack.js';
import { capturedLog } from '../helpers/captured-log.js';

const address = process.env.TEMPORAL_ADDRESS!;
const namespace = loadConfig(process.env, []).temporalNamespace;
const taskQueue = `worker-supervision-${process.pid}`;
const policy = { minBackoffMs: 300, maxBackoffMs: 2000, crashLoopRestarts: 5, crashLoopWindowMs: 20_000 };

const { log, lines } = capturedLog();

const made: Worker[] = [];
const create = Worker.create.bind(Worker);
let running: RunningWorker | undefined;
let connection: Connection | undefined;

test.before(() => {
  Worker.create = async (options) => {
    const worker = await create(options);
    made.push(worker);
    return worker;
  };
});
test.after.always(async () => {
  Worker.create = create;
  await running?.close();
  await connection?.close();
});

let deliveries = 0;
async function deliver(client: Client): Promise<string> {
  const input: DeliverWebhookInput = { deliveryId: `whd_supervision_${++deliveries}`, retryScheduleS: [] };
  return client.workflow.execute(DELIVER_WEBHOOK_WORKFLOW, {
    taskQueue,
    workflowId: `worker-supervision-${process.pid}-${deliveries}`,
    args: [input],
    workflowExecutionTimeout: '60 seconds',
  });
}

test.serial('a worker whose run() ends for good is restarted with a backoff, logged and counted, and deliveries run again', async (t) => {
  const attempts: string[] = [];
  running = await startWorker({
    address,
    namespace,
    taskQueue,
    log,
    policy,
    activities: {
      attemptDelivery: async ({ deliveryId }: { deliveryId: string }) => {
        attempts.push(deliveryId);
        return 'succeeded';
      },
    },
  });
  const restarts: string[] = [];
  running.onRestart = (name) => restarts.push(name);
  connection = await Connection.connect({ address });
  const client = new Client({ connection, namespace });
  t.is(running.status().state, 'running');
  t.is(await deliver(client), 'succeeded');

  const stoppedAt = Date.now();
  made[0]!.shutdown();
  await timeUntil(async () => running!.status().state !== 'running', 10_000, 10);
  t.is(running.status().state, 'restarting');
  await timeUntil(async () => running!.status().state === 'running', 20_000, 50);
  const tookMs = Date.now() - stoppedAt;
  t.is(running.status().restarts, 1);
  t.deepEqual(restarts, ['temporal-worker']);
  t.is(made.length, 2, 'a new SDK worker was made');
  const logged = lines.find((l) => l.msg.startsWith('Temporal worker failed; restarting it'));
  t.is(logged?.level, 50, 'error level');
  t.is(logged?.restartInMs, policy.minBackoffMs);
  t.truthy(lines.find((l) => l.msg === 'Temporal worker restarted'));
  t.true(tookMs >= policy.minBackoffMs, `restarted after ${tookMs} ms, not before the backoff`);

  t.is(await deliver(client), 'succeeded', 'a delivery runs on the restarted worker');
  t.deepEqual(attempts, ['whd_supervision_1', 'whd_supervision_2']);
  t.log(`restarted ${tookMs} ms after run() ended (first backoff ${policy.minBackoffMs} ms)`);
});
