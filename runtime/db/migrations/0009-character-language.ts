import { Migration } from '@mikro-orm/migrations';

/**
 * A character's language (BCP-47, "en" for every character made before) and whether its replies
 * keep to it (`language_fixed`) or follow the language the user speaks (the default).
 */
export class Migration0009CharacterLanguage extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE characters ADD COLUMN language text NOT NULL DEFAULT 'en'`);
    this.addSql(`ALTER TABLE characters ADD COLUMN language_fixed boolean NOT NULL DEFAULT false`);
  }
}
