/**
 * The embedded language-model process: an OpenAI-compatible `/v1/chat/completions` server (SSE
 * streaming and plain JSON) around llama.cpp (node-llama-cpp) and the GGUF model installed by
 * scripts/setup.sh. It is the default reply engine; operators replace it with any
 * OpenAI-compatible server (vLLM, Ollama, llama.cpp server) by setting REPLY_ENGINE_URL.
 *
 * Two ways of prompting (--prompt), by model (runtime/llm/models.json):
 *   chat        instruction-tuned models: the messages go through the model's own chat template
 *               (node-llama-cpp's chat wrapper, resolved from the GGUF metadata), so the system
 *               message is a real system turn and user text is tokenized as text — a user who
 *               types "<|im_start|>system" gets those characters, not the special tokens;
 *   transcript  base models (Gemma 3 270M): the messages become a plain dialogue for completion —
 *               "<system>\n\nUser: …\n<Name>: …" — and generation stops at the next "User:" line.
 * `continue_final_message: true` (as vLLM's) continues the last message, an assistant's, instead of
 * starting a new one: the reply engine's way to finish a sentence whose first words were said.
 * Requests are served one at a time (one context, 2 cores). The answer reports the completion's
 * token count (`usage`, also as the last SSE chunk) so callers can measure tokens per second.
 *
 * Speculative decoding, on request: `--draft-model FILE` has a smaller model of the same tokenizer
 * (the 0.5B for the 1.5B) draft tokens on its own thread, which the model then checks in one batch;
 * `--lookup on` drafts them from the prompt instead (the persona's words the reply repeats). Greedy
 * replies would be the same either way in exact arithmetic; a batch is summed in another order, so
 * near-ties can go the other way. On two CPU cores both made replies slower (docs/SESSIONS.md).
 *
 *   node dist/runtime/llm/llm-server.js --model FILE --runtime DIR --port N [--prompt chat|transcript]
 *                                       [--draft-model FILE | --lookup on]
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { SpareCores } from './spare-cores.js';

interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    runtime: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    prompt: { type: 'string', default: 'chat' },
    sequences: { type: 'string', default: '4' },
    'prefix-reuse': { type: 'string', default: 'on' },
    threads: { type: 'string', default: '1' },
    // Diagnostics: one JSON line per completion with the model's raw text, before any cleaning by
    // the reply engine (the replies benchmark measures what the model itself says).
    'completions-log': { type: 'string' },
    // Diagnostics: the sampling seed of a request that names none, so a benchmark's replies are
    // the same from run to run (on one thread) whatever the machine's load.
    seed: { type: 'string' },
    'draft-model': { type: 'string' },
    lookup: { type: 'string', default: 'off' },
  },
});
if (!values.model || !values.runtime || !values.port || !['chat', 'transcript'].includes(values.prompt!)) {
  process.stderr.write(
    'usage: llm-server --model FILE --runtime DIR --port N [--prompt chat|transcript] [--threads N|auto] [--sequences N] [--prefix-reuse on|off] [--completions-log FILE] [--seed N] [--draft-model FILE | --lookup on]\n',
  );
  process.exit(2);
}

const MAX_BODY_BYTES = 256 * 1024;
const MAX_TOKENS_CAP = 512;
const CONTEXT_TOKENS = 4096;
const modelId = path.basename(values.model, '.gguf');
const DEFAULT_SEED = values.seed === undefined ? undefined : Number(values.seed);

/** The part of node-llama-cpp's API used here (its types are not in the service's install). */
interface LlamaCpp {
  getLlama(options: {
    gpu: false;
    build: 'never';
    logLevel: unknown;
  }): Promise<{ loadModel(o: { modelPath: string }): Promise<LlamaModel>; maxThreads: number }>;
  LlamaCompletion: new (o: { contextSequence: unknown }) => {
    generateCompletion(prompt: string, options: Record<string, unknown>): Promise<string>;
  };
  LlamaChat: new (o: { contextSequence: unknown; chatWrapper: unknown }) => {
    generateResponse(history: ChatHistoryItem[], options: Record<string, unknown>): Promise<{ response: string }>;
  };
  resolveChatWrapper(model: LlamaModel): { wrapperName: string };
  LlamaLogLevel: { error: unknown };
  DraftSequenceTokenPredictor: new (draft: LlamaSequence, o: { maxTokens: number; minConfidence: number }) => TokenPredictor;
  InputLookupTokenPredictor: new (o: { patternLength: { min: number }; predictionLength: { max: number } }) => TokenPredictor;
}
type TokenPredictor = object;
interface LlamaModel {
  createContext(o: {
    contextSize: number;
    threads: number | { ideal: number; min: number };
    sequences: number;
  }): Promise<{ getSequence(o?: { tokenPredictor?: TokenPredictor }): LlamaSequence }>;
  tokenize(text: string): unknown[];
  dispose(): Promise<void>;
}
interface LlamaSequence {
  readonly nextTokenIndex: number;
  tokenMeter: { usedInputTokens: number; usedOutputTokens: number };
  /** Drafted tokens the model confirmed (validated) and rejected (refuted), with a token predictor. */
  tokenPredictions: { validated: number; refuted: number };
  clearHistory(): Promise<void>;
}
type ChatHistoryItem = { type: 'system' | 'user'; text: string } | { type: 'model'; response: string[] };

