/**
 * One voice's decoder: an ffmpeg process reading the Opus packets (rewrapped as Ogg on its stdin)
 * and writing 16 kHz mono s16le on its stdout, the rate the voice-activity model and the
 * transcriber take. ffmpeg, as on the publishing side (media/publishing/ffmpeg-publisher.ts): the
 * decoder stays out of the event loop, and a crash costs one voice, not the node.
 *
 * Packets are written as they arrive; ffmpeg is told not to buffer or probe, so PCM comes out
 * within a packet or two of the RTP.
 *
 * The PCM runs on the clock, whatever the sender does: a browser that stops sending while its
 * microphone is quiet (Opus DTX, a muted or disabled track, a noise gate upstream) or loses
 * packets leaves gaps that a decoder would simply skip, so the turn detector would never see the
 * silence that ends a turn. Gaps are written as Opus silence instead: as soon as no packet has come
 * for IDLE_MS, silence follows the wall clock (for at most FILL_MAX_MS after the last packet), and
 * a packet whose RTP timestamp skips further than that gets the rest before it. Back-pressure: a decoder more than a few seconds behind is
 * overloaded and its packets are dropped (counted) rather than queued without bound.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { OggOpusWriter, PACKET_SAMPLES, rtpPayload } from './ogg-opus.js';

/** Bytes of Ogg that may wait in the pipe (~5 s of 48 kbit/s Opus with page overhead). */
const MAX_PENDING_BYTES = 64 * 1024;
/** A sender silent this long is quiet, not late: the wall clock's silence starts (jitter stays below it). */
const IDLE_MS = 120;
/** Silence written after the last packet, at most: enough to end any turn; a voice muted for an hour costs nothing. */
const FILL_MAX_MS = 3000;
const PACKET_MS = PACKET_SAMPLES / 48;

export class VoiceDecoder extends EventEmitter<{ pcm: [chunk: Buffer]; exit: [code: number | null] }> {
  private readonly child: ChildProcess;
  private readonly stdin: Writable;
  private readonly ogg = new OggOpusWriter();
  private exited = false;
  /** close() asked it to stop: ffmpeg answers SIGTERM by exiting with code 255, which is no failure then. */
  private closing = false;
  private stderrTail = '';
  /** Packets dropped because ffmpeg had fallen behind. */
  dropped = 0;
  /** Wall-clock ms of the last packet, and the silence written since (packets of 20 ms). */
  private lastPacketAt: number | undefined;
  private filledPackets = 0;
  private readonly clock: NodeJS.Timeout;

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
      if (code !== 0 && !this.closing) log.warn({ code, signal, stderr: this.stderrTail }, 'a voice decoder (ffmpeg) exited');
      this.emit('exit', code);
    });
    this.stdin.write(this.ogg.headers());
    this.clock = setInterval(() => this.fillToNow(), IDLE_MS / 2);
    this.clock.unref();
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
    // What the timestamps skipped and the clock has not filled yet (the clock may have filled more
    // than a short skip: then nothing). Bounded like the clock's own silence.
    const gap = Math.floor(this.ogg.gapBefore(packet.timestamp) / PACKET_SAMPLES);
    const rest = Math.min(gap, Math.max(0, FILL_MAX_MS / PACKET_MS - this.filledPackets));
    if (rest > 0) this.stdin.write(this.ogg.silence(rest));
    this.lastPacketAt = Date.now();
    this.filledPackets = 0;
    this.stdin.write(this.ogg.packet(packet.payload, packet.timestamp));
  }

  /** The sender has been quiet for IDLE_MS or more: silence up to the wall clock. */
  private fillToNow(): void {
    if (this.exited || this.lastPacketAt === undefined) return;
    const quietMs = Math.min(Date.now() - this.lastPacketAt, FILL_MAX_MS);
    if (quietMs < IDLE_MS) return;
    const due = Math.floor(quietMs / PACKET_MS) - this.filledPackets;
    if (due <= 0) return;
    this.filledPackets += due;
    this.stdin.write(this.ogg.silence(due));
  }

  close(): Promise<void> {
    clearInterval(this.clock);
    if (this.exited) return Promise.resolve();
    this.closing = true;
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
