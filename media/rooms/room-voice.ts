/**
 * A voice in the room: one viewer's microphone (an Opus producer), as the node hosting the session
 * hears it. The room consumes the producer on a DirectTransport, so its RTP packets come to this
 * process as events (no port, no socket); this wraps that consumer for the listener
 * (media/listening/), which needs only the packets and whether the speaker paused.
 */
import { EventEmitter } from 'node:events';
import type { types } from 'mediasoup';

export class RoomVoice extends EventEmitter<{ rtp: [packet: Buffer]; pause: []; resume: []; close: [] }> {
  private ended = false;

  constructor(
    /** The viewer whose microphone this is (or `injected` for a voice sent from this process). */
    readonly viewerId: string,
    private readonly consumer: types.Consumer,
  ) {
    super();
    consumer.on('rtp', (packet) => this.emit('rtp', packet));
    // The page pauses its producer when push-to-talk is released or the microphone is turned off.
    consumer.on('producerpause', () => this.emit('pause'));
    consumer.on('producerresume', () => this.emit('resume'));
    consumer.on('producerclose', () => this.end());
    consumer.on('transportclose', () => this.end());
  }

  get paused(): boolean {
    return this.consumer.producerPaused;
  }

  get closed(): boolean {
    return this.ended;
  }

  close(): void {
    if (!this.consumer.closed) this.consumer.close();
    this.end();
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.emit('close');
  }
}
