/**
 * Reply-length benchmark: how many sentences the embedded model's replies have when the user asks
 * for a story, an explanation, a description or a list (the long form, reply-length.ts), and when
 * they greet or ask a yes/no question; and the time to the first sentence, which a short question
 * must not lose. The baseline is the engine without long caps (every turn the short form, as
 * before the long form existed); the engine as configured is measured beside it, line by line on
 * the same model server, the two alternating which goes first.
 *
 * Lines and characters are written here: a tuning set, on which the note's wording was chosen, and
 * a held-out set that is only reported. The model server runs with `--prefix-reuse off`, so each
 * request evaluates its whole prompt and neither engine gains from the other's cache; the time to
 * the first sentence is thus longer than a session's, whose prompt prefix is already evaluated.
 * Replies are written to .data/bench-reply-length/<time>.md.
 *
 * Then stories in a conversation (`--stories`, on by default): a character is asked questions and
 * stories one after another in one session, so the model has its earlier stories before it, as the
 * conversation benchmark's barge-in trials ask them. The embedded model's engine tells a story from
 * the story spine of the reply's language (reply-length.ts storySpine()); its baseline is the same
 * engine with the story the model's from its first word. Each engine runs the whole conversation,
 * the two alternating which goes first, on a model server that keeps each one's prompt between turns
 * as a session's does (one sequence each).
 *
 *   npm run bench -- reply-length [--threads 1] [--set all|tuning|held-out] [--stories on|off|only]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../runtime/config.js';
import { projectRoot } from '../../runtime/paths.js';
import { OpenAiEngine, DEFAULT_REPLY_LIMITS } from '../../actors/session/reply/openai-engine.js';
import type { ReplyContext } from '../../actors/session/reply/reply-engine.js';
import type { Personality } from '../../runtime/db/entities/character.js';
import { asksForLong, asksForStory } from '../../actors/session/reply/reply-length.js';
import { startBenchModelServer, type BenchModelServer } from './bench-model-server.js';

interface Speaker {
  name: string;
  set: 'tuning' | 'held-out';
  personality: Personality;
  long: string[];
  short: string[];
}

const SPEAKERS: Speaker[] = [
  {
    name: 'Mira',
    set: 'tuning',
    personality: {
      systemPrompt: 'You are Mira, a cheerful lighthouse keeper on Gull Rock.',
      description: 'Has kept the lighthouse for thirty years; lives there with her cat, Biscuit.',
      traits: ['cheerful', 'practical'],
      greeting: 'Ahoy there, welcome to Gull Rock!',
    },
    long: [
      'Tell me a story about the sea.',
      'Can you explain how the lighthouse lamp works?',
      'Describe a winter storm at the lighthouse.',
      'List a few things you do every evening.',
    ],
    short: ['Hello!', 'Do you like living by the sea?', 'Are you ever lonely out there?', 'Is the lamp lit tonight?'],
  },
  {
    name: 'Tomás',
    set: 'held-out',
    personality: {
      systemPrompt: 'You are Tomás, a baker in a small mountain village.',
      description: 'Bakes rye bread before dawn in a wood-fired oven; his grandmother taught him.',
      traits: ['warm', 'talkative'],
      greeting: 'Good morning! The bread is still warm.',
    },
    long: [
      'Tell me a bedtime story about a lost goat.',
      'Explain how you make rye bread.',
      'Describe your village in winter.',
      'Name three things you bake on Sundays.',
    ],
    short: ['Good morning!', 'Do you have a dog?', 'Is the bakery open today?', 'Did you sleep well?'],
  },
];

/** A conversation of questions and story requests, in one session. */
interface Conversation {
  name: string;
  set: 'tuning' | 'held-out';
  personality: Personality;
  lines: string[];
}

