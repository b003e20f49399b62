/**
 * Speech in every language spoken here (runtime/text/languages.ts), with the model servers asked
 * directly (media/speech/model-server/: the transcriber with its English and multilingual models,
 * Kokoro for synthesis), one request at a time, 2 threads each:
 *
 *   - hearing human speech: Asterisk's telephone prompts, recorded by professional speakers, with
 *     the transcripts Debian ships beside them (asterisk-core-sounds-{es,fr,it,ru}: the prompts' text
 *     in /usr/share/doc; es-wav for the Mexican Spanish audio). Those packages conflict with the
 *     installed Colombian and Armelle prompt packages, so they are downloaded (apt-get download) and
 *     unpacked into a cache, never installed. Prompts of five words or more, sorted by name: the
 *     first `--tuning` ones are where choices were looked at, the next `--clips` are held out and
 *     carry the goal (WER ≤ 15 %). Each is transcribed with its language given and with `auto`
 *     (the detected language is scored too). 8 kHz telephone audio, resampled to 16 kHz.
 *   - speaking: sentences per language, normalised as the service does, synthesised by every stock
 *     voice of that language (up to four) and by an English voice given the language's phonemes,
 *     then transcribed with the language given: the round-trip WER (CER for Mandarin; goal ≤ 10 %).
 *
 * Scoring: lower case, accents and punctuation set aside, the numbers 0–10 as words.
 *
 *   npm run bench -- speech-languages [--clips 20] [--tuning 6] [--sentences 5] [--voices 3] [--only human,tts]
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import zlib from 'node:zlib';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { projectRoot } from '../../runtime/paths.js';
import { SPEECH_PORT_OFFSETS } from '../../runtime/stack/speech-servers.js';
import { normaliseForSpeech } from '../../runtime/text/text-normaliser.js';
import { BUILT_IN_VOICES, voiceHasLanguage, voiceSpeaking, builtInVoice } from '../../runtime/voices/voice-catalog.js';
import { editDistance } from './speech.js';
import { startBenchSpeechServer, type BenchSpeechServer } from './bench-speech-server.js';
import { transcribe } from './stt-servers.js';

const run = promisify(execFile);
const out = (line = '') => process.stdout.write(`${line}\n`);
const SOUNDS = '/usr/share/asterisk/sounds';
const CACHE = path.join(projectRoot, '.data', 'bench-cache', 'asterisk-core-sounds');
const PORT = Number(process.env.COMPANION_BENCH_PORT_BASE ?? 29000) + 890;

/** Human speech: the prompts' directory (installed, or unpacked into the cache) and the transcripts' package. */
export const HUMAN = [
  { code: 'es', name: 'Spanish (Mexico, Allison)', dir: path.join(CACHE, 'usr/share/asterisk/sounds/es_MX_f_Allison'), text: 'es' },
  { code: 'fr', name: 'French (Canada, June)', dir: `${SOUNDS}/fr_CA_f_June`, text: 'fr' },
  { code: 'it', name: 'Italian (Carlo)', dir: `${SOUNDS}/it_IT_m_Carlo`, text: 'it' },
  { code: 'ru', name: 'Russian (IvrvoiceRU)', dir: `${SOUNDS}/ru_RU_f_IvrvoiceRU`, text: 'ru' },
] as const;

/** Everyday sentences a companion says, with the things the normaliser reads (money, times, titles). */
export const SENTENCES: Record<string, string[]> = {
  es: [
    '¿Dónde está la estación de tren? Quiero comprar un billete para mañana.',
    'Me alegra mucho verte de nuevo, ¿cómo ha ido tu semana?',
    'La Sra. García llega a las 9:30 con los libros.',
    'El café cuesta 2,50 € en la plaza mayor.',
    'Hoy hace buen tiempo, vamos a caminar por el parque.',
  ],
  fr: [
    'Bonjour, je voudrais réserver une table pour deux personnes ce soir.',
    'Je suis content de te revoir, comment s’est passée ta semaine ?',
    'Mme Martin arrive à 14h30 avec les enfants.',
    'Le billet coûte 3,20 € au guichet de la gare.',
    'Il fait beau aujourd’hui, allons nous promener dans le parc.',
  ],
  it: [
    'Buongiorno, vorrei un caffè e un cornetto, per favore.',
    'Sono felice di rivederti, com’è andata la tua settimana?',
    'Il Sig. Rossi arriva alle 9:30 con i libri.',
    'Il biglietto costa 2,50 € alla stazione.',
    'Oggi il tempo è bello, andiamo a fare una passeggiata nel parco.',
  ],
  pt: [
    'Olá, tudo bem? Eu gostaria de comprar um bilhete para amanhã.',
    'Estou muito feliz em te ver de novo, como foi a sua semana?',
    'A Sra. Silva chega às 10:15 com os livros.',
    'O café custa R$ 5,50 na padaria da esquina.',
    'Hoje o tempo está bonito, vamos caminhar no parque.',
  ],
  hi: [
    'नमस्ते, आप कैसे हैं? मुझे एक कप चाय चाहिए।',
    'आज मौसम बहुत अच्छा है। चलो बाहर घूमने चलते हैं।',
    'मुझे आपसे मिलकर बहुत खुशी हुई।',
    'क्या आप मुझे रेलवे स्टेशन का रास्ता बता सकते हैं?',
    'मैं हर सुबह पार्क में टहलने जाता हूँ।',
  ],
  zh: [
    '今天天气很好。我们去公园散步吧。',
    '你好，请问火车站在哪里？',
    '我很高兴再见到你，这个星期过得怎么样？',
    '我每天早上喝一杯咖啡。',
    '这家饭店的菜很好吃。',
  ],
};