// node-llama-cpp lives in its own install (see scripts/setup.sh), outside the service's lock file:
// its prebuilt binaries are per platform, and only the CPU build for this machine is installed.
const llamaCpp = (await import(pathToFileURL(path.join(values.runtime, 'node_modules/node-llama-cpp/dist/index.js')).href)) as LlamaCpp;
const llama = await llamaCpp.getLlama({ gpu: false, build: 'never', logLevel: llamaCpp.LlamaLogLevel.error });
const model = await llama.loadModel({ modelPath: values.model });
// Prompt-prefix reuse: the context holds several sequences, each keeping the tokens it last
// evaluated; a request goes to the sequence whose last prompt shares the longest prefix with its
// own (least recently used otherwise), and node-llama-cpp evaluates only the tokens after the
// shared prefix. A session's system prompt and earlier turns are so evaluated once, not every turn.
// `--prefix-reuse off` clears the sequence before each request (to measure the difference).
const SEQUENCES = Math.max(1, Math.min(16, Number(values.sequences) || 1));
const PREFIX_REUSE = values['prefix-reuse'] !== 'off';
// Threads: a number, or `auto`: as many as there are cores the rest of the machine leaves idle,
// chosen again before every decoded batch (node-llama-cpp asks its thread splitter, capped by
// `llama.maxThreads`, each time). See spare-cores.ts for why not simply all cores.
const AUTO_THREADS = values.threads === 'auto';
const MAX_THREADS = AUTO_THREADS ? os.availableParallelism() : Math.max(1, Number(values.threads) || 1);
// The context is made while the cap allows every thread: node-llama-cpp caps a context's ideal
// threads by `llama.maxThreads` once, when it is made, so a server started on a busy machine (as
// the embedded stack starts everything at once) would otherwise keep to one thread for good.
llama.maxThreads = MAX_THREADS;
const context = await model.createContext({
  contextSize: CONTEXT_TOKENS,
  threads: AUTO_THREADS ? { ideal: MAX_THREADS, min: 1 } : MAX_THREADS,
  sequences: SEQUENCES,
});
if (AUTO_THREADS) {
  const spare = new SpareCores(100, () => (llama.maxThreads = spare.threads(MAX_THREADS)));
  llama.maxThreads = spare.threads(MAX_THREADS);
}
// The draft model's own context: one sequence per sequence of the model, each on one thread of its
// own, so drafting runs beside the model's evaluation instead of taking turns with it.
const draftModel = values['draft-model'] ? await llama.loadModel({ modelPath: values['draft-model'] }) : undefined;
const draftContext = draftModel
  ? await draftModel.createContext({ contextSize: CONTEXT_TOKENS, threads: 1, sequences: SEQUENCES })
  : undefined;
