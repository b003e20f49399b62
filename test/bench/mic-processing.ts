/**
 * What the viewer page's microphone processing does to what the companion hears. Chromium's audio
 * processing (echo cancellation, noise suppression, automatic gain control: the getUserMedia
 * constraints web/viewer/viewer.ts asks for) runs on the microphone before Opus; this benchmark plays
 * the same human speech into the page's open microphone (Chromium's fake microphone, from a WAV)
 * under each set of constraints, over each noise floor, and scores the turns the room heard:
 *   - words wrong against the reference (WER; lower case, accents and punctuation set aside);
 *   - turns heard per utterance (one is right; more is an utterance split at a pause or noise heard
 *     as speech), and turns heard where nobody spoke (before the first utterance);
 *   - utterances not heard at all.
 * Speech: the five LibriVox clips of Debian's pocketsphinx-testdata (English), the first prompts of
 * the Spanish, French and Italian Asterisk speakers that test/bench/speech-languages.ts treats as
 * its tuning set (its held-out prompts are not played here), and the two questions recorded in the
 * service's voices that the browser tests play (test/fixtures/questions). Floors: digital silence,
 * a −54 dBFS hiss (a quiet room's microphone), a −40 dBFS hiss (a noisy room, about 20 dB under
 * speech). Replies come from the persona engine (rules, at once): nothing here depends on the model.
 *
 *   npm run bench -- mic-processing [--settings ec+ns+agc,ec] [--floors silence,hiss,room] [--languages en,es,fr,it] [--clips 4]
 *     [--gain <dB, the speech quieter: -20>]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freshBenchDataDir, inProcessBenchConfig } from './bench-servers.js';
import { benchCaller, type Caller } from './bench-caller.js';
import { createLogger } from '../../runtime/logger.js';
import { projectRoot } from '../../runtime/paths.js';
import { startService, type RunningService } from '../../http/server/start-service.js';
import { parseWav, type Pcm } from '../../media/speech/wav.js';
import type { HeardTimings } from '../../media/rooms/avatar-room.js';
import { LEAD_MS, micScript, PageRig, voicedSpan, type MicFloor } from './conversation-browser.js';
import { editDistance, librivoxClips } from './speech.js';
import { ensureTranscriptsAndAudio, HUMAN, humanClips, to16k, tokens } from './speech-languages.js';

const out = (line = '') => process.stdout.write(`${line}\n`);
const epochNow = () => performance.timeOrigin + performance.now();

/** The microphone's processing, by the constraints a page asks getUserMedia for. */
const SETTINGS: Record<string, { echoCancellation: boolean; noiseSuppression: boolean; autoGainControl: boolean }> = {
  'ec+ns+agc': { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  'ec+ns': { echoCancellation: true, noiseSuppression: true, autoGainControl: false },
  'ec+agc': { echoCancellation: true, noiseSuppression: false, autoGainControl: true },
  ec: { echoCancellation: true, noiseSuppression: false, autoGainControl: false },
  none: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
};
const FLOORS: Record<string, { floor: MicFloor; dbfs?: number; label: string }> = {
  silence: { floor: 'silence', label: 'digital silence' },
  hiss: { floor: 'noise', dbfs: -54, label: 'a −54 dBFS hiss' },
  room: { floor: 'noise', dbfs: -40, label: 'a −40 dBFS hiss' },
};
/** The pause after each utterance: the persona's answer (a sentence) is over before the next one. */
const GAP_MS = 5000;
/** The Asterisk prompts test/bench/speech-languages.ts tunes on (the first six of a speaker); the ones after are held out. */
const TUNING_PROMPTS = 6;
/** With `--first`: the pause between the microphone opening and the words (the page sets up its send transport meanwhile). */
const FIRST_LEAD_MS = 2000;
const FIXTURES = path.join(projectRoot, 'test', 'fixtures', 'questions');
const FIXTURE_TEXT: Record<string, { file: string; text: string }> = {
  es: { file: 'es-ES-dora.wav', text: 'Hola, ¿quién eres y a qué te dedicas en Sevilla?' },
  fr: { file: 'fr-FR-siwis.wav', text: 'Bonjour, que fais-tu dans la vie ?' },
};

interface Utterance {
  name: string;
  pcm: Pcm;
  reference: string;
  /** Where its speech is, found before a `--gain` made it quieter. */
  span?: { onsetMs: number; endMs: number };
}

/** A language's utterances: English the five LibriVox clips, another language `count` prompts and its browser-test question. */
async function utterancesOf(code: string, count: number): Promise<Utterance[]> {
  if (code === 'en')
    return librivoxClips().map((clip, i) => ({
      name: `librivox ${i + 1}`,
      pcm: parseWav(clip.wav),
      reference: clip.reference.replace(/\([^)]*\)\s*$/u, ''),
    }));
  const list: Utterance[] = [];
  const set = HUMAN.find((h) => h.code === code);
  if (!set) throw new Error(`--languages: no human speech in ${code}`);
  for (const clip of await humanClips(set, count)) list.push({ name: clip.name, pcm: parseWav(clip.wav), reference: clip.reference });
  const fixture = FIXTURE_TEXT[code];
  if (fixture) list.push({ name: fixture.file, pcm: parseWav(await to16k(path.join(FIXTURES, fixture.file))), reference: fixture.text });
  return list;
}

