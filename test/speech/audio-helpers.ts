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

/** Pause measurement: 10 ms frames; a frame is quiet 40 dB or more below the loudest frame. */
const FRAME_S = 0.01;
export const QUIET_DB = -40;
/** A silence inside a sentence longer than this is a pause a listener hears. */
export const PAUSE_MIN_MS = 120;

/**
 * Silences longer than `minMs` between the first and the last voiced frame, as [start s, length
 * ms]: the pauses inside the audio (test/bench/speech.ts counts them the same way).
 */
export function innerPauses(pcm: Pcm, minMs = PAUSE_MIN_MS): Array<[number, number]> {
  const frame = Math.round(FRAME_S * pcm.sampleRateHz);
  const frames = Math.floor(pcm.data.length / 2 / frame);
  const rms: number[] = [];
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = 0; i < frame; i++) sum += pcm.data.readInt16LE((f * frame + i) * 2) ** 2;
    rms.push(Math.sqrt(sum / frame));
  }
  const floor = Math.max(...rms) * 10 ** (QUIET_DB / 20);
  const voiced = rms.map((r) => r > floor);
  const first = voiced.indexOf(true);
  const last = voiced.lastIndexOf(true);
  const pauses: Array<[number, number]> = [];
  let run = 0;
  for (let f = first; f <= last && first >= 0; f++) {
    if (!voiced[f]) {
      run++;
      continue;
    }
    if (run * FRAME_S * 1000 >= minMs) pauses.push([(f - run) * FRAME_S, run * FRAME_S * 1000]);
    run = 0;
  }
  return pauses;
}