export interface Clip {
  name: string;
  wav: Buffer;
  reference: string;
  seconds: number;
}

/**
 * The numbers 0–10 as words, for scoring: a prompt's "appuyez sur un" transcribed "appuyez sur 1" is
 * the same words (as Whisper's own text normaliser counts them).
 */
const NUMBER_WORDS: Record<string, string[]> = {
  en: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'],
  es: ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez'],
  fr: ['zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix'],
  it: ['zero', 'uno', 'due', 'tre', 'quattro', 'cinque', 'sei', 'sette', 'otto', 'nove', 'dieci'],
  pt: ['zero', 'um', 'dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove', 'dez'],
  ru: ['ноль', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять', 'десять'],
  hi: ['शून्य', 'एक', 'दो', 'तीन', 'चार', 'पाँच', 'छह', 'सात', 'आठ', 'नौ', 'दस'],
  zh: ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'],
};

/** Lower-case words without accents or punctuation (the transcripts drop accents: "numero"); Han characters one by one. */
export function tokens(text: string, code: string): string[] {
  const numbers = NUMBER_WORDS[code];
  const spelt = numbers ? text.replace(/(?<![\d.,])\d{1,2}(?![\d.,]\d)/gu, (n) => (Number(n) <= 10 ? ` ${numbers[Number(n)]} ` : n)) : text;
  const plain = spelt
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .replace(/ё/gu, 'е');
  if (code === 'zh') return [...plain.replace(/[^\p{Script=Han}\p{N}]/gu, '')];
  return plain
    .replace(/[’'`-]/gu, ' ')
    .replace(/[^\p{L}\p{M}\p{N} ]/gu, ' ')
    .split(/\s+/u)
    .filter(Boolean);
}

export async function ensureTranscriptsAndAudio(): Promise<void> {
  const needed = [
    'asterisk-core-sounds-en',
    'asterisk-core-sounds-es',
    'asterisk-core-sounds-fr',
    'asterisk-core-sounds-it',
    'asterisk-core-sounds-ru',
    'asterisk-core-sounds-es-wav',
  ];
  if (needed.every((p) => fs.existsSync(path.join(CACHE, '.done', p)))) return;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'asterisk-debs-'));
  try {
    await run('apt-get', ['download', ...needed], { cwd: work });
    fs.mkdirSync(path.join(CACHE, '.done'), { recursive: true });
    for (const deb of fs.readdirSync(work).filter((f) => f.endsWith('.deb'))) await run('dpkg-deb', ['-x', path.join(work, deb), CACHE]);
    for (const p of needed) fs.writeFileSync(path.join(CACHE, '.done', p), '');
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export function transcripts(code: string): Map<string, string> {
  const gz = path.join(CACHE, `usr/share/doc/asterisk-core-sounds-${code}/core-sounds-${code}.txt.gz`);
  const text = zlib.gunzipSync(fs.readFileSync(gz)).toString('utf8');
  const map = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^([\w-]+):\s*(.+)$/u.exec(line.trim());
    if (m && !/[[(<]/u.test(m[2]!)) map.set(m[1]!, m[2]!.trim());
  }
  return map;
}

export async function to16k(file: string): Promise<Buffer> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', '-f', 'wav', '-'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout as unknown as Buffer;
}

export function wavSeconds(wav: Buffer): number {
  const dataAt = wav.indexOf('data') + 8;
  return (wav.length - dataAt) / 2 / 16000;
}

/** The first `count` prompts of five words or more of a speaker (sorted by name), 16 kHz, with their transcripts. */
export async function humanClips(set: { code: string; dir: string; text: string }, count: number): Promise<Clip[]> {
  const refs = transcripts(set.text);
  const names = [...refs.keys()]
    .filter((n) => fs.existsSync(path.join(set.dir, `${n}.wav`)) && tokens(refs.get(n)!, set.code).length >= 5)
    .sort()
    .slice(0, count);
  const clips: Clip[] = [];
  for (const name of names) {
    const wav = await to16k(path.join(set.dir, `${name}.wav`));
    clips.push({ name, wav, reference: refs.get(name)!, seconds: wavSeconds(wav) });
  }
  return clips;
}

/** Kokoro's 24 kHz WAV → 16 kHz mono WAV for the transcriber. */
async function synthesise16k(url: string, voice: string, text: string): Promise<{ wav: Buffer; ms: number; seconds: number }> {
  const started = performance.now();
  const res = await fetch(`${url}/v1/audio/speech`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'kokoro', voice, input: text, response_format: 'wav' }),
  });
  if (!res.ok) throw new Error(`synthesis of ${voice} answered ${res.status}: ${await res.text()}`);
  const wav24 = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  const tmp = path.join(os.tmpdir(), `speech-languages-${process.pid}.wav`);
  fs.writeFileSync(tmp, wav24);
  const wav = await to16k(tmp);
  fs.rmSync(tmp, { force: true });
  return { wav, ms, seconds: wavSeconds(wav) };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

export async function runSpeechLanguages(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: {
      clips: { type: 'string', default: '20' },
      tuning: { type: 'string', default: '6' },
      sentences: { type: 'string', default: '5' },
      voices: { type: 'string', default: '4' },
      only: { type: 'string', default: 'human,tts' },
    },
  });
  const heldOutCount = Number(values.clips);
  const tuningCount = Number(values.tuning);
  const sentenceCount = Number(values.sentences);
  const voicesPerLanguage = Number(values.voices);
  const parts = String(values.only).split(',');
  out(`# Speech per language (${new Date().toISOString()}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`);
  const stt = await startBenchSpeechServer({ kind: 'stt', portBase: PORT - SPEECH_PORT_OFFSETS.stt, env: { SPEECH_STT_THREADS: '2' } });
  let tts: BenchSpeechServer | undefined;
  try {
    if (parts.includes('tts'))
      tts = await startBenchSpeechServer({
        kind: 'tts',
        portBase: PORT + 1 - SPEECH_PORT_OFFSETS.tts,
        env: { SPEECH_TTS_ENGINES: 'kokoro' },
      });
    if (parts.includes('human')) {
      await ensureTranscriptsAndAudio();
      out('\n## Hearing human speech (Asterisk prompts, 8 kHz telephone audio), whisper-base');
      out('| language | set | clips | audio s | WER (language given) | RTF | WER (auto) | detected right |');
      out('|---|---|---:|---:|---:|---:|---:|---:|');
      for (const set of HUMAN) {
        const all = await humanClips(set, tuningCount + heldOutCount);
        for (const [label, clips] of [
          ['tuning', all.slice(0, tuningCount)],
          ['held out', all.slice(tuningCount)],
        ] as const) {
          let errors = 0;
          let refWords = 0;
          let autoErrors = 0;
          let detected = 0;
          let spentMs = 0;
          let audioS = 0;
          for (const clip of clips) {
            const ref = tokens(clip.reference, set.code);
            const given = await transcribe(stt.url, clip.wav, set.code);
            const auto = await transcribe(stt.url, clip.wav, 'auto');
            const e = editDistance(ref, tokens(given.text, set.code));
            errors += e;
            refWords += ref.length;
            autoErrors += editDistance(ref, tokens(auto.text, set.code));
            if (auto.language === set.code) detected++;
            spentMs += given.ms;
            audioS += clip.seconds;
            if (process.env.BENCH_VERBOSE)
              out(`    ${set.code} ${clip.name} ${e}/${ref.length} "${given.text}" | auto ${auto.language} "${auto.text}"`);
          }
          out(
            `| ${set.name} | ${label} | ${clips.length} | ${audioS.toFixed(0)} | ${pct(errors / refWords)} | ${(spentMs / 1000 / audioS).toFixed(2)} | ${pct(autoErrors / refWords)} | ${detected}/${clips.length} |`,
          );
        }
      }
    }
    if (tts) {
      out('\n## Speaking: synthesis → transcription round trip (whisper-base, language given; CER for Mandarin)');
      out('| language | voice | sentences | WER | synthesis RTF | sample heard |');
      out('|---|---|---:|---:|---:|---|');
      for (const [code, sentences] of Object.entries(SENTENCES)) {
        const own = BUILT_IN_VOICES.filter((v) => voiceHasLanguage(v.language, code)).slice(0, voicesPerLanguage);
        const voices = [...own, voiceSpeaking(builtInVoice('en-US-slt')!, code)];
        for (const voice of voices) {
          let errors = 0;
          let refTokens = 0;
          let synthMs = 0;
          let audioS = 0;
          let sample = '';
          for (const sentence of sentences.slice(0, sentenceCount)) {
            const spoken = normaliseForSpeech(sentence, voice.language).text;
            const { wav, ms, seconds } = await synthesise16k(tts.url, voice.engineVoice, spoken);
            const heard = await transcribe(stt.url, wav, code);
            const ref = tokens(spoken, code);
            errors += editDistance(ref, tokens(heard.text, code));
            refTokens += ref.length;
            synthMs += ms;
            audioS += seconds;
            sample ||= heard.text.trim().slice(0, 60);
          }
          const label = voice.voiceId === 'en-US-slt' ? `en-US-slt (${voice.engineVoice})` : voice.voiceId;
          out(
            `| ${code} | ${label} | ${sentenceCount} | ${pct(errors / refTokens)} | ${(synthMs / 1000 / audioS).toFixed(2)} | ${sample.replace(/\|/gu, '/')} |`,
          );
        }
      }
    }
  } finally {
    await stt.stop();
    await tts?.stop();
  }
}