/** `pcm` (16-bit) `db` louder (a quieter speaker, or one further from the microphone, below 0). */
function scaled(pcm: Pcm, db: number): Pcm {
  if (db === 0) return pcm;
  const data = Buffer.from(pcm.data);
  const factor = 10 ** (db / 20);
  for (let i = 0; i + 1 < data.length; i += 2) data.writeInt16LE(Math.round(data.readInt16LE(i) * factor), i);
  return { ...pcm, data };
}

interface Scored {
  errors: number;
  words: number;
  /** Turns heard per utterance. */
  turns: number[];
  /** Turns heard before the first utterance began. */
  before: number;
  lines: string[];
}

/** What one session plays: `utterances` in `code` through a page asking for `audio`, over `floor`. */
interface Listening {
  code: string;
  utterances: Utterance[];
  audio: Record<string, boolean>;
  floor: { floor: MicFloor; dbfs?: number };
  tag: string;
}

/** One session: the utterances, the first `leadMs` after the microphone opens, then GAP_MS apart; the turns heard, scored. */
async function listen(
  service: RunningService,
  api: Caller,
  { code, utterances, audio, floor, tag }: Listening,
  leadMs: number,
): Promise<Scored> {
  const pieces = utterances.map((u, i) => ({ name: u.name, pcm: u.pcm, span: u.span, afterMs: i === 0 ? leadMs : GAP_MS }));
  const script = micScript(pieces, GAP_MS, floor.floor, floor.dbfs);
  const character = await api('POST', '/api/v1/characters', { name: 'Bench', language: code });
  const session = await api('POST', '/api/v1/avatars', { characterId: character.id, realtime: true });
  const viewer = await api('POST', `/api/v1/avatars/${session.id}/viewer-token`, {});
  const note = (line: string) => out(`# ${tag}: ${line}`);
  let heard: HeardTimings[] = [];
  let openedAt = 0;
  try {
    const rig = await PageRig.open(
      {
        url: service.url!,
        sessionId: session.id,
        clientToken: session.clientToken as string,
        viewerToken: viewer.token as string,
        room: service.services.media!.roomFor(session.id)!,
      },
      script.pcm,
      note,
      audio,
    );
    try {
      const speaker = await rig.speaker();
      openedAt = await rig.openMic(speaker);
      const settings = (await speaker.evaluate('window.__benchMic.settings')) as Record<string, unknown> | null;
      for (const key of Object.keys(audio))
        if (settings?.[key] !== audio[key]) note(`the track's ${key} is ${String(settings?.[key])}, asked ${String(audio[key])}`);
      await new Promise((r) => setTimeout(r, Math.max(0, openedAt + script.durationMs + 2000 - epochNow())));
      // The last turn's transcript: a few seconds after the file ends on a loaded machine.
      await rig.quietFor(1500, 20_000);
      heard = [...rig.heard];
    } finally {
      await rig.close();
    }
  } finally {
    await api('DELETE', `/api/v1/avatars/${session.id}`).catch(() => undefined);
  }
  // Each turn belongs to the last utterance that began before its speech ended.
  const onsets = script.said.map((s) => openedAt + s.onsetMs - 300);
  const texts: string[][] = utterances.map(() => []);
  let before = 0;
  for (const h of heard) {
    let at = -1;
    for (let i = 0; i < onsets.length; i++) if (h.speechEndedAt >= onsets[i]!) at = i;
    if (at < 0) before++;
    else texts[at]!.push(h.text);
  }
  const scored: Scored = { errors: 0, words: 0, turns: texts.map((t) => t.length), before, lines: [] };
  for (const [i, u] of utterances.entries()) {
    const ref = tokens(u.reference, code);
    const hyp = tokens(texts[i]!.join(' '), code);
    const errors = editDistance(ref, hyp);
    scored.errors += errors;
    scored.words += ref.length;
    scored.lines.push(`${tag}, ${u.name}: ${errors}/${ref.length}, ${texts[i]!.length} turn(s): ${JSON.stringify(texts[i]!.join(' | '))}`);
  }
  return scored;
}

/**
 * Each utterance as the first words a microphone hears, FIRST_LEAD_MS after the page opens it (a
 * user who turns the microphone on and speaks): a browser and a session of its own each, so that
 * the processing starts afresh every time.
 */
async function alone(service: RunningService, api: Caller, listening: Listening): Promise<Scored> {
  const all: Scored = { errors: 0, words: 0, turns: [], before: 0, lines: [] };
  for (const u of listening.utterances) {
    const s = await listen(service, api, { ...listening, utterances: [u], tag: `${listening.tag}, first words` }, FIRST_LEAD_MS);
    all.errors += s.errors;
    all.words += s.words;
    all.turns.push(...s.turns);
    all.before += s.before;
    all.lines.push(...s.lines);
  }
  return all;
}

