/**
 * The Temporal worker of this process: registers the workflows (prebuilt bundle, else bundled
 * at start) and the activities built from the service's parts, on TEMPORAL_TASK_QUEUE.
 * Temporal's own logs go to our pino logger.
 */
import fs from 'node:fs';
import { DefaultLogger, NativeConnection, Runtime, Worker, type LogLevel } from '@temporalio/worker';
import type { Logger } from 'pino';
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
      logger: new DefaultLogger('WARN', (entry) => log[levels[entry.level]]({ temporal: true, ...entry.meta }, entry.message)),
    });
  } catch {
    // A Runtime already exists in this process (several services in one test process).
  }
}

export interface RunningWorker {
  close(): Promise<void>;
}

export async function startWorker(options: {
  address: string;
  namespace: string;
  taskQueue: string;
  activities: object;
  log: Logger;
}): Promise<RunningWorker> {
  installRuntime(options.log);
  const connection = await NativeConnection.connect({ address: options.address });
  const worker = await Worker.create({
    connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    activities: options.activities,
    ...(fs.existsSync(workflowBundlePath) ? { workflowBundle: { codePath: workflowBundlePath } } : { workflowsPath: workflowsEntry }),
  });
  const running = worker.run();
  return {
    async close() {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
      await connection.close();
    },
  };
}
