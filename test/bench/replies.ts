/**
 * Reply-quality benchmark: every candidate engine plays the same characters through their turns
 * (six to ten each), as real multi-turn sessions through the service's HTTP API (create
 * character, open session, POST /avatars/:id/chat), in one run. Each reply is checked
 * automatically (test/bench/reply-checks.ts): stays in character, writes no speaker labels or
 * template tokens, gives its name when asked, answers the question, follows the persona's rule,
 * fits speech (1–3 sentences), does not repeat what it said earlier, speaks of itself in the first
 * person, does not greet itself, does not recite its persona, remembers the user's name. A reply
 * that passes every check that applies is good; the good-reply rate is the headline figure, for
 * the tuning characters and the held-out ones apart. Printed per engine: a table per character,
 * then all engines side by side with the overall score (the mean
 * of the check pass rates), latency to the first sentence and to the whole reply, and tokens/s
 * (reply tokens, counted by the model's tokenizer, over the whole-reply time), and the CPU time the
 * model server spent until the first sentence: with `--threads 1`, that is the latency on an idle
 * core, which a shared machine cannot show in wall time. Each model server also logs its raw
 * generations, so the model's own in-character rate is shown apart from the reply engine's guard.
 * Every conversation is written out as a transcript (Markdown, failed checks marked) under
 * .data/bench-transcripts/, next to the tables.
 *
 * One infrastructure stack (.data/bench-replies); one model server per candidate, all loaded
 * before the first turn; engines are measured one after another, each by its own service
 * instance, with the same threads. The model servers sample with a fixed seed (`--seed`), so on
 * one thread the same run gives the same replies whatever the machine's load; the latencies move
 * with it, so compare engines of the same run only.
 *
 * An engine is `persona`, a model of runtime/llm/models.json, or a model decoding speculatively:
 * `ID+draft=ID` (drafted by a smaller model, on a thread of its own) or `ID+lookup` (drafted from
 * the prompt). Greedy turns give the same replies with and without; the cost differs. `ID+ahead`:
 * the model's reply with its first words said ahead of their sentence, as a realtime session with a
 * voice that cuts out words says them (ReplyContext.onDraft answering them, continued by the model
 * when the rest of their sentence is refused); its first-sentence time is then when they were said.
 * `ID+source`: the model's file as assembled, where set-up serves an encoding of it (models.json
 * `encoded`): the same weights, so the same replies but where the kernels' order of adding breaks a
 * near-tie, at the speed the encoding is there to beat.
 *
 *   npm run bench -- replies [--engines persona,gemma-3-270m,…] [--set all|tuning|held-out] [--characters N] [--turns N]
 *                            [--threads auto|N] [--prefix-reuse on|off] [--seed N]
 *                            [--languages en,es,fr,it,pt] [--prompts own|english]
 *
 * `--languages`: the characters of these languages (en: the English ones above; es, fr, it, pt, zh:
 * reply-characters-languages.ts, whose replies are also checked to be in the turn's language);
 * all by default. `--prompts english`: the engine's instructions in English with a note to reply in
 * the language, instead of in the language itself (language-packs.ts). The summary gives each
 * language's tuning and held-out figures apart, beside English's.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { request } from 'undici';
import { loadConfig } from '../../runtime/config.js';
import { createLogger } from '../../runtime/logger.js';
import { migrate, openOrm } from '../../runtime/db/orm.js';
import { projectRoot } from '../../runtime/paths.js';
import { startService } from '../../http/server/start-service.js';
import { LocalStack } from '../../runtime/stack/local-stack.js';
import { createUser } from '../../runtime/accounts/users.js';
import { SCOPES } from '../../runtime/accounts/scopes.js';
import { assembledModelPath, catalogue, installedModelPath } from '../../runtime/llm/model-catalogue.js';
import type { ReplyContext, ReplyEngine } from '../../actors/session/reply/reply-engine.js';
import { OpenAiEngine } from '../../actors/session/reply/openai-engine.js';
import { replyLimits } from '../../actors/session/reply/create-reply-engine.js';
import {
  CHARACTERS,
  CHECKS,
  checkRawGeneration,
  checkReply,
  goodReply,
  type CharacterSpec,
  type CheckName,
  type CheckResult,
} from './reply-checks.js';
import { LANGUAGE_CHARACTERS } from './reply-characters-languages.js';
import { processCpuMs } from './process-cpu.js';
import { startBenchModelServer, type BenchModelServer } from './bench-model-server.js';
import { firstWords } from '../../media/publishing/sentence-pieces.js';
import { synthesisPace } from '../../media/speech/synthesis-pace.js';

const out = (line = '') => process.stdout.write(`${line}\n`);
const pct = (xs: number[], p: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : Number.NaN;
const ms = (x: number) => (Number.isNaN(x) ? '    –' : x.toFixed(0).padStart(5));
const rate = (r: { pass: number; of: number }) => (r.of ? `${((100 * r.pass) / r.of).toFixed(0)}%`.padStart(5) : '    –');

interface TurnRecord {
  character: string;
  set: 'tuning' | 'held-out';
  /** The character's language ('en' for the English characters). */
  language: string;
  user: string;
  checks: CheckResult;
  firstMs: number;
  /** CPU time of the model server until the first sentence (NaN for persona). */
  firstCpuMs: number;
  wholeMs: number;
  tokens: number;
  status: number;
  text: string;
  /** The machine's 1-minute load average when the turn ended: latencies under load are not the engine's. */
  load: number;
  /** The model's own first generation of the turn, before the reply engine cleaned or refused it. */
  raw?: RawChecks;
  /** `+ahead`: the first words said ahead of their sentence, if they were. */
  saidAhead?: string;
}

