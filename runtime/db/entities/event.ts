import { EntitySchema } from '@mikro-orm/core';
import type { Mode } from './credentials.js';

/**
 * An emitted event. `payload` is the exact JSON body every delivery sends, serialised once, so
 * each attempt signs and sends the same bytes.
 */
export class StoredEvent {
  id!: string;
  userId!: string;
  mode!: Mode;
  type!: string;
  payload!: string;
  createdAt: Date = new Date();
}

export const StoredEventSchema = new EntitySchema<StoredEvent>({
  class: StoredEvent,
  tableName: 'events',
  properties: {
    id: { type: 'string', primary: true },
    userId: { type: 'string' },
    mode: { type: 'string' },
    type: { type: 'string' },
    payload: { type: 'text' },
    createdAt: { type: 'Date' },
  },
});
