/**
 * The in-process Temporal worker is supervised like the embedded servers
 * (runtime/temporal/worker.ts): when its run() ends for good, the failure is logged at error level,
 * and a new connection and worker are started after a backoff, counted as a restart; webhook
 * deliveries run again on the new worker. On the harness's Temporal server, on a task queue of this
 * file's own, with a stub delivery activity (the delivery itself is test/workflows/webhook-durability).
 *
 * What ends run() here is the SDK worker being shut down from under the supervisor, as the SDK does
 * itself after a fatal poll error: the test wraps Worker.create to reach the worker it made.
 *
 * And close() is bounded whatever an activity does: one that ignores its cancellation is abandoned
 * after the worker's force time (5 s), and the SDK's failure is logged with its cause.
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
let stubborn: RunningWorker | undefined;
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
  await stubborn?.close();
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

test.serial('close() is bounded when an activity ignores its cancellation; the SDK failure is logged with its cause', async (t) => {
  let started!: () => void;
  const inFlight = new Promise<void>((resolve) => (started = resolve));
  stubborn = await startWorker({
    address,
    namespace,
    taskQueue: `${taskQueue}-stubborn`,
    log,
    policy,
    activities: {
      // Neither heartbeats nor looks at its cancellation signal.
      attemptDelivery: async () => {
        started();
        await new Promise((resolve) => setTimeout(resolve, 20_000).unref());
        return 'succeeded';
      },
    },
  });
  connection ??= await Connection.connect({ address });
  const client = new Client({ connection, namespace });
  await client.workflow.start(DELIVER_WEBHOOK_WORKFLOW, {
    taskQueue: `${taskQueue}-stubborn`,
    workflowId: `worker-supervision-${process.pid}-stubborn`,
    args: [{ deliveryId: 'whd_supervision_stubborn', retryScheduleS: [] } satisfies DeliverWebhookInput],
    workflowExecutionTimeout: '60 seconds',
  });
  await inFlight;

  const closing = Date.now();
  await stubborn.close();
  const closeMs = Date.now() - closing;
  stubborn = undefined;
  t.true(closeMs < 7_000, `close() took ${closeMs} ms (the worker gives up on its activities after 5 s)`);
  // The SDK reports the abandoned activity as the worker's failure, the error under its own key.
  const failed = lines.find((l) => l.msg === 'Worker failed');
  const cause = (failed?.err as { message?: string } | undefined)?.message;
  t.is(failed?.level, 50, 'error level');
  t.truthy(cause, `the cause is logged: ${JSON.stringify(failed)}`);
  t.log(`close() with an activity ignoring its cancellation: ${closeMs} ms; logged "Worker failed": ${cause}`);
});