/**
 * What the model itself said, apart from the reply engine's guard and cleaner: its first generation
 * of the turn in character and free of speaker labels and template tokens, and how many generations
 * the turn took (a retry after a break of character or an empty reply is one more).
 */
interface RawChecks {
  inCharacter: boolean;
  noLabels: boolean;
  /** Good by every check but length and labels (which the cleaner sees to), as the model wrote it. */
  good: boolean;
  generations: number;
  /** Each generation's raw text and the prompt tokens it evaluated, in order (the records' JSON only). */
  attempts: Array<{ text: string; promptTokensEvaluated?: number }>;
  /** Text chunks (about one token each) of the turn's generations, by the threads that decoded them. */
  chunksByThreads: Record<string, number>;
  /** Drafted tokens the model confirmed and rejected, over the turn's generations (speculative engines). */
  drafted: { validated: number; refuted: number };
}

/** An engine of the run: the rules (`persona`), or a catalogue model with its token predictor if any. */
interface EngineSpec {
  model?: string;
  draft?: string;
  lookup: boolean;
  /** Its first words said ahead of their sentence, as a voice that cuts out words says them. */
  ahead?: boolean;
  /** The model's file as assembled, not the encoding set-up serves. */
  source?: boolean;
}

function parseEngine(engine: string): EngineSpec {
  if (engine === 'persona') return { lookup: false };
  const [model, predictor] = engine.split('+') as [string, string | undefined];
  const draft = predictor?.startsWith('draft=') ? predictor.slice('draft='.length) : undefined;
  if (predictor !== undefined && !['lookup', 'ahead', 'source'].includes(predictor) && !draft)
    throw new Error(`engine ${engine}: after "+" comes lookup, ahead, source or draft=<model>, not ${predictor}`);
  for (const id of [model, draft])
    if (id !== undefined && !catalogue.models[id])
      throw new Error(`unknown model ${id} in engine ${engine}; known: persona, ${Object.keys(catalogue.models).join(', ')}`);
  return { model, draft, lookup: predictor === 'lookup', ahead: predictor === 'ahead', source: predictor === 'source' };
}

function sumCounts(counts: Array<Record<string, number>>): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const c of counts) for (const [k, n] of Object.entries(c)) sum[k] = (sum[k] ?? 0) + n;
  return sum;
}

/** The completions the model server logged since `from` (its --completions-log). */
interface LoggedCompletion {
  text: string;
  /** The request's token cap: 1 for the engine's warm-up (prepare()), which is no attempt at a reply. */
  maxTokens?: number;
  /** Prompt tokens the model server evaluated for this generation, after the prefix it had cached. */
  promptTokensEvaluated?: number;
  chunksByThreads?: Record<string, number>;
  drafted?: { validated: number; refuted: number };
}

