/**
 * Speech benchmark, against the full service and its embedded model servers (2 CPU cores shared
 * by everything). In one run it prints:
 *   - TTS real-time factor per engine (synthesis time / audio duration), through POST /text-to-speech;
 *   - time to the first audio byte of POST /text-to-speech/stream versus time to the complete WAV
 *     of POST /text-to-speech, for the same 300-character text;
 *   - STT real-time factor and word error rate on the LibriVox clips of Debian's
 *     pocketsphinx-testdata (reference transcripts included; PocketSphinx itself measures 36.6 %),
 *     and WER on speech from another TTS engine (espeak-ng), which none of our voices is.
 *
 *   npm run bench -- speech [--runs 5]
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { request } from 'undici';
import { benchEnv, startBenchServer, type BenchServer as Server } from './bench-servers.js';
import { parseWav } from '../../media/speech/wav.js';
import { SPEECH_PORT_OFFSETS } from '../../runtime/stack/speech-servers.js';

export const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
// 300 characters, three sentences: a typical companion reply.
const TEXT_300 =
  'Good morning! I looked at your calendar and you have three meetings today, the first one at nine with the design team. ' +
  'Would you like me to move the dentist appointment to Thursday afternoon? ' +
  'Also, it looks like rain later, so take an umbrella when you leave the house. Have a lovely day, my dear!';
export const ESPEAK_SENTENCES = [
  'The birch canoe slid on the smooth planks.',
  'Glue the sheet to the dark blue background.',
  'It is easy to tell the depth of a well.',
  'These days a chicken leg is a rare dish.',
  'Rice is often served in round bowls.',
  'The juice of lemons makes fine punch.',
  'The box was thrown beside the parked truck.',
  'The hogs were fed chopped corn and garbage.',
  'Four hours of steady work faced us.',
  'A large size in stockings is hard to sell.',
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function post(server: Server, route: string, body: Buffer | string, contentType: string) {
  const started = performance.now();
  const res = await request(`${server.url}/api/v1${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.key}`, 'content-type': contentType },
    body,
  });
  let firstMs = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of res.body) {
    if (chunks.length === 0) firstMs = performance.now() - started;
    chunks.push(chunk as Buffer);
  }
  const totalMs = performance.now() - started;
  const data = Buffer.concat(chunks);
  if (res.statusCode !== 200) throw new Error(`${route} answered ${res.statusCode}: ${data.toString().slice(0, 300)}`);
  return { firstMs, totalMs, data };
}

export function audioSeconds(wav: Buffer): number {
  const pcm = parseWav(wav);
  return pcm.data.length / 2 / pcm.sampleRateHz;
}

/** Lower case, no punctuation, hyphenated words split, a few spoken forms of abbreviations. */
export function words(text: string): string[] {
  const spoken: Record<string, string> = { mr: 'mister', mrs: 'missus', dr: 'doctor' };
  return text
    .toLowerCase()
    .replace(/<\/?s>|\([^)]*\)/g, ' ')
    .replace(/-/g, ' ')
    .replace(/[^a-z0-9' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => spoken[w] ?? w);
}

export function editDistance(ref: string[], hyp: string[]): number {
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[hyp.length]!;
}

async function transcribeAll(server: Server, clips: Array<{ wav: Buffer; reference: string }>) {
  let errors = 0;
  let refWords = 0;
  let audioS = 0;
  let spentMs = 0;
  const lines: string[] = [];
  for (const clip of clips) {
    const { totalMs, data } = await post(server, '/speech-to-text', clip.wav, 'audio/wav');
    const result = JSON.parse(data.toString()) as { data: { text: string; duration: number } };
    const ref = words(clip.reference);
    const hyp = words(result.data.text);
    const e = editDistance(ref, hyp);
    errors += e;
    refWords += ref.length;
    audioS += result.data.duration;
    spentMs += totalMs;
    lines.push(`    ${e}/${ref.length}  "${result.data.text}"`);
  }
  return { wer: errors / refWords, rtf: spentMs / 1000 / audioS, audioS, lines };
}

/** The LibriVox clips of pocketsphinx-testdata with their reference transcripts. */
export function librivoxClips(): Array<{ wav: Buffer; reference: string }> {
  const ids = fs.readFileSync(path.join(LIBRIVOX, 'fileids'), 'utf8').split('\n').filter(Boolean);
  const references = new Map(
    fs
      .readFileSync(path.join(LIBRIVOX, 'transcription'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => [/\(([^)]+)\)\s*$/.exec(line)![1]!, line]),
  );
  return ids.map((id) => ({ wav: fs.readFileSync(path.join(LIBRIVOX, `${id}.wav`)), reference: references.get(id)! }));
}

export async function runSpeech(): Promise<void> {
  // Parsed here, not at import: every benchmark module is imported whichever one runs.
  const { values } = parseArgs({ args: process.argv.slice(3), strict: false, options: { runs: { type: 'string', default: '5' } } });
  const runs = Math.max(1, Number(values.runs));
  const env = benchEnv();
  const server = await startBenchServer('companion', env);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const load = os.loadavg()[0]!.toFixed(1);
    out(`\nSpeech (${os.cpus().length} cores shared by the service and the model servers, load ${load}; median of ${runs} runs)`);
    out(`text: ${TEXT_300.length} characters\n`);
    out('engine / voice           RTF model server   RTF via API   complete WAV   stream first byte    audio');
    const ttsUrl = `http://127.0.0.1:${Number(env.COMPANION_STACK_PORT_BASE) + SPEECH_PORT_OFFSETS.tts}`;
    for (const [label, voiceId, engineVoice] of [
      ['piper  / en-US-joe', 'en-US-joe', 'joe'],
      ['kokoro / en-US-slt', 'en-US-slt', 'af_heart'],
    ] as const) {
      const body = JSON.stringify({ text: TEXT_300, voiceId });
      await post(server, '/text-to-speech', JSON.stringify({ text: 'Warm up.', voiceId }), 'application/json');
      const full: number[] = [];
      const first: number[] = [];
      const direct: number[] = [];
      let seconds = 0;
      for (let i = 0; i < runs; i++) {
        const complete = await post(server, '/text-to-speech', body, 'application/json');
        full.push(complete.totalMs);
        seconds = audioSeconds(complete.data);
        const streamed = await post(server, '/text-to-speech/stream', body, 'application/json');
        first.push(streamed.firstMs);
        // The model server alone, without the service: the engine's own speed on this box.
        const started = performance.now();
        const res = await request(`${ttsUrl}/v1/audio/speech`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ input: TEXT_300, voice: engineVoice, response_format: 'wav' }),
        });
        await res.body.arrayBuffer();
        direct.push(performance.now() - started);
      }
      const rtf = median(full) / 1000 / seconds;
      const rtfDirect = median(direct) / 1000 / seconds;
      out(
        `${label.padEnd(24)} ${rtfDirect.toFixed(3).padStart(16)} ${rtf.toFixed(3).padStart(13)} ${median(full).toFixed(0).padStart(11)} ms ${median(first).toFixed(0).padStart(16)} ms ${seconds.toFixed(1).padStart(7)} s`,
      );
    }
    out('goals: TTS RTF ≤ 0.05; stream first bytes ≤ 80 ms for 300 characters\n');

    const libri = librivoxClips();
    await post(server, '/speech-to-text', libri[0]!.wav, 'audio/wav'); // warm-up
    const l = await transcribeAll(server, libri);
    out(`STT whisper tiny.en on LibriVox (pocketsphinx-testdata, ${libri.length} clips, ${l.audioS.toFixed(1)} s)`);
    for (const line of l.lines) out(line);
    out(`  RTF ${l.rtf.toFixed(3)}   WER ${(l.wer * 100).toFixed(1)} %   (goal ≤ 15 %; PocketSphinx 36.6 %)`);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'companion-bench-'));
    try {
      const espeak = [];
      for (const [i, sentence] of ESPEAK_SENTENCES.entries()) {
        const file = path.join(dir, `${i}.wav`);
        await promisify(execFile)('espeak-ng', ['-v', 'en-us', '-w', file, sentence]);
        espeak.push({ wav: fs.readFileSync(file), reference: sentence });
      }
      const e = await transcribeAll(server, espeak);
      out(`STT on espeak-ng speech (${espeak.length} Harvard sentences, ${e.audioS.toFixed(1)} s)`);
      for (const line of e.lines) out(line);
      out(`  RTF ${e.rtf.toFixed(3)}   WER ${(e.wer * 100).toFixed(1)} %`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
}
