/**
 * Transcription benchmark: every Whisper model the STT server can load (SPEECH_STT_MODEL), side by
 * side in one run, each in its own model server (media/speech/model-server/stt_server.py), both
 * loaded before the first clip and asked one at a time, with the same threads. For each model:
 *   - word error rate and real-time factor (transcription time / audio duration) on the five
 *     LibriVox clips of Debian's pocketsphinx-testdata (human speech, reference transcripts);
 *   - the same on ten Harvard sentences spoken by espeak-ng (synthetic speech);
 *   - the latency of one short spoken turn (the first LibriVox clip, 7 s): what a voice
 *     conversation waits for after the user stops speaking;
 *   - Spanish and German sentences spoken by espeak-ng, with `language` set and with `auto`
 *     (multilingual models only; tiny.en is English-only).
 * The model servers are asked directly (the service adds decoding and HTTP, the same for both).
 *
 *   npm run bench -- transcription [--threads 2]
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { LIBRIVOX, ESPEAK_SENTENCES, audioSeconds, editDistance, librivoxClips, words } from './speech.js';
import { SPEECH_PORT_OFFSETS } from '../../runtime/stack/speech-servers.js';
import { startBenchSpeechServer, type BenchSpeechServer } from './bench-speech-server.js';
import { transcribe } from './stt-servers.js';

/** Each model in the encoder window the service uses (fitted to the audio), and tiny.en also in Whisper's own 30 s. */
const VARIANTS = [
  { name: 'whisper-tiny.en', model: 'whisper-tiny.en', window: 'fit' },
  { name: 'whisper-tiny.en (30 s window)', model: 'whisper-tiny.en', window: '30s' },
  { name: 'whisper-base', model: 'whisper-base', window: 'fit' },
] as const;
const FOREIGN = [
  { language: 'es', voice: 'es', text: 'El perro come una manzana roja en la cocina.' },
  { language: 'es', voice: 'es', text: 'Buenos días, me gustaría un café con leche, por favor.' },
  { language: 'de', voice: 'de', text: 'Der Hund spielt im Garten mit einem roten Ball.' },
  { language: 'de', voice: 'de', text: 'Guten Morgen, ich hätte gern einen Kaffee mit Milch.' },
];
const out = (line = '') => process.stdout.write(`${line}\n`);

/** Lower-case words, accents kept, for the Spanish and German sentences. */
const foreignWords = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];

interface Clip {
  wav: Buffer;
  reference: string;
  seconds: number;
}

