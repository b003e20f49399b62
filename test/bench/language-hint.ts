/**
 * The language of a spoken turn, with the conversation's language as a hint: how often the
 * transcriber hears a turn in its own language when the conversation is already in it (the user
 * goes on in the same language) and when the conversation was in another one (the user switches).
 *
 * The transcriber (media/speech/model-server/stt_server.py, Whisper base, `auto` among the
 * languages the companion speaks) reports every candidate language's probability; a hint is taken
 * unless another language is `SPEECH_STT_HINT_WEIGHT` times likelier. The weight is chosen on
 * tuning recordings and reported on held-out ones, other speakers of the same languages:
 *
 *   - tuning: Asterisk's Colombian Spanish prompts (asterisk-prompt-es-co), Armelle's French
 *     (asterisk-prompt-fr-armelle), Menardi's Italian (asterisk-prompt-it-menardi-wav), and English
 *     readings and read numbers from pocketsphinx-testdata;
 *   - held out: Allison's Mexican Spanish (downloaded and unpacked as in speech-languages.ts),
 *     June's French, Carlo's Italian and Allison's English core prompts (asterisk-core-sounds-*).
 *
 * Clips of 1–6 s (a spoken turn), sorted by name. Each is detected once without a hint (the
 * probabilities give every weight's outcome), then the held-out ones are asked again with the
 * chosen weight's server, hinted with their own language and with another, to check the server.
 *
 *   npm run bench -- language-hint [--clips 40] [--weights 1,1.5,2,3,4,6,10,20]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../../runtime/paths.js';
import { ensureTranscriptsAndAudio, to16k, wavSeconds } from './speech-languages.js';
import { SPEECH_PORT_OFFSETS } from '../../runtime/stack/speech-servers.js';
import { startBenchSpeechServer } from './bench-speech-server.js';

const out = (line = '') => process.stdout.write(`${line}\n`);
const PORT = Number(process.env.COMPANION_BENCH_PORT_BASE ?? 29000) + 894;
const SOUNDS = '/usr/share/asterisk/sounds';
const SPHINX = '/usr/share/pocketsphinx/test/data';
const CACHE = path.join(projectRoot, '.data', 'bench-cache', 'asterisk-core-sounds');
/** The languages measured: spoken by the companion and with human recordings in the registries. */
const LANGUAGES = ['en', 'es', 'fr', 'it'] as const;
type Language = (typeof LANGUAGES)[number];

interface Recordings {
  language: Language;
  name: string;
  dirs: string[];
}

const TUNING: Recordings[] = [
  { language: 'en', name: 'English (LibriVox, read numbers)', dirs: [`${SPHINX}/librivox`, `${SPHINX}/cards`] },
  { language: 'es', name: 'Spanish (Colombia)', dirs: [`${SOUNDS}/es`] },
  { language: 'fr', name: 'French (Armelle)', dirs: [`${SOUNDS}/fr`] },
  { language: 'it', name: 'Italian (Menardi)', dirs: [`${SOUNDS}/it_IT_f_Menardi`] },
];
const HELD_OUT: Recordings[] = [
  { language: 'en', name: 'English (Allison)', dirs: [`${SOUNDS}/en_US_f_Allison`] },
  { language: 'es', name: 'Spanish (Mexico, Allison)', dirs: [path.join(CACHE, 'usr/share/asterisk/sounds/es_MX_f_Allison')] },
  { language: 'fr', name: 'French (Canada, June)', dirs: [`${SOUNDS}/fr_CA_f_June`] },
  { language: 'it', name: 'Italian (Carlo)', dirs: [`${SOUNDS}/it_IT_m_Carlo`] },
];

interface Detection {
  clip: string;
  seconds: number;
  probabilities: Record<string, number>;
}

/** Up to `count` clips of 1–6 s from the recordings' directories, sorted by name. */
async function clipsOf(recordings: Recordings, count: number): Promise<Array<{ name: string; wav: Buffer }>> {
  const files = recordings.dirs
    .flatMap((dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : []))
    .filter((f) => /\.(wav|gsm)$/u.test(f))
    .sort();
  const clips: Array<{ name: string; wav: Buffer }> = [];
  for (const file of files) {
    if (clips.length >= count) break;
    const wav = await to16k(file);
    const s = wavSeconds(wav);
    if (s >= 1 && s <= 6) clips.push({ name: path.basename(file), wav });
  }
  return clips;
}

async function detect(url: string, wav: Buffer, hint?: string): Promise<{ language: string; probabilities: Record<string, number> }> {
  const form = new FormData();
  form.append('file', new Blob([wav], { type: 'audio/wav' }), 'clip.wav');
  form.append('language', 'auto');
  if (hint) form.append('language_hint', hint);
  form.append('response_format', 'verbose_json');
  form.append('timestamp_granularities[]', 'segment');
  form.append('temperature', '0');
  form.append('beam_size', '1');
  const res = await fetch(`${url}/v1/audio/transcriptions`, { method: 'POST', body: form });
  const body = (await res.json()) as { language: string; language_probabilities?: Record<string, number>; error?: { message: string } };
  if (!res.ok) throw new Error(`transcription answered ${res.status}: ${body.error?.message}`);
  return { language: body.language, probabilities: body.language_probabilities ?? {} };
}

