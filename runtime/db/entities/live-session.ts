import { EntitySchema } from '@mikro-orm/core';
import type { Mode } from './credentials.js';

export type SessionEndReason = 'explicit' | 'idle' | 'eviction' | 'node_lost' | 'error' | 'account_erased' | 'media_error';

/** A live companion session; its actor owns it while it is open. */
export class LiveSession {
  id!: string;
  userId!: string;
  mode!: Mode;
  characterId!: string;
  voiceId!: string;
  realtime!: boolean;
  targetFps!: number;
  state!: 'open' | 'closed';
  endReason: SessionEndReason | null = null;
  turns = 0;
  createdAt: Date = new Date();
  lastActivityAt: Date = new Date();
  endedAt: Date | null = null;
}

export const LiveSessionSchema = new EntitySchema<LiveSession>({
  class: LiveSession,
  tableName: 'live_sessions',
  properties: {
    id: { type: 'string', primary: true },
    userId: { type: 'string' },
    mode: { type: 'string' },
    characterId: { type: 'string' },
    voiceId: { type: 'string' },
    realtime: { type: 'boolean' },
    targetFps: { type: 'integer' },
    state: { type: 'string' },
    endReason: { type: 'string', nullable: true },
    turns: { type: 'integer' },
    createdAt: { type: 'Date' },
    lastActivityAt: { type: 'Date' },
    endedAt: { type: 'Date', nullable: true },
  },
});
