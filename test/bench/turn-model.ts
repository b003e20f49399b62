/**
 * The end-of-turn model (Smart Turn v3.2 on the transcription server, `POST /v1/audio/turn`) on
 * human speech: how often a finished utterance is heard as finished (the turn is answered after
 * VOICE_TURN_CHECK_MS of silence instead of VOICE_END_OF_TURN_MS), how often an utterance cut at a
 * pause mid-sentence is heard as finished (a false cut-in), at several thresholds, and how long a
 * check takes. Two sets, kept apart: the LibriVox readings of pocketsphinx-testdata, on which the
 * default threshold was chosen, and Allison's prompts of asterisk-core-sounds-en-wav, held out.
 * Only utterances of one sentence are used (by their transcript), so that the cut, at the quietest
 * 96 ms between 35 % and 65 % of the utterance, is a gap between words and not a sentence's end.
 *
 *   npm run bench -- turn-model [--clips 60]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { startStt, transcribe } from './stt-servers.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
const THRESHOLDS = [0.3, 0.5, 0.7];

/** 16 kHz mono s16le of an audio file, its leading and trailing quiet trimmed (as the turn detector keeps a turn). */
function pcmOf(file: string): Int16Array {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-ar', '16000', '-ac', '1', '-f', 's16le', '-'], { maxBuffer: 64 << 20 });
  const pcm = new Int16Array(raw.buffer, raw.byteOffset, raw.length / 2);
  const loud = (i: number) => Math.abs(pcm[i]!) > 600;
  let start = 0;
  let end = pcm.length;
  while (start < end && !loud(start)) start++;
  while (end > start && !loud(end - 1)) end--;
  // 160 ms of tail, as the detector keeps after the last speech frame.
  return pcm.slice(start, Math.min(pcm.length, end + 2560));
}

/** Where a speaker would pause mid-utterance: the quietest 96 ms window between 35 % and 65 %. */
function midPause(pcm: Int16Array): number {
  const win = 1536;
  let best = Math.floor(pcm.length / 2);
  let bestEnergy = Infinity;
  for (let at = Math.floor(pcm.length * 0.35); at + win < pcm.length * 0.65; at += 160) {
    let energy = 0;
    for (let i = at; i < at + win; i++) energy += pcm[i]! * pcm[i]!;
    if (energy < bestEnergy) [best, bestEnergy] = [at, energy];
  }
  return best + win / 2;
}

function wav(pcm: Int16Array): Buffer {
  const data = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(16000, 24);
  head.writeUInt32LE(32000, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

async function complete(url: string, pcm: Int16Array): Promise<{ p: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${url}/v1/audio/turn`, { method: 'POST', headers: { 'content-type': 'audio/wav' }, body: wav(pcm) });
  if (!res.ok) throw new Error(`POST /v1/audio/turn: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { complete: number };
  return { p: body.complete, ms: performance.now() - started };
}

const pct = (n: number, of: number) => `${Math.round((100 * n) / Math.max(1, of))} %`;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

export async function runTurnModel(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(3), options: { clips: { type: 'string', default: '60' } } });
  const clips = Number(values.clips);
  const sets: Array<[string, string[]]> = [
    [
      'LibriVox readings (tuning)',
      fs
        .readdirSync('/usr/share/pocketsphinx/test/data/librivox')
        .filter((f) => f.endsWith('.wav'))
        .map((f) => `/usr/share/pocketsphinx/test/data/librivox/${f}`),
    ],
    [
      "Allison's prompts (held out)",
      fs
        .readdirSync('/usr/share/asterisk/sounds/en_US_f_Allison')
        .filter((f) => f.endsWith('.wav'))
        .sort()
        .map((f) => `/usr/share/asterisk/sounds/en_US_f_Allison/${f}`),
    ],
  ];
  const stt = await startStt('whisper-tiny.en', Number(process.env.BENCH_STT_PORT ?? 47990), '2');
  try {
    out('end-of-turn model (Smart Turn v3.2) on human speech: finished utterances and the same cut at a pause mid-utterance');
    out('');
    out(
      `| set | utterances | ${THRESHOLDS.map((t) => `finished heard as finished (≥ ${t}) | cut heard as finished (≥ ${t})`).join(' | ')} | check p50 / p95 |`,
    );
    out(`|---|---:|${THRESHOLDS.map(() => '---:|---:').join('|')}|---:|`);
    for (const [name, files] of sets) {
      // Long enough to hold a pause mid-utterance (a one-word prompt has none).
      const long = files.map((f) => [f, pcmOf(f)] as const).filter(([, pcm]) => pcm.length >= 16000 * 1.2);
      const picked: Array<readonly [string, Int16Array]> = [];
      for (const [i, clip] of long.entries()) {
        if (picked.length >= clips || i % Math.max(1, Math.floor(long.length / (clips * 2))) !== 0) continue;
        // One sentence: no sentence end before the last word.
        const { text } = await transcribe(stt.url, wav(clip[1]), 'en');
        if (!/[.?!]\s+\S/.test(text.trim())) picked.push(clip);
      }
      const whole: number[] = [];
      const cut: number[] = [];
      const ms: number[] = [];
      for (const [, pcm] of picked) {
        const a = await complete(stt.url, pcm);
        const b = await complete(stt.url, pcm.slice(0, midPause(pcm) + 2560));
        whole.push(a.p);
        cut.push(b.p);
        ms.push(a.ms, b.ms);
      }
      const cells = THRESHOLDS.map(
        (t) => `${pct(whole.filter((p) => p >= t).length, whole.length)} | ${pct(cut.filter((p) => p >= t).length, cut.length)}`,
      );
      out(
        `| ${name} | ${picked.length} | ${cells.join(' | ')} | ${Math.round(quantile(ms, 0.5))} / ${Math.round(quantile(ms, 0.95))} ms |`,
      );
    }
  } finally {
    stt.child.kill('SIGTERM');
  }
}
