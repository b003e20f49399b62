/**
 * Prometheus metrics of the embedded servers (and of the in-process Temporal worker, supervised
 * the same way): restarts after a crash, and whether each one runs.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { RunningWorker } from '../temporal/worker.js';
import type { LocalStack } from './local-stack.js';

export function registerStackMetrics(registry: Registry, stack: LocalStack, worker?: RunningWorker): void {
  const restarts = new Counter({
    name: 'companion_embedded_server_restarts_total',
    help: 'Restarts of an embedded server after it died',
    labelNames: ['server'],
    registers: [registry],
  });
  stack.onRestart = (server) => restarts.inc({ server });
  if (worker) worker.onRestart = (server) => restarts.inc({ server });
  new Gauge({
    name: 'companion_embedded_server_up',
    help: 'Whether an embedded server runs (1), or is being restarted or crash-looping (0)',
    labelNames: ['server', 'state'],
    registers: [registry],
    collect() {
      this.reset();
      for (const p of [...stack.status(), ...(worker ? [worker.status()] : [])])
        this.set({ server: p.name, state: p.state }, p.state === 'running' ? 1 : 0);
    },
  });
}
