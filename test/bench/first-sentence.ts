/**
 * A reply's first audio and the gaps inside it, as the frame pacer says a reply's first two sentences
 * with the real voices (media/publishing/frame-pacer.ts, the avatar performer, the synthesis model
 * server): how the first sentence is cut (media/publishing/sentence-pieces.ts) decides both. Per
 * voice, each reply is said twice, in turn, on the same server:
 *   - `paced`: as the service says it, the first words as many as the voice's measured pace asks
 *     (media/speech/synthesis-pace.ts);
 *   - `fixed`: a fixed cut, as before the pace: Piper's first 20 characters (three words or more),
 *     Kokoro's sentence whole (or its first breath group past 60 characters).
 * Figures, from `speak()` of the first sentence: the first audio (the first loud tick), and the gaps
 * (ticks of silence inside the first sentence or before the second while the next piece was still
 * being synthesised).
 * The replies are not the tuning set's (test/unit/synthesis-pace.test.ts): first sentences of 25 to
 * 110 characters, each with a second sentence, in each language's default voice. Nothing else runs
 * beside the synthesis here (in a conversation the reply model writes beside it: the conversation
 * benchmark measures that).
 *
 *   npm run bench -- first-sentence [--rounds 3] [--only en-US-joe,es-ES-dora]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { DEFAULT_APPEARANCE } from '../../runtime/characters/character-service.js';
import { SPEECH_PORT_OFFSETS } from '../../runtime/stack/speech-servers.js';
import { builtInVoice } from '../../runtime/voices/voice-catalog.js';
import { createAvatarPerformer, type AvatarPerformer } from '../../media/avatar/performer.js';
import { FramePacer } from '../../media/publishing/frame-pacer.js';
import type { PacedPerformer, SpokenAudio } from '../../media/publishing/performer.js';
import { SpeechService } from '../../media/speech/speech-service.js';
import type { Pace } from '../../media/speech/synthesis-pace.js';
import { startBenchSpeechServer } from './bench-speech-server.js';
import { FIRST_PIECE_VOICES, quantile } from './speech-first-piece.js';

const out = (line = '') => process.stdout.write(`${line}\n`);
const PORT_BASE = Number(process.env.COMPANION_STACK_PORT_BASE ?? 36000);
const FPS = 12;
/** A tick louder than this (peak, of 32,767) is speech. */
const LOUD = 1000;

/** First sentences and the sentence after each, per language: held out from the unit tests' tuning. */
const REPLIES: Record<string, Array<[string, string]>> = {
  en: [
    ['I baked three loaves of rye bread this morning before the sun came up.', 'The kitchen still smells of caraway.'],
    ['Honestly, the best part of my job is watching children find their first favourite book.', 'It happens every week.'],
    [
      'Of course I remember the lighthouse at the end of the old harbour road, where we used to watch the storms roll in.',
      'We should go back.',
    ],
    ['My sister lives in Lisbon now.', 'She teaches music at a school by the river, and she loves it there.'],
  ],
  es: [
    ['Esta mañana preparé pan de centeno antes de que saliera el sol.', 'La cocina todavía huele a comino.'],
    ['Lo mejor de mi trabajo es ver a los niños encontrar su primer libro favorito.', 'Pasa cada semana.'],
    ['Claro que recuerdo el faro al final del camino del puerto viejo, donde mirábamos las tormentas.', 'Deberíamos volver.'],
    ['Mi hermana vive en Lisboa.', 'Enseña música en una escuela junto al río y le encanta.'],
  ],
  fr: [
    ['Ce matin, j’ai fait trois pains de seigle avant le lever du soleil.', 'La cuisine sent encore le cumin.'],
    ['Le plus beau dans mon métier, c’est de voir un enfant trouver son premier livre préféré.', 'Ça arrive chaque semaine.'],
    [
      'Bien sûr que je me souviens du phare au bout de la vieille route du port, où nous regardions les orages.',
      'Il faudrait y retourner.',
    ],
    ['Ma sœur habite à Lisbonne.', 'Elle enseigne la musique dans une école au bord du fleuve.'],
  ],
  it: [
    ['Stamattina ho sfornato tre pagnotte di segale prima che sorgesse il sole.', 'La cucina profuma ancora di cumino.'],
    ['La cosa più bella del mio lavoro è vedere un bambino trovare il suo primo libro preferito.', 'Succede ogni settimana.'],
    ['Certo che ricordo il faro in fondo alla vecchia strada del porto, dove guardavamo arrivare i temporali.', 'Dovremmo tornarci.'],
    ['Mia sorella vive a Lisbona.', 'Insegna musica in una scuola vicino al fiume e ne è felice.'],
  ],
  pt: [
    ['Hoje de manhã assei três pães de centeio antes de o sol nascer.', 'A cozinha ainda cheira a cominho.'],
    ['A melhor parte do meu trabalho é ver uma criança encontrar o seu primeiro livro favorito.', 'Acontece toda semana.'],
    ['Claro que me lembro do farol no fim da velha estrada do porto, onde víamos as tempestades chegarem.', 'Devíamos voltar lá.'],
    ['A minha irmã mora em Lisboa.', 'Ela ensina música numa escola perto do rio e adora.'],
  ],
};