function loggedCompletions(file: string, from: number): LoggedCompletion[] {
  if (!fs.existsSync(file)) return [];
  // Whole lines only: the server may be appending one (a warm-up's) as the file is read.
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .slice(0, -1)
    .filter(Boolean)
    .slice(from)
    .map((line) => JSON.parse(line) as LoggedCompletion);
}

/** The generations that tried to answer: without the warm-ups (prepare()), one token each. */
const attempts = (lines: LoggedCompletion[]) => lines.filter((c) => c.maxTokens !== 1);

/**
 * The completions logged since `from`, once the turn's last one is in: the model server appends a
 * line after it has answered (or seen the client stop reading), so a read right after the turn can
 * miss it and count it for the next turn. Waits until at least one attempt's line is there and the
 * count has held for 50 ms (at most 2 s).
 */
async function settledCompletions(file: string, from: number): Promise<ReturnType<typeof loggedCompletions>> {
  let seen = -1;
  for (let waited = 0; waited < 2000; waited += 50) {
    const lines = attempts(loggedCompletions(file, from));
    if (lines.length > 0 && lines.length === seen) return lines;
    seen = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return attempts(loggedCompletions(file, from));
}

/**
 * Times each reply's first sentence at the engine, inside the session actor: wall time and model
 * CPU time. With one model thread (`--threads 1`) the CPU time the model server spends on a turn is
 * what that turn takes on an otherwise idle core, however loaded the shared machine is; with two it
 * is the sum of both threads' time, more than the wall time.
 */
class TimedEngine implements ReplyEngine {
  last: { firstMs: number; firstCpuMs: number; saidAhead?: string } | undefined;
  constructor(
    private readonly inner: ReplyEngine,
    private readonly modelPid: number | undefined,
    /** Its first words said ahead, as a voice that cuts out words says them (`+ahead`). */
    private readonly ahead = false,
  ) {}
  get name() {
    return this.inner.name;
  }
  /** The latest session's warm-up: settled once the model server has evaluated its prompt. */
  prepared: Promise<void> = Promise.resolve();
  /** The session's warm-up, as in the service. */
  prepare(ctx: Omit<ReplyContext, 'userText'>): Promise<void> {
    this.prepared = Promise.resolve(this.inner.prepare?.(ctx));
    return this.prepared;
  }
  async *reply(ctx: ReplyContext, signal?: AbortSignal): AsyncIterable<string> {
    const started = performance.now();
    const cpu = processCpuMs(this.modelPid);
    const timing: NonNullable<TimedEngine['last']> = { firstMs: Number.NaN, firstCpuMs: Number.NaN };
    this.last = timing;
    const heard = () => {
      if (!Number.isNaN(timing.firstMs)) return;
      timing.firstMs = performance.now() - started;
      timing.firstCpuMs = processCpuMs(this.modelPid) - cpu;
    };
    const voice: Partial<ReplyContext> = this.ahead
      ? {
          // The default voices' first words: Piper's in English; in other languages Kokoro's, as its pace
          // asks (here its prior: nothing is synthesised).
          onDraft: (text) =>
            firstWords(text, false, !ctx.language || ctx.language.startsWith('en') ? undefined : synthesisPace('kokoro'))?.said,
          onOpening: () => undefined,
          onOpeningFit: (words) => {
            timing.saidAhead = words;
            heard();
          },
        }
      : {};
    for await (const sentence of this.inner.reply({ ...ctx, ...voice }, signal)) {
      heard();
      yield sentence;
    }
  }
}

const firstSentenceMs = (engine: TimedEngine) => engine.last?.firstMs ?? Number.NaN;
const firstSentenceCpuMs = (engine: TimedEngine) => engine.last?.firstCpuMs ?? Number.NaN;
const saidAheadOf = (engine: TimedEngine) => engine.last?.saidAhead;

/** The model server of engine `id` as `spec` asks for it: the file as assembled or served, drafted or not. */
function startModelServer(
  id: string,
  spec: EngineSpec,
  portBase: number,
  threads: string,
  prefixReuse: string,
  completionsLog: string,
  seed: string,
): Promise<BenchModelServer> {
  return startBenchModelServer({
    model: spec.source ? assembledModelPath(id) : installedModelPath(id),
    portBase,
    prompt: catalogue.models[id]!.prompt,
    threads,
    completionsLog,
    args: [
      ...['--prefix-reuse', prefixReuse, '--seed', seed],
      ...(spec.draft ? ['--draft-model', installedModelPath(spec.draft)] : []),
      ...(spec.lookup ? ['--lookup', 'on'] : []),
    ],
  });
}

async function countTokens(llmUrl: string | undefined, text: string): Promise<number> {
  if (!llmUrl || !text) return 0;
  const res = await request(`${llmUrl}/tokenize`, { method: 'POST', body: JSON.stringify({ content: text }) });
  return ((await res.body.json()) as { tokens: unknown[] }).tokens.length;
}

export async function runReplies(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    strict: false,
    options: {
      engines: { type: 'string', default: ['persona', ...Object.keys(catalogue.models)].join(',') },
      // tuning: the characters the engine's rules may be chosen on; held-out: the others.
      set: { type: 'string', default: 'all' },
      characters: { type: 'string' },
      turns: { type: 'string' },
      // The model servers' sampling seed for requests that bring none (the first attempt of a turn).
      seed: { type: 'string', default: '1' },
      // As the service (LLM_THREADS): `auto` by default, a thread per core the rest of the machine leaves idle.
      threads: { type: 'string', default: 'auto' },
      // off: the model server evaluates every prompt whole (to compare with its prefix reuse).
      'prefix-reuse': { type: 'string', default: 'on' },
      languages: { type: 'string', default: 'en,es,fr,it,pt,zh' },
      prompts: { type: 'string', default: 'own' },
    },
  });
  const languages = String(values.languages).split(',').filter(Boolean);
  const promptsInEnglish = String(values.prompts) === 'english';
  const engines = String(values.engines).split(',').filter(Boolean);
  const specs = new Map(engines.map((e) => [e, parseEngine(e)]));
  const set = String(values.set);
  if (!['all', 'tuning', 'held-out'].includes(set)) throw new Error(`--set is all, tuning or held-out, not ${set}`);
  const characters = [...CHARACTERS, ...LANGUAGE_CHARACTERS]
    .filter((c) => languages.includes(c.language ?? 'en'))
    .filter((c) => set === 'all' || (c.set ?? 'tuning') === set)
    .slice(0, values.characters ? Number(values.characters) : undefined);
  const turns = values.turns ? Number(values.turns) : Number.POSITIVE_INFINITY;
  const threads = String(values.threads);
  const models = engines.filter((e) => e !== 'persona');
  const needed = [...new Set([...specs.values()].flatMap((s) => [s.model, s.draft]).filter((m): m is string => m !== undefined))];
  const toInstall = needed.filter((m) => !catalogue.models[m]!.installedBy && !fs.existsSync(installedModelPath(m)));
  if (toInstall.length) spawnSync('bash', [path.join(projectRoot, 'scripts/setup-llm.sh'), ...toInstall], { stdio: 'inherit' });

  const log = createLogger('warn');
  const dataDir = path.join(projectRoot, '.data', 'bench-replies');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const portBase = Number(process.env.COMPANION_STACK_PORT_BASE ?? 36000);
  const base = {
    ...process.env,
    COMPANION_DATA_DIR: dataDir,
    COMPANION_STACK_PORT_BASE: String(portBase),
    TEMPORAL_UI: 'false',
    LOG_LEVEL: 'warn',
    PORT: '0',
    METRICS_PORT: '-1',
    REPLY_ENGINE: 'persona',
    // Speech is not measured here: nothing listens on port 9, so no model server is started.
    SPEECH_TTS_URL: 'http://127.0.0.1:9',
    SPEECH_STT_URL: 'http://127.0.0.1:9',
    COMPANION_PLAN_LIMITS: JSON.stringify({ enterprise: { requestsPerMinute: 1_000_000, dailyCallsPerKey: 1_000_000 } }),
  };
  const stack = await LocalStack.start(loadConfig(base, []), log, ['natsUrl', 'redisUrl', 'databaseUrl', 'temporalAddress']);
  const servers: BenchModelServer[] = [];
  const results = new Map<string, TurnRecord[]>();
  const names = new Map<string, string>();
  try {
    const orm = await openOrm(stack.urls.databaseUrl, log);
    await migrate(orm, log);
    await orm.close();
    fs.mkdirSync(dataDir, { recursive: true });
    const completionsLogOf = (m: string) => path.join(dataDir, `completions-${m}.jsonl`);
    const llmUrls = new Map<string, string>();
    const llmPids = new Map<string, number | undefined>();
    await Promise.all(
      models.map(async (m, i) => {
        const server = await startModelServer(
          specs.get(m)!.model!,
          specs.get(m)!,
          portBase + 10 + i,
          threads,
          String(values['prefix-reuse']),
          completionsLogOf(m),
          String(values.seed),
        );
        servers.push(server);
        llmUrls.set(m, server.url);
        llmPids.set(m, server.pid);
      }),
    );
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
    const turnCount = characters.reduce((n, c) => n + Math.min(turns, c.turns.length), 0);
    out(
      `# replies benchmark: ${characters.length} characters (${set}; languages ${languages.join(', ')}; prompts ${promptsInEnglish ? 'in English' : 'in the reply language'}), ${turnCount} turns per engine, ${threads} thread(s) per model, seed ${String(values.seed)}, ${os.cpus().length} cores; load average ${load()} at the start`,
    );
    const transcripts = path.join(projectRoot, '.data', 'bench-transcripts', `replies-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    fs.mkdirSync(transcripts, { recursive: true });

    for (const engine of engines) {
      const llmUrl = llmUrls.get(engine);
      const config = loadConfig(
        {
          ...base,
          NATS_URL: stack.urls.natsUrl,
          REDIS_URL: stack.urls.redisUrl,
          DATABASE_URL: stack.urls.databaseUrl,
          TEMPORAL_ADDRESS: stack.urls.temporalAddress,
          ...(llmUrl ? { REPLY_ENGINE: 'openai', REPLY_ENGINE_URL: llmUrl, REPLY_ENGINE_MODEL: engine } : {}),
        },
        [],
      );
      let timed: TimedEngine | undefined;
      const service = await startService(config, log, {
        migrate: false,
        // A model of the catalogue is the service's embedded model: its engine warms each session up
        // (createReplyEngine() with REPLY_ENGINE=local), which REPLY_ENGINE=openai leaves out.
        wrapReplyEngine: (e) =>
          (timed = new TimedEngine(
            llmUrl
              ? new OpenAiEngine(llmUrl, engine, undefined, config.replyEngineTimeoutMs, replyLimits(config), true, { promptsInEnglish })
              : e,
            llmPids.get(engine),
            specs.get(engine)!.ahead,
          )),
      });
      names.set(engine, timed!.name);
      const records: TurnRecord[] = [];
      results.set(engine, records);
      try {
        const em = service.services.orm.em.fork() as EntityManager;
        const user = await createUser(em, {
          email: `replies-${engine.replace(/[^\w.-]/g, '-')}-${Date.now()}@example.test`,
          name: 'bench',
          plan: 'enterprise',
        });
        const { secret } = await service.services.credentials.issueKey(em, {
          userId: user.id,
          name: 'bench',
          mode: 'live',
          scopes: SCOPES,
        });
        const api = async (method: 'POST' | 'DELETE', route: string, body?: unknown) => {
          const res = await request(`${service.url}/api/v1${route}`, {
            method,
            headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
            ...(body ? { body: JSON.stringify(body) } : {}),
          });
          return { status: res.statusCode, json: (await res.body.json()) as { data?: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any
        };
        for (const c of characters) {
          const characterId = (
            await api('POST', '/characters', { name: c.name, personality: c.personality, ...(c.language ? { language: c.language } : {}) })
          ).json.data.id as string;
          const sessionId = (await api('POST', '/avatars', { characterId })).json.data.id as string;
          const earlier: string[] = [];
          for (const turn of c.turns.slice(0, turns)) {
            // Each turn comes once the session's warm-up is done (at the start, and after each reply),
            // as from a user who read the greeting or heard the reply first (a turn sent at once
            // would wait for it in the model server's queue).
            await timed!.prepared;
            const started = performance.now();
            timed!.last = undefined;
            const logged = llmUrl ? loggedCompletions(completionsLogOf(engine), 0).length : 0;
            const r = await api('POST', `/avatars/${sessionId}/chat`, { text: turn.user });
            const wholeMs = performance.now() - started;
            const sentences: string[] = r.status === 200 ? r.json.data.reply.sentences : [];
            const text = sentences.join(' ');
            const generations = llmUrl ? await settledCompletions(completionsLogOf(engine), logged) : [];
            const firstRaw = generations[0]?.text ?? '';
            records.push({
              character: c.name,
              set: c.set ?? 'tuning',
              language: c.language ?? 'en',
              user: turn.user,
              checks: checkReply(c, turn, sentences, earlier),
              firstMs: r.status === 200 ? firstSentenceMs(timed!) : Number.NaN,
              firstCpuMs: r.status === 200 ? firstSentenceCpuMs(timed!) : Number.NaN,
              wholeMs,
              tokens: await countTokens(llmUrl, text),
              status: r.status,
              text,
              load: os.loadavg()[0]!,
              ...(saidAheadOf(timed!) ? { saidAhead: saidAheadOf(timed!) } : {}),
              ...(llmUrl
                ? {
                    raw: {
                      ...checkRawGeneration(c, turn, firstRaw),
                      good: goodReply({
                        ...checkReply(
                          c,
                          turn,
                          firstRaw
                            .trim()
                            .split(/(?<=[.!?…])\s+/)
                            .filter(Boolean),
                          earlier,
                        ),
                        length: undefined,
                        noLabels: undefined,
                      }),
                      generations: generations.length,
                      attempts: generations.map((g) => ({ text: g.text, promptTokensEvaluated: g.promptTokensEvaluated })),
                      chunksByThreads: sumCounts(generations.map((g) => g.chunksByThreads ?? {})),
                      drafted: sumCounts(generations.map((g) => g.drafted ?? {})) as RawChecks['drafted'],
                    },
                  }
                : {}),
            });
            if (text) earlier.push(text);
            if (process.env.BENCH_VERBOSE)
              out(`  [${engine}] ${c.name} ← ${turn.user}\n  [${engine}] ${c.name} → ${r.status === 200 ? text : `HTTP ${r.status}`}`);
          }
          await api('DELETE', `/avatars/${sessionId}`);
        }
      } finally {
        await service.close();
      }
      printEngine(engine, names.get(engine)!, records);
      const file = path.join(transcripts, `${engine}.md`);
      fs.writeFileSync(file, transcript(engine, names.get(engine)!, characters, records));
      // Every turn's record, each generation's raw text included: what a latency or rule study reads.
      fs.writeFileSync(file.replace(/\.md$/, '.json'), `${JSON.stringify(records, null, 1)}\n`);
      out(`# transcript: ${path.relative(process.cwd(), file)}`);
    }
    printSummary(engines, results);
    out(`# load average ${load()} at the end (the machine is shared: compare engines of one run)`);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await stack.stop();
  }
}

