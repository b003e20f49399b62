/**
 * Voice-clone benchmark: real speakers from Debian packages, each split into a reference clip (the
 * upload) and a held-out part the service never sees. For each speaker it clones the reference
 * through the full service (POST /voices with the audio, polling GET /voices/:id) and prints:
 *   - the held-out similarity of the clone's synthesis (speaker-embedding cosine between the
 *     held-out audio and the clone speaking a fixed text), next to the best stock voice's and the
 *     default voice's speaking the same text, and whether the clone beats every stock voice;
 *   - the time from POST to `active` and to the final refinement (step `done`), wall and CPU (all
 *     processes of the bench server's tree: the service, the model servers, Temporal, PostgreSQL);
 *   - the STT word error rate of the clone's synthesis of three Harvard sentences next to the
 *     default voice's (intelligibility must not collapse).
 *
 *   npm run bench -- clone [--speakers librivox,allison,…] [--rounds 3] [--iterations 8]
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs, promisify } from 'node:util';
import { request } from 'undici';
import { benchEnv, startBenchServer, type BenchServer } from './bench-servers.js';
import { wavFile } from '../../media/speech/wav.js';
import { BUILT_IN_VOICES, DEFAULT_VOICE_ID } from '../../media/speech/voice-catalog.js';
import { SPEECH_PORT_OFFSETS } from '../../runtime/stack/speech-servers.js';
import { STACK_PORT_OFFSETS } from '../../runtime/stack/embedded-servers.js';
import { cloneStepTimes, formatSteps } from './clone-steps.js';
import { editDistance, words } from './speech.js';
import { cpuSnapshot, cpuUsedBy } from './process-cpu.js';

const RATE = 16_000;
const PS = '/usr/share/pocketsphinx/test/data/librivox';
const C2 = '/usr/share/codec2';
const AST = '/usr/share/asterisk/sounds/en_US_f_Allison';
const JUNE = '/usr/share/asterisk/sounds/fr_CA_f_June';
const LIBRI = (n: string) => `${PS}/sense_and_sensibility_01_austen_64kb-${n}.wav`;

interface Source {
  file: string;
  /** ffmpeg input options (raw files), before -i */
  input?: string[];
  from?: number;
  seconds?: number;
}
interface Speaker {
  name: string;
  about: string;
  reference: Source[];
  heldOut: Source[];
}

/** Debian packages: pocketsphinx-testdata, codec2-examples, asterisk-core-sounds-en-wav and -fr-wav. */
const SPEAKERS: Speaker[] = [
  {
    name: 'librivox',
    about: 'male, audiobook (LibriVox), 16 kHz',
    reference: [{ file: LIBRI('0870') }, { file: LIBRI('0890') }],
    heldOut: [{ file: LIBRI('0920') }, { file: LIBRI('0930') }, { file: LIBRI('0880') }],
  },
  {
    name: 'allison',
    about: 'female, telephone prompts (Asterisk), 8 kHz',
    reference: [{ file: `${AST}/demo-congrats.wav`, seconds: 12 }],
    heldOut: [{ file: `${AST}/vm-msginstruct.wav` }],
  },
  {
    // The same prompts as Allison's, in Canadian French, by another voice talent (June Wallack),
    // split by the same rule as Allison's: the welcome prompt's first 12 s, then the voicemail
    // instructions. The clone and every stock voice speak English: the cross-language comparison
    // is the same for all of them.
    name: 'june',
    about: 'female, telephone prompts in French (Asterisk fr-CA, June Wallack), 8 kHz',
    reference: [{ file: `${JUNE}/demo-congrats.wav`, seconds: 12 }],
    heldOut: [{ file: `${JUNE}/vm-msginstruct.wav` }],
  },
  {
    name: 'harvard',
    // Not one speaker: a man and a woman alternate about every 2.5 s (pitch about 130 Hz, then
    // about 220 Hz), so the reference is mostly the man and the held-out part mostly the woman.
    about: 'Harvard sentences (codec2 speech_orig_16k), 16 kHz; two speakers: held-out mostly the other one',
    reference: [{ file: `${C2}/raw/speech_orig_16k.wav`, seconds: 7.5 }],
    heldOut: [{ file: `${C2}/raw/speech_orig_16k.wav`, from: 7.5 }],
  },
  {
    name: 've9qrp',
    about: 'male, amateur radio (codec2 ve9qrp), 8 kHz',
    reference: [{ file: `${C2}/wav/ve9qrp.wav`, seconds: 12 }],
    heldOut: [{ file: `${C2}/wav/ve9qrp.wav`, from: 60, seconds: 12 }],
  },
  {
    name: 'vk5qi',
    about: 'male, amateur radio (codec2 vk5qi), 8 kHz',
    reference: [{ file: `${C2}/wav/vk5qi.wav`, seconds: 9.5 }],
    heldOut: [{ file: `${C2}/wav/vk5qi.wav`, from: 9.5 }],
  },
];