const LOOKUP = values.lookup === 'on';
/** A sequence's token predictor: none, the draft model, or a lookup in the prompt. */
function tokenPredictor(): TokenPredictor | undefined {
  if (draftContext) return new llamaCpp.DraftSequenceTokenPredictor(draftContext.getSequence(), { maxTokens: 8, minConfidence: 0.6 });
  if (LOOKUP) return new llamaCpp.InputLookupTokenPredictor({ patternLength: { min: 2 }, predictionLength: { max: 4 } });
  return undefined;
}
const chatWrapper = values.prompt === 'chat' ? llamaCpp.resolveChatWrapper(model) : undefined;
interface Slot {
  sequence: LlamaSequence;
  chat?: InstanceType<LlamaCpp['LlamaChat']>;
  completion?: InstanceType<LlamaCpp['LlamaCompletion']>;
  /** The text of the messages last evaluated on this sequence, to compare prefixes. */
  key: string;
  usedAt: number;
}
const slots: Slot[] = Array.from({ length: SEQUENCES }, () => {
  const predictor = tokenPredictor();
  const sequence = context.getSequence(predictor ? { tokenPredictor: predictor } : undefined);
  return {
    sequence,
    completion: chatWrapper ? undefined : new llamaCpp.LlamaCompletion({ contextSequence: sequence }),
    chat: chatWrapper ? new llamaCpp.LlamaChat({ contextSequence: sequence, chatWrapper }) : undefined,
    key: '',
    usedAt: 0,
  };
});

/** The messages as one string whose prefixes match where the rendered prompts' prefixes match. */
function promptKey(messages: ChatMessage[]): string {
  return messages.map((m) => `\u0000${m.role}\u0001${m.content}`).join('');
}

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

const MIN_SHARED_CHARS = 200;

/** The sequence whose last prompt shares the longest prefix with this one; least recently used on a tie. */
function pickSlot(key: string): Slot {
  let best = slots[0]!;
  let bestShared = -1;
  for (const slot of slots) {
    const shared = commonPrefix(slot.key, key);
    if (shared > bestShared || (shared === bestShared && slot.usedAt < best.usedAt)) {
      best = slot;
      bestShared = shared;
    }
  }
  // A short shared prefix ("You are ", a role marker) is not worth another session's tokens:
  // take the least recently used sequence instead.
  if (bestShared < MIN_SHARED_CHARS) best = slots.reduce((a, b) => (b.usedAt < a.usedAt ? b : a));
  return best;
}

/**
 * The messages as node-llama-cpp chat history: the leading system messages as one system turn,
 * then the dialogue; a system message later on (a reminder after the user's turn) stays where it
 * is, as the chat templates of Qwen and SmolLM render it.
 */
function chatHistory(messages: ChatMessage[], continueLast: boolean): ChatHistoryItem[] {
  const lead = messages.findIndex((m) => m.role !== 'system');
  const leading = lead === -1 ? messages : messages.slice(0, lead);
  const system = leading.map((m) => m.content).join('\n');
  const history: ChatHistoryItem[] = system ? [{ type: 'system', text: system }] : [];
  for (const m of lead === -1 ? [] : messages.slice(lead)) {
    if (m.role === 'user') history.push({ type: 'user', text: m.content });
    else if (m.role === 'assistant') history.push({ type: 'model', response: [m.content] });
    else history.push({ type: 'system', text: m.content });
  }
  // The model writes the last item: a new reply, or the last assistant message continued.
  if (!continueLast) history.push({ type: 'model', response: [] });
  return history;
}

