/** Helpers of the speech tests: WAV checks, ffmpeg transcoding, word matching. */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseWav, type Pcm } from '../../media/speech/wav.js';

export function wavSeconds(file: Buffer): { pcm: Pcm; seconds: number } {
  const pcm = parseWav(file);
  return { pcm, seconds: pcm.data.length / 2 / pcm.sampleRateHz };
}

/** Transcodes with ffmpeg, e.g. to WebM/Opus as a browser's MediaRecorder records. */
export async function transcode(input: Buffer, outputExt: string, codecArgs: string[]): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'companion-test-audio-'));
  try {
    const inFile = path.join(dir, 'in.wav');
    const outFile = path.join(dir, `out.${outputExt}`);
    await fs.writeFile(inFile, input);
    await promisify(execFile)('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', inFile, ...codecArgs, outFile]);
    return await fs.readFile(outFile);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export const normalise = (word: string) => word.toLowerCase().replace(/[^a-z0-9']/g, '');

export function wordsOf(text: string): string[] {
  return text.split(/\s+/).map(normalise).filter(Boolean);
}

/** Multipart body with one file field, as a browser's FormData would send it. */
export function multipartFile(data: Buffer, filename: string, contentType: string): { body: Buffer; contentType: string } {
  const boundary = '----companiontest' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
