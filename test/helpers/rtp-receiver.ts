/**
 * A UDP socket that receives plain RTP (from AvatarRoom.mirrorTo) and keeps what tests and the
 * media benchmark look at: when each packet arrived, its size, RTP timestamp and payload type,
 * and (with `keepPackets`) the packet itself, for tests that decode what they heard.
 */
import dgram from 'node:dgram';

export interface RtpArrival {
  at: number;
  size: number;
  payloadType: number;
  timestamp: number;
  ssrc: number;
  /** The whole RTP packet (with `keepPackets`). */
  packet?: Buffer;
}

export class RtpReceiver {
  readonly packets: RtpArrival[] = [];
  private readonly socket = dgram.createSocket('udp4');
  private waiters: Array<() => void> = [];

  constructor(private readonly options: { keepPackets?: boolean } = {}) {}

  async start(): Promise<{ ip: string; port: number }> {
    this.socket.on('message', (msg) => {
      if (msg.length < 12 || msg[0]! >> 6 !== 2) return;
      const payloadType = msg[1]! & 0x7f;
      if (payloadType >= 72 && payloadType <= 76) return; // RTCP
      this.packets.push({
        at: performance.now(),
        size: msg.length,
        payloadType,
        timestamp: msg.readUInt32BE(4),
        ssrc: msg.readUInt32BE(8),
        ...(this.options.keepPackets ? { packet: msg } : {}),
      });
      for (const w of this.waiters.splice(0)) w();
    });
    await new Promise<void>((resolve) => this.socket.bind(0, '127.0.0.1', resolve));
    return { ip: '127.0.0.1', port: this.socket.address().port };
  }

  /** Resolves when `predicate` holds over the packets so far (rejects after `timeoutMs`). */
  waitFor(predicate: (packets: RtpArrival[]) => boolean, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`RTP condition not met within ${timeoutMs} ms (${this.packets.length} packets)`)),
        timeoutMs,
      );
      const check = () => {
        if (predicate(this.packets)) {
          clearTimeout(timer);
          resolve();
        } else this.waiters.push(check);
      };
      check();
    });
  }

  /** Distinct RTP timestamps (video frames) that arrived in [from, to). */
  framesBetween(from: number, to: number): number {
    return new Set(this.packets.filter((p) => p.at >= from && p.at < to).map((p) => p.timestamp)).size;
  }

  close(): void {
    this.socket.close();
  }
}
