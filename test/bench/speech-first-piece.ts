/**
 * Time to a reply's first audio from the synthesis server: the first piece the service sends (a short
 * first sentence, or a long one's first breath group, 16–60 characters: media/speech/text-chunks.ts),
 * synthesised by the model server alone (media/speech/model-server/tts_server.py, asked directly, one
 * request at a time), in each language's default voice, in en-US-slt (Kokoro's English) and in
 * en-US-joe (Piper, the floor). The service sends a piece once it is synthesised whole, so this is
 * the synthesis share of a voice-to-voice turn's TTFA.
 *
 * Several servers side by side in one run, their requests interleaved piece by piece so that each
 * sees the same load: this checkout's, others with extra environment (`--variant label:KEY=VALUE,…`),
 * and the model server of another commit (`--before <git ref>`, its media/speech/model-server files
 * run from a temporary copy, with the same models). Per server and voice:
 *   - cold: the first piece in that language after the server is ready (what the first reply of a
 *     conversation in the language meets);
 *   - p50 / p95 over every later request (`--rounds` × the language's pieces);
 *   - with `--heard`, the round trip: each piece's audio of the first round transcribed by Whisper
 *     (base for every language but English, tiny.en for English: the service's own transcribers) with
 *     the language given, WER (CER for Mandarin) against the text; so a faster server that sounds
 *     different shows.
 *
 *   npm run bench -- speech-first-piece [--rounds 5] [--before <ref>] [--variant label:KEY=V,…] [--heard] [--only es,fr]
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { projectRoot } from '../../runtime/paths.js';
import { SPEECH_PORT_OFFSETS } from '../../runtime/stack/speech-servers.js';
import { normaliseForSpeech } from '../../runtime/text/text-normaliser.js';
import { builtInVoice, voiceSpeaking } from '../../runtime/voices/voice-catalog.js';
import { editDistance } from './speech.js';
import { to16k, tokens } from './speech-languages.js';
import { startBenchSpeechServer, type BenchSpeechServer } from './bench-speech-server.js';
import { transcribe } from './stt-servers.js';

const run = promisify(execFile);
const out = (line = '') => process.stdout.write(`${line}\n`);
const PORT = Number(process.env.COMPANION_STACK_PORT_BASE ?? 34000) + 880;

/** First pieces a companion starts a reply with: short sentences and first breath groups, 16–60 characters. */
const PIECES: Record<string, string[]> = {
  en: [
    'Sure, I can help you with that.',
    'That sounds like a lovely plan for the weekend.',
    'Good morning! I hope you slept well.',
    'Oh, I remember that place;',
  ],
  es: [
    '¡Claro! Te ayudo con eso ahora mismo.',
    'Me alegra mucho verte de nuevo, amiga.',
    'Buenos días, ¿cómo has dormido?',
    'Hoy hace buen tiempo, pero',
  ],
  fr: [
    'Bien sûr, je peux t’aider avec ça.',
    'Je suis content de te revoir aujourd’hui.',
    'Bonjour ! Tu as bien dormi ?',
    'Il fait beau aujourd’hui, mais',
  ],
  it: [
    'Certo, posso aiutarti con questo.',
    'Sono felice di rivederti, amica mia.',
    'Buongiorno! Hai dormito bene?',
    'Oggi il tempo è bello, ma',
  ],
  pt: [
    'Claro, posso te ajudar com isso.',
    'Estou muito feliz em te ver de novo.',
    'Bom dia! Você dormiu bem?',
    'Hoje o tempo está bonito, mas',
  ],
  zh: ['当然可以，', '今天天气很好，我们去公园散步吧。', '你好！你昨天睡得好吗？', '我很高兴再见到你。'],
};

/** The voices measured: the floor, Kokoro's English, then each language's default voice. */
export const FIRST_PIECE_VOICES: { voiceId: string; language: string }[] = [
  { voiceId: 'en-US-joe', language: 'en' },
  { voiceId: 'en-US-slt', language: 'en' },
  { voiceId: 'es-ES-dora', language: 'es' },
  { voiceId: 'fr-FR-siwis', language: 'fr' },
  { voiceId: 'it-IT-sara', language: 'it' },
  { voiceId: 'pt-BR-dora', language: 'pt' },
  { voiceId: 'zh-CN-xiaoxiao', language: 'zh' },
];

interface Server {
  label: string;
  url: string;
  stop(): Promise<void>;
  dir?: string;
}

/** A synthesis server on `port`, from `serverDir` (another commit's copy) or this checkout. */
async function startTts(label: string, port: number, env: Record<string, string>, serverDir?: string): Promise<Server> {
  const server = await startBenchSpeechServer({
    kind: 'tts',
    portBase: port - SPEECH_PORT_OFFSETS.tts,
    env: { SPEECH_TTS_ENGINES: 'piper,kokoro', ...env },
    serverDir,
  });
  return { label, url: server.url, stop: () => server.stop() };
}

/** media/speech/model-server as it was at `ref`, in a temporary directory. */
async function serverAt(ref: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tts-server-'));
  const { stdout } = await run('git', ['archive', '--format=tar', ref, 'media/speech/model-server'], {
    cwd: projectRoot,
    encoding: 'buffer',
    maxBuffer: 256 * 1024 * 1024,
  });
  const tar = path.join(dir, 'server.tar');
  fs.writeFileSync(tar, stdout as unknown as Buffer);
  await run('tar', ['-xf', tar, '-C', dir, '--strip-components=3']);
  fs.rmSync(tar);
  return dir;
}

