/**
 * The reply engine's own work on a new process's first turns: from the turn handed to the engine to
 * its first sentence, against a loopback model that streams a canned reply at once, so what is
 * timed is the engine's (prompt, notes, guard, cleaner), not a model's. Each round starts a fresh
 * Node.js process per condition, as a node starts: cold, and after the engine's start-up rehearsal
 * (OpenAiEngine.warmUp, warm-up.ts), alternated.
 *
 *   npm run bench -- engine-start [--rounds 5] [--languages en,es]
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { DEFAULT_REPLY_LIMITS, OpenAiEngine } from '../../actors/session/reply/openai-engine.js';
import { cannedServer } from '../../actors/session/reply/warm-up.js';

/** Per language: three questions a user asks first, and the reply the loopback model streams to each. */
const TURNS: Record<string, { questions: string[]; reply: string }> = {
  en: {
    questions: ['What is the tallest mountain in the world?', 'How far away is the moon?', 'What should I cook tonight?'],
    reply: 'The tallest mountain is Mount Everest. It stands almost nine kilometres high.',
  },
  es: {
    questions: ['¿Cuál es la montaña más alta del mundo?', '¿A qué distancia está la luna?', '¿Qué debería cocinar esta noche?'],
    reply: 'La montaña más alta es el Everest. Mide casi nueve kilómetros.',
  },
};

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

/** In the child process: the first turns' ms to their first sentence, and the rehearsal's ms (0 when cold). */
async function child(language: string, rehearsed: boolean): Promise<void> {
  const turns = TURNS[language]!;
  const server = await cannedServer(() => turns.reply);
  const engine = new OpenAiEngine(server.url, 'bench', undefined, 10_000, DEFAULT_REPLY_LIMITS, true);
  const rehearsalMs = rehearsed ? await engine.warmUp() : 0;
  const firstMs: number[] = [];
  for (const userText of turns.questions) {
    const started = performance.now();
    let first = Number.NaN;
    for await (const sentence of engine.reply({
      characterName: 'Mira',
      personality: {
        systemPrompt: 'You are Mira, a mountain guide.',
        description: 'A cheerful guide.',
        traits: ['cheerful'],
        greeting: 'Hello!',
      },
      history: [{ role: 'companion', text: 'Hello!' }],
      userText,
      language,
      characterLanguage: language,
    }))
      if (sentence && Number.isNaN(first)) first = performance.now() - started;
    firstMs.push(first);
  }
  await server.close();
  process.stdout.write(JSON.stringify({ rehearsalMs, firstMs }));
}

export async function runEngineStart(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    strict: false,
    options: { rounds: { type: 'string', default: '5' }, languages: { type: 'string', default: 'en,es' } },
  });
  const rounds = Number(values.rounds);
  const languages = String(values.languages).split(',');
  const run = promisify(execFile);
  process.stdout.write(
    `# reply engine's first turns in a new process, ms to the first sentence (a model that answers at once), p50 / max of ${rounds} processes each\n`,
  );
  process.stdout.write('language  condition   rehearsal   turn 1       turn 2       turn 3\n');
  for (const language of languages) {
    if (!TURNS[language]) throw new Error(`no turns for ${language} (${Object.keys(TURNS).join(', ')})`);
    const results: Record<string, Array<{ rehearsalMs: number; firstMs: number[] }>> = { cold: [], rehearsed: [] };
    for (let round = 0; round < rounds; round++)
      for (const condition of round % 2 ? ['rehearsed', 'cold'] : ['cold', 'rehearsed']) {
        const { stdout } = await run(process.execPath, [fileURLToPath(import.meta.url), '--child', language, condition]);
        results[condition]!.push(JSON.parse(stdout) as { rehearsalMs: number; firstMs: number[] });
      }
    for (const [condition, runs] of Object.entries(results)) {
      const cell = (values: number[]) => `${Math.round(quantile(values, 0.5))} / ${Math.round(Math.max(...values))}`.padEnd(13);
      const turns = [0, 1, 2].map((i) => cell(runs.map((r) => r.firstMs[i]!)));
      process.stdout.write(
        `${`${language.padEnd(10)}${condition.padEnd(12)}${cell(runs.map((r) => r.rehearsalMs)).padEnd(12)}${turns.join('')}`}\n`,
      );
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--child')
  await child(process.argv[3]!, process.argv[4] === 'rehearsed');
