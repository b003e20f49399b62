/** Readiness of the servers the service depends on, each probed with a short timeout. */
import type { NatsConnection } from 'nats';
import type { Redis } from 'ioredis';
import type { Client as TemporalClient } from '@temporalio/client';
import type { Orm } from '../db/orm.js';

export type DependencyName = 'postgres' | 'redis' | 'nats' | 'temporal';

export interface DependencyState {
  status: 'up' | 'down';
  latencyMs: number;
  error?: string;
}

export type HealthReport = Record<DependencyName, DependencyState>;

const PROBE_TIMEOUT_MS = 1500;

async function probe(run: () => Promise<unknown>): Promise<DependencyState> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
      }),
    ]);
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return { status: 'down', latencyMs: Math.round(performance.now() - started), error: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

export class HealthChecks {
  constructor(private readonly deps: { orm: Orm; redis: Redis; nats: NatsConnection; temporal: TemporalClient; namespace: string }) {}

  async check(): Promise<HealthReport> {
    const { orm, redis, nats, temporal, namespace } = this.deps;
    const [postgres, redisState, natsState, temporalState] = await Promise.all([
      probe(() => orm.em.getConnection().execute('select 1')),
      probe(() => redis.ping()),
      probe(async () => {
        if (nats.isClosed()) throw new Error('connection closed');
        await nats.flush();
      }),
      probe(() => temporal.workflowService.describeNamespace({ namespace })),
    ]);
    return { postgres, redis: redisState, nats: natsState, temporal: temporalState };
  }
}
