import { Migration } from '@mikro-orm/migrations';

/**
 * A cloned voice's version is a Kokoro style table and the signal-processing conversion applied
 * to its output (media/speech/model-server/voice_conversion.py: target median F0, F0 range factor,
 * formant-shift ratio). The current version's conversion is a column, read each time the voice is
 * registered for synthesis; the conversion of every version stays in `build.versions`. Voices
 * made before have none (null): they synthesise as they did.
 */
export class Migration0008VoiceConversion extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE voices ADD COLUMN conversion jsonb`);
  }
}
