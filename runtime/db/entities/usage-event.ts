import { EntitySchema } from '@mikro-orm/core';
import type { Mode } from './credentials.js';

/** One API call made with a credential: written in batches by the usage recorder. */
export class UsageEvent {
  id!: string; // bigserial, read back as a string
  keyId!: string;
  userId!: string;
  organizationId: string | null = null;
  mode!: Mode;
  method!: string;
  /** The route template (`/api/v1/admin/keys/:id`), never the concrete URL. */
  route!: string;
  status!: number;
  latencyMs!: number;
  createdAt!: Date;
}

export const UsageEventSchema = new EntitySchema<UsageEvent>({
  class: UsageEvent,
  tableName: 'usage_events',
  properties: {
    id: { type: 'bigint', primary: true, autoincrement: true },
    keyId: { type: 'string' },
    userId: { type: 'string' },
    organizationId: { type: 'string', nullable: true },
    mode: { type: 'string' },
    method: { type: 'string' },
    route: { type: 'string' },
    status: { type: 'smallint' },
    latencyMs: { type: 'float' },
    createdAt: { type: 'Date' },
  },
});
