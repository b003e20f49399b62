/**
 * The session's encoder: two ffmpeg processes, one reading raw I420 frames and encoding VP8, the
 * other reading 48 kHz mono s16le PCM and encoding Opus (each on its pipe 3), both sending RTP into
 * the room's PlainTransports. Chosen by measurement (docs/MEDIA.md): libvpx in realtime mode with
 * one thread costs ~a third of a core at 30 fps 640×480; a keyframe every second lets a viewer who
 * joins late start within a second (PLI from viewers does not reach ffmpeg).
 *
 * A process each, not one with two inputs: ffmpeg 5 encodes all of a process's streams on one
 * thread, so the voice's packets waited behind every video frame's encode (up to 50-90 ms behind a
 * keyframe, one a second), and the watching page's jitter buffer grew to cover that wait. On its
 * own, the voice's encoder also reads its pipe as the samples come instead of polling two inputs.
 *
 * The pacer hands over video and audio in lockstep (one frame and its samples per tick); input
 * timestamps come from the frame and sample counts, which keeps audio and video in sync. The audio
 * goes into ffmpeg 20 ms at a time on its own clock, not a tick's worth at once: ffmpeg sends each
 * Opus packet as soon as its samples arrive, so a tick's samples written together left the SFU as a
 * burst of 4-5 packets every 83 ms (at 12 fps), and the watching page's jitter buffer grew to absorb
 * the bursts (190-400 ms of audio held), which every answer and every barge-in then waited through.
 * The clock writes each 20 ms when its time comes, one step ahead (a tick's first 20 ms go out with
 * its frame); a step that finds its audio not yet there (the pacer's tick came late) is made up as
 * soon as the audio arrives, not skipped: a skipped step would hold every later sample back by its
 * 20 ms for the rest of the session, and late ticks would add up to hundreds of ms of held audio.
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
/**
 * How far the audio may fall behind its clock (ticks came late: made up at once when they come) or
 * pile up ahead of it before the clock moves to the audio instead: the pacer skips the ticks it is
 * this far behind, and their audio never comes.
 */
const MAX_AUDIO_SLIP_MS = 300;

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
  private readonly encoders: ChildProcess[];
  private readonly videoIn: Writable;
  private readonly audioIn: Writable;
  private exited = false;
  private closing = false;
  /** Frames dropped because ffmpeg had not taken the previous ones (it fell behind). */
  dropped = 0;
  /** Audio handed over by the pacer and not yet written, and the clock that writes it 20 ms at a time. */
  private audioHeld: Buffer[] = [];
  private audioHeldBytes = 0;
  private audioClock: NodeJS.Timeout | undefined;
  /** When the clock's step 0 was (performance.now()), and the bytes written since. */
  private audioStartedAt = 0;
  private audioWrittenBytes = 0;

  constructor(private readonly options: PublisherOptions) {
    super();
    const video = this.spawnEncoder('video', videoEncoderArgs(options));
    const audio = this.spawnEncoder('audio', audioEncoderArgs(options));
    this.encoders = [video, audio];
    this.videoIn = video.stdio[3] as Writable;
    this.audioIn = audio.stdio[3] as Writable;
  }

  /** One of the two ffmpeg processes; the first to exit ends the publisher (`exit`), and the other is stopped. */
  private spawnEncoder(kind: 'video' | 'audio', args: string[]): ChildProcess {
    const child = spawn(this.options.ffmpegPath, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
    // A pipe closing under us (ffmpeg exited) is reported by `exit`, not as an uncaught error.
    (child.stdio[3] as Writable).on('error', () => undefined);
    let stderrTail = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-2000);
    });
    child.on('exit', (code, signal) => {
      if (this.exited) return;
      this.exited = true;
      clearTimeout(this.audioClock);
      if (!this.closing) {
        this.options.log.warn({ encoder: kind, code, signal, stderr: stderrTail }, 'the session encoder (ffmpeg) exited');
        for (const other of this.encoders) if (other !== child) other.kill('SIGTERM');
      }
      this.emit('exit', code, signal);
    });
    return child;
  }

  /** The encoder's processes (video, audio). */
  get pids(): number[] {
    return this.encoders.flatMap((c) => (c.pid === undefined ? [] : [c.pid]));
  }

  get running(): boolean {
    return !this.exited;
  }

  /**
   * One tick: a frame (width×height×3/2 bytes of I420) and its PCM (48 kHz mono s16le). When the
   * video encoder is more than a second behind (the machine is overloaded) the whole tick is
   * dropped and counted — video and audio together, so they stay in sync — rather than queued
   * without bound.
   */
  write(frame: Buffer, pcm: Buffer, consumed?: () => void): void {
    if (this.exited) return consumed?.();
    // Up to a second of frames may wait (ffmpeg takes about that long to start on a busy machine).
    if (this.videoIn.writableLength > frame.length * this.options.fps) {
      this.dropped++;
      return consumed?.();
    }
    // The write's callback comes once the pipe has taken the frame (or failed to): it is free again.
    this.videoIn.write(frame, consumed && (() => consumed()));
    this.holdAudio(pcm);
  }

  /**
   * The last tick's audio not yet written (all of it, or what is left of it when the clock has
   * begun writing it): taken back so that the pacer can put speech in its place (writeAudio()).
   */
  takeBackAudio(): number {
    if (this.exited || this.audioHeld.length === 0) return 0;
    const last = this.audioHeld.pop()!;
    this.audioHeldBytes -= last.length;
    return last.length / 2;
  }

  /** Audio between ticks (in place of what takeBackAudio() took back): out with the clock's next step. */
  writeAudio(pcm: Buffer): void {
    if (this.exited) return;
    this.holdAudio(pcm);
  }

  /**
   * Barge-in: the audio held for the clock (the rest of the last tick) becomes silence, faded out
   * over its first `fadeSamples` so the cut does not click. Its length stays, so the clock and the
   * video keep their sync.
   */
  muteAudio(fadeSamples: number): void {
    this.audioHeld = fadedToSilence(this.audioHeld, fadeSamples);
  }

  /** Queues a tick's audio for the 20 ms clock (started with the first audio), and writes what is due. */
  private holdAudio(pcm: Buffer): void {
    this.audioHeld.push(pcm);
    this.audioHeldBytes += pcm.length;
    if (!this.audioClock) {
      this.audioStartedAt = performance.now();
      this.audioWrittenBytes = 0;
      this.stepAudio();
    } else this.writeDueAudio();
  }

  /** One step of the audio clock: what is due out, the next step scheduled against absolute time. */
  private stepAudio(): void {
    if (this.exited || this.closing) return;
    const step = this.writeDueAudio();
    const due = this.audioStartedAt + (step + 1) * AUDIO_STEP_MS;
    this.audioClock = setTimeout(() => this.stepAudio(), Math.max(0, due - performance.now()));
  }

  /**
   * Writes the audio of the clock's steps so far, the one now running included (whole 20 ms steps,
   * so that each write completes Opus frames), as much of it as the pacer has handed over; returns
   * the step now running.
   */
  private writeDueAudio(): number {
    const now = performance.now();
    let step = Math.floor((now - this.audioStartedAt) / AUDIO_STEP_MS);
    // Audio missing (positive) or piled up (negative) against the clock's step and the next.
    const missingMs = (((step + 1) * AUDIO_STEP_BYTES - this.audioWrittenBytes - this.audioHeldBytes) / AUDIO_STEP_BYTES) * AUDIO_STEP_MS;
    if (Math.abs(missingMs) > MAX_AUDIO_SLIP_MS) {
      this.audioStartedAt += Math.trunc(missingMs / AUDIO_STEP_MS) * AUDIO_STEP_MS;
      step = Math.floor((now - this.audioStartedAt) / AUDIO_STEP_MS);
    }
    const due = (step + 1) * AUDIO_STEP_BYTES - this.audioWrittenBytes;
    if (due > 0) this.writeHeldAudio(due);
    return step;
  }

  private writeHeldAudio(bytes: number): void {
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
    if (out.length === 0) return;
    const chunk = out.length === 1 ? out[0]! : Buffer.concat(out);
    this.audioWrittenBytes += chunk.length;
    this.audioIn.write(chunk);
  }

  close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.audioClock);
    const alive = this.encoders.filter((c) => c.exitCode === null && c.signalCode === null);
    return Promise.all(
      alive.map(
        (child) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            (child.stdio[3] as Writable).destroy();
            child.kill('SIGTERM');
          }),
      ),
    ).then(() => undefined);
  }
}

