/**
 * The session's encoder: one ffmpeg process reading raw I420 frames (pipe 3) and 48 kHz mono
 * s16le PCM (pipe 4), encoding VP8 + Opus and sending RTP into the room's PlainTransports. Chosen
 * by measurement (docs/MEDIA.md): libvpx in realtime mode with one thread costs ~a third of a core
 * at 30 fps 640×480; a keyframe every second lets a viewer who joins late start within a second
 * (PLI from viewers does not reach ffmpeg).
 *
 * The pacer hands over video and audio in lockstep (one frame and its samples per tick); input
 * timestamps come from the frame and sample counts, which keeps audio and video in sync. The audio
 * goes into ffmpeg 20 ms at a time on its own clock, not a tick's worth at once: ffmpeg sends each
 * Opus packet as soon as its samples arrive, so a tick's samples written together left the SFU as a
 * burst of 4-5 packets every 83 ms (at 12 fps), and the watching page's jitter buffer grew to absorb
 * the bursts (190-400 ms of audio held), which every answer and every barge-in then waited through.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { AUDIO_STREAM, VIDEO_STREAM } from '../rooms/codecs.js';
import type { PublishTarget } from '../rooms/avatar-room.js';

export const ENCODER_SAMPLE_RATE = 48_000;
/** The audio written to ffmpeg per step of its clock: one Opus frame (20 ms of 48 kHz mono s16le). */
const AUDIO_STEP_MS = 20;
const AUDIO_STEP_BYTES = (ENCODER_SAMPLE_RATE / 1000) * AUDIO_STEP_MS * 2;
/** Audio waiting beyond this (the clock fell behind the pacer) is written at once rather than held. */
const MAX_HELD_AUDIO_BYTES = AUDIO_STEP_BYTES * 25;

export interface PublisherOptions {
  ffmpegPath: string;
  width: number;
  height: number;
  fps: number;
  videoKbps: number;
  video: PublishTarget;
  audio: PublishTarget;
  log: Logger;
}

export class FfmpegPublisher extends EventEmitter<{ exit: [code: number | null, signal: NodeJS.Signals | null] }> {
  private readonly child: ChildProcess;
  private readonly videoIn: Writable;
  private readonly audioIn: Writable;
  private exited = false;
  private closing = false;
  private stderrTail = '';
  /** Frames dropped because ffmpeg had not taken the previous ones (it fell behind). */
  dropped = 0;
  /** Audio handed over by the pacer and not yet written, and the clock that writes it 20 ms at a time. */
  private audioHeld: Buffer[] = [];
  private audioHeldBytes = 0;
  private audioClock: NodeJS.Timeout | undefined;
  private audioStartedAt = 0;
  private audioSteps = 0;

