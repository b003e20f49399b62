/** Usage analytics: aggregates of recorded calls over a time range, by key and/or endpoint. */
import type { Orm } from '../db/orm.js';
import type { Mode } from '../db/entities/credentials.js';

export type AnalyticsGrouping = 'key' | 'endpoint' | 'key_endpoint';

export interface AnalyticsQuery {
  userId: string;
  mode: Mode;
  from: Date;
  to: Date;
  groupBy: AnalyticsGrouping;
  keyId?: string | undefined;
}

export interface AnalyticsGroup {
  keyId: string | null;
  method: string | null;
  route: string | null;
  calls: number;
  errors: number;
  avgLatencyMs: number;
  p95LatencyMs: number;
}

export interface AnalyticsReport {
  totals: { calls: number; errors: number };
  groups: AnalyticsGroup[];
}

export async function queryAnalytics(orm: Orm, q: AnalyticsQuery): Promise<AnalyticsReport> {
  const knex = orm.em.getConnection().getKnex();
  const byKey = q.groupBy !== 'endpoint';
  const byEndpoint = q.groupBy !== 'key';
  const columns = [...(byKey ? ['b.key_id'] : []), ...(byEndpoint ? ['b.method', 'b.route'] : [])];
  // Each usage_batches row holds the calls of one key on one route in arrays
  // (runtime/usage/usage-recorder.ts): rows overlapping the range are unnested into their calls,
  // and every call is counted by its own time.
  const calledAt = knex.raw(`b.first_at + c.offset_ms * interval '1 millisecond'`);
  const query = knex({ b: 'usage_batches' })
    .joinRaw('CROSS JOIN LATERAL unnest(b.statuses, b.latencies_ms, b.offsets_ms) AS c(status, latency_ms, offset_ms)')
    .select(columns)
    .select(
      knex.raw('count(*)::int AS calls'),
      knex.raw('count(*) FILTER (WHERE c.status >= 400)::int AS errors'),
      knex.raw('round(avg(c.latency_ms)::numeric, 2)::float AS avg_latency_ms'),
      knex.raw('round(percentile_cont(0.95) WITHIN GROUP (ORDER BY c.latency_ms)::numeric, 2)::float AS p95_latency_ms'),
    )
    .where('b.user_id', q.userId)
    .andWhere('b.mode', q.mode)
    .andWhere('b.first_at', '<', q.to)
    .andWhere('b.last_at', '>=', q.from)
    .andWhere(calledAt, '>=', q.from)
    .andWhere(calledAt, '<', q.to)
    .groupBy(columns)
    .orderBy('calls', 'desc')
    .limit(1000);
  if (q.keyId) query.andWhere('b.key_id', q.keyId);
  const rows: Array<Record<string, unknown>> = await query;
  const groups = rows.map((row) => ({
    keyId: (row.key_id as string | undefined) ?? null,
    method: (row.method as string | undefined) ?? null,
    route: (row.route as string | undefined) ?? null,
    calls: Number(row.calls),
    errors: Number(row.errors),
    avgLatencyMs: Number(row.avg_latency_ms),
    p95LatencyMs: Number(row.p95_latency_ms),
  }));
  return {
    totals: {
      calls: groups.reduce((sum, g) => sum + g.calls, 0),
      errors: groups.reduce((sum, g) => sum + g.errors, 0),
    },
    groups,
  };
}
