/**
 * A realtime session's media, opened and closed by its actor (through actors/session/realtime.ts): the room (router + producers) on
 * one of this node's mediasoup workers, the encoder (ffmpeg) publishing into it, the performer
 * that draws and voices the companion, and the frame pacer that drives them. If the room or the
 * encoder fails underneath (a worker died, ffmpeg exited), `failed` fires once and the actor ends
 * the session with reason `media_error`.
 */
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import { FramePacer, type Interruption } from './frame-pacer.js';
import type { HeardUtterance, RealtimeMedia, RealtimeSession, SessionRealtime } from '../../actors/session/realtime.js';
import { FfmpegPublisher } from './ffmpeg-publisher.js';
import type { PacedPerformer } from './performer.js';
import type { AvatarRoom, RoomDescription } from '../rooms/avatar-room.js';
import type { RoomHost } from '../rooms/room-host.js';
import { RoomListener, type ListeningSettings } from '../listening/voice-listener.js';

export interface SessionMediaSettings {
  ffmpegPath: string;
  /** target_fps of a session that does not give one. */
  defaultFps: number;
  width: number;
  height: number;
  videoKbps: number;
  /** Rooms this node hosts at once (REALTIME_SESSIONS_PER_NODE). */
  maxRooms: number;
}

/** Makes the performer of a session (its face and voice) at the room's video size. */
export type PerformerFactory = (input: { session: RealtimeSession; width: number; height: number }) => Promise<PacedPerformer>;

export interface SessionMediaDeps {
  rooms: RoomHost;
  settings: SessionMediaSettings;
  createPerformer: PerformerFactory;
  log: Logger;
  /** Voice input (media/listening/): absent, the room offers no microphone. */
  listening?: ListeningSettings | undefined;
}

/** What the session actor is handed (SessionDeps.media): opens a session's media on this node. */
export class SessionMediaOpener implements RealtimeMedia {
  constructor(private readonly deps: SessionMediaDeps) {}

  get defaultFps(): number {
    return this.deps.settings.defaultFps;
  }

  get full(): boolean {
    return this.deps.rooms.roomCount >= this.deps.settings.maxRooms;
  }

  open(session: RealtimeSession): Promise<SessionRealtime> {
    return SessionMedia.open(this.deps, session);
  }
}

export class SessionMedia extends EventEmitter<{ failed: [reason: string] }> implements SessionRealtime {
  private closing = false;
  private greeted = false;

  private constructor(
    readonly room: AvatarRoom,
    readonly publisher: FfmpegPublisher,
    readonly pacer: FramePacer,
    private readonly performer: PacedPerformer,
    /** Hears the viewers' microphones (when voice input is configured). */
    readonly listener: RoomListener | undefined,
  ) {
    super();
    room.frameClock = pacer;
    room.voiceListener = listener;
    room.encoderPids = publisher.pids;
    room.once('close', (reason) => {
      // The node is stopping: its sessions are handed to other nodes, not ended; just stop encoding.
      if (reason === 'node_stopping') void this.close(reason);
      else this.fail(`room closed: ${reason}`);
    });
    publisher.once('exit', (code, signal) => this.fail(`encoder exited (${signal ?? code})`));
    // The companion's lines are captioned as they are spoken, sentence by sentence: a reply cut
    // short by the user shows only the sentences that were heard (at least begun).
    pacer.on('utteranceStart', (sentence) => room.caption({ role: 'companion', text: sentence }));
    pacer.on('utteranceGrows', (rest) => room.caption({ role: 'companion', text: rest })); // a page joins a sentence's parts
    // The user's words as they speak, live: replaced by the next, and by the turn once it is taken.
    const interim = (text: string) => room.caption({ role: 'user', text, interim: true });
    listener?.on('partial', interim);
    listener?.on('hearing', ({ text }) => interim(text));
  }

  static async open(deps: SessionMediaDeps, session: RealtimeSession): Promise<SessionMedia> {
    const { width, height, videoKbps, ffmpegPath } = deps.settings;
    const performer = await deps.createPerformer({ session, width, height });
    let room: AvatarRoom | undefined;
    try {
      room = await deps.rooms.createRoom(session.id, { width: performer.width, height: performer.height, fps: session.targetFps });
      const publisher = new FfmpegPublisher({
        ffmpegPath,
        width: performer.width,
        height: performer.height,
        fps: session.targetFps,
        videoKbps,
        video: room.videoTarget,
        audio: room.audioTarget,
        log: deps.log,
      });
      const pacer = new FramePacer({ performer, sink: publisher, fps: session.targetFps, log: deps.log });
      const listener = deps.listening ? new RoomListener(room, deps.listening, session.hears, session.expects) : undefined;
      const media = new SessionMedia(room, publisher, pacer, performer, listener);
      pacer.start();
      return media;
    } catch (err) {
      room?.close('open_failed');
      performer.close();
      throw err;
    }
  }

  describe(): RoomDescription {
    return this.room.describe();
  }

  get viewers(): number {
    return this.room.viewerCount;
  }

  onFailure(listener: (why: string) => void): void {
    this.once('failed', listener);
  }

  get open(): boolean {
    return !this.closing && !this.room.closed;
  }

  speak(sentence: string, language?: string): void {
    this.pacer.speak(sentence, language);
    if (language) this.listener?.answeredIn(language);
  }

  prefetch(words: string, language?: string): void {
    this.pacer.prefetch(words, language);
  }

  prefetchFirstWords(text: string, language?: string): string | undefined {
    return this.pacer.prefetchFirstWords(text, language);
  }

  sayOpening(words: string): void {
    this.pacer.sayOpening(words);
  }

  interrupt(): Interruption {
    return this.pacer.interrupt();
  }

  hold(): void {
    this.pacer.hold();
  }

  release(): void {
    this.pacer.release();
  }

  onHearing(listener: (heard: { text: string; language?: string | undefined }) => void): void {
    this.listener?.on('hearing', listener);
  }

  /** The user's words so far, while they are still speaking (a live caption's text). */
  onPartial(listener: (text: string) => void): void {
    this.listener?.on('partial', (text, speaking) => speaking && listener(text));
  }

  onResumed(listener: () => void): void {
    this.listener?.on('resumed', listener);
  }

  onUtterance(listener: (utterance: HeardUtterance) => void): void {
    this.listener?.on('heard', listener);
  }

  onBargeIn(listener: () => void): void {
    this.listener?.on('bargeIn', () => listener());
  }

  captionUser(text: string): void {
    this.room.caption({ role: 'user', text });
  }

  greet(text: string, language?: string): void {
    if (this.greeted) return;
    this.greeted = true;
    this.room.once('listening', () => {
      if (this.open) this.pacer.speak(text, language);
    });
  }

  async close(reason: string): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.listener?.close();
    this.pacer.close();
    this.room.close(reason);
    this.performer.close();
    await this.publisher.close();
  }

  private fail(reason: string): void {
    if (this.closing) return;
    this.emit('failed', reason);
  }
}