/** The companion's name, from a system message that starts "You are <Name>". */
function speakerName(system: string): string {
  return /^You are ([A-Z][\w' -]{0,40}?)(?=[,.\n]| a | an | the )/m.exec(system)?.[1]?.trim() ?? 'Companion';
}

function transcript(messages: ChatMessage[], continueLast: boolean): { prompt: string; speaker: string } {
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n');
  const speaker = speakerName(system);
  const lines = messages
    .filter((m) => m.role !== 'system')
    .map((m) => `${m.role === 'user' ? 'User' : speaker}: ${m.content.replace(/\s+/g, ' ').trim()}`);
  return { prompt: `${system}\n\n${lines.join('\n')}${continueLast ? '' : `\n${speaker}:`}`, speaker };
}

let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

function readJson(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

/** A duration for the log: whole milliseconds, null when it never came. */
function ms(duration: number): number | null {
  return Number.isFinite(duration) ? Math.round(duration) : null;
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const server = http.createServer(async (req, res) => {
  if (req.method === 'GET' && req.url === '/health') return send(res, 200, { status: 'ok', model: modelId });
  if (req.method === 'GET' && req.url === '/v1/models') return send(res, 200, { object: 'list', data: [{ id: modelId, object: 'model' }] });
  if (req.method === 'POST' && req.url === '/tokenize') {
    // As llama.cpp's server: the benchmark counts reply tokens with the model's own tokenizer.
    try {
      const { content } = (await readJson(req)) as { content?: unknown };
      if (typeof content !== 'string') throw new Error('content must be a string');
      return send(res, 200, { tokens: model.tokenize(content) });
    } catch (err) {
      return send(res, 400, { error: { message: (err as Error).message } });
    }
  }
  if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return send(res, 404, { error: { message: 'not found' } });
  let body: {
    messages?: ChatMessage[];
    stream?: boolean;
    max_tokens?: number;
    temperature?: number;
    seed?: number;
    presence_penalty?: number;
    frequency_penalty?: number;
    /** As vLLM's: the reply continues the last message, an assistant's, instead of starting a new one. */
    continue_final_message?: boolean;
  };
  try {
    body = (await readJson(req)) as typeof body;
    if (!Array.isArray(body.messages) || body.messages.length === 0) throw new Error('messages is required');
    if (body.continue_final_message && body.messages.at(-1)?.role !== 'assistant')
      throw new Error('continue_final_message needs an assistant message last');
  } catch (err) {
    return send(res, 400, { error: { message: (err as Error).message } });
  }
  const id = `chatcmpl-${Date.now().toString(36)}`;
  const chunk = (content: string | null, finish: string | null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model: modelId, choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }] })}\n\n`;
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  // The raw text as generated, also when the client stops reading early, and the threads each
  // text chunk was decoded with (for the log).
  let raw = '';
  const threadsUsed: Record<number, number> = {};
  const prompt = { tokens: 0, evaluated: 0 };
  // When the request arrived, when its turn at the model came, and its first text: queue, prompt
  // evaluation and generation told apart in the log.
  const times = { arrived: performance.now(), started: Number.NaN, firstText: Number.NaN };
  const drafted = { validated: 0, refuted: 0 };
  if (body.stream) res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const options = {
    maxTokens: Math.min(body.max_tokens ?? 128, MAX_TOKENS_CAP),
    temperature: body.temperature ?? 0.7,
    ...(body.seed !== undefined ? { seed: body.seed } : DEFAULT_SEED !== undefined ? { seed: DEFAULT_SEED } : {}),
    signal: abort.signal,
    onTextChunk: (piece: string) => {
      if (!raw) times.firstText = performance.now();
      raw += piece;
      const threads = AUTO_THREADS ? Math.min(MAX_THREADS, llama.maxThreads) : MAX_THREADS;
      threadsUsed[threads] = (threadsUsed[threads] ?? 0) + 1;
      if (body.stream) res.write(chunk(piece, null));
    },
  };
  try {
    const text = await oneAtATime(async () => {
      times.started = performance.now();
      const key = promptKey(body.messages!);
      const slot = pickSlot(key);
      slot.usedAt = Date.now();
      // The key only routes the next request here: node-llama-cpp itself compares the sequence's
      // tokens with the next prompt. So it is set before generating and kept when the client ends
      // the stream early (the reply engine stops reading after its last sentence, or at a break of
      // character): the prompt is evaluated all the same, and the next turn or the retry reuses it.
      slot.key = key;
      if (!PREFIX_REUSE) await slot.sequence.clearHistory();
      const before = {
        input: slot.sequence.tokenMeter.usedInputTokens,
        output: slot.sequence.tokenMeter.usedOutputTokens,
        ...slot.sequence.tokenPredictions,
      };
      try {
        if (slot.chat) {
          // A mild repeat penalty keeps small models out of loops; OpenAI's presence and frequency
          // penalties are applied over the same window. The stop triggers end a reply that starts
          // writing the user's next line.
          const history = chatHistory(body.messages!, body.continue_final_message === true);
          const result = await slot.chat.generateResponse(history, {
            ...options,
            repeatPenalty: {
              penalty: 1.1,
              lastTokens: 64,
              ...(body.presence_penalty ? { presencePenalty: body.presence_penalty } : {}),
              ...(body.frequency_penalty ? { frequencyPenalty: body.frequency_penalty } : {}),
            },
            customStopTriggers: ['\nUser:', '\nuser:'],
          });
          return result.response;
        }
        const { prompt, speaker } = transcript(body.messages!, body.continue_final_message === true);
        const out = await slot.completion!.generateCompletion(prompt, {
          ...options,
          customStopTriggers: ['\nUser:', `\n${speaker}:`, '\n\n'],
        });
        return out;
      } finally {
        // The meter counts prompt tokens evaluated (input) apart from generated ones (output), and
        // the sequence ends with the prompt followed by the generated tokens fed back.
        prompt.evaluated = slot.sequence.tokenMeter.usedInputTokens - before.input;
        const generated = slot.sequence.tokenMeter.usedOutputTokens - before.output;
        prompt.tokens = Math.max(prompt.evaluated, slot.sequence.nextTokenIndex - generated);
        drafted.validated = slot.sequence.tokenPredictions.validated - before.validated;
        drafted.refuted = slot.sequence.tokenPredictions.refuted - before.refuted;
      }
    });
    const completionTokens = model.tokenize(text).length;
    // prompt_tokens_evaluated (an extension): prompt tokens this request evaluated, after the
    // prefix shared with what its sequence had already evaluated; the rest came from the cache
    // (prompt_tokens_details.cached_tokens, as OpenAI reports it).
    const usage = {
      completion_tokens: completionTokens,
      prompt_tokens: prompt.tokens,
      prompt_tokens_evaluated: prompt.evaluated,
      prompt_tokens_details: { cached_tokens: prompt.tokens - prompt.evaluated },
    };
    if (body.stream)
      res.end(
        `${chunk(null, 'stop')}data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model: modelId, choices: [], usage })}\n\ndata: [DONE]\n\n`,
      );
    else
      send(res, 200, {
        id,
        object: 'chat.completion',
        model: modelId,
        choices: [{ index: 0, message: { role: 'assistant', content: text.trim() }, finish_reason: 'stop' }],
        usage,
      });
  } catch (err) {
    if (abort.signal.aborted) return;
    if (body.stream) res.end(`data: ${JSON.stringify({ error: { message: (err as Error).message } })}\n\n`);
    else send(res, 500, { error: { message: (err as Error).message } });
  } finally {
    if (values['completions-log'])
      fs.appendFileSync(
        values['completions-log'],
        `${JSON.stringify({ id, at: new Date(performance.timeOrigin + times.arrived).toISOString(), maxTokens: options.maxTokens, text: raw, cutByClient: abort.signal.aborted, chunksByThreads: threadsUsed, promptTokens: prompt.tokens, promptTokensEvaluated: prompt.evaluated, drafted, queuedMs: ms(times.started - times.arrived), firstTextMs: ms(times.firstText - times.started), totalMs: ms(performance.now() - times.started) })}\n`,
      );
  }
});

server.listen(Number(values.port), values.host, () =>
  process.stdout.write(
    `llm-server ready on ${values.host}:${values.port} (${modelId}, ${chatWrapper ? `chat template: ${chatWrapper.wrapperName}` : 'transcript prompt'})\n`,
  ),
);
const stop = () => server.close(() => void model.dispose().finally(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
