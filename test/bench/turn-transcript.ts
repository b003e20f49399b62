/**
 * The transcript a spoken turn is answered on, decoded as the listener asks for it (text only,
 * temperature 0) with a beam of 5 (faster-whisper's default) and greedily (a beam of 1): how many
 * words each gets wrong and how long each takes, on human speech. The turn's transcript is on the
 * way to every answer: the reply starts on it.
 *
 * Human speech with the transcripts Debian ships beside it (asterisk-core-sounds-*: professional
 * speakers' telephone prompts, 8 kHz, resampled), prompts of five words or more sorted by name: the
 * first `--tuning` are where a choice may be looked at, the next `--clips` are held out and report.
 * English is heard by whisper-tiny.en (Allison), Spanish (Allison, Mexico), French (June) and
 * Italian (Carlo) by whisper-base, each with its language given. Each clip is decoded both ways, in
 * alternating order, one request at a time.
 *
 * And how often a turn's early transcript would be begun too soon: the listener transcribes the turn
 * so far at `VOICE_TURN_CHECK_MS` of silence and starts the reply on it, dropped if the speaker goes
 * on. On the same prompts (the listener's own VAD and turn detector), for each pause length: the
 * silences inside a prompt that reach it (an early reply begun and dropped), per prompt.
 *
 *   npm run bench -- turn-transcript [--clips 40] [--tuning 20] [--languages en,es,fr,it]
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SileroModel, VAD_FRAME_SAMPLES } from '../../media/listening/silero-vad.js';
import { TurnDetector } from '../../media/listening/turn-detector.js';
import { SttClient } from '../../media/speech/stt-client.js';
import { parseWav } from '../../media/speech/wav.js';
import { editDistance } from './speech.js';
import { ensureTranscriptsAndAudio, humanClips, tokens } from './speech-languages.js';
import { projectRoot } from '../../runtime/paths.js';
import { SPEECH_PORT_OFFSETS } from '../../runtime/stack/speech-servers.js';
import { startBenchSpeechServer } from './bench-speech-server.js';

const out = (line = '') => process.stdout.write(`${line}\n`);
const SOUNDS = '/usr/share/asterisk/sounds';
const CACHE = path.join(projectRoot, '.data', 'bench-cache', 'asterisk-core-sounds');
const PORT = Number(process.env.COMPANION_BENCH_PORT_BASE ?? 29000) + 893;

const SETS = [
  { code: 'en', name: 'English (Allison), tiny.en', dir: `${SOUNDS}/en_US_f_Allison` },
  { code: 'es', name: 'Spanish (Allison, Mexico), base', dir: path.join(CACHE, 'usr/share/asterisk/sounds/es_MX_f_Allison') },
  { code: 'fr', name: 'French (June), base', dir: `${SOUNDS}/fr_CA_f_June` },
  { code: 'it', name: 'Italian (Carlo), base', dir: `${SOUNDS}/it_IT_m_Carlo` },
] as const;
const BEAMS = [5, 1] as const;
/** Pause lengths (ms) at which an early transcript could be taken; 200 is VOICE_TURN_CHECK_MS's default. */
const PAUSES = [64, 96, 128, 160, 200, 300];

/** The pauses inside one prompt (16 kHz WAV, a second of silence added) that reach each length before its speech goes on. */
async function pausesInside(model: SileroModel, wav: Buffer): Promise<number[]> {
  const pcm = Buffer.concat([parseWav(wav).data, Buffer.alloc(32_000)]);
  const detector = new TurnDetector({ endOfTurnMs: 5_000, pausesMs: PAUSES });
  const activity = model.stream();
  const reached = PAUSES.map(() => 0);
  let open: number[] = [];
  for (let at = 0; at + VAD_FRAME_SAMPLES * 2 <= pcm.length; at += VAD_FRAME_SAMPLES * 2) {
    const frame = pcm.subarray(at, at + VAD_FRAME_SAMPLES * 2);
    const samples = new Float32Array(VAD_FRAME_SAMPLES);
    for (let i = 0; i < VAD_FRAME_SAMPLES; i++) samples[i] = frame.readInt16LE(i * 2) / 32768;
    const before = detector.speechEndMs;
    for (const event of detector.push(Buffer.from(frame), await activity.probability(samples)))
      if (event.type === 'pause') open.push(event.index);
    // Speech again after a pause: each length it reached began an early transcript for nothing.
    if (before !== undefined && detector.speechEndMs !== before) {
      for (const i of open) reached[i]!++;
      open = [];
    }
  }
  return reached;
}

