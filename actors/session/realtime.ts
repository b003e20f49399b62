/**
 * What a realtime session needs from the media layer, which implements it
 * (media/publishing/session-media.ts) and is handed in by runtime/service.ts, so the actor owns
 * its room's life without knowing mediasoup or ffmpeg.
 */

/** The room as session views and session.started show it. */
export interface RoomInfo {
  id: string;
  video: { codec: 'VP8'; width: number; height: number; fps: number };
  audio: { codec: 'opus'; sampleRate: 48000 };
}

/** One realtime session's open media: its room, encoder and frame pacer. */
export interface SessionRealtime {
  readonly open: boolean;
  /** The room, for viewer signalling (SessionViewers.attach). */
  readonly room: unknown;
  readonly viewers: number;
  describe(): RoomInfo;
  /** Queues a reply sentence to be spoken (and mouthed) into the room. */
  speak(sentence: string): void;
  close(reason: string): Promise<void>;
  /** Called once if the media fails underneath the session (worker died, encoder exited). */
  onFailure(listener: (why: string) => void): void;
}

export interface RealtimeMedia {
  /** target_fps of a session that gives none. */
  readonly defaultFps: number;
  open(session: { id: string; voiceId: string; characterId: string; targetFps: number }): Promise<SessionRealtime>;
}
