/**
 * Ending a turn at a pause (VOICE_TURN_CHECK_MS of silence instead of VOICE_END_OF_TURN_MS) on
 * human speech: each one-sentence utterance whole (a finished turn: how often it would be answered
 * at the pause) and the same utterance cut at a pause between words (how often a speaker pausing
 * there would be cut in on), judged by candidate rules over what the listener knows at the pause:
 * the end-of-turn model's probability (Smart Turn v3.2, `POST /v1/audio/turn`), the early
 * transcript (`POST /v1/audio/transcriptions`, asked as the listener asks it), and both; and how
 * long a check (both at once, as the listener asks them) takes.
 *
 * Sets kept apart: tuning sets, on which the rule and its threshold are chosen (LibriVox readings
 * of pocketsphinx-testdata and codec2-examples' English clips; June's French prompts of
 * asterisk-core-sounds-fr-wav, Carlo's Italian ones of asterisk-core-sounds-it-wav), and Allison's
 * prompts of asterisk-core-sounds-en-wav, held out.
 * Only utterances of one sentence are used (by their transcript), so that the cut, at the quietest
 * 96 ms between 35 % and 65 % of the utterance, is a gap between words and not a sentence's end.
 *
 *   npm run bench -- turn-model [--clips 60] [--raw <file.json>]
 *
 * `--raw` writes each clip's probabilities and transcripts, whole and cut, to a file.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { endsOnConjunction, endsSentence, turnComplete } from '../../media/listening/turn-completeness.js';
import { SttClient } from '../../media/speech/stt-client.js';
import { wavFile } from '../../media/speech/wav.js';
import { SPEECH_PORT_OFFSETS } from '../../runtime/stack/speech-servers.js';
import { startBenchSpeechServer } from './bench-speech-server.js';

const out = (line: string) => process.stdout.write(`${line}\n`);

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

const wav = (pcm: Int16Array) =>
  wavFile({ sampleRateHz: 16000, channels: 1, bitsPerSample: 16, data: Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength) });

/** What the listener knows at a pause, and how long each part took (ms). */
interface Check {
  probability: number;
  text: string;
  modelMs: number;
  transcriptMs: number;
  /** Until both answered: when the listener can decide. */
  ms: number;
}

/** The model and the early transcript asked at once, as the listener asks them at a pause. */
async function check(stt: SttClient, pcm: Int16Array, language: string): Promise<Check> {
  const audio = wav(pcm);
  const started = performance.now();
  const since = () => performance.now() - started;
  const [model, transcript] = await Promise.all([
    stt.turnComplete(audio).then((probability) => ({ probability, ms: since() })),
    stt.transcribe(audio, language, { textOnly: true }).then((t) => ({ text: t.text, ms: since() })),
  ]);
  return { probability: model.probability, text: transcript.text, modelMs: model.ms, transcriptMs: transcript.ms, ms: since() };
}

interface Clip {
  file: string;
  whole: Check;
  cut: Check;
}

interface Rule {
  name: string;
  finished(check: Check, language: string): boolean;
}

const THRESHOLDS = [0.5, 0.7, 0.8, 0.9, 0.95];
const RULES: Rule[] = [
  ...THRESHOLDS.map((t) => ({ name: `model ≥ ${t}`, finished: (c: Check) => c.probability >= t })),
  { name: 'transcript ends a sentence', finished: (c) => endsSentence(c.text) },
  { name: 'transcript ends a sentence, not on a conjunction', finished: (c, l) => endsSentence(c.text) && !endsOnConjunction(c.text, l) },
  ...THRESHOLDS.map((t) => ({
    name: `model ≥ ${t} and transcript ends a sentence (turnComplete)`,
    finished: (c: Check, l: string) => turnComplete({ probability: c.probability, text: c.text, language: l }, t),
  })),
];

interface ClipSet {
  name: string;
  language: string;
  files: string[];
}

function wavsIn(dir: string, keep: (name: string) => boolean = () => true): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.wav') && keep(f))
    .sort()
    .map((f) => path.join(dir, f));
}