interface Decoded {
  errors: number;
  ms: number;
  text: string;
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;

export async function runTurnTranscript(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: {
      clips: { type: 'string', default: '40' },
      tuning: { type: 'string', default: '20' },
      languages: { type: 'string', default: 'en,es,fr,it' },
    },
  });
  const heldOut = Number(values.clips);
  const tuning = Number(values.tuning);
  const languages = String(values.languages).split(',');
  out(
    `# A turn's transcript, beam 5 against greedy (${new Date().toISOString()}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
  );
  await ensureTranscriptsAndAudio();
  const server = await startBenchSpeechServer({ kind: 'stt', portBase: PORT - SPEECH_PORT_OFFSETS.stt, env: { SPEECH_STT_THREADS: '2' } });
  const stt = new SttClient({ baseUrl: server.url, timeoutMs: 60_000, maxResponseBytes: 1 << 20 });
  try {
    const vad = await SileroModel.shared();
    const pauseRows: string[] = [];
    out('');
    out(
      '| language | part | clips | audio s (p50) | WER beam 5 | WER greedy | ms beam 5, p50 / p95 | ms greedy, p50 / p95 | greedy / beam 5 time | clips worded differently |',
    );
    out('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const set of SETS.filter((s) => languages.includes(s.code))) {
      const all = await humanClips({ ...set, text: set.code }, tuning + heldOut);
      const parts = [
        ['tuning', all.slice(0, tuning)],
        ['held out', all.slice(tuning)],
      ] as const;
      for (const [part, clips] of parts) {
        const results: Record<number, Decoded[]> = { 5: [], 1: [] };
        const seconds: number[] = [];
        let refWords = 0;
        let differ = 0;
        const dropped = PAUSES.map(() => 0);
        for (const [i, { name, wav, reference, seconds: clipSeconds }] of clips.entries()) {
          (await pausesInside(vad, wav)).forEach((n, k) => (dropped[k]! += n));
          const ref = tokens(reference, set.code);
          seconds.push(clipSeconds);
          refWords += ref.length;
          const order = i % 2 === 0 ? BEAMS : ([...BEAMS].reverse() as unknown as typeof BEAMS);
          const texts: Record<number, string> = {};
          for (const beam of order) {
            const started = performance.now();
            const heard = await stt.transcribe(wav, set.code, { textOnly: true, greedy: beam === 1 });
            const ms = performance.now() - started;
            texts[beam] = heard.text;
            results[beam]!.push({ errors: editDistance(ref, tokens(heard.text, set.code)), ms, text: heard.text });
          }
          if (tokens(texts[5]!, set.code).join(' ') !== tokens(texts[1]!, set.code).join(' ')) {
            differ++;
            if (process.env.BENCH_VERBOSE) out(`#   ${set.code} ${name}: beam 5 "${texts[5]}" | greedy "${texts[1]}" | ref "${reference}"`);
          }
        }
        const wer = (beam: number) =>
          pct(
            results[beam]!.reduce((a, r) => a + r.errors, 0),
            refWords,
          );
        const ms = (beam: number) => results[beam]!.map((r) => r.ms);
        const p = (beam: number) => `${Math.round(quantile(ms(beam), 0.5))} / ${Math.round(quantile(ms(beam), 0.95))}`;
        const ratio = quantile(ms(1), 0.5) / Math.max(1, quantile(ms(5), 0.5));
        out(
          `| ${set.name} | ${part} | ${clips.length} | ${quantile(seconds, 0.5).toFixed(1)} | ${wer(5)} | ${wer(1)} | ${p(5)} | ${p(1)} | ${ratio.toFixed(2)} | ${differ} |`,
        );
        pauseRows.push(
          `| ${set.name} | ${part} | ${clips.length} | ${dropped.map((n) => (n / Math.max(1, clips.length)).toFixed(2)).join(' | ')} |`,
        );
      }
    }
    out('');
    out('Early transcripts begun inside a prompt and dropped (the speaker went on), per prompt, by the pause that begins one:');
    out('');
    out(`| language | part | clips | ${PAUSES.map((ms) => `${ms} ms`).join(' | ')} |`);
    out(`|---|---|---:|${PAUSES.map(() => '---:').join('|')}|`);
    for (const row of pauseRows) out(row);
  } finally {
    await stt.close();
    await server.stop();
  }
}