const CONVERSATIONS: Conversation[] = [
  {
    name: 'Bench',
    set: 'tuning',
    personality: {
      systemPrompt: 'You are Bench, a friendly companion. Keep replies short and conversational.',
      description: '',
      traits: [],
      greeting: "Hi, I'm Bench. What shall we talk about?",
    },
    lines: [
      'What is the tallest mountain in the world?',
      'How far away is the moon?',
      'Why is the sky blue?',
      'Can you tell me a long story about a fox in the forest?',
      'Tell me a story about a dragon who lost its fire.',
      'What should I cook for dinner tonight?',
      'Can you tell me a story about a sailor lost at sea?',
      'Tell me a bedtime story about a baker in a small town.',
      "I'd love to hear a story about a girl who found a map.",
    ],
  },
  {
    name: 'Odile',
    set: 'held-out',
    personality: {
      systemPrompt: 'You are Odile, a retired train conductor who lives by the railway in a mountain town.',
      description: 'Worked the night train for thirty years; keeps a garden of tomatoes and a grey cat named Smoke.',
      traits: ['calm', 'funny'],
      greeting: 'Evening! The last train just went by.',
    },
    lines: [
      'Do you miss the trains?',
      'Tell me a story about a ghost on the night train.',
      'What do you do in the evenings now?',
      'Can you tell me a story about a goat who wanted to fly?',
      'Tell me a story about a storm in the mountains.',
      'Is it cold up there in winter?',
      'Could you tell me a bedtime story about a lost umbrella?',
      'Tell me a funny story about a clockmaker.',
    ],
  },
];

interface Story {
  set: string;
  engine: 'baseline' | 'story spine';
  line: string;
  sentences: string[];
  firstMs: number;
  wholeMs: number;
}

interface Measured {
  speaker: string;
  set: string;
  kind: 'long' | 'short';
  engine: 'baseline' | 'long form';
  line: string;
  sentences: string[];
  firstMs: number;
  wholeMs: number;
}

async function measure(engine: OpenAiEngine, ctx: ReplyContext): Promise<{ sentences: string[]; firstMs: number; wholeMs: number }> {
  const started = performance.now();
  let firstMs = 0;
  const sentences: string[] = [];
  for await (const sentence of engine.reply(ctx)) {
    if (!firstMs) firstMs = performance.now() - started;
    sentences.push(sentence);
  }
  return { sentences, firstMs, wholeMs: performance.now() - started };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN;
};
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export async function runReplyLength(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    strict: false,
    options: {
      threads: { type: 'string', default: '1' },
      set: { type: 'string', default: 'all' },
      stories: { type: 'string', default: 'on' },
    },
  });
  const config = loadConfig(process.env, []);
  const portBase = 39_600 + (process.pid % 50) * 2;
  const server = await modelServer(config, portBase, String(values.threads), ['--prefix-reuse', 'off']);
  const loadBefore = load();
  const results: Measured[] = [];
  const stories: Story[] = [];
  try {
    const url = server.url;
    const engines = {
      baseline: new OpenAiEngine(url, 'bench', undefined, 55_000, { ...DEFAULT_REPLY_LIMITS, long: undefined }),
      'long form': new OpenAiEngine(url, 'bench', undefined, 55_000, DEFAULT_REPLY_LIMITS),
    } as const;
    let turn = 0;
    for (const speaker of SPEAKERS.filter((s) => values.stories !== 'only' && (values.set === 'all' || s.set === values.set))) {
      const lines = [...speaker.long.map((l) => ['long', l] as const), ...speaker.short.map((l) => ['short', l] as const)];
      for (const [kind, line] of lines) {
        if ((kind === 'long') !== asksForLong(line)) throw new Error(`"${line}" is not read as ${kind}`);
        const ctx: ReplyContext = {
          characterName: speaker.name,
          personality: speaker.personality,
          history: [{ role: 'companion', text: speaker.personality.greeting }],
          userText: line,
        };
        const order = (turn++ % 2 === 0 ? ['baseline', 'long form'] : ['long form', 'baseline']) as Array<keyof typeof engines>;
        for (const name of order) {
          const m = await measure(engines[name], ctx);
          results.push({ speaker: speaker.name, set: speaker.set, kind, engine: name, line, ...m });
          process.stderr.write(
            `${name.padEnd(9)} ${kind.padEnd(5)} ${m.sentences.length} sentences, first ${m.firstMs.toFixed(0)} ms: ${line}\n`,
          );
        }
      }
    }
  } finally {
    await server.stop();
  }
  if (values.stories !== 'off') {
    // As a session's: the prompt kept between turns, one sequence per engine's conversation.
    const storyServer = await modelServer(config, portBase + 1, String(values.threads), ['--sequences', '2']);
    try {
      stories.push(...(await tellStories(storyServer.url, values.set as string)));
    } finally {
      await storyServer.stop();
    }
  }
  const loadAfter = load();
  const rows: string[] = [];
  for (const set of ['tuning', 'held-out'])
    for (const kind of ['long', 'short'] as const)
      for (const engine of ['baseline', 'long form'] as const) {
        const r = results.filter((m) => m.set === set && m.kind === kind && m.engine === engine);
        if (!r.length) continue;
        const counts = r.map((m) => m.sentences.length);
        rows.push(
          `${set.padEnd(9)} ${kind.padEnd(6)} ${engine.padEnd(10)} sentences mean ${mean(counts).toFixed(1).padStart(4)} (${counts.join(',')})   ` +
            `first sentence p50 ${median(r.map((m) => m.firstMs))
              .toFixed(0)
              .padStart(6)} ms   whole reply p50 ${median(r.map((m) => m.wholeMs))
              .toFixed(0)
              .padStart(6)} ms`,
        );
      }
  for (const set of ['tuning', 'held-out'])
    for (const engine of ['baseline', 'story spine'] as const) {
      const r = stories.filter((m) => m.set === set && m.engine === engine);
      if (!r.length) continue;
      const counts = r.map((m) => m.sentences.length);
      rows.push(
        `${set.padEnd(9)} story  ${engine.padEnd(11)} sentences mean ${mean(counts).toFixed(1).padStart(4)} (${counts.join(',')}), ` +
          `${counts.filter((c) => c >= 4).length} of ${counts.length} with four or more   first sentence p50 ${median(r.map((m) => m.firstMs)).toFixed(0)} ms   ` +
          `whole story p50 ${median(r.map((m) => m.wholeMs)).toFixed(0)} ms`,
      );
    }
  process.stdout.write(
    `\nReply length (${path.basename(config.llmModelPath)}, ${values.threads} thread(s); prefix reuse off, but kept for the stories in a conversation; load average ${loadBefore} before, ${loadAfter} after)\n` +
      `${rows.join('\n')}\n`,
  );
  const dir = path.join(projectRoot, '.data/bench-reply-length');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  fs.writeFileSync(
    file,
    results
      .map((m) => `- **${m.speaker}** (${m.set}, ${m.kind}, ${m.engine}) _${m.line}_ → ${m.sentences.length}: ${m.sentences.join(' / ')}`)
      .concat(stories.map((m) => `- story (${m.set}, ${m.engine}) _${m.line}_ → ${m.sentences.length}: ${m.sentences.join(' / ')}`))
      .join('\n') + '\n',
  );
  process.stdout.write(`replies: ${path.relative(projectRoot, file)}\n`);
}

