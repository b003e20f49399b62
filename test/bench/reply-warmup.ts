/**
 * Warm-up benchmark: latency of a session's first reply from the embedded model, with and without
 * the engine's warm-up at session start (OpenAiEngine.prepare: the model evaluates the system
 * message ahead). Runs the real model server (runtime/llm/llm-server.ts) and the real engine; each
 * round first fills the server with another character's conversation, as a busy node would, then
 * measures the first turn of a new session cold, and of a new session that started 3 s earlier.
 *
 *   npm run bench -- warm-up [--rounds 4] [--threads 1]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../runtime/config.js';
import { OpenAiEngine, DEFAULT_REPLY_LIMITS } from '../../actors/session/reply/openai-engine.js';
import type { ReplyContext } from '../../actors/session/reply/reply-engine.js';
import { CHARACTERS } from './reply-checks.js';
import { startBenchModelServer } from './bench-model-server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function firstSentenceMs(engine: OpenAiEngine, ctx: ReplyContext): Promise<number> {
  const started = performance.now();
  let first = 0;
  for await (const sentence of engine.reply(ctx)) {
    if (!first && sentence) first = performance.now() - started;
  }
  return first;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function runReplyWarmup(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    strict: false,
    options: { rounds: { type: 'string', default: '4' }, threads: { type: 'string', default: '1' } },
  });
  const rounds = Number(values.rounds);
  const config = loadConfig(process.env, []);
  const server = await startBenchModelServer({
    model: config.llmModelPath,
    portBase: 39_700 + (process.pid % 100),
    threads: String(values.threads),
  });
  try {
    const url = server.url;
    const limits = { ...DEFAULT_REPLY_LIMITS, temperature: 0 };
    const cold = new OpenAiEngine(url, 'bench', undefined, 60_000, limits, false);
    const warm = new OpenAiEngine(url, 'bench', undefined, 60_000, limits, true);
    const [other, subject] = [CHARACTERS[1]!, CHARACTERS[0]!];
    const ctx = (c: typeof subject, userText: string): ReplyContext => ({
      characterName: c.name,
      personality: c.personality,
      history: [],
      userText,
    });
    const fill = () => firstSentenceMs(cold, ctx(other, 'Tell me about your day.'));
    const coldMs: number[] = [];
    const warmMs: number[] = [];
    for (let round = 0; round < rounds; round++) {
      await fill();
      coldMs.push(await firstSentenceMs(cold, ctx(subject, 'Hello! Who are you?')));
      await fill();
      warm.prepare(ctx(subject, ''));
      await sleep(3000); // the user says hello a few seconds after the session opened
      warmMs.push(await firstSentenceMs(warm, ctx(subject, 'Hello! Who are you?')));
    }
    const row = (name: string, ms: number[]) =>
      `${name.padEnd(44)} p50 ${median(ms).toFixed(0).padStart(5)} ms   (${ms.map((m) => m.toFixed(0)).join(', ')})`;
    process.stdout.write(
      `\nFirst reply of a session, time to its first sentence (${path.basename(config.llmModelPath)}, ${values.threads} thread(s), ${rounds} rounds)\n`,
    );
    process.stdout.write(`${row('without warm-up (baseline)', coldMs)}\n`);
    process.stdout.write(`${row('with warm-up at session start', warmMs)}\n`);
  } finally {
    await server.stop();
  }
}