async function synthesise(url: string, voice: string, text: string): Promise<{ ms: number; wav: Buffer }> {
  const started = performance.now();
  const res = await fetch(`${url}/v1/audio/speech`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ voice, input: text, response_format: 'wav' }),
  });
  if (!res.ok) throw new Error(`synthesis by ${voice} answered ${res.status}: ${await res.text()}`);
  const wav = Buffer.from(await res.arrayBuffer());
  return { ms: performance.now() - started, wav };
}

export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const ms = (x: number) => Math.round(x).toLocaleString('en-US');

export async function runSpeechFirstPiece(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: {
      rounds: { type: 'string', default: '5' },
      before: { type: 'string' },
      variant: { type: 'string', multiple: true, default: [] },
      heard: { type: 'boolean', default: false },
      only: { type: 'string' },
    },
  });
  const rounds = Number(values.rounds);
  const only = values.only?.split(',');
  const voices = FIRST_PIECE_VOICES.filter((v) => !only || only.includes(v.language) || only.includes(v.voiceId)).map((v) => {
    const voice = voiceSpeaking(builtInVoice(v.voiceId)!, v.language);
    const pieces = PIECES[v.language]!.map((p) => normaliseForSpeech(p, voice.language).text);
    return { ...v, engineVoice: voice.engineVoice, pieces };
  });
  out(
    `# First piece synthesis (${new Date().toISOString()}, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );

  const servers: Server[] = [];
  const heard = new Map<string, { errors: number; total: number }>();
  let stt: BenchSpeechServer | undefined;
  try {
    let port = PORT;
    if (values.before) {
      const dir = await serverAt(values.before);
      servers.push({ ...(await startTts(`before (${values.before})`, port++, {}, dir)), dir });
    }
    servers.push(await startTts('this checkout', port++, {}));
    for (const spec of values.variant) {
      const [label, settings = ''] = spec.split(':');
      const env = Object.fromEntries(
        settings
          .split(',')
          .filter(Boolean)
          .map((kv) => kv.split('=') as [string, string]),
      );
      servers.push(await startTts(label!, port++, env));
    }
    if (values.heard)
      stt = await startBenchSpeechServer({ kind: 'stt', portBase: port++ - SPEECH_PORT_OFFSETS.stt, env: { SPEECH_STT_THREADS: '2' } });
    out(`# servers ready (load ${os.loadavg()[0]!.toFixed(1)}): ${servers.map((s) => s.label).join(', ')}`);

    const times = new Map<string, { cold: number; warm: number[]; audio: number[] }>();
    const key = (server: Server, voiceId: string) => `${server.label}|${voiceId}`;
    for (let round = 0; round < rounds + 1; round++) {
      for (const voice of voices) {
        // Round 0 is each language's cold start: its first piece only.
        for (const [i, piece] of voice.pieces.entries()) {
          if (round === 0 && i > 0) break;
          for (const server of servers) {
            const { ms: took, wav } = await synthesise(server.url, voice.engineVoice, piece);
            const entry = times.get(key(server, voice.voiceId)) ?? { cold: NaN, warm: [], audio: [] };
            if (round === 0) entry.cold = took;
            else entry.warm.push(took);
            entry.audio.push((wav.length - 44) / 2 / Number(wav.readUInt32LE(24)));
            times.set(key(server, voice.voiceId), entry);
            if (stt && round === 1) {
              const tmp = path.join(os.tmpdir(), `first-piece-${process.pid}.wav`);
              fs.writeFileSync(tmp, wav);
              const heardText = (await transcribe(stt.url, await to16k(tmp), voice.language)).text;
              fs.rmSync(tmp, { force: true });
              const ref = tokens(piece, voice.language);
              const score = heard.get(key(server, voice.voiceId)) ?? { errors: 0, total: 0 };
              score.errors += editDistance(ref, tokens(heardText, voice.language));
              score.total += ref.length;
              heard.set(key(server, voice.voiceId), score);
              if (process.env.BENCH_VERBOSE) out(`#   ${server.label} ${voice.voiceId} "${piece}" → "${heardText.trim()}"`);
            }
          }
        }
      }
    }

    out(`\n## First piece, ms (cold: the language's first; p50 / p95 of ${rounds} × ${voices[0]?.pieces.length ?? 0} later ones)`);
    const heardColumn = stt ? ' | heard (WER, CER zh) |' : ' |';
    out(`| voice | engine voice | server | cold | p50 | p95 | audio s (median) ${heardColumn}`);
    out(`|---|---|---|---:|---:|---:|---:${stt ? '|---:|' : '|'}`);
    for (const voice of voices) {
      for (const server of servers) {
        const t = times.get(key(server, voice.voiceId))!;
        const h = heard.get(key(server, voice.voiceId));
        const heardCell = stt && h ? ` | ${((h.errors / h.total) * 100).toFixed(1)} % |` : ' |';
        out(
          `| ${voice.voiceId} | ${voice.engineVoice} | ${server.label} | ${ms(t.cold)} | ${ms(quantile(t.warm, 0.5))} | ${ms(quantile(t.warm, 0.95))} | ${quantile(t.audio, 0.5).toFixed(2)}${heardCell}`,
        );
      }
    }
    out(
      `\n# load at the end ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    for (const server of servers) {
      await server.stop();
      if (server.dir) fs.rmSync(server.dir, { recursive: true, force: true });
    }
    await stt?.stop();
  }
}