/** The voices of the first-piece benchmark but Mandarin's, whose sentences have no spaces to cut at. */
const VOICES = FIRST_PIECE_VOICES.filter((v) => v.language !== 'zh');

/** A fixed cut: Piper's first 20 characters of three words or more, whatever the pace; Kokoro's sentence whole. */
const FIXED_CUT: Pace = { synthesisMs: (chars) => chars, audioMs: () => Number.POSITIVE_INFINITY };

type Variant = 'paced' | 'fixed';

interface Said {
  firstAudioMs: number;
  gapsMs: number;
  firstPiece: string;
}

/** The avatar performer's voice without its face: frames are a grey square (the benchmark hears, it does not look). */
function voiceOnly(performer: AvatarPerformer, variant: Variant, engine: string): PacedPerformer<SpokenAudio> {
  const frame = Buffer.alloc((16 * 16 * 3) / 2, 128);
  return {
    width: 16,
    height: 16,
    prepare: (sentence, language, words) => performer.prepare(sentence, language, words),
    pace: (language) => (variant === 'paced' ? performer.pace(language) : engine === 'piper' ? FIXED_CUT : undefined),
    frameAt: () => frame,
    close: () => undefined,
  };
}

async function say(performer: PacedPerformer<SpokenAudio>, reply: [string, string]): Promise<Said> {
  let spokeAt: number | undefined;
  const firstPieces: string[] = [];
  const pacer = new FramePacer({
    performer: {
      ...performer,
      prepare: (sentence, language, words) => {
        if (firstPieces.length === 0)
          firstPieces.push(words?.to !== undefined ? sentence.split(' ').slice(0, words.to).join(' ') : sentence);
        return performer.prepare(sentence, language, words);
      },
    },
    fps: FPS,
    log: pino({ level: 'silent' }),
    sink: {
      write: (_frame, pcm) => {
        if (spokeAt !== undefined) return;
        for (let i = 0; i + 1 < pcm.length; i += 2) {
          if (Math.abs(pcm.readInt16LE(i)) > LOUD) {
            spokeAt = performance.now();
            return;
          }
        }
      },
    },
  });
  // Until the second sentence starts: the gaps inside the first and before the second are the reply's.
  let started = 0;
  pacer.on('utteranceStart', () => started++);
  pacer.start();
  const asked = performance.now();
  pacer.speak(reply[0]);
  pacer.speak(reply[1]);
  while (started < 2) await new Promise((resolve) => setTimeout(resolve, 20));
  const gapsMs = pacer.underrunTicks * pacer.jitter().nominalMs;
  pacer.close();
  return { firstAudioMs: (spokeAt ?? NaN) - asked, gapsMs, firstPiece: firstPieces[0] ?? '' };
}

const ms = (x: number) => (Number.isNaN(x) ? '-' : Math.round(x).toLocaleString('en-US'));

