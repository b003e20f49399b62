/**
 * Speech benchmark, against the full service and its embedded model servers (2 CPU cores shared
 * by everything). In one run it prints:
 *   - TTS real-time factor per engine (synthesis time / audio duration), through POST /text-to-speech;
 *   - time to the first audio byte of POST /text-to-speech/stream versus time to the complete WAV
 *     of POST /text-to-speech, for the same 300-character text;
 *   - whole sentences, through the API and from the model server alone, side by side: 20 Harvard
 *     sentences one request each, with the count of pauses inside them (silences over 120 ms
 *     between the first and the last voiced frame, measured on the audio) and the round-trip word
 *     error rate (the service's own transcriber on the synthesis); then six sentences with money,
 *     times, ordinals and abbreviations, scored on their spoken forms;
 *   - time to first audio for a reply whose first sentence is long (28 words): the stream route
 *     against the model server alone on the pieces the service could start with;
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
import { parseWav, type Pcm } from '../../media/speech/wav.js';
import { normaliseForSpeech } from '../../runtime/text/text-normaliser.js';
import { innerPauses, PAUSE_MIN_MS, QUIET_DB } from '../speech/audio-helpers.js';
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

/** Harvard sentences, list 2 (IEEE 1969): with ESPEAK_SENTENCES (list 1), the 20 of the round trip. */
const HARVARD_LIST_2 = [
  'The boy was there when the sun rose.',
  'A rod is used to catch pink salmon.',
  'The source of the huge river is the clear spring.',
  'Kick the ball straight and follow through.',
  'Help the woman get back to her feet.',
  'A pot of tea helps to pass the evening.',
  'Smoky fires lack flame and heat.',
  "The soft cushion broke the man's fall.",
  'The salt breeze came across from the sea.',
  'The girl at the booth sold fifty bonds.',
];
/** Written forms every voice must say the same way; scored on spoken forms (normaliseForSpeech). */
const WRITTEN_FORMS = [
  'The ticket costs $12.50 today.',
  'Dr. Smith lives on Baker St. in London.',
  'The meeting starts at 9:30 a.m. on the 3rd of May.',
  'Prices rose by 4.5% in 2023, said Mrs. Jones.',
  'Mt. Everest is 8,849 metres high.',
  'Call me at 5 pm, or send your 2nd choice.',
];
/** A reply whose first sentence (28 words) is long: what the first audio waits for. */
const LONG_FIRST =
  'I had a look at the weather for the weekend, and it seems that Saturday will be sunny and warm while Sunday brings ' +
  'some showers in the afternoon. Shall I book the picnic for Saturday?';
/** Pieces the service could start LONG_FIRST with, each asked of the model server alone. */
const FIRST_PIECES = [
  ['first sentence, whole', LONG_FIRST.slice(0, LONG_FIRST.indexOf('.') + 1)],
  ['to the first breath (", and")', 'I had a look at the weather for the weekend,'],
  ['first 30 characters, cut at a word', 'I had a look at the weather'],
] as const;

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

const VOICES = [
  ['piper  / en-US-joe', 'en-US-joe', 'joe'],
  ['kokoro / en-US-slt', 'en-US-slt', 'af_heart'],
] as const;

