import { Migration } from '@mikro-orm/migrations';

/**
 * Viewer tokens (`vt_`) live beside browser session tokens (`st_`) in `session_tokens`, told apart
 * by `kind`: one table keeps one hashing, expiry and revocation path for both.
 */
export class Migration0004ViewerTokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE session_tokens ADD COLUMN kind text NOT NULL DEFAULT 'session' CHECK (kind IN ('session', 'viewer'))`);
    // A session's tokens are revoked together when it ends, and its viewer tokens are listed on it.
    this.addSql(`CREATE INDEX session_tokens_session_idx ON session_tokens (session_id, created_at DESC, id DESC)`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP INDEX IF EXISTS session_tokens_session_idx');
    this.addSql('ALTER TABLE session_tokens DROP COLUMN IF EXISTS kind');
  }
}
