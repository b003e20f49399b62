/**
 * One voice's decoder: an ffmpeg process reading the Opus packets (rewrapped as Ogg on its stdin)
 * and writing 16 kHz mono s16le on its stdout, the rate the voice-activity model and the
 * transcriber take. ffmpeg, as on the publishing side (media/publishing/ffmpeg-publisher.ts): the
 * decoder stays out of the event loop, and a crash costs one voice, not the node.
 *
 * Packets are written as they arrive; ffmpeg is told not to buffer or probe, so PCM comes out
 * within a packet or two of the RTP. Back-pressure: a decoder more than a few seconds behind is
 * overloaded and its packets are dropped (counted) rather than queued without bound.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { OggOpusWriter, rtpPayload } from './ogg-opus.js';

/** Bytes of Ogg that may wait in the pipe (~5 s of 48 kbit/s Opus with page overhead). */
const MAX_PENDING_BYTES = 64 * 1024;

export class VoiceDecoder extends EventEmitter<{ pcm: [chunk: Buffer]; exit: [code: number | null] }> {
  private readonly child: ChildProcess;
  private readonly stdin: Writable;
  private readonly ogg = new OggOpusWriter();
  private exited = false;
  private stderrTail = '';
  /** Packets dropped because ffmpeg had fallen behind. */
  dropped = 0;

  constructor(ffmpegPath: string, log: Logger) {
    super();
    this.child = spawn(
      ffmpegPath,
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
        ...['-fflags', 'nobuffer', '-probesize', '32', '-analyzeduration', '0'],
        ...['-f', 'ogg', '-i', 'pipe:0'],
        ...['-f', 's16le', '-ar', '16000', '-ac', '1', '-flush_packets', '1', 'pipe:1'],
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.stdin = this.child.stdin!;
    this.stdin.on('error', () => undefined); // a pipe closing under us is reported by `exit`
    this.child.stdout!.on('data', (chunk: Buffer) => this.emit('pcm', chunk));
    this.child.stderr!.setEncoding('utf8');
    this.child.stderr!.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-2000);
    });
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      if (code !== 0 && signal !== 'SIGTERM') log.warn({ code, signal, stderr: this.stderrTail }, 'a voice decoder (ffmpeg) exited');
      this.emit('exit', code);
    });
    this.stdin.write(this.ogg.headers());
  }

  /** Audio written to the decoder so far, in ms (what its PCM out will add up to, give or take the encoder's delay). */
  get writtenMs(): number {
    return this.ogg.writtenMs;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** One RTP packet of the voice's Opus. */
  write(rtp: Buffer): void {
    if (this.exited) return;
    const packet = rtpPayload(rtp);
    if (!packet) return;
    if (this.stdin.writableLength > MAX_PENDING_BYTES) {
      this.dropped++;
      return;
    }
    this.stdin.write(this.ogg.packet(packet.payload, packet.timestamp));
  }

  close(): Promise<void> {
    if (this.exited) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 2000);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      this.stdin.destroy();
      this.child.kill('SIGTERM');
    });
  }
}
