import { Migration } from '@mikro-orm/migrations';

/** Characters, events and webhook endpoints, deliveries and attempts. */
export class Migration0002CharactersWebhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE characters (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        name text NOT NULL,
        appearance jsonb NOT NULL,
        personality jsonb NOT NULL,
        voice_id text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    this.addSql(`CREATE INDEX characters_user_mode_idx ON characters (user_id, mode, created_at DESC, id DESC)`);
    this.addSql(`
      CREATE TABLE events (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        mode text NOT NULL,
        type text NOT NULL,
        payload text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    this.addSql(`CREATE INDEX events_user_idx ON events (user_id, created_at)`);
    this.addSql(`
      CREATE TABLE webhook_endpoints (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        url text NOT NULL,
        description text NOT NULL,
        events text[] NOT NULL,
        enabled boolean NOT NULL,
        secret_ciphertext text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        secret_rotated_at timestamptz
      )`);
    this.addSql(`CREATE INDEX webhook_endpoints_user_mode_idx ON webhook_endpoints (user_id, mode, created_at DESC, id DESC)`);
    this.addSql(`
      CREATE TABLE webhook_deliveries (
        id text PRIMARY KEY,
        endpoint_id text NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        event_id text NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        event_type text NOT NULL,
        user_id text NOT NULL,
        mode text NOT NULL,
        workflow_id text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('pending', 'retrying', 'succeeded', 'failed')),
        attempts integer NOT NULL,
        dispatched_at timestamptz,
        created_at timestamptz NOT NULL,
        last_attempt_at timestamptz,
        next_attempt_at timestamptz
      )`);
    this.addSql(`CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC)`);
    this.addSql(`CREATE INDEX webhook_deliveries_undispatched_idx ON webhook_deliveries (created_at) WHERE dispatched_at IS NULL`);
    this.addSql(`
      CREATE TABLE webhook_attempts (
        id bigserial PRIMARY KEY,
        delivery_id text NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
        attempt integer NOT NULL,
        at timestamptz NOT NULL,
        status_code integer,
        latency_ms real NOT NULL,
        error text,
        succeeded boolean NOT NULL,
        UNIQUE (delivery_id, attempt)
      )`);
  }

  override async down(): Promise<void> {
    for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhook_endpoints', 'events', 'characters']) {
      this.addSql(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
