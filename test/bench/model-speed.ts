/**
 * The embedded reply model's own speed, as the file set-up serves against the file as assembled
 * (runtime/llm/models.json `encoded`: the same weights, re-encoded for the CPU's kernels): how long a
 * new prompt takes to evaluate, and how fast tokens come after it, on one thread and on two. Both
 * model servers run side by side and are asked in turn, one request at a time, so whatever else
 * runs on the cores weighs on both alike.
 *
 *   npm run bench -- model-speed [--rounds 5] [--model ID] [--tokens 64]
 *
 * Each round, per server: a prompt of about 190 tokens it has not seen (a persona, as a session
 * starts with; the round's number first, so no prefix is reused) answered with one token (the
 * prompt's time), then the same prompt again, evaluated already, answered with up to `--tokens`
 * tokens, streamed (tokens per second after the first).
 */
import { parseArgs } from 'node:util';
import { assembledModelPath, catalogue, installedModelPath } from '../../runtime/llm/model-catalogue.js';
import { startBenchModelServer, type BenchModelServer } from './bench-model-server.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
/** Two port bases (the llm offset is added to each), clear of the other benchmarks' stacks. */
const PORT_BASES = [39400, 39500];

const PERSONA =
  'You are Mira Santos, a cheerful lighthouse keeper on Gull Rock, a small island off the coast of Maine. ' +
  'You have kept the light for twenty-two years, you live with your old dog Biscuit, and you paint the sea ' +
  'in watercolours when the weather is calm. You love storms, old ships and the stories sailors tell, and ' +
  'you bake bread every Sunday for the fishermen who bring your supplies. You speak warmly and simply, ' +
  'in one or two short sentences, never as an assistant, and you never say you are an AI. When someone ' +
  'asks about the sea you tell them what you have seen from the lamp room: whales in August, fog in June, ' +
  'and the winter gales that shake the windows. You remember the names of everyone who visits.';

interface Server extends BenchModelServer {
  label: string;
}

async function startServer(
  label: string,
  model: string,
  threads: number,
  portBase: number,
  prompt: 'chat' | 'transcript',
): Promise<Server> {
  return { label, ...(await startBenchModelServer({ model, portBase, prompt, threads })) };
}

function messages(round: number) {
  return [
    { role: 'system', content: `Conversation ${round}. ${PERSONA}` },
    { role: 'user', content: 'Tell me a long story about the worst storm you ever saw from the lighthouse.' },
  ];
}

/** Wall ms to evaluate a new prompt and give one token, and the prompt's tokens. */
async function promptMs(server: Server, round: number): Promise<{ ms: number; tokens: number }> {
  const started = performance.now();
  const res = await fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'bench', messages: messages(round), max_tokens: 1, temperature: 0 }),
  });
  if (!res.ok) throw new Error(`${server.label}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { usage?: { prompt_tokens_evaluated?: number } };
  return { ms: performance.now() - started, tokens: body.usage?.prompt_tokens_evaluated ?? 0 };
}

/** Tokens per second after the first, the prompt already evaluated. */
async function tokensPerSecond(server: Server, round: number, tokens: number): Promise<number> {
  const res = await fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'bench', messages: messages(round), max_tokens: tokens, temperature: 0, stream: true }),
  });
  if (!res.ok) throw new Error(`${server.label}: ${res.status} ${await res.text()}`);
  const decoder = new TextDecoder();
  let first: number | undefined;
  let completion = 0;
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    first ??= performance.now();
    const usage = /"completion_tokens":(\d+)/.exec(buffer);
    if (usage) completion = Number(usage[1]);
  }
  return (completion - 1) / ((performance.now() - first!) / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function runModelSpeed(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: {
      rounds: { type: 'string', default: '5' },
      model: { type: 'string', default: catalogue.default },
      tokens: { type: 'string', default: '64' },
    },
  });
  const id = values.model!;
  const model = catalogue.models[id];
  if (!model) throw new Error(`unknown model ${id}; known: ${Object.keys(catalogue.models).join(', ')}`);
  if (!model.encoded) throw new Error(`${id} is served as assembled (no encoded file in runtime/llm/models.json): nothing to compare`);
  if (installedModelPath(id) === assembledModelPath(id))
    throw new Error(`${model.encoded.file} is not installed: run scripts/setup-llm.sh ${id}`);
  const rounds = Number(values.rounds);
  const tokens = Number(values.tokens);
  out(`# model speed: ${id}, served ${model.encoded.file} against the assembled ${model.file}; ${rounds} rounds, ${tokens} tokens`);
  out('threads  file                                          new prompt ms (p50)  tokens/s (p50)');
  const rows: Array<{ threads: number; label: string; prompt: number; rate: number }> = [];
  const evaluated: number[] = [];
  for (const threads of [1, 2]) {
    const servers: Server[] = [];
    try {
      servers.push(await startServer(model.file, assembledModelPath(id), threads, PORT_BASES[0]!, model.prompt));
      servers.push(await startServer(model.encoded.file, installedModelPath(id), threads, PORT_BASES[1]!, model.prompt));
      const prompt = new Map<Server, number[]>(servers.map((s) => [s, []]));
      const rate = new Map<Server, number[]>(servers.map((s) => [s, []]));
      for (let round = 0; round < rounds; round++) {
        // Alternate which goes first, so neither always follows the other's cache-warm run.
        for (const server of round % 2 ? [...servers].reverse() : servers) {
          const asked = await promptMs(server, threads * 1000 + round);
          prompt.get(server)!.push(asked.ms);
          evaluated.push(asked.tokens);
          rate.get(server)!.push(await tokensPerSecond(server, threads * 1000 + round, tokens));
        }
      }
      for (const server of servers) {
        const row = { threads, label: server.label, prompt: median(prompt.get(server)!), rate: median(rate.get(server)!) };
        rows.push(row);
        out(
          `${String(threads).padStart(7)}  ${row.label.padEnd(44)}  ${row.prompt.toFixed(0).padStart(19)}  ${row.rate.toFixed(1).padStart(14)}`,
        );
      }
    } finally {
      for (const server of servers) await server.stop();
    }
  }
  out(`# a new prompt: ${median(evaluated)} tokens evaluated (p50)`);
  for (const threads of [1, 2]) {
    const [source, encoded] = rows.filter((r) => r.threads === threads);
    out(
      `# ${threads} thread(s): a new prompt ${(source!.prompt / encoded!.prompt).toFixed(2)}× as fast, tokens ${(encoded!.rate / source!.rate).toFixed(2)}× as fast`,
    );
  }
}