export async function runSpeech(): Promise<void> {
  // Parsed here, not at import: every benchmark module is imported whichever one runs.
  const { values } = parseArgs({
    args: process.argv.slice(3),
    strict: false,
    options: { runs: { type: 'string', default: '5' }, only: { type: 'string', default: 'rtf,sentences,first,stt' } },
  });
  // --only: some of the parts (rtf, sentences, first, stt), while iterating; figures come from a full run.
  const only = new Set(String(values.only).split(','));
  const runs = Math.max(1, Number(values.runs));
  const env = benchEnv();
  const server = await startBenchServer('companion', env);
  const ttsUrl = `http://127.0.0.1:${Number(env.COMPANION_STACK_PORT_BASE) + SPEECH_PORT_OFFSETS.tts}`;
  const bench = new SpeechBench(server, ttsUrl, runs);
  try {
    const load = os.loadavg()[0]!.toFixed(1);
    out(`\nSpeech (${os.cpus().length} cores shared by the service and the model servers, load ${load}; median of ${runs} runs)`);
    for (const [, voiceId, engineVoice] of VOICES) {
      await bench.api('/text-to-speech', { text: 'Warm up.', voiceId });
      await bench.direct('Warm up.', engineVoice);
    }
    if (only.has('rtf')) await bench.realTimeFactors();
    if (only.has('sentences')) await bench.wholeSentences();
    if (only.has('first')) await bench.firstAudio();
    if (only.has('stt')) await bench.transcription();
    out(`# load average at the end ${os.loadavg()[0]!.toFixed(1)}`);
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
}

const out = (line: string) => process.stdout.write(`${line}\n`);
const ms = (x: number) => `${x.toFixed(0)} ms`;
const describePauses = (pauses: Array<[number, number]>) => pauses.map(([at, length]) => `${ms(length)} at ${at.toFixed(2)} s`).join(', ');

class SpeechBench {
  constructor(
    private readonly server: Server,
    private readonly ttsUrl: string,
    private readonly runs: number,
  ) {}

  api(route: string, body: { text: string; voiceId: string }) {
    return post(this.server, route, JSON.stringify(body), 'application/json');
  }

  /** The model server alone, without the service: the engine's own audio and speed. */
  async direct(input: string, engineVoice: string): Promise<{ ms: number; data: Buffer }> {
    const started = performance.now();
    const res = await request(`${this.ttsUrl}/v1/audio/speech`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input, voice: engineVoice, response_format: 'wav' }),
    });
    const data = Buffer.from(await res.body.arrayBuffer());
    if (res.statusCode !== 200) throw new Error(`the model server answered ${res.statusCode}: ${data.toString().slice(0, 300)}`);
    return { ms: performance.now() - started, data };
  }

  /** What the service's own transcriber hears. */
  async heard(wav: Buffer): Promise<string> {
    const { data } = await post(this.server, '/speech-to-text', wav, 'audio/wav');
    return (JSON.parse(data.toString()) as { data: { text: string } }).data.text;
  }

  async realTimeFactors(): Promise<void> {
    out(`\ntext: ${TEXT_300.length} characters\n`);
    out('engine / voice           RTF model server   RTF via API   complete WAV   stream first byte    audio');
    for (const [label, voiceId, engineVoice] of VOICES) {
      const full: number[] = [];
      const first: number[] = [];
      const direct: number[] = [];
      let seconds = 0;
      for (let i = 0; i < this.runs; i++) {
        const complete = await this.api('/text-to-speech', { text: TEXT_300, voiceId });
        full.push(complete.totalMs);
        seconds = audioSeconds(complete.data);
        first.push((await this.api('/text-to-speech/stream', { text: TEXT_300, voiceId })).firstMs);
        direct.push((await this.direct(TEXT_300, engineVoice)).ms);
      }
      const rtf = median(full) / 1000 / seconds;
      const rtfDirect = median(direct) / 1000 / seconds;
      out(
        `${label.padEnd(24)} ${rtfDirect.toFixed(3).padStart(16)} ${rtf.toFixed(3).padStart(13)} ${median(full).toFixed(0).padStart(11)} ms ${median(first).toFixed(0).padStart(16)} ms ${seconds.toFixed(1).padStart(7)} s`,
      );
    }
    out('goals: TTS RTF ≤ 0.05; stream first bytes ≤ 80 ms for 300 characters');
  }

  /** Seams and intelligibility: each sentence through the API and from the model server alone. */
  async wholeSentences(): Promise<void> {
    out(
      `\nWhole sentences, one request each, through POST /text-to-speech ("API") and from the model server alone ("model").\n` +
        `Pauses: silences over ${PAUSE_MIN_MS} ms inside a sentence (10 ms frames ${-QUIET_DB} dB below the loudest). Round-trip WER: the\n` +
        `service's own transcriber (POST /speech-to-text) on the audio; the written forms are scored on their spoken forms.\n`,
    );
    out('voice / path                  audio   sentences with a pause   pauses   longest   round-trip WER   written forms WER');
    const sentences = [...ESPEAK_SENTENCES, ...HARVARD_LIST_2];
    const spoken = (text: string) => words(normaliseForSpeech(text).text);
    const details: string[] = [];
    for (const [label, voiceId, engineVoice] of VOICES) {
      for (const path of ['API', 'model'] as const) {
        const speak = async (text: string) =>
          path === 'API' ? (await this.api('/text-to-speech', { text, voiceId })).data : (await this.direct(text, engineVoice)).data;
        const tag = `${voiceId} ${path.padEnd(5)}`;
        let seconds = 0;
        let withPause = 0;
        let pauses = 0;
        let longest = 0;
        let errors = 0;
        let refWords = 0;
        for (const sentence of sentences) {
          const wav = await speak(sentence);
          const found = innerPauses(parseWav(wav));
          seconds += audioSeconds(wav);
          if (found.length > 0) withPause++;
          pauses += found.length;
          for (const [, length] of found) longest = Math.max(longest, length);
          const heard = await this.heard(wav);
          const e = editDistance(words(sentence), words(heard));
          errors += e;
          refWords += words(sentence).length;
          if (found.length > 0 || e > 0)
            details.push(`  ${tag} ${audioSeconds(wav).toFixed(2)} s [${describePauses(found)}] ${e}/${words(sentence).length} "${heard}"`);
        }
        let formErrors = 0;
        let formWords = 0;
        for (const sentence of WRITTEN_FORMS) {
          const heard = await this.heard(await speak(sentence));
          const e = editDistance(spoken(sentence), spoken(heard));
          formErrors += e;
          formWords += spoken(sentence).length;
          if (e > 0) details.push(`  ${tag} ${e}/${spoken(sentence).length} "${sentence}" heard "${heard}"`);
        }
        out(
          `${`${label} ${path}`.padEnd(26)} ${seconds.toFixed(1).padStart(6)} s ${`${withPause} of ${sentences.length}`.padStart(24)} ${String(pauses).padStart(8)} ${ms(longest).padStart(9)} ${`${((100 * errors) / refWords).toFixed(1)} %`.padStart(16)} ${`${((100 * formErrors) / formWords).toFixed(1)} %`.padStart(19)}`,
        );
      }
    }
    out('sentences with a pause or a word misheard:');
    for (const line of details) out(line);
  }

  /** Time to first audio for a reply whose first sentence is long, against the pieces it could start with. */
  async firstAudio(): Promise<void> {
    out(`\nFirst audio of a reply whose first sentence is long (${words(FIRST_PIECES[0][1]).length} words), median of ${this.runs} runs:`);
    out(`"${LONG_FIRST}"`);
    out(`model server alone on: ${FIRST_PIECES.map(([name, text], i) => `(${i + 1}) ${name}: "${text}"`).join('; ')}`);
    out('voice                 API stream first byte      model (1)    model (2)    model (3)');
    const wholes: string[] = [];
    for (const [label, voiceId, engineVoice] of VOICES) {
      const first: number[] = [];
      const pieces: number[][] = FIRST_PIECES.map(() => []);
      for (let i = 0; i < this.runs; i++) {
        const streamed = await this.api('/text-to-speech/stream', { text: LONG_FIRST, voiceId });
        first.push(streamed.firstMs);
        for (const [j, [, text]] of FIRST_PIECES.entries()) pieces[j]!.push((await this.direct(text, engineVoice)).ms);
        if (i === 0) {
          // The stream's header has unknown sizes: its samples are everything after its 44 bytes.
          const api: Pcm = {
            sampleRateHz: streamed.data.readUInt32LE(24),
            channels: 1,
            bitsPerSample: 16,
            data: streamed.data.subarray(44),
          };
          const model = parseWav((await this.direct(LONG_FIRST, engineVoice)).data);
          const describe = (pcm: Pcm) =>
            `${(pcm.data.length / 2 / pcm.sampleRateHz).toFixed(2)} s, pauses [${describePauses(innerPauses(pcm))}]`;
          wholes.push(`  ${voiceId}: API ${describe(api)}; model ${describe(model)}`);
        }
      }
      out(`${label.padEnd(21)} ${ms(median(first)).padStart(21)} ${pieces.map((p) => ms(median(p)).padStart(14)).join(' ')}`);
    }
    out('the whole reply (its pauses include the one between the two sentences):');
    for (const line of wholes) out(line);
  }

  async transcription(): Promise<void> {
    const libri = librivoxClips();
    await post(this.server, '/speech-to-text', libri[0]!.wav, 'audio/wav'); // warm-up
    const l = await transcribeAll(this.server, libri);
    out(`\nSTT whisper tiny.en on LibriVox (pocketsphinx-testdata, ${libri.length} clips, ${l.audioS.toFixed(1)} s)`);
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
      const e = await transcribeAll(this.server, espeak);
      out(`STT on espeak-ng speech (${espeak.length} Harvard sentences, ${e.audioS.toFixed(1)} s)`);
      for (const line of e.lines) out(line);
      out(`  RTF ${e.rtf.toFixed(3)}   WER ${(e.wer * 100).toFixed(1)} %`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}
