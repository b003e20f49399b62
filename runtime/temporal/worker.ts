/**
 * The Temporal worker of this process: registers the workflows (prebuilt bundle, else bundled
 * at start) and the activities built from the service's parts, on TEMPORAL_TASK_QUEUE.
 * Temporal's own logs go to our pino logger.
 */
import fs from 'node:fs';
import { DefaultLogger, NativeConnection, Runtime, Worker, type LogLevel } from '@temporalio/worker';
import type { Logger } from 'pino';
import { DEFAULT_RESTART_POLICY, type ProcessStatus, type RestartPolicy } from '../stack/managed-process.js';
import { workflowBundlePath, workflowsEntry } from './bundle-workflows.js';

let runtimeInstalled = false;

function installRuntime(log: Logger): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  const levels: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
    TRACE: 'trace',
    DEBUG: 'debug',
    INFO: 'info',
    WARN: 'warn',
    ERROR: 'error',
  };
  try {
    Runtime.install({
      // Our own SIGINT/SIGTERM handling drains HTTP first and then stops the worker.
      shutdownSignals: [],
      logger: new DefaultLogger('WARN', (entry) => {
        // The SDK hands a failure over as `error` ('Worker failed', 'Activity failed'); pino
        // serialises an Error (message, stack, cause) only under `err`, and writes one under any
        // other key as {}.
        const { error, ...meta } = entry.meta ?? {};
        log[levels[entry.level]]({ temporal: true, ...meta, ...(error === undefined ? {} : { err: error }) }, entry.message);
      }),
    });
  } catch {
    // A Runtime already exists in this process (several services in one test process).
  }
}

export interface RunningWorker {
  /** Its supervision state, reported with the embedded servers' (/health, metrics). */
  status(): ProcessStatus;
  /** Called at each restart after a failure (the service counts them in its metrics). */
  onRestart?: (name: string) => void;
  close(): Promise<void>;
}

const NAME = 'temporal-worker';

/**
 * Starts the worker and keeps it running: if `run()` ever fails (the Temporal server gone for
 * longer than the SDK's own reconnection tries, a fatal poll error), the failure is logged at error
 * level and a new connection and worker are started after a backoff, with the same policy and
 * crash-loop reporting as the embedded servers (runtime/stack/managed-process.ts). The first start
 * must succeed: a node that cannot start its worker does not start.
 */
export async function startWorker(options: {
  address: string;
  namespace: string;
  taskQueue: string;
  activities: object;
  log: Logger;
  policy?: RestartPolicy;
}): Promise<RunningWorker> {
  installRuntime(options.log);
  const { log } = options;
  const policy = options.policy ?? DEFAULT_RESTART_POLICY;
  let state: ProcessStatus['state'] = 'starting';
  let restarts = 0;
  let recentFailures: number[] = [];
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let current: { worker: Worker; connection: NativeConnection; running: Promise<void> } | undefined;

  const start = async () => {
    const connection = await NativeConnection.connect({ address: options.address });
    let worker: Worker;
    try {
      worker = await Worker.create({
        connection,
        namespace: options.namespace,
        taskQueue: options.taskQueue,
        activities: options.activities,
        // At shutdown, activities in flight are cancelled after 1 s: a clone step stops there (its
        // call to the model server aborted) and Temporal retries it at once, on another worker or
        // this one after a restart. One that ignores the cancellation is abandoned after 5 s (and
        // retried after its timeout), so a shutdown never waits on it for minutes.
        shutdownGraceTime: '1 second',
        shutdownForceTime: '5 seconds',
        ...(fs.existsSync(workflowBundlePath) ? { workflowBundle: { codePath: workflowBundlePath } } : { workflowsPath: workflowsEntry }),
      });
    } catch (err) {
      await connection.close().catch(() => undefined);
      throw err;
    }
    const running = worker.run().then(
      () => {
        if (!stopping) onFailure(new Error('the worker stopped by itself'), connection);
      },
      (err: unknown) => {
        if (!stopping) onFailure(err, connection);
      },
    );
    current = { worker, connection, running };
    state = 'running';
  };

  const onFailure = (err: unknown, connection?: NativeConnection) => {
    current = undefined;
    void connection?.close().catch(() => undefined);
    const now = Date.now();
    recentFailures = recentFailures.filter((t) => now - t < policy.crashLoopWindowMs).concat(now);
    const crashLoop = recentFailures.length >= policy.crashLoopRestarts;
    const delayMs = crashLoop ? policy.maxBackoffMs : Math.min(policy.maxBackoffMs, policy.minBackoffMs * 2 ** (recentFailures.length - 1));
    state = crashLoop ? 'crash_loop' : 'restarting';
    log.error(
      { err, part: NAME, restartInMs: delayMs, recentFailures: recentFailures.length, crashLoop },
      crashLoop
        ? 'Temporal worker keeps failing; restarting it slowly (webhook deliveries and clone jobs wait meanwhile)'
        : 'Temporal worker failed; restarting it (webhook deliveries and clone jobs wait meanwhile)',
    );
    timer = setTimeout(() => void restart(), delayMs);
    timer.unref();
  };

  const restart = async () => {
    if (stopping) return;
    restarts++;
    handle.onRestart?.(NAME);
    try {
      await start();
      log.warn({ part: NAME, restarts }, 'Temporal worker restarted');
    } catch (err) {
      if (!stopping) onFailure(err); // start() closed what it had opened
    }
  };

  await start();
  const handle: RunningWorker = {
    status: () => ({ name: NAME, state, restarts, pid: process.pid }),
    async close() {
      stopping = true;
      state = 'stopped';
      clearTimeout(timer);
      if (!current) return;
      const { worker, connection, running } = current;
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
      await connection.close();
    },
  };
  return handle;
}
