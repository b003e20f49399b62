/**
 * A voice to speak into a room without a browser: speech (PCM) encoded to Opus RTP packets by
 * ffmpeg, as a browser would send them (20 ms each), then sent on a real-time schedule into
 * AvatarRoom.injectVoice(), which takes the same path as a viewer's microphone. And the other way:
 * how loud each 20 ms packet of Opus RTP received from the room is (`opusLevels`).
 */
import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OggOpusWriter, rtpPayload } from '../../media/listening/ogg-opus.js';
import { wavFile, type Pcm } from '../../media/speech/wav.js';

export const PACKET_MS = 20;

/** `ms` of silence at `pcm`'s format. */
export function silence(like: Pcm, ms: number): Pcm {
  const samples = Math.round((like.sampleRateHz * ms) / 1000);
  return { ...like, data: Buffer.alloc(samples * 2 * like.channels) };
}

/** Pieces of PCM of one format, one after another. */
export function joinPcm(pieces: Pcm[]): Pcm {
  return { ...pieces[0]!, data: Buffer.concat(pieces.map((p) => p.data)) };
}

export function pcmMs(pcm: Pcm): number {
  return (pcm.data.length / 2 / pcm.channels / pcm.sampleRateHz) * 1000;
}

/** The RTP packets (in order) of `pcm` encoded as Opus at 48 kHz, 20 ms per packet. */
export async function opusPackets(pcm: Pcm, stream: { payloadType: number; ssrc: number }): Promise<Buffer[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-'));
  const wavPath = path.join(dir, 'voice.wav');
  fs.writeFileSync(wavPath, wavFile(pcm));
  // ffmpeg sends as fast as it encodes (seconds of audio in a burst): a large receive buffer keeps
  // every datagram. Set at bind (createSocket's option): setRecvBufferSize on a socket not yet
  // bound fails with ERR_SOCKET_BUFFER_SIZE (EBADF, there is no file descriptor yet).
  const socket = dgram.createSocket({ type: 'udp4', recvBufferSize: 8 * 1024 * 1024 });
  const packets: Buffer[] = [];
  socket.on('message', (msg) => {
    const payloadType = msg[1]! & 0x7f;
    if (msg.length >= 12 && msg[0]! >> 6 === 2 && payloadType === stream.payloadType) packets.push(Buffer.from(msg));
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = socket.address().port;
  try {
    await new Promise<void>((resolve, reject) => {
      const ffmpeg = spawn(
        process.env.FFMPEG_PATH ?? 'ffmpeg',
        [
          ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', wavPath],
          ...['-c:a', 'libopus', '-b:a', '32k', '-ac', '2', '-ar', '48000', '-application', 'voip', '-frame_duration', String(PACKET_MS)],
          ...['-f', 'rtp', '-payload_type', String(stream.payloadType), '-ssrc', String(stream.ssrc)],
          `rtp://127.0.0.1:${port}?rtcpport=${port}&pkt_size=1200`,
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      ffmpeg.on('error', reject);
      ffmpeg.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
    });
    await new Promise((r) => setTimeout(r, 200)); // the last datagrams
  } finally {
    socket.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const sequence = (p: Buffer) => p.readUInt16BE(2);
  packets.sort((a, b) => ((sequence(a) - sequence(b) + 0x8000) & 0xffff) - 0x8000);
  // A datagram lost on loopback would be a gap in the voice: say so rather than send a damaged one.
  const expected = Math.ceil(pcmMs(pcm) / PACKET_MS);
  const span = packets.length > 0 ? ((sequence(packets.at(-1)!) - sequence(packets[0]!)) & 0xffff) + 1 : 0;
  if (span !== packets.length || packets.length < expected - 1)
    throw new Error(`opusPackets: ${packets.length} RTP packets received of ${Math.max(span, expected)} sent by ffmpeg`);
  return packets;
}

/**
 * Sends `packets` one every 20 ms on an absolute schedule (as a microphone would), starting now;
 * resolves with the performance.now() at which each was sent.
 */
export async function sendPaced(send: (packet: Buffer) => void, packets: Buffer[]): Promise<number[]> {
  const start = performance.now();
  const sentAt: number[] = [];
  for (const [i, packet] of packets.entries()) {
    const due = start + i * PACKET_MS;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    send(packet);
    sentAt.push(performance.now());
  }
  return sentAt;
}

/** The pre-skip OggOpusWriter declares (samples at 48 kHz). */
const OPUS_PRE_SKIP = 312;

/**
 * The RMS level (0-1) of each 20 ms Opus RTP packet, in order: the packets decoded by ffmpeg
 * (rewrapped as Ogg, as the listener does) to 48 kHz mono. The decoder drops the encoder's delay
 * (the Ogg pre-skip) from the front, which is put back so that level i is packet i's audio.
 */
export async function opusLevels(packets: Buffer[]): Promise<number[]> {
  const ogg = new OggOpusWriter();
  const pages = [ogg.headers()];
  for (const packet of packets) {
    const rtp = rtpPayload(packet);
    if (rtp) pages.push(ogg.packet(rtp.payload, rtp.timestamp));
  }
  const pcm = await new Promise<Buffer>((resolve, reject) => {
    const ffmpeg = spawn(
      process.env.FFMPEG_PATH ?? 'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'ogg', '-i', 'pipe:0', '-f', 's16le', '-ar', '48000', '-ac', '1', 'pipe:1'],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const chunks: Buffer[] = [];
    ffmpeg.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    ffmpeg.on('error', reject);
    ffmpeg.on('exit', (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ffmpeg exited with ${code}`))));
    ffmpeg.stdin.end(Buffer.concat(pages));
  });
  const samples = Buffer.concat([Buffer.alloc(OPUS_PRE_SKIP * 2), pcm]);
  const perPacket = (48_000 * PACKET_MS) / 1000;
  const levels: number[] = [];
  for (let i = 0; i < packets.length; i++) {
    let sum = 0;
    let n = 0;
    for (let s = i * perPacket; s < (i + 1) * perPacket && s * 2 + 1 < samples.length; s++, n++)
      sum += (samples.readInt16LE(s * 2) / 32768) ** 2;
    levels.push(n > 0 ? Math.sqrt(sum / n) : 0);
  }
  return levels;
}
