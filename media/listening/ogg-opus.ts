/**
 * The browser's Opus, as it arrives in RTP packets, rewrapped as an Ogg Opus stream (RFC 7845)
 * so that ffmpeg can decode it from a pipe: the two header pages, then one page per packet, its
 * granule position taken from the RTP timestamps (Opus' RTP clock is always 48 kHz, as is the
 * granule's). A pipe never times out, needs no port and loses nothing, unlike ffmpeg's own RTP
 * input (which gives up after 10 s without a packet, as when push-to-talk is released).
 */

/** The payload of an RTP packet (after the CSRCs and the header extension), or undefined if it is not RTP. */
export function rtpPayload(packet: Buffer): { payload: Buffer; timestamp: number; sequence: number } | undefined {
  if (packet.length < 12 || packet[0]! >> 6 !== 2) return undefined;
  let offset = 12 + (packet[0]! & 0x0f) * 4;
  if (packet[0]! & 0x10) {
    if (packet.length < offset + 4) return undefined;
    offset += 4 + packet.readUInt16BE(offset + 2) * 4;
  }
  let end = packet.length;
  if (packet[0]! & 0x20) end -= packet[packet.length - 1]!; // padding
  if (end <= offset) return undefined;
  return { payload: packet.subarray(offset, end), timestamp: packet.readUInt32BE(4), sequence: packet.readUInt16BE(2) };
}

/** Frame lengths of the 32 Opus configurations (RFC 6716, 3.1), in 48 kHz samples. */
const FRAME_SAMPLES = [
  ...[480, 960, 1920, 2880, 480, 960, 1920, 2880, 480, 960, 1920, 2880], // SILK: 10, 20, 40, 60 ms
  ...[480, 960, 480, 960], // hybrid: 10, 20 ms
  ...[120, 240, 480, 960, 120, 240, 480, 960, 120, 240, 480, 960, 120, 240, 480, 960], // CELT: 2.5 to 20 ms
];

/** The audio an Opus packet holds, in 48 kHz samples, from its TOC byte (and frame count). */
export function opusSamples(packet: Buffer): number {
  if (packet.length === 0) return PACKET_SAMPLES;
  const toc = packet[0]!;
  const frame = FRAME_SAMPLES[toc >> 3]!;
  const code = toc & 0x03;
  const frames = code === 0 ? 1 : code === 3 ? (packet[1] ?? 0) & 0x3f : 2;
  return frame * Math.max(1, frames);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function oggCrc(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

const FIRST_PAGE = 0x02;
/** A packet of the browser's Opus: 20 ms at 48 kHz (WebRTC's default ptime). */
export const PACKET_SAMPLES = 960;
/** A timestamp jump longer than this is a new stream, not a pause to fill. */
const MAX_STEP = 48_000 * 10;
/**
 * One 20 ms Opus frame of silence: TOC 0xF8 (CELT, fullband, 20 ms, mono, one frame) and a payload
 * that decodes to digital silence, as Opus' own DTX comfort frames do.
 */
const OPUS_SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);

export class OggOpusWriter {
  private sequence = 0;
  private granule = 0n;
  private lastTimestamp: number | undefined;
  /** Samples of the last packet written (what the next timestamp is expected to add). */
  private lastSamples = PACKET_SAMPLES;
  private readonly serial = Math.floor(Math.random() * 0xffff_ffff);

  /** Audio written so far, in ms (the granule position: 48 kHz samples, the encoder's delay included). */
  get writtenMs(): number {
    return Number(this.granule) / 48;
  }

  /** OpusHead and OpusTags: what a decoder reads before the first packet. */
  headers(channels = 2): Buffer {
    const head = Buffer.alloc(19);
    head.write('OpusHead', 0, 'ascii');
    head[8] = 1; // version
    head[9] = channels;
    head.writeUInt16LE(312, 10); // pre-skip: libopus' usual encoder delay at 48 kHz
    head.writeUInt32LE(48_000, 12);
    head.writeInt16LE(0, 16); // output gain
    head[18] = 0; // channel mapping family 0 (mono or stereo)
    const vendor = Buffer.from('companion', 'ascii');
    const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
    tags.write('OpusTags', 0, 'ascii');
    tags.writeUInt32LE(vendor.length, 8);
    vendor.copy(tags, 12);
    return Buffer.concat([this.page(head, 0n, FIRST_PAGE), this.page(tags, 0n, 0)]);
  }

  /**
   * Samples the RTP timestamps skip before a packet stamped `rtpTimestamp`, beyond one packet's
   * worth: what a sender that went quiet (DTX, a muted track) or lost packets did not send. 0 for
   * the first packet, a packet in sequence, or a jump too large to be a pause (a new stream).
   */
  gapBefore(rtpTimestamp: number): number {
    if (this.lastTimestamp === undefined) return 0;
    const step = (rtpTimestamp - this.lastTimestamp) >>> 0; // RTP timestamps wrap at 2^32
    return step > this.lastSamples && step < MAX_STEP ? step - this.lastSamples : 0;
  }

  /** One Opus packet from RTP, as an Ogg page (its own length of the granule: gaps are written as silence()). */
  packet(payload: Buffer, rtpTimestamp: number): Buffer {
    this.lastTimestamp = rtpTimestamp;
    this.lastSamples = opusSamples(payload);
    this.granule += BigInt(this.lastSamples);
    return this.page(payload, this.granule, 0);
  }

  /** `packets` 20 ms Opus packets of silence, as Ogg pages: the decoder turns them into that much silent PCM. */
  silence(packets: number): Buffer {
    const pages: Buffer[] = [];
    for (let i = 0; i < packets; i++) {
      this.granule += BigInt(PACKET_SAMPLES);
      pages.push(this.page(OPUS_SILENCE, this.granule, 0));
    }
    if (this.lastTimestamp !== undefined)
      this.lastTimestamp = (this.lastTimestamp + this.lastSamples + (packets - 1) * PACKET_SAMPLES) >>> 0;
    if (packets > 0) this.lastSamples = PACKET_SAMPLES;
    return Buffer.concat(pages);
  }

  private page(packet: Buffer, granule: bigint, flags: number): Buffer {
    const lacing: number[] = [];
    let left = packet.length;
    for (; left >= 255; left -= 255) lacing.push(255);
    lacing.push(left);
    const header = Buffer.alloc(27 + lacing.length);
    header.write('OggS', 0, 'ascii');
    header[4] = 0;
    header[5] = flags;
    header.writeBigUInt64LE(granule, 6);
    header.writeUInt32LE(this.serial, 14);
    header.writeUInt32LE(this.sequence++, 18);
    header[26] = lacing.length;
    Buffer.from(lacing).copy(header, 27);
    const page = Buffer.concat([header, packet]);
    page.writeUInt32LE(oggCrc(page), 22);
    return page;
  }
}