/** CPU time (user + system) a process has used so far, in ms (/proc, 10 ms clock ticks). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(url: string, clips: Clip[], pid: number | undefined) {
  const cpuBefore = cpuMs(pid);
  let errors = 0;
  let refWords = 0;
  let spentMs = 0;
  let audioS = 0;
  const lines: string[] = [];
  for (const clip of clips) {
    const r = await transcribe(url, clip.wav, 'en');
    const e = editDistance(words(clip.reference), words(r.text));
    errors += e;
    refWords += words(clip.reference).length;
    spentMs += r.ms;
    audioS += clip.seconds;
    lines.push(`    ${e}/${words(clip.reference).length}  ${(r.ms / 1000).toFixed(2)} s  "${r.text}"`);
  }
  // CPU seconds per second of audio: the work, whatever the machine's load (÷ threads ≈ the RTF of an idle machine).
  return { wer: errors / refWords, rtf: spentMs / 1000 / audioS, cpu: (cpuMs(pid) - cpuBefore) / 1000 / audioS, audioS, lines };
}

const wavSeconds = audioSeconds;

export async function runTranscription(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(3), strict: false, options: { threads: { type: 'string', default: '2' } } });
  const threads = String(values.threads);
  const port = Number(process.env.COMPANION_STACK_PORT_BASE ?? 34000) + 890;
  const servers = new Map<string, BenchSpeechServer>();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'companion-bench-stt-'));
  try {
    await Promise.all(
      VARIANTS.map(async (v, i) => {
        const server = await startBenchSpeechServer({
          kind: 'stt',
          portBase: port + i - SPEECH_PORT_OFFSETS.stt,
          sttModel: v.model,
          env: { SPEECH_STT_THREADS: threads, SPEECH_STT_WINDOW: v.window },
        });
        servers.set(v.name, server);
      }),
    );
    const libri: Clip[] = librivoxClips().map((c) => ({ ...c, seconds: wavSeconds(c.wav) }));
    const espeak: Clip[] = [];
    const say = async (voice: string, text: string, file: string) => {
      // espeak-ng speaks at 22,050 Hz; the service resamples every upload to 16 kHz mono, so do we.
      await promisify(execFile)('espeak-ng', ['-v', voice, '-w', `${file}.raw.wav`, text]);
      await promisify(execFile)('ffmpeg', ['-v', 'error', '-y', '-i', `${file}.raw.wav`, '-ar', '16000', '-ac', '1', file]);
      return fs.readFileSync(file);
    };
    for (const [i, sentence] of ESPEAK_SENTENCES.entries()) {
      const wav = await say('en-us', sentence, path.join(dir, `en-${i}.wav`));
      espeak.push({ wav, reference: sentence, seconds: wavSeconds(wav) });
    }
    const foreign = [];
    for (const [i, f] of FOREIGN.entries()) foreign.push({ ...f, wav: await say(f.voice, f.text, path.join(dir, `f-${i}.wav`)) });

    out(
      `\nTranscription (${os.cpus().length} cores, shared; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at the start; ${threads} threads per model; model servers asked directly)`,
    );
    const summary: string[] = [];
    for (const [model, server] of servers) {
      await transcribe(server.url, libri[0]!.wav, 'en'); // warm-up
      const l = await measure(server.url, libri, server.pid);
      const e = await measure(server.url, espeak, server.pid);
      const turn: number[] = [];
      for (let i = 0; i < 3; i++) turn.push((await transcribe(server.url, libri[0]!.wav, 'en')).ms);
      const turnMs = [...turn].sort((a, b) => a - b)[1]!;
      out(`\n## ${model}`);
      out(
        `LibriVox (${libri.length} clips, ${l.audioS.toFixed(1)} s): WER ${(l.wer * 100).toFixed(1)} %, RTF ${l.rtf.toFixed(3)}, CPU ${l.cpu.toFixed(3)} s per audio s`,
      );
      for (const line of l.lines) out(line);
      out(
        `espeak-ng (${espeak.length} Harvard sentences, ${e.audioS.toFixed(1)} s): WER ${(e.wer * 100).toFixed(1)} %, RTF ${e.rtf.toFixed(3)}`,
      );
      for (const line of e.lines) out(line);
      out(`one spoken turn (${libri[0]!.seconds.toFixed(1)} s of speech), median of 3: ${turnMs.toFixed(0)} ms`);
      let foreignCell = 'English only';
      if (!model.startsWith('whisper-tiny.en')) {
        let errs = 0;
        let refs = 0;
        let detected = 0;
        for (const f of foreign) {
          const given = await transcribe(server.url, f.wav, f.language);
          const auto = await transcribe(server.url, f.wav, 'auto');
          const ref = foreignWords(f.text);
          const e1 = editDistance(ref, foreignWords(given.text));
          errs += e1;
          refs += ref.length;
          if (auto.language === f.language) detected++;
          out(`    ${f.language}: ${e1}/${ref.length}  "${given.text}"  (auto: ${auto.language}, "${auto.text}")`);
        }
        foreignCell = `WER ${((100 * errs) / refs).toFixed(1)} %, auto-detected ${detected}/${foreign.length}`;
      }
      summary.push(
        `| ${model} | ${(l.wer * 100).toFixed(1)} % | ${l.rtf.toFixed(3)} | ${l.cpu.toFixed(3)} | ${(e.wer * 100).toFixed(1)} % | ${e.rtf.toFixed(3)} | ${turnMs.toFixed(0)} ms | ${foreignCell} |`,
      );
    }
    out(
      '\n| model | LibriVox WER | LibriVox RTF | LibriVox CPU s / audio s | espeak-ng WER | espeak-ng RTF | 7 s turn | Spanish + German (espeak-ng) |',
    );
    out('|---|---:|---:|---:|---:|---:|---:|---|');
    for (const row of summary) out(row);
    out(
      `# LibriVox: ${LIBRIVOX}; load average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    for (const s of servers.values()) await s.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