/**
 * Each conversation whole, by each engine (the embedded model's, with and without the story spine),
 * alternating which goes first: the story requests' replies, each told with the earlier turns of
 * its own engine's conversation before it.
 */
async function tellStories(url: string, set: string): Promise<Story[]> {
  const engines = {
    baseline: new OpenAiEngine(url, 'bench', undefined, 55_000, DEFAULT_REPLY_LIMITS, true, { noStorySpine: true }),
    'story spine': new OpenAiEngine(url, 'bench', undefined, 55_000, DEFAULT_REPLY_LIMITS, true),
  } as const;
  const stories: Story[] = [];
  let round = 0;
  for (const conversation of CONVERSATIONS.filter((c) => set === 'all' || c.set === set)) {
    const order = (round++ % 2 === 0 ? ['baseline', 'story spine'] : ['story spine', 'baseline']) as Array<keyof typeof engines>;
    for (const name of order) {
      const history: ReplyContext['history'] = [{ role: 'companion', text: conversation.personality.greeting }];
      for (const line of conversation.lines) {
        const ctx: ReplyContext = {
          characterName: conversation.name,
          personality: conversation.personality,
          history: [...history],
          userText: line,
        };
        const m = await measure(engines[name], ctx);
        history.push({ role: 'user', text: line }, { role: 'companion', text: m.sentences.join(' ') });
        if (!asksForStory(line)) continue;
        stories.push({ set: conversation.set, engine: name, line, ...m });
        process.stderr.write(`${name.padEnd(11)} story ${m.sentences.length} sentences, first ${m.firstMs.toFixed(0)} ms: ${line}\n`);
      }
    }
  }
  return stories;
}

/** The embedded model server above `portBase`, ready. */
function modelServer(config: ReturnType<typeof loadConfig>, portBase: number, threads: string, args: string[]): Promise<BenchModelServer> {
  const model = config.llmModelPath;
  return startBenchModelServer({
    model,
    portBase,
    threads,
    args: ['--seed', '42', ...args],
  });
}
