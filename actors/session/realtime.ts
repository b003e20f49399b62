/**
 * The one contract between sessions and media: what a realtime session needs from the media
 * layer, which implements it (media/publishing/session-media.ts) and is handed in by the
 * composition root (http/server/session-host-role.ts). The actor owns its room's life without
 * knowing mediasoup or ffmpeg; the media layer learns of the session only what is passed here.
 */
import type { Appearance } from '../../runtime/db/entities/character.js';
import type { LiveSession } from '../../runtime/db/entities/live-session.js';

/** The room as session views and session.started show it. */
export interface RoomInfo {
  id: string;
  video: { codec: 'VP8'; width: number; height: number; fps: number };
  audio: { codec: 'opus'; sampleRate: 48000 };
}

/** The user's words, heard in the room (the viewer page's microphone) and transcribed: one turn. */
export interface HeardUtterance {
  text: string;
  /** The language the transcriber heard (BCP-47 or whisper's code), when it reports one: the reply's language (reply-language.ts). */
  language?: string | undefined;
  /** Wall-clock ms (epoch) where the speech started and ended. */
  startedAt: number;
  endedAt: number;
}

/** One realtime session's open media: its room, encoder and frame pacer, and what it hears. */
export interface SessionRealtime {
  readonly open: boolean;
  /** The room, for viewer signalling (SessionViewers.attach). */
  readonly room: unknown;
  readonly viewers: number;
  describe(): RoomInfo;
  /**
   * Queues a reply sentence to be spoken (and mouthed) into the room. `language`: the reply's
   * (BCP-47), which a stock voice of another language does not speak: runtime/characters/reply-voice.ts
   * voiceForLanguage() picks the voice that does.
   */
  speak(sentence: string, language?: string): void;
  /**
   * A reply's opening words, before its first sentence is complete: synthesised ahead, and spoken
   * only as the start of that sentence if it starts with them (`speak()`).
   */
  prefetch(words: string, language?: string): void;
  /**
   * A reply's text so far, its first sentence not complete: the words that sentence would start with
   * are synthesised ahead. Returns them once they are (what `sayOpening()` may say), else undefined.
   */
  prefetchFirstWords(text: string, language?: string): string | undefined;
  /**
   * The opening words prefetched are fit to say as they are (the reply engine judged them as a first
   * sentence): they are spoken now, before their sentence is complete, which then goes on from them.
   */
  sayOpening(words: string): void;
  /**
   * Stops speaking at once (barge-in): the sentence playing stops where it is and queued ones are
   * dropped. Returns what was cut, so the journal keeps only what was heard.
   */
  interrupt(): SpeechCut;
  /**
   * Sentences spoken from now on are prepared but wait (`release()` plays them; `interrupt()`
   * drops them unheard): a reply begun on a turn the user may still go on with.
   */
  hold(): void;
  release(): void;
  /** Speaks `text` once, when the first viewer starts hearing the room (the character's greeting). */
  greet(text: string, language?: string): void;
  close(reason: string): Promise<void>;
  /** Called once if the media fails underneath the session (worker died, encoder exited). */
  onFailure(listener: (why: string) => void): void;
  /** Called with each turn the user speaks into the room (once its end is detected and it is transcribed). */
  onUtterance(listener: (utterance: HeardUtterance) => void): void;
  /**
   * Called with the user's turn so far, transcribed at a short pause before the turn is over
   * (VOICE_TURN_CHECK_MS of silence), so that a reply can start early; `onResumed` follows if the
   * user goes on, `onUtterance` with the same text if the turn ends there.
   */
  onHearing(listener: (heard: { text: string; language?: string | undefined }) => void): void;
  onResumed(listener: () => void): void;
  /**
   * Called with the user's words so far while they speak (VOICE_INTERIM_MS apart: the live caption),
   * not once they have paused (the turn's early transcript is then under way).
   */
  onPartial(listener: (text: string) => void): void;
  /**
   * Called as soon as a user's turn in the room holds a little speech (VOICE_BARGE_IN_MS), long
   * before it ends or is transcribed: the user has taken the floor, and the companion stops talking.
   */
  onBargeIn(listener: () => void): void;
  /**
   * Shows the user's turn, typed or heard, to the room's viewers (their pages' captions). The
   * companion's are captioned by the media as each sentence starts playing, so a reply cut short
   * shows what was heard.
   */
  captionUser(text: string): void;
}

export interface RealtimeMedia {
  /** target_fps of a session that gives none. */
  readonly defaultFps: number;
  /** Whether this node hosts as many rooms as it can hold at full quality (REALTIME_SESSIONS_PER_NODE). */
  readonly full: boolean;
  open(session: RealtimeSession): Promise<SessionRealtime>;
}

/** What the media layer is told of a session when its room opens (the actor already holds all of it). */
export interface RealtimeSession extends Pick<LiveSession, 'id' | 'userId' | 'mode' | 'voiceId' | 'targetFps'> {
  /** The character's appearance, or null when the character is gone (the test pattern stands in). */
  appearance: Appearance | null;
  /** The language the room's voices are heard in (ISO 639-1), or `auto`: told turn by turn (a session that follows the user). */
  hears?: string;
  /**
   * With `auto`: the language the conversation is in so far (ISO 639-1), heard in a turn unless the
   * transcriber surely detects another: one short turn misheard as a neighbouring language (Spanish
   * as Portuguese) does not switch the conversation.
   */
  expects?: string;
}

/** What a barge-in cut from the companion's speech. */
export interface SpeechCut {
  /** The sentence that was playing, and the fraction of its audio that had been heard. */
  playing: { sentence: string; heardFraction: number } | undefined;
  /** Sentences queued but never started. */
  dropped: string[];
}
