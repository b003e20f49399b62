import { Migration } from '@mikro-orm/migrations';

/**
 * A companion turn that the user interrupted (barge-in) keeps only what was actually spoken, and
 * says so: `interrupted` is true on such a turn.
 */
export class Migration0007InterruptedTurns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE session_turns ADD COLUMN interrupted boolean NOT NULL DEFAULT false`);
  }

  override async down(): Promise<void> {
    this.addSql(`ALTER TABLE session_turns DROP COLUMN interrupted`);
  }
}