/** What every voice says for the held-out comparison (not the service's own held-out text). */
const TEST_TEXT = 'She opened the window and looked out across the quiet harbour at dawn. A small boat was drifting home.';
const WER_SENTENCES = [
  'The birch canoe slid on the smooth planks.',
  'Glue the sheet to the dark blue background.',
  'The juice of lemons makes fine punch.',
];

/** 16 kHz mono 16-bit PCM of a source, by ffmpeg. */
async function pcm(source: Source): Promise<Buffer> {
  const args = ['-v', 'error', ...(source.input ?? []), '-i', source.file];
  if (source.from) args.push('-ss', String(source.from));
  if (source.seconds) args.push('-t', String(source.seconds));
  args.push('-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1');
  const { stdout } = await promisify(execFile)('ffmpeg', args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

const wav16k = (data: Buffer) => wavFile({ sampleRateHz: RATE, channels: 1, bitsPerSample: 16, data });

async function toWav16k(wav: Buffer): Promise<Buffer> {
  const dir = fs.mkdtempSync(`${os.tmpdir()}/clone-bench-`);
  try {
    fs.writeFileSync(`${dir}/in.wav`, wav);
    return wav16k(await pcm({ file: `${dir}/in.wav` }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function api(server: BenchServer, method: string, route: string, body?: Buffer | string, contentType?: string) {
  const res = await request(`${server.url}/api/v1${route}`, {
    method: method as 'GET',
    headers: { authorization: `Bearer ${server.key}`, ...(contentType ? { 'content-type': contentType } : {}) },
    ...(body !== undefined ? { body } : {}),
  });
  const data = Buffer.from(await res.body.arrayBuffer());
  if (res.statusCode >= 300) throw new Error(`${method} ${route} answered ${res.statusCode}: ${data.toString().slice(0, 300)}`);
  return data;
}

const synth = (server: BenchServer, voiceId: string, text: string) =>
  api(server, 'POST', '/text-to-speech', JSON.stringify({ text, voiceId }), 'application/json');

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}

export async function runClone(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    strict: false,
    options: {
      speakers: { type: 'string', default: SPEAKERS.map((s) => s.name).join(',') },
      // The service's defaults (VOICE_REFINE_ROUNDS, VOICE_REFINE_ITERATIONS).
      rounds: { type: 'string', default: '3' },
      iterations: { type: 'string', default: '8' },
    },
  });
  const chosen = String(values.speakers).split(',');
  const speakers = SPEAKERS.filter((s) => chosen.includes(s.name));
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const env = benchEnv({ VOICE_REFINE_ROUNDS: String(values.rounds), VOICE_REFINE_ITERATIONS: String(values.iterations) });
  const ttsUrl = `http://127.0.0.1:${Number(env.COMPANION_STACK_PORT_BASE) + SPEECH_PORT_OFFSETS.tts}`;
  const temporalAddress = `127.0.0.1:${Number(env.COMPANION_STACK_PORT_BASE) + STACK_PORT_OFFSETS.temporal}`;
  const temporalNamespace = env.TEMPORAL_NAMESPACE ?? 'default';
  const stepLines: string[] = [];
  const embed = async (wav: Buffer): Promise<number[]> => {
    const res = await request(`${ttsUrl}/v1/voices/embed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ audio: wav.toString('base64') }),
    });
    return ((await res.body.json()) as { embedding: number[] }).embedding;
  };
  const wer = async (server: BenchServer, voiceId: string) => {
    let errors = 0;
    let total = 0;
    for (const sentence of WER_SENTENCES) {
      const wav = await synth(server, voiceId, sentence);
      const text = (JSON.parse((await api(server, 'POST', '/speech-to-text', wav, 'audio/wav')).toString()) as { data: { text: string } })
        .data.text;
      const ref = words(sentence);
      errors += editDistance(ref, words(text));
      total += ref.length;
    }
    return errors / total;
  };

  const server = await startBenchServer('companion', env);
  const loads: number[] = [];
  const load = () => loads.push(os.loadavg()[0]!);
  try {
    load();
    out(`\nVoice clone (${os.cpus().length} cores shared with the rest of the machine; load average at start ${loads[0]!.toFixed(1)})`);
    out(`refinement: ${values.rounds} rounds × ${values.iterations} candidates; held-out text: "${TEST_TEXT}"`);
    // The stock voices, each embedded once speaking the test text.
    const started = performance.now();
    const stock = new Map<string, number[]>();
    for (const voice of BUILT_IN_VOICES)
      stock.set(voice.voiceId, await embed(await toWav16k(await synth(server, voice.voiceId, TEST_TEXT))));
    const defaultWer = await wer(server, DEFAULT_VOICE_ID);
    out(
      `${stock.size} stock voices embedded in ${((performance.now() - started) / 1000).toFixed(0)} s; ${DEFAULT_VOICE_ID} WER ${(defaultWer * 100).toFixed(0)} %\n`,
    );
    out(
      'speaker    ref/held-out s   clone  (v1→final service)         best stock   default   clone>all   active s (CPU)   final s (CPU)   version   WER clone / default',
    );
    let beaten = 0;
    let cloned = 0;
    let refused = 0;
    for (const speaker of speakers) {
      if (![...speaker.reference, ...speaker.heldOut].every((s) => fs.existsSync(s.file))) {
        out(`${speaker.name.padEnd(10)} skipped: its files are not installed (scripts/setup.sh installs them)`);
        continue;
      }
      const reference = Buffer.concat(await Promise.all(speaker.reference.map(pcm)));
      const heldOut = Buffer.concat(await Promise.all(speaker.heldOut.map(pcm)));
      const heldOutEmbedding = await embed(wav16k(heldOut));

      const posted = performance.now();
      const cpuAtPost = cpuSnapshot();
      let cpuToActive = NaN;
      let cpuToActiveByName = '';
      const created = JSON.parse(
        (await api(server, 'POST', `/voices?name=${speaker.name}`, wav16k(reference), 'audio/wav')).toString(),
      ) as { data: { id: string } };
      const id = created.data.id;
      let activeS = NaN;
      let v1Similarity: number | null = null;
      let voice: { status: string; step: string; version: number; similarity: number | null; failureReason: string | null };
      for (;;) {
        voice = (JSON.parse((await api(server, 'GET', `/voices/${id}`)).toString()) as { data: typeof voice }).data;
        if (voice.status === 'active' && Number.isNaN(activeS)) {
          activeS = (performance.now() - posted) / 1000;
          const used = cpuUsedBy(cpuAtPost, cpuSnapshot(), server.child.pid!);
          cpuToActive = used.totalSeconds;
          cpuToActiveByName = used.byName
            .filter((p) => p.seconds >= 0.05)
            .map((p) => `${p.name} ${p.seconds.toFixed(1)}`)
            .join(', ');
          v1Similarity = voice.similarity;
          load();
        }
        if (voice.status === 'failed' || voice.step === 'done') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const finalS = (performance.now() - posted) / 1000;
      const cpuToFinal = cpuUsedBy(cpuAtPost, cpuSnapshot(), server.child.pid!).totalSeconds;
      load();
      const steps = formatSteps(await cloneStepTimes(temporalAddress, temporalNamespace, `voice-clone-${id}`));
      if (voice.status === 'failed') {
        out(`${speaker.name.padEnd(10)} clone failed: ${voice.failureReason}`);
        refused++;
        stepLines.push(`  ${speaker.name}: ${steps}`);
        continue;
      }
      stepLines.push(`  ${speaker.name}: ${steps}; CPU s to active: ${cpuToActiveByName}`);
      const clone = cosine(heldOutEmbedding, await embed(await toWav16k(await synth(server, id, TEST_TEXT))));
      const ranked = [...stock].map(([voiceId, e]) => ({ voiceId, s: cosine(heldOutEmbedding, e) })).sort((a, b) => b.s - a.s);
      const best = ranked[0]!;
      const byDefault = ranked.find((r) => r.voiceId === DEFAULT_VOICE_ID)!;
      const cloneWer = await wer(server, id);
      cloned++;
      if (clone > best.s) beaten++;
      out(
        [
          speaker.name.padEnd(10),
          `${(reference.length / 2 / RATE).toFixed(1)}/${(heldOut.length / 2 / RATE).toFixed(1)}`.padStart(14),
          clone.toFixed(3).padStart(7),
          `(${v1Similarity?.toFixed(3) ?? '–'}→${voice.similarity?.toFixed(3) ?? '–'})`.padStart(15),
          `${best.voiceId} ${best.s.toFixed(3)}`.padStart(20),
          byDefault.s.toFixed(3).padStart(9),
          `${clone > best.s ? 'yes' : 'NO'} ${(clone - best.s >= 0 ? '+' : '') + (clone - best.s).toFixed(3)}`.padStart(11),
          `${activeS.toFixed(1)} (${cpuToActive.toFixed(1)})`.padStart(16),
          `${finalS.toFixed(0)} (${cpuToFinal.toFixed(0)})`.padStart(15),
          String(voice.version).padStart(9),
          `${(cloneWer * 100).toFixed(0)} % / ${(defaultWer * 100).toFixed(0)} %`.padStart(22),
        ].join(' '),
      );
      await api(server, 'DELETE', `/voices/${id}`);
    }
    out(
      `\nclone above every stock voice on held-out audio: ${beaten} of ${cloned} cloned speakers (${refused} refused); load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during the run`,
    );
    out('(v1 service → final service: the similarity the service reports, on its own held-out quarter of the reference)');
    out('steps to active (s, from the workflow history), and the CPU of the bench server tree to active by process:');
    for (const line of stepLines) out(line);
    for (const s of speakers) out(`  ${s.name}: ${s.about}`);
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
}
