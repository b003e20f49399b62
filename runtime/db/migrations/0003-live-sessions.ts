import { Migration } from '@mikro-orm/migrations';

/** Live sessions and their conversation journal. */
export class Migration0003LiveSessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE live_sessions (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        character_id text NOT NULL,
        voice_id text NOT NULL,
        realtime boolean NOT NULL,
        target_fps integer NOT NULL,
        state text NOT NULL CHECK (state IN ('open', 'closed')),
        end_reason text,
        turns integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        last_activity_at timestamptz NOT NULL,
        ended_at timestamptz
      )`);
    this.addSql(`CREATE INDEX live_sessions_user_mode_idx ON live_sessions (user_id, mode, created_at DESC, id DESC)`);
    this.addSql(`
      CREATE TABLE session_turns (
        session_id text NOT NULL REFERENCES live_sessions(id) ON DELETE CASCADE,
        seq integer NOT NULL,
        role text NOT NULL CHECK (role IN ('user', 'companion')),
        text text NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (session_id, seq)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS session_turns');
    this.addSql('DROP TABLE IF EXISTS live_sessions');
  }
}
