import { Migration } from '@mikro-orm/migrations';

/** Cloned voices (docs/VOICES.md). Rows go with their account (cascade); files with erasure. */
export class Migration0005Voices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE voices (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        name text NOT NULL,
        description text NOT NULL,
        labels jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'active', 'failed')),
        step text NOT NULL,
        failure_code text,
        failure_reason text,
        samples jsonb NOT NULL,
        version integer NOT NULL DEFAULT 0,
        similarity double precision,
        search_score double precision,
        build jsonb NOT NULL,
        lang text NOT NULL,
        transcript text,
        idempotency_key text,
        workflow_id text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        active_at timestamptz,
        refined_at timestamptz
      )`);
    this.addSql(`CREATE INDEX voices_user_mode_idx ON voices (user_id, mode, created_at DESC, id DESC)`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS voices');
  }
}
