/**
 * The embedded model server (runtime/llm/llm-server.ts), with the real default model. Prompt-prefix
 * reuse: a session's second turn evaluates only the tokens after what its sequence already holds
 * (the figure the server reports as usage.prompt_tokens_evaluated), another session's request
 * goes to another sequence and leaves the first one's tokens in place, and --prefix-reuse off
 * evaluates the whole prompt every time. A reply continued from words already said
 * (`continue_final_message`) goes on from them.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { catalogue, installedModelPath } from '../../runtime/llm/model-catalogue.js';
import { projectRoot } from '../../runtime/paths.js';

const modelId = catalogue.default;
const modelFile = installedModelPath(modelId);
const portBase = Number(process.env.COMPANION_TEST_PORT_BASE ?? 24000) + 1700;
const children: ChildProcess[] = [];

async function startServer(port: number, extra: string[]): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      path.join(projectRoot, 'dist/runtime/llm/llm-server.js'),
      ...['--model', modelFile, '--runtime', path.join(projectRoot, '.tools/llm'), '--port', String(port)],
      ...['--prompt', catalogue.models[modelId]!.prompt, '--threads', '1', ...extra],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`llm-server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return url;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('llm-server did not start');
}

test.after.always(() => {
  for (const c of children) c.kill('SIGTERM');
});

const SYSTEM =
  'You are Mira, a cheerful lighthouse keeper on a windy northern island. You speak warmly, in short sentences, ' +
  'and you love talking about storms, ships, seabirds and the old lamp you look after every night. ' +
  'Stay in character; never say you are an AI; answer in one or two sentences.';

type Msg = { role: string; content: string };
type Usage = { prompt_tokens: number; prompt_tokens_evaluated: number; prompt_tokens_details: { cached_tokens: number } };
async function ask(url: string, messages: Msg[]): Promise<{ text: string; evaluated: number; usage: Usage }> {
  const res = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages, max_tokens: 24, temperature: 0, seed: 1 }),
  });
  const body = (await res.json()) as { choices: { message: { content: string } }[]; usage: Usage };
  return { text: body.choices[0]!.message.content, evaluated: body.usage.prompt_tokens_evaluated, usage: body.usage };
}

const installed = fs.existsSync(modelFile);

(installed ? test.serial : test.skip)('a second turn evaluates only the new part of the prompt', async (t) => {
  const url = await startServer(portBase, ['--sequences', '2']);
  const turn1: Msg[] = [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: 'Hello! What do you do all day?' },
  ];
  const first = await ask(url, turn1);
  t.true(first.evaluated > 60, `first turn evaluated ${first.evaluated} prompt tokens`);
  t.is(first.evaluated, first.usage.prompt_tokens, 'a new session evaluates its whole prompt, nothing cached');
  t.is(first.usage.prompt_tokens_details.cached_tokens, 0);
  // Another session in between takes the other sequence.
  const other = await ask(url, [
    { role: 'system', content: 'You are Bob, a grumpy baker.' },
    { role: 'user', content: 'Any bread left?' },
  ]);
  t.true(other.evaluated > 10, `the other session evaluated ${other.evaluated}`);
  const turn2 = [...turn1, { role: 'assistant', content: first.text }, { role: 'user', content: 'Did a storm come last night?' }];
  const second = await ask(url, turn2);
  t.true(second.evaluated < first.evaluated / 2, `second turn evaluated ${second.evaluated} vs ${first.evaluated} on the first`);
  t.true(second.evaluated > 0);
  t.true(second.usage.prompt_tokens > first.usage.prompt_tokens, 'the second prompt holds the first');
  t.true(second.usage.prompt_tokens_details.cached_tokens >= first.usage.prompt_tokens, "turn 1's prompt came from the sequence's cache");
  t.is(second.usage.prompt_tokens_details.cached_tokens + second.evaluated, second.usage.prompt_tokens);
});

(installed ? test.serial : test.skip)('with --prefix-reuse off every turn evaluates its whole prompt', async (t) => {
  const url = await startServer(portBase + 1, ['--sequences', '1', '--prefix-reuse', 'off']);
  const turn1: Msg[] = [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: 'Hello! What do you do all day?' },
  ];
  const first = await ask(url, turn1);
  const turn2 = [...turn1, { role: 'assistant', content: first.text }, { role: 'user', content: 'Did a storm come last night?' }];
  const second = await ask(url, turn2);
  t.true(second.evaluated > first.evaluated, `second turn evaluated ${second.evaluated} vs ${first.evaluated} on the first`);
  t.is(second.evaluated, second.usage.prompt_tokens, 'nothing cached');
});

/** The streamed text of a completion. */
async function streamed(url: string, body: object): Promise<string> {
  const res = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ max_tokens: 24, temperature: 0, seed: 1, stream: true, ...body }),
  });
  const events = (await res.text()).split('\n').filter((line) => line.startsWith('data: {'));
  return events
    .map((line) => (JSON.parse(line.slice(6)) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? '')
    .join('');
}

(installed ? test.serial : test.skip)('a reply continued from words already said goes on from them', async (t) => {
  const url = await startServer(portBase + 2, ['--sequences', '1']);
  const messages: Msg[] = [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: 'What do you do every morning?' },
    { role: 'assistant', content: 'Every morning I climb' },
  ];
  const continued = await streamed(url, { messages, continue_final_message: true });
  t.regex(continued, /^ [a-z]/, `the words after "Every morning I climb", not a new reply: ${JSON.stringify(continued)}`);
  const anew = await streamed(url, { messages: [...messages, { role: 'user', content: 'And then?' }] });
  t.notRegex(anew, /^ [a-z]/, `a new reply starts as one: ${JSON.stringify(anew)}`);

  const refused = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: messages.slice(0, 2), continue_final_message: true }),
  });
  t.is(refused.status, 400);
  t.regex(((await refused.json()) as { error: { message: string } }).error.message, /assistant message last/);
});