export async function runMicProcessing(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    strict: false,
    options: {
      settings: { type: 'string', default: 'ec+ns+agc,ec' },
      floors: { type: 'string', default: 'silence,hiss,room' },
      languages: { type: 'string', default: 'en,es,fr,it' },
      clips: { type: 'string', default: '4' },
      gain: { type: 'string', default: '0' },
      first: { type: 'boolean', default: false },
    },
  });
  const settings = String(values.settings).split(',');
  const floors = String(values.floors).split(',');
  const languages = String(values.languages).split(',');
  const clips = Number(values.clips);
  for (const s of settings) if (!SETTINGS[s]) throw new Error(`--settings: ${s} is none of ${Object.keys(SETTINGS).join(', ')}`);
  for (const f of floors) if (!FLOORS[f]) throw new Error(`--floors: ${f} is none of ${Object.keys(FLOORS).join(', ')}`);
  // The held-out prompts of speech-languages carry its goal: none is played here.
  if (!Number.isInteger(clips) || clips < 1 || clips > TUNING_PROMPTS)
    throw new Error(`--clips: a whole number from 1 to ${TUNING_PROMPTS}`);
  const first = values.first === true;
  const gainDb = Number(values.gain);
  if (!Number.isFinite(gainDb) || gainDb > 0 || gainDb < -40) throw new Error('--gain: dB from -40 to 0');
  if (languages.some((l) => l !== 'en')) await ensureTranscriptsAndAudio();
  const speech = new Map<string, Utterance[]>();
  for (const code of languages)
    speech.set(
      code,
      (await utterancesOf(code, clips)).map((u) => ({ ...u, span: voicedSpan(u.pcm), pcm: scaled(u.pcm, gainDb) })),
    );

  const config = inProcessBenchConfig(freshBenchDataDir('bench-mic-processing'), 47000, {
    REPLY_ENGINE: 'persona',
    MEDIA_WORKERS: '1',
    MEDIA_PERFORMER: 'face',
    SESSION_IDLE_TIMEOUT_S: '3600',
    RTC_MIN_PORT: process.env.RTC_MIN_PORT ?? '61000',
    RTC_MAX_PORT: process.env.RTC_MAX_PORT ?? '62999',
  });
  const service = await startService(config, createLogger('warn'));
  const lines: string[] = [];
  const rows: string[][] = [];
  try {
    const api = await benchCaller(service);
    out(
      `# mic-processing: ${[...speech].map(([code, u]) => `${code} ${u.length}`).join(', ')} utterances${gainDb ? ` at ${gainDb} dB` : ''} through the viewer page's ` +
        `open microphone in Chromium, per microphone processing and noise floor; transcribers ${config.speechSttModel} (en) and ${config.speechSttMultilingualModel}; ` +
        `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores at the start`,
    );
    for (const floorName of floors) {
      for (const settingName of settings) {
        const cellsOf: string[] = [];
        let errors = 0;
        let words = 0;
        let split = 0;
        let missed = 0;
        let before = 0;
        let total = 0;
        for (const code of languages) {
          const tag = `${floorName}, ${settingName}, ${code}`;
          const listening = { code, utterances: speech.get(code)!, audio: SETTINGS[settingName]!, floor: FLOORS[floorName]!, tag };
          const s = first ? await alone(service, api, listening) : await listen(service, api, listening, LEAD_MS);
          lines.push(...s.lines);
          errors += s.errors;
          words += s.words;
          split += s.turns.filter((n) => n > 1).length;
          missed += s.turns.filter((n) => n === 0).length;
          before += s.before;
          total += s.turns.length;
          cellsOf.push(`${((100 * s.errors) / s.words).toFixed(1)} %`);
          out(
            `# ${tag}: WER ${((100 * s.errors) / s.words).toFixed(1)} %, turns per utterance ${s.turns.join(' ')}, before speech ${s.before}`,
          );
        }
        rows.push([
          FLOORS[floorName]!.label,
          settingName,
          ...cellsOf,
          `${((100 * errors) / words).toFixed(1)} %`,
          `${split} of ${total}`,
          `${missed} of ${total}`,
          String(before),
        ]);
      }
    }
  } finally {
    await service.close();
  }
  out(
    '\nturns heard through the viewer page: WER per language, utterances split into more than one turn, utterances not heard, turns heard before anyone spoke',
  );
  const head = ['floor', 'processing', ...languages, 'all', 'split', 'not heard', 'noise heard'];
  out(`| ${head.join(' | ')} |`);
  out(`|${head.map(() => '---').join('|')}|`);
  for (const row of rows) out(`| ${row.join(' | ')} |`);
  const file = path.join(projectRoot, '.data', `bench-mic-processing-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  out(`# each utterance as heard: ${path.relative(projectRoot, file)}`);
}