  constructor(private readonly options: PublisherOptions) {
    super();
    this.child = spawn(options.ffmpegPath, ffmpegArgs(options), { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    this.videoIn = this.child.stdio[3] as Writable;
    this.audioIn = this.child.stdio[4] as Writable;
    // A pipe closing under us (ffmpeg exited) is reported by `exit`, not as an uncaught error.
    this.videoIn.on('error', () => undefined);
    this.audioIn.on('error', () => undefined);
    this.child.stderr!.setEncoding('utf8');
    this.child.stderr!.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-2000);
    });
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      if (!this.closing) options.log.warn({ code, signal, stderr: this.stderrTail }, 'the session encoder (ffmpeg) exited');
      this.emit('exit', code, signal);
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return !this.exited;
  }

  /**
   * One tick: a frame (width×height×3/2 bytes of I420) and its PCM (48 kHz mono s16le). When
   * ffmpeg is more than a second behind (the machine is overloaded) the
   * whole tick is dropped and counted — video and audio together, so they stay in sync — rather
   * than queued without bound.
   */
  write(frame: Buffer, pcm: Buffer, consumed?: () => void): void {
    if (this.exited) return consumed?.();
    // Up to a second of frames may wait (ffmpeg takes about that long to start on a busy machine;
    // it reads both pipes, so audio must keep coming while it does).
    if (this.videoIn.writableLength > frame.length * this.options.fps) {
      this.dropped++;
      return consumed?.();
    }
    // The write's callback comes once the pipe has taken the frame (or failed to): it is free again.
    this.videoIn.write(frame, consumed && (() => consumed()));
    this.holdAudio(pcm);
  }

  /** Queues a tick's audio for the 20 ms clock (started with the first audio). */
  private holdAudio(pcm: Buffer): void {
    this.audioHeld.push(pcm);
    this.audioHeldBytes += pcm.length;
    if (this.audioHeldBytes > MAX_HELD_AUDIO_BYTES) this.writeAudio(this.audioHeldBytes - AUDIO_STEP_BYTES * 5);
    if (this.audioClock) return;
    this.audioStartedAt = performance.now();
    this.audioSteps = 0;
    this.stepAudio();
  }

  /** One step of the audio clock: 20 ms of audio out, the next step scheduled against absolute time. */
  private stepAudio(): void {
    if (this.exited || this.closing) return;
    this.writeAudio(AUDIO_STEP_BYTES);
    this.audioSteps++;
    const due = this.audioStartedAt + this.audioSteps * AUDIO_STEP_MS;
    this.audioClock = setTimeout(() => this.stepAudio(), Math.max(0, due - performance.now()));
  }

  private writeAudio(bytes: number): void {
    let left = Math.min(bytes, this.audioHeldBytes);
    const out: Buffer[] = [];
    while (left > 0) {
      const head = this.audioHeld[0]!;
      if (head.length <= left) {
        out.push(head);
        this.audioHeld.shift();
        left -= head.length;
        this.audioHeldBytes -= head.length;
      } else {
        out.push(head.subarray(0, left));
        this.audioHeld[0] = head.subarray(left);
        this.audioHeldBytes -= left;
        left = 0;
      }
    }
    if (out.length > 0) this.audioIn.write(out.length === 1 ? out[0]! : Buffer.concat(out));
  }

  close(): Promise<void> {
    if (this.exited) return Promise.resolve();
    this.closing = true;
    clearTimeout(this.audioClock);
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 2000);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      this.videoIn.destroy();
      this.audioIn.destroy();
      this.child.kill('SIGTERM');
    });
  }
}

export function ffmpegArgs(o: Pick<PublisherOptions, 'width' | 'height' | 'fps' | 'videoKbps' | 'video' | 'audio'>): string[] {
  const rtp = (t: PublishTarget) => `rtp://${t.ip}:${t.port}?rtcpport=${t.rtcpPort ?? t.port + 1}&pkt_size=1200`;
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-video_size', `${o.width}x${o.height}`, '-framerate', String(o.fps)],
    ...['-thread_queue_size', '64', '-i', 'pipe:3'],
    ...['-f', 's16le', '-ar', String(ENCODER_SAMPLE_RATE), '-ac', '1', '-thread_queue_size', '64', '-i', 'pipe:4'],
    ...['-map', '0:v:0', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-threads', '1'],
    ...['-b:v', `${o.videoKbps}k`, '-maxrate', `${o.videoKbps}k`, '-bufsize', `${o.videoKbps}k`],
    // A block that has not changed at all (the face's background, most of an idle face) is skipped.
    ...['-g', String(o.fps), '-lag-in-frames', '0', '-error-resilient', '1', '-auto-alt-ref', '0', '-static-thresh', '1'],
    ...['-f', 'rtp', '-ssrc', String(VIDEO_STREAM.ssrc), '-payload_type', String(VIDEO_STREAM.payloadType), rtp(o.video)],
    // The voice is mono and clean (synthesised, not a microphone's): mono Opus in its low-delay
    // (CELT) mode costs a third of stereo "voip" on speech and a sixth on the silence an idle session
    // sends, and that silence stays 3-byte packets after speech (50-80 bytes in the other modes).
    ...['-map', '1:a:0', '-c:a', 'libopus', '-b:a', '48k', '-ac', '1', '-application', 'lowdelay', '-frame_duration', '20'],
    ...['-f', 'rtp', '-ssrc', String(AUDIO_STREAM.ssrc), '-payload_type', String(AUDIO_STREAM.payloadType), rtp(o.audio)],
  ];
}
