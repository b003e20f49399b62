/**
 * Committed migrations, in order. They are applied at start-up; the schema is never synchronised
 * from the entities. Add a new file and append it here; never edit one that has shipped.
 */
import { Migration0001Foundation } from './0001-foundation.js';
import { Migration0002CharactersWebhooks } from './0002-characters-webhooks.js';
import { Migration0003LiveSessions } from './0003-live-sessions.js';
import { Migration0004ViewerTokens } from './0004-viewer-tokens.js';
import { Migration0005Voices } from './0005-voices.js';
import { Migration0006UsageBatches } from './0006-usage-batches.js';
import { Migration0007InterruptedTurns } from './0007-interrupted-turns.js';
import { Migration0008VoiceConversion } from './0008-voice-conversion.js';
import { Migration0009CharacterLanguage } from './0009-character-language.js';

export const migrationsList = [
  { name: '0001-foundation', class: Migration0001Foundation },
  { name: '0002-characters-webhooks', class: Migration0002CharactersWebhooks },
  { name: '0003-live-sessions', class: Migration0003LiveSessions },
  { name: '0004-viewer-tokens', class: Migration0004ViewerTokens },
  { name: '0005-voices', class: Migration0005Voices },
  { name: '0006-usage-batches', class: Migration0006UsageBatches },
  { name: '0007-interrupted-turns', class: Migration0007InterruptedTurns },
  { name: '0008-voice-conversion', class: Migration0008VoiceConversion },
  { name: '0009-character-language', class: Migration0009CharacterLanguage },
];