function tally(records: TurnRecord[], check: CheckName) {
  const applicable = records.filter((r) => r.checks[check] !== undefined);
  return { pass: applicable.filter((r) => r.checks[check]).length, of: applicable.length };
}

/** The overall score: the mean of the checks' pass rates (each check weighs the same). */
function score(records: TurnRecord[]): number {
  const rates = CHECKS.map((c) => tally(records, c)).filter((t) => t.of > 0);
  return rates.reduce((sum, t) => sum + t.pass / t.of, 0) / rates.length;
}

function summaryRow(records: TurnRecord[]) {
  const ok = records.filter((r) => r.status === 200);
  const first = ok.map((r) => r.firstMs).filter((x) => !Number.isNaN(x));
  const firstCpu = ok.map((r) => r.firstCpuMs).filter((x) => !Number.isNaN(x));
  const whole = ok.map((r) => r.wholeMs);
  const tokens = ok.reduce((s, r) => s + r.tokens, 0);
  const seconds = ok.reduce((s, r) => s + r.wholeMs, 0) / 1000;
  const raw = records.flatMap((r) => (r.raw ? [r.raw] : []));
  const rawRate = (k: 'inCharacter' | 'noLabels' | 'good') => rate({ pass: raw.filter((r) => r[k]).length, of: raw.length });
  return {
    good: rate({ pass: records.filter((r) => goodReply(r.checks)).length, of: records.length }),
    checks: CHECKS.map((c) => rate(tally(records, c))).join(' '),
    score: (100 * score(records)).toFixed(1).padStart(5),
    raw: `${rawRate('good')} ${rawRate('inCharacter')} ${rawRate('noLabels')} ${
      raw.length ? (raw.reduce((sum, r) => sum + r.generations, 0) / raw.length).toFixed(2).padStart(5) : '    –'
    }`,
    latency: `${ms(pct(first, 50))} ${ms(pct(first, 95))} ${ms(pct(firstCpu, 50))} ${ms(pct(firstCpu, 95))} ${ms(pct(whole, 50))} ${ms(pct(whole, 95))}`,
    tps: tokens ? (tokens / seconds).toFixed(1).padStart(5) : '    –',
    failed: String(records.length - ok.length).padStart(4),
    load: records.length
      ? `${Math.min(...records.map((r) => r.load)).toFixed(1)}–${Math.max(...records.map((r) => r.load)).toFixed(1)}`.padStart(9)
      : '        –',
  };
}