export async function runFirstSentence(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: { rounds: { type: 'string', default: '3' }, only: { type: 'string' } },
  });
  const rounds = Number(values.rounds);
  const only = values.only?.split(',');
  const voices = VOICES.filter((v) => !only || only.includes(v.voiceId) || only.includes(v.language));
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  out(`# A reply's first sentence said by the frame pacer (${new Date().toISOString()}, ${os.cpus().length} cores, load ${load()})`);
  const tts = await startBenchSpeechServer({
    kind: 'tts',
    portBase: PORT_BASE,
    env: { SPEECH_TTS_ENGINES: 'piper,kokoro' },
  });
  const speech = new SpeechService({
    ttsUrl: tts.url,
    sttUrl: `http://127.0.0.1:${PORT_BASE + SPEECH_PORT_OFFSETS.stt}`,
    timeoutMs: 60_000,
    maxResponseBytes: 64 * 1024 * 1024,
    ffmpegPath: 'ffmpeg',
    maxAudioS: 60,
  });
  const rows: string[] = [];
  try {
    for (const { voiceId, language } of voices) {
      const engine = builtInVoice(voiceId)!.engine;
      const performer = await createAvatarPerformer({ appearance: DEFAULT_APPEARANCE, voiceId, speech, width: 64, height: 64 });
      const replies = REPLIES[language]!;
      // The pace is learned on what the voice says: a warm-up reply first, as a session's greeting is.
      await say(voiceOnly(performer, 'paced', engine), replies[0]!);
      const results: Record<Variant, Said[]> = { paced: [], fixed: [] };
      for (let round = 0; round < rounds; round++) {
        for (const [i, reply] of replies.entries()) {
          const order: Variant[] = (round + i) % 2 === 0 ? ['paced', 'fixed'] : ['fixed', 'paced'];
          for (const variant of order) {
            const said = await say(voiceOnly(performer, variant, engine), reply);
            results[variant].push(said);
            if (round === 0)
              out(
                `# ${voiceId} ${variant}: first audio ${ms(said.firstAudioMs)} ms, gaps ${ms(said.gapsMs)} ms; first piece "${said.firstPiece}"`,
              );
          }
        }
      }
      const pace = performer.pace(language);
      performer.close();
      const cell = (list: Said[], pick: (s: Said) => number) =>
        `${ms(quantile(list.map(pick), 0.5))} / ${ms(quantile(list.map(pick), 0.95))}`;
      const cuts = (list: Said[], reply: number) => list.filter((_, i) => i % replies.length === reply);
      for (const variant of ['paced', 'fixed'] as const) {
        const list = results[variant];
        const worstGap = Math.max(...list.map((s) => s.gapsMs));
        const perReply = replies
          .map((_, r) =>
            ms(
              quantile(
                cuts(list, r).map((s) => s.firstAudioMs),
                0.5,
              ),
            ),
          )
          .join(' · ');
        rows.push(
          `| ${voiceId} | ${variant} | ${cell(list, (s) => s.firstAudioMs)} | ${perReply} | ${ms(
            quantile(
              list.map((s) => s.gapsMs),
              0.5,
            ),
          )} / ${ms(worstGap)} | ${list.filter((s) => s.gapsMs > 0).length} of ${list.length} |`,
        );
      }
      if (pace)
        out(
          `# ${voiceId}: pace ${ms(pace.synthesisMs(0))} ms a call + ${(pace.synthesisMs(100) - pace.synthesisMs(0)) / 100} ms a character; ${ms(pace.audioMs(100) / 100)} ms of speech a character`,
        );
    }
  } finally {
    await speech.close();
    await tts.stop();
  }
  out(`\nms from the first sentence given to the pacer, p50 / p95 over ${rounds} rounds of four replies (per reply: p50)`);
  out('| voice | cut | first audio | per reply | gaps (p50 / most) | replies with a gap |');
  out('|---|---|---:|---:|---:|---:|');
  for (const row of rows) out(row);
  out(`\n# load at the end ${load()}`);
}
