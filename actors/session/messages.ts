/** The session actor's messages (commands imperative, as in mediasoup's signalling) and replies. */
import type { SessionEndReason } from '../../runtime/db/entities/live-session.js';

export type SessionMessage =
  | { type: 'chat'; text: string }
  | { type: 'get' }
  | { type: 'end'; reason: SessionEndReason }
  | { type: 'idleTimeout' };

export interface SessionView {
  id: string;
  object: 'session';
  state: 'open' | 'closed';
  characterId: string;
  character: { id: string; name: string };
  voice: string;
  realtime: boolean;
  target_fps: number;
  turns: number;
  viewers: number;
  replyEngine: string;
  livemode: boolean;
  createdAt: string;
  lastActivityAt: string;
  endedAt: string | null;
  endReason: SessionEndReason | null;
}

export type SessionReply =
  | { kind: 'view'; session: SessionView }
  | { kind: 'reply'; session: SessionView; reply: { text: string; sentences: string[]; turn: number } }
  | { kind: 'error'; code: 'closed' | 'engine_unavailable' | 'invalid_input' | 'journal_failed'; message: string };