const SETS: ClipSet[] = [
  {
    name: 'LibriVox readings and codec2 clips (tuning, en)',
    language: 'en',
    files: [
      ...wavsIn('/usr/share/pocketsphinx/test/data/librivox'),
      // The short English sentences; not the same ones re-coded (f2400, m2400) nor the long radio recordings.
      ...wavsIn('/usr/share/codec2/wav', (f) => ['big_dog', 'cross', 'hts1a', 'hts2a', 'mmt1', 'forig', 'morig'].includes(f.slice(0, -4))),
    ],
  },
  { name: "June's prompts (tuning, fr)", language: 'fr', files: wavsIn('/usr/share/asterisk/sounds/fr_CA_f_June') },
  { name: "Carlo's prompts (tuning, it)", language: 'it', files: wavsIn('/usr/share/asterisk/sounds/it_IT_m_Carlo') },
  { name: "Allison's prompts (held out, en)", language: 'en', files: wavsIn('/usr/share/asterisk/sounds/en_US_f_Allison') },
];

const pct = (n: number, of: number) => `${Math.round((100 * n) / Math.max(1, of))} %`;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
const p50p95 = (xs: number[]) => `${Math.round(quantile(xs, 0.5))} / ${Math.round(quantile(xs, 0.95))} ms`;

/** Up to `count` one-sentence clips long enough to hold a pause, spread over the set, each checked whole and cut. */
async function measure(stt: SttClient, set: ClipSet, count: number): Promise<Clip[]> {
  const long = set.files.map((f) => [f, pcmOf(f)] as const).filter(([, pcm]) => pcm.length >= 16000 * 1.2);
  const step = Math.max(1, Math.floor(long.length / (count * 2)));
  const clips: Clip[] = [];
  for (const [i, [file, pcm]] of long.entries()) {
    if (clips.length >= count || i % step !== 0) continue;
    const whole = await check(stt, pcm, set.language);
    // One sentence: no sentence end before the last word.
    if (/[.?!。？！]\s+\S/u.test(whole.text.trim())) continue;
    const cut = await check(stt, pcm.slice(0, midPause(pcm) + 2560), set.language);
    clips.push({ file: path.basename(file), whole, cut });
  }
  return clips;
}

export async function runTurnModel(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: { clips: { type: 'string', default: '60' }, raw: { type: 'string' } },
  });
  const count = Number(values.clips);
  const server = await startBenchSpeechServer({
    kind: 'stt',
    portBase: Number(process.env.BENCH_STT_PORT ?? 47990) - SPEECH_PORT_OFFSETS.stt,
    env: { SPEECH_STT_THREADS: '2' },
  });
  const stt = new SttClient({ baseUrl: server.url, timeoutMs: 60_000, maxResponseBytes: 1 << 20 });
  try {
    const measured: Array<[ClipSet, Clip[]]> = [];
    for (const set of SETS) measured.push([set, await measure(stt, set, count)]);
    if (values.raw)
      fs.writeFileSync(
        values.raw,
        JSON.stringify(
          measured.map(([set, clips]) => ({ set: set.name, clips })),
          null,
          1,
        ),
      );

    out('Ending a turn at a pause: one-sentence utterances whole (finished) and cut at a pause between words (cut), per rule');
    out('');
    out(`| rule | ${measured.map(([set, clips]) => `${set.name}, ${clips.length}: finished → finished | cut → finished`).join(' | ')} |`);
    out(`|---|${measured.map(() => '---:|---:').join('|')}|`);
    for (const rule of RULES) {
      const cells = measured.map(([set, clips]) => {
        const whole = clips.filter((c) => rule.finished(c.whole, set.language)).length;
        const cut = clips.filter((c) => rule.finished(c.cut, set.language)).length;
        return `${pct(whole, clips.length)} | ${pct(cut, clips.length)}`;
      });
      out(`| ${rule.name} | ${cells.join(' | ')} |`);
    }
    out('');
    out('Time of a check (model and transcript asked at once), p50 / p95:');
    out('');
    out('| set | model | transcript | check (both) |');
    out('|---|---:|---:|---:|');
    for (const [set, clips] of measured) {
      const checks = clips.flatMap((c) => [c.whole, c.cut]);
      out(
        `| ${set.name} | ${p50p95(checks.map((c) => c.modelMs))} | ${p50p95(checks.map((c) => c.transcriptMs))} | ${p50p95(checks.map((c) => c.ms))} |`,
      );
    }
  } finally {
    await stt.close();
    await server.stop();
  }
}