/** 16-bit PCM chunks (in order) as silence of the same lengths, after a linear fade of their first `fadeSamples`. */
export function fadedToSilence(chunks: Buffer[], fadeSamples: number): Buffer[] {
  let at = 0;
  return chunks.map((chunk) => {
    const out = Buffer.alloc(chunk.length);
    for (let i = 0; i < chunk.length / 2 && at + i < fadeSamples; i++)
      out.writeInt16LE(Math.round(chunk.readInt16LE(i * 2) * (1 - (at + i) / fadeSamples)), i * 2);
    at += chunk.length / 2;
    return out;
  });
}

type EncoderOptions = Pick<PublisherOptions, 'width' | 'height' | 'fps' | 'videoKbps' | 'video' | 'audio'>;

const COMMON_ARGS = ['-hide_banner', '-loglevel', 'error', '-nostdin'];
const rtpUrl = (t: PublishTarget) => `rtp://${t.ip}:${t.port}?rtcpport=${t.rtcpPort ?? t.port + 1}&pkt_size=1200`;

export function videoEncoderArgs(o: EncoderOptions): string[] {
  return [
    ...COMMON_ARGS,
    ...['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-video_size', `${o.width}x${o.height}`, '-framerate', String(o.fps), '-i', 'pipe:3'],
    ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-threads', '1'],
    ...['-b:v', `${o.videoKbps}k`, '-maxrate', `${o.videoKbps}k`, '-bufsize', `${o.videoKbps}k`],
    // A block that has not changed at all (the face's background, most of an idle face) is skipped.
    ...['-g', String(o.fps), '-lag-in-frames', '0', '-error-resilient', '1', '-auto-alt-ref', '0', '-static-thresh', '1'],
    ...['-f', 'rtp', '-ssrc', String(VIDEO_STREAM.ssrc), '-payload_type', String(VIDEO_STREAM.payloadType), rtpUrl(o.video)],
  ];
}

export function audioEncoderArgs(o: EncoderOptions): string[] {
  return [
    ...COMMON_ARGS,
    ...['-f', 's16le', '-ar', String(ENCODER_SAMPLE_RATE), '-ac', '1', '-i', 'pipe:3'],
    // The voice is mono and clean (synthesised, not a microphone's): mono Opus in its low-delay
    // (CELT) mode costs a third of stereo "voip" on speech and a sixth on the silence an idle session
    // sends, and that silence stays 3-byte packets after speech (50-80 bytes in the other modes).
    ...['-c:a', 'libopus', '-b:a', '48k', '-ac', '1', '-application', 'lowdelay', '-frame_duration', '20'],
    ...['-f', 'rtp', '-ssrc', String(AUDIO_STREAM.ssrc), '-payload_type', String(AUDIO_STREAM.payloadType), rtpUrl(o.audio)],
  ];
}
