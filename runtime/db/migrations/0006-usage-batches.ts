import { Migration } from '@mikro-orm/migrations';

/**
 * Usage calls are stored in batches: one row per (key, method, route) per write of the usage
 * recorder, holding every call's status, latency and time in arrays, instead of one row per call.
 * The request path then costs PostgreSQL one row per batch, and analytics still see every call
 * (runtime/usage/analytics.ts unnests the arrays). Existing rows become one-call batches.
 */
export class Migration0006UsageBatches extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE usage_batches (
        id bigserial PRIMARY KEY,
        key_id text NOT NULL,
        user_id text NOT NULL,
        organization_id text,
        mode text NOT NULL,
        method text NOT NULL,
        route text NOT NULL,
        calls integer NOT NULL,
        first_at timestamptz NOT NULL,
        last_at timestamptz NOT NULL,
        statuses smallint[] NOT NULL,
        latencies_ms real[] NOT NULL,
        offsets_ms integer[] NOT NULL
      )`);
    this.addSql(`CREATE INDEX usage_batches_user_mode_time_idx ON usage_batches (user_id, mode, first_at)`);
    this.addSql(`
      INSERT INTO usage_batches (key_id, user_id, organization_id, mode, method, route, calls, first_at, last_at, statuses,
                                 latencies_ms, offsets_ms)
      SELECT key_id, user_id, organization_id, mode, method, route, 1, created_at, created_at, ARRAY[status], ARRAY[latency_ms],
             ARRAY[0]
        FROM usage_events ORDER BY id`);
    this.addSql(`DROP TABLE usage_events`);
  }
}
