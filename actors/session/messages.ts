/** The session actor's messages (commands imperative, as in mediasoup's signalling), its replies and its view. */
import type { Appearance, Personality } from '../../runtime/db/entities/character.js';
import type { LiveSession, SessionEndReason } from '../../runtime/db/entities/live-session.js';
import type { RoomInfo } from './realtime.js';

export type SessionMessage =
  /** `owner`: the caller's account; a session of another account answers `not_found`. */
  /**
   * A user turn. `streamTo`: a NATS subject that gets each sentence as it is produced
   * (ReplyStreamEvent), before the whole reply comes back as the answer.
   */
  | { type: 'chat'; text: string; owner: { userId: string; mode: 'live' | 'test' }; streamTo?: string }
  /** A user turn spoken into the room (the viewer page's microphone), transcribed by the media layer: taken like `chat`. */
  | { type: 'heard'; text: string; language?: string | undefined }
  /**
   * The user's spoken turn so far, transcribed at a short pause before it is over: the reply starts
   * now, held back unheard, and plays when `heard` brings the same text (or is dropped on `resumed`).
   */
  | { type: 'hearing'; text: string; language?: string | undefined }
  /** The user went on speaking after a `hearing`: the reply begun on it is dropped unheard. */
  | { type: 'resumed' }
  /**
   * The user's words so far while they are still speaking (a live caption): the reply engine
   * evaluates them ahead, so that the reply to the whole turn evaluates only what follows them.
   */
  | { type: 'partial'; text: string }
  /**
   * The user started speaking into the room (VOICE_BARGE_IN_MS of speech): the companion stops
   * talking at once (barge-in), before the turn is over and transcribed (`heard`).
   */
  | { type: 'speechStarted' }
  | { type: 'get' }
  /** Opens what the session needs to run here (a realtime session's room); idempotent. */
  | { type: 'start' }
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
  /** The WebRTC room of an open realtime session; null otherwise. */
  room: RoomInfo | null;
  replyEngine: string;
  livemode: boolean;
  createdAt: string;
  lastActivityAt: string;
  endedAt: string | null;
  endReason: SessionEndReason | null;
}

export type SessionReply =
  | { kind: 'view'; session: SessionView }
  | {
      kind: 'reply';
      session: SessionView;
      /** `interrupted`: a newer user turn cut it short; `text` is then only what was delivered (heard, in a room). */
      reply: { text: string; sentences: string[]; exchange: number; interrupted: boolean };
    }
  | { kind: 'error'; code: SessionErrorCode; message: string };

/** Why the actor refused a message (session-errors.ts turns each into the domain's error, once). */
export type SessionErrorCode = 'not_found' | 'closed' | 'engine_unavailable' | 'invalid_input' | 'journal_failed' | 'media_unavailable';

/** What a session knows of its character. */
export interface SessionCharacter {
  id: string;
  name: string;
  personality: Personality;
  /** BCP-47 tag of its language, and whether every reply keeps to it (actors/session/reply/reply-language.ts). */
  language: string;
  languageFixed: boolean;
  /** How it looks (the realtime session's face); null for a character that is gone. */
  appearance: Appearance | null;
}

/** Stands in for a character deleted while one of its sessions lived (or whose record is gone). */
export function placeholderCharacter(characterId: string): SessionCharacter {
  return {
    id: characterId,
    name: 'Companion',
    personality: { description: '', traits: [], systemPrompt: '', greeting: '' },
    language: 'en',
    languageFixed: false,
    appearance: null,
  };
}

/**
 * `viewers`: the room's viewer count, known only on the node hosting the session (0 elsewhere and once ended);
 * `room`: the realtime session's room while it is open there.
 */
export function sessionView(
  s: LiveSession,
  character: { id: string; name: string },
  replyEngine: string,
  viewers = 0,
  room: RoomInfo | null = null,
): SessionView {
  return {
    id: s.id,
    object: 'session',
    state: s.state,
    characterId: s.characterId,
    character: { id: character.id, name: character.name },
    voice: s.voiceId,
    realtime: s.realtime,
    target_fps: s.targetFps,
    turns: s.turns,
    viewers: s.state === 'open' ? viewers : 0,
    room: s.state === 'open' ? room : null,
    replyEngine,
    livemode: s.mode === 'live',
    createdAt: s.createdAt.toISOString(),
    lastActivityAt: s.lastActivityAt.toISOString(),
    endedAt: s.endedAt?.toISOString() ?? null,
    endReason: s.endReason,
  };
}

/** One sentence of a streamed reply, in order. */
export interface ReplyStreamEvent {
  sentence: string;
  index: number;
}
