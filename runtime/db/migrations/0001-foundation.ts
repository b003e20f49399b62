import { Migration } from '@mikro-orm/migrations';

/** Users, organisations, credentials and usage: the tables of the foundation. */
export class Migration0001Foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE users (
        id text PRIMARY KEY,
        email text NOT NULL UNIQUE,
        name text NOT NULL,
        plan text NOT NULL CHECK (plan IN ('free', 'pro', 'enterprise')),
        settings jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    this.addSql(`
      CREATE TABLE organizations (
        id text PRIMARY KEY,
        name text NOT NULL,
        plan text NOT NULL CHECK (plan IN ('free', 'pro', 'enterprise')),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    this.addSql(`
      CREATE TABLE memberships (
        id text PRIMARY KEY,
        organization_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
        created_at timestamptz NOT NULL,
        UNIQUE (organization_id, user_id)
      )`);
    this.addSql(`CREATE INDEX memberships_user_idx ON memberships (user_id)`);
    this.addSql(`
      CREATE TABLE api_keys (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        organization_id text REFERENCES organizations(id) ON DELETE SET NULL,
        name text NOT NULL,
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        secret_hash text NOT NULL UNIQUE,
        last_four text NOT NULL,
        scopes text[] NOT NULL,
        daily_quota integer CHECK (daily_quota >= 0),
        created_at timestamptz NOT NULL,
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    this.addSql(`CREATE INDEX api_keys_user_mode_idx ON api_keys (user_id, mode, created_at DESC, id DESC)`);
    this.addSql(`
      CREATE TABLE session_tokens (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        api_key_id text NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        secret_hash text NOT NULL UNIQUE,
        session_id text,
        scopes text[] NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    this.addSql(`CREATE INDEX session_tokens_user_mode_idx ON session_tokens (user_id, mode, created_at DESC, id DESC)`);
    this.addSql(`
      CREATE TABLE usage_events (
        id bigserial PRIMARY KEY,
        key_id text NOT NULL,
        user_id text NOT NULL,
        organization_id text,
        mode text NOT NULL,
        method text NOT NULL,
        route text NOT NULL,
        status smallint NOT NULL,
        latency_ms real NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    this.addSql(`CREATE INDEX usage_events_user_mode_time_idx ON usage_events (user_id, mode, created_at)`);
  }

  override async down(): Promise<void> {
    for (const table of ['usage_events', 'session_tokens', 'api_keys', 'memberships', 'organizations', 'users']) {
      this.addSql(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