const HEADER = ` good ${CHECKS.map((c) => c.slice(0, 5).padStart(5)).join(' ')} score rawGd rawCh rawLb gen/t 1st50 1st95 cpu50 cpu95 all50 all95 tok/s fail      load`;

function printEngine(engine: string, name: string, records: TurnRecord[]): void {
  out();
  out(`## ${engine}: ${name}`);
  out(`${'character'.padEnd(16)} ${HEADER}`);
  for (const c of [...new Set(records.map((r) => r.character))]) {
    const row = summaryRow(records.filter((r) => r.character === c));
    out(`${c.padEnd(16)} ${row.good} ${row.checks} ${row.score} ${row.raw} ${row.latency} ${row.tps} ${row.failed} ${row.load}`);
  }
}

function printSummary(engines: string[], results: Map<string, TurnRecord[]>): void {
  out();
  out(
    '## all engines, same run (checks: % of applicable turns passed; 1st/all: wall ms through the service to the first sentence / whole reply; cpu: CPU ms the model server spent until the first sentence, i.e. that latency on an idle core)',
  );
  out(`${'engine'.padEnd(38)} ${HEADER}`);
  for (const e of engines) {
    const all = results.get(e)!;
    const byLanguage = [...new Set(all.map((r) => r.language))];
    for (const [label, records] of [
      ['', all],
      [' tuning', all.filter((r) => r.set === 'tuning')],
      [' held-out', all.filter((r) => r.set === 'held-out')],
      ...(byLanguage.length > 1
        ? byLanguage.flatMap((l) => [
            [` ${l}`, all.filter((r) => r.language === l)],
            [` ${l} tuning`, all.filter((r) => r.language === l && r.set === 'tuning')],
            [` ${l} held-out`, all.filter((r) => r.language === l && r.set === 'held-out')],
          ])
        : []),
    ] as unknown as Array<readonly [string, TurnRecord[]]>) {
      if (records.length === 0 || (label && records.length === all.length)) continue;
      const row = summaryRow(records);
      out(
        `${`${e}${label}`.padEnd(38)} ${row.good} ${row.checks} ${row.score} ${row.raw} ${row.latency} ${row.tps} ${row.failed} ${row.load}`,
      );
    }
  }
  out(
    `# good: replies that pass every check that applies; ${CHECKS.join(', ')}: see test/bench/reply-checks.ts; score = mean of the check rates; fail: turns answered with an error (a timeout is one); load: the 1-minute load average over the engine's turns (latencies under load are not the engine's; cpu50 is)`,
  );
  // Each language's goal: replies in the language on 98 % of its turns, and good within 10 points of English's.
  for (const e of engines) {
    const all = results.get(e)!;
    const english = all.filter((r) => r.language === 'en');
    const goodRate = (rs: TurnRecord[]) => (rs.length ? (100 * rs.filter((r) => goodReply(r.checks)).length) / rs.length : Number.NaN);
    for (const l of [...new Set(all.map((r) => r.language))].filter((x) => x !== 'en')) {
      const records = all.filter((r) => r.language === l);
      const inLanguage = tally(records, 'language');
      const languageRate = inLanguage.of ? (100 * inLanguage.pass) / inLanguage.of : Number.NaN;
      const good = goodRate(records);
      const base = goodRate(english);
      const inGoal = languageRate >= 98;
      const verdict = Number.isNaN(base)
        ? `${inGoal ? 'language goal met' : 'language goal NOT met'}; no English turns in this run to compare (add --languages en,…)`
        : inGoal && good >= base - 10
          ? 'goal met'
          : `goal NOT met: the embedded model falls short in ${l}; point REPLY_ENGINE_URL at a stronger model for it (docs/CHARACTERS.md)`;
      out(
        `# ${e} ${l}: in ${l} ${languageRate.toFixed(0)}% of ${inLanguage.of} turns (goal ≥ 98%), good ${good.toFixed(0)}% vs English ${Number.isNaN(base) ? '–' : `${base.toFixed(0)}%`} (goal: within 10 points): ${verdict}`,
      );
    }
  }
  for (const e of engines) {
    const chunks = sumCounts(results.get(e)!.flatMap((r) => (r.raw ? [r.raw.chunksByThreads] : [])));
    const total = Object.values(chunks).reduce((a, b) => a + b, 0);
    if (total)
      out(
        `# ${e}: tokens decoded with ${Object.entries(chunks)
          .map(([t, n]) => `${t} thread(s) ${((100 * n) / total).toFixed(0)}%`)
          .join(', ')}`,
      );
  }
  for (const e of engines) {
    const records = results.get(e)!;
    const ahead = records.filter((r) => r.saidAhead);
    if (!parseEngine(e).ahead) continue;
    const good = ahead.filter((r) => goodReply(r.checks)).length;
    const alone = ahead.filter((r) => r.text === r.saidAhead).length;
    out(
      `# ${e}: first words said ahead on ${ahead.length} of ${records.length} turns (${good} of them good); the reply was those words alone on ${alone}`,
    );
  }
  for (const e of engines) {
    const drafted = sumCounts(results.get(e)!.flatMap((r) => (r.raw ? [r.raw.drafted] : [])));
    const total = (drafted.validated ?? 0) + (drafted.refuted ?? 0);
    if (total)
      out(`# ${e}: ${drafted.validated} of ${total} drafted tokens confirmed (${((100 * drafted.validated!) / total).toFixed(0)}%)`);
  }
  out(
    "# rawGd, rawCh, rawLb: the model's own first generation of each turn (before the reply engine's cleaner and guards) good by every check but length and labels, in character, and free of speaker labels and template tokens; gen/t: generations per turn (retries included); not part of the score",
  );
}

