/**
 * Decodes an uploaded recording (WAV, WebM/Opus, Ogg, MP3, FLAC, M4A — whatever ffmpeg reads) to
 * 16 kHz mono 16-bit PCM in an ffmpeg child process, so decoding never runs on the event loop.
 * The upload goes through a temporary file rather than a pipe: some containers (MP4/M4A with the
 * index at the end) need seeking. Output is capped at the duration limit plus one second, and
 * ffmpeg is killed past `timeoutMs`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { wavFile, type Pcm } from './wav.js';

export const DECODED_SAMPLE_RATE_HZ = 16_000;
const BYTES_PER_SECOND = DECODED_SAMPLE_RATE_HZ * 2;

export class AudioUndecodable extends Error {}
export class AudioTooLong extends Error {}

export interface DecodedAudio {
  /** 16 kHz mono 16-bit WAV. */
  wav: Buffer;
  durationS: number;
}

export class AudioDecoder {
  constructor(
    private readonly ffmpegPath: string,
    private readonly maxDurationS: number,
    private readonly timeoutMs = 60_000,
  ) {}

  async decode(input: Buffer): Promise<DecodedAudio> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'companion-audio-'));
    const file = path.join(dir, 'upload');
    try {
      await fs.writeFile(file, input);
      const pcm = await this.run(file);
      const durationS = pcm.length / BYTES_PER_SECOND;
      if (durationS > this.maxDurationS) throw new AudioTooLong(`audio is longer than ${this.maxDurationS} s`);
      if (pcm.length < BYTES_PER_SECOND / 100) throw new AudioUndecodable('the audio holds no samples');
      const decoded: Pcm = { sampleRateHz: DECODED_SAMPLE_RATE_HZ, channels: 1, bitsPerSample: 16, data: pcm };
      return { wav: wavFile(decoded), durationS };
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  private run(file: string): Promise<Buffer> {
    // One second past the limit is enough to know the recording is too long.
    const maxBytes = (this.maxDurationS + 1) * BYTES_PER_SECOND;
    const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', file, '-t', String(this.maxDurationS + 1)];
    args.push('-vn', '-ac', '1', '-ar', String(DECODED_SAMPLE_RATE_HZ), '-f', 's16le', 'pipe:1');
    return new Promise((resolve, reject) => {
      const child = spawn(this.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      const chunks: Buffer[] = [];
      let bytes = 0;
      let stderr = '';
      const timer = setTimeout(() => child.kill('SIGKILL'), this.timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        if (bytes >= maxBytes) return;
        chunks.push(chunk);
        bytes += chunk.length;
      });
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < 2000) stderr += chunk.toString();
      });
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        if (signal === 'SIGKILL') return reject(new AudioUndecodable(`decoding took longer than ${this.timeoutMs} ms`));
        if (code !== 0)
          return reject(new AudioUndecodable(`the audio could not be decoded (${firstLine(stderr) || `ffmpeg exit ${code}`})`));
        resolve(Buffer.concat(chunks).subarray(0, maxBytes));
      });
    });
  }
}

function firstLine(text: string): string {
  // ffmpeg prefixes messages with the temporary path; keep only the reason.
  return (text.trim().split('\n')[0] ?? '').replace(/^.*?: /, '').slice(0, 200);
}