/** The language heard with `hint` weighted by `weight` (the server's rule). */
export function heardWith(probabilities: Record<string, number>, hint: string | undefined, weight: number): string {
  const [top, p] = Object.entries(probabilities).reduce((a, b) => (b[1] > a[1] ? b : a), ['', -1]);
  return hint !== undefined && (probabilities[hint] ?? 0) * weight >= p ? hint : top;
}

/** Per weight: right with the own language as hint (staying), and with each other language (switching). */
function rates(detections: Map<Language, Detection[]>, weight: number): { stay: number; switched: number; none: number; n: number } {
  let stay = 0;
  let switched = 0;
  let switches = 0;
  let none = 0;
  let n = 0;
  for (const [language, list] of detections) {
    for (const d of list) {
      n++;
      if (heardWith(d.probabilities, undefined, weight) === language) none++;
      if (heardWith(d.probabilities, language, weight) === language) stay++;
      for (const other of LANGUAGES.filter((l) => l !== language)) {
        switches++;
        if (heardWith(d.probabilities, other, weight) === language) switched++;
      }
    }
  }
  return { stay: stay / n, switched: switched / switches, none: none / n, n };
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

export async function runLanguageHint(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: { clips: { type: 'string', default: '40' }, weights: { type: 'string', default: '1,1.5,2,3,4,6,10,20' } },
  });
  const count = Number(values.clips);
  const weights = String(values.weights).split(',').map(Number);
  out(`# The language of a turn, hinted (${new Date().toISOString()}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`);
  await ensureTranscriptsAndAudio();
  const sets = { tuning: TUNING, 'held out': HELD_OUT } as const;
  const detections: Record<keyof typeof sets, Map<Language, Detection[]>> = { tuning: new Map(), 'held out': new Map() };
  const clipsByLanguage = new Map<Language, Array<{ name: string; wav: Buffer }>>();
  const stt = await startBenchSpeechServer({ kind: 'stt', portBase: PORT - SPEECH_PORT_OFFSETS.stt, env: { SPEECH_STT_THREADS: '2' } });
  try {
    for (const [label, recordings] of Object.entries(sets) as Array<[keyof typeof sets, Recordings[]]>) {
      out(`\n## ${label}`);
      for (const r of recordings) {
        const clips = await clipsOf(r, count);
        if (label === 'held out') clipsByLanguage.set(r.language, clips);
        const list: Detection[] = [];
        for (const clip of clips) {
          const { probabilities } = await detect(stt.url, clip.wav);
          list.push({ clip: clip.name, seconds: wavSeconds(clip.wav), probabilities });
          const heard = heardWith(probabilities, undefined, 1);
          if (heard !== r.language || process.env.BENCH_VERBOSE)
            out(`#   ${r.language} ${clip.name} (${wavSeconds(clip.wav).toFixed(1)} s) heard ${heard}: ${JSON.stringify(probabilities)}`);
        }
        detections[label].set(r.language, list);
        out(`# ${r.name}: ${list.length} clips`);
      }
    }
  } finally {
    await stt.stop();
  }

  out('\n## Every weight, from the detections (a turn heard in its own language)');
  out('| weight | tuning: no hint | tuning: staying | tuning: switching | held out: no hint | held out: staying | held out: switching |');
  out('|---:|---:|---:|---:|---:|---:|---:|');
  for (const w of weights) {
    const t = rates(detections.tuning, w);
    const h = rates(detections['held out'], w);
    out(`| ${w} | ${pct(t.none)} | ${pct(t.stay)} | ${pct(t.switched)} | ${pct(h.none)} | ${pct(h.stay)} | ${pct(h.switched)} |`);
  }

  // The weight a deployment uses: the server's default, checked end to end on the held-out clips.
  const weight = Number(process.env.SPEECH_STT_HINT_WEIGHT ?? 4);
  out(`\n## The server with SPEECH_STT_HINT_WEIGHT=${weight}, held-out clips, per language`);
  out('| language | clips | no hint | staying (own language as hint) | switching (each other language as hint) |');
  out('|---|---:|---:|---:|---:|');
  const hinted = await startBenchSpeechServer({
    kind: 'stt',
    portBase: PORT + 1 - SPEECH_PORT_OFFSETS.stt,
    env: { SPEECH_STT_THREADS: '2', SPEECH_STT_HINT_WEIGHT: String(weight) },
  });
  try {
    for (const [language, clips] of clipsByLanguage) {
      let none = 0;
      let stay = 0;
      let switched = 0;
      for (const clip of clips) {
        if ((await detect(hinted.url, clip.wav)).language === language) none++;
        if ((await detect(hinted.url, clip.wav, language)).language === language) stay++;
        for (const other of LANGUAGES.filter((l) => l !== language))
          if ((await detect(hinted.url, clip.wav, other)).language === language) switched++;
      }
      const n = clips.length;
      out(`| ${language} | ${n} | ${none}/${n} | ${stay}/${n} | ${switched}/${n * (LANGUAGES.length - 1)} |`);
    }
  } finally {
    await hinted.stop();
  }
  out(`# load ${os.loadavg()[0]!.toFixed(1)} at the end`);
}
