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

export class OggOpusWriter {
  private sequence = 0;
  private granule = 0n;
  private lastTimestamp: number | undefined;
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

  /** One Opus packet from RTP, as an Ogg page. */
  packet(payload: Buffer, rtpTimestamp: number): Buffer {
    // 960 samples (20 ms) when there is no previous packet to measure against; RTP timestamps wrap at 2^32.
    const step = this.lastTimestamp === undefined ? 960 : (rtpTimestamp - this.lastTimestamp) >>> 0;
    this.lastTimestamp = rtpTimestamp;
    this.granule += BigInt(step > 0 && step < 48_000 * 10 ? step : 960);
    return this.page(payload, this.granule, 0);
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