/** One engine's conversations as Markdown: each character's persona, then every turn with the checks its reply failed. */
function transcript(engine: string, name: string, characters: CharacterSpec[], records: TurnRecord[]): string {
  const lines = [`# ${engine}: ${name}`, ''];
  for (const c of characters) {
    const turns = records.filter((r) => r.character === c.name);
    const good = turns.filter((r) => goodReply(r.checks)).length;
    lines.push(`## ${c.name} (${c.set ?? 'tuning'}): ${good} of ${turns.length} replies good`, '');
    const p = c.personality;
    lines.push(...`System prompt: ${p.systemPrompt}`.split('\n').map((l) => `> ${l}`));
    if (p.description) lines.push('>', `> Description: ${p.description}`);
    if (p.traits.length) lines.push('>', `> Traits: ${p.traits.join(', ')}`);
    lines.push('', `**${c.name}** (greeting): ${p.greeting}`, '');
    for (const r of turns) {
      const failed = CHECKS.filter((k) => r.checks[k] === false);
      lines.push(`**User:** ${r.user.replace(/\n/g, ' / ')}`, '');
      lines.push(`**${c.name}:** ${r.status === 200 ? r.text : `(HTTP ${r.status})`}`);
      const timing = Number.isNaN(r.firstMs) ? '' : ` · 1st sentence ${r.firstMs.toFixed(0)} ms`;
      const generations = r.raw ? ` · ${r.raw.generations} generation${r.raw.generations === 1 ? '' : 's'}` : '';
      const ahead = r.saidAhead ? ` · said ahead: "${r.saidAhead}"` : '';
      lines.push(`${failed.length ? `*✗ ${failed.join(', ')}*` : '*✓*'}${timing}${generations}${ahead}`, '');
    }
  }
  return `${lines.join('\n')}\n`;
}
