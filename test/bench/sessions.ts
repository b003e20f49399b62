/**
 * Live-session benchmark, on the embedded stack (.data/bench) with the default engine:
 *   - session create → session.started delivered to a webhook receiver (and the POST alone);
 *   - chat turn latency, first reply sentence and whole reply: local language model vs the
 *     persona engine as baseline, measured at the engine and through the API;
 *   - memory per idle session (actor, subscription, state), from the heap after GC.
 *
 *   npm run bench -- sessions [--sessions 200] [--turns 8]
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import { freshBenchDataDir, inProcessBenchConfig } from './bench-servers.js';
import { createLogger } from '../../runtime/logger.js';
import { startService } from '../../http/server/start-service.js';
import { STACK_PORT_OFFSETS } from '../../runtime/stack/embedded-servers.js';
import { createUser } from '../../runtime/accounts/users.js';
import { SCOPES } from '../../runtime/accounts/scopes.js';
import { OpenAiEngine } from '../../actors/session/reply/openai-engine.js';
import { PersonaEngine } from '../../actors/session/reply/persona-engine.js';
import type { ReplyContext, ReplyEngine } from '../../actors/session/reply/reply-engine.js';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(0).padStart(5)} ms   p95 ${pct(xs, 95).toFixed(0).padStart(5)} ms`;
const out = (line: string) => process.stdout.write(`${line}\n`);

async function engineTimes(engine: ReplyEngine, ctx: ReplyContext, n: number): Promise<{ first: number[]; whole: number[] }> {
  const first: number[] = [];
  const whole: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    let firstAt: number | undefined;
    for await (const sentence of engine.reply({ ...ctx, userText: `${ctx.userText} (${i})` })) {
      void sentence;
      firstAt ??= performance.now() - started;
    }
    first.push(firstAt ?? Number.NaN);
    whole.push(performance.now() - started);
  }
  return { first, whole };
}

export async function runSessions(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    strict: false,
    options: { sessions: { type: 'string', default: '200' }, turns: { type: 'string', default: '8' } },
  });
  const idleSessions = Number(values.sessions);
  const turns = Number(values.turns);
  const config = inProcessBenchConfig(freshBenchDataDir('bench-sessions'), 35000, {
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    SESSION_CAPACITY: String(idleSessions + 100),
    REPLY_ENGINE: 'local',
  });
  const service = await startService(config, createLogger('warn'));
  const received = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const event = JSON.parse(body) as { type: string; data: { object?: { id: string } } };
      if (event.type === 'session.started' && event.data.object) received.set(event.data.object.id, performance.now());
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const api = service.url!;
    const em = service.services.orm.em.fork() as EntityManager;
    const user = await createUser(em, { email: `bench-${Date.now()}@example.test`, name: 'bench', plan: 'enterprise' });
    const { secret: key } = await service.services.credentials.issueKey(em, {
      userId: user.id,
      name: 'bench',
      mode: 'live',
      scopes: SCOPES,
    });
    const call = async (method: string, route: string, body?: unknown) => {
      const res = await fetch(`${api}${route}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const json = (await res.json()) as { data: Record<string, unknown> & { id: string } };
      if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${JSON.stringify(json)}`);
      return json;
    };
    await call('POST', '/api/v1/webhooks', {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
      events: ['session.started'],
    });
    const systemPrompt = 'You are Grumbles, a grumpy old lighthouse keeper who is secretly kind. Answer in one or two short sentences.';
    const character = await call('POST', '/api/v1/characters', { name: 'Grumbles', personality: { systemPrompt, traits: ['grumpy'] } });

    // 1. create → session.started
    const postMs: number[] = [];
    const eventMs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const s = await call('POST', '/api/v1/avatars', { characterId: character.data.id });
      postMs.push(performance.now() - started);
      const deadline = Date.now() + 10_000;
      while (!received.has(s.data.id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
      eventMs.push((received.get(s.data.id) ?? Number.NaN) - started);
      await call('DELETE', `/api/v1/avatars/${s.data.id}`);
    }
    out(`\nLive sessions (embedded stack, 2 cores)`);
    out(`create: POST /avatars answered              ${fmt(postMs)}`);
    out(`create → session.started at a receiver      ${fmt(eventMs)}`);

    // 2. chat turns: engine level (first sentence, whole) and through the API
    const llmUrl = `http://127.0.0.1:${config.stackPortBase + STACK_PORT_OFFSETS.llm}`; // the embedded model server
    const ctx: ReplyContext = {
      characterName: 'Grumbles',
      personality: { description: '', traits: ['grumpy'], systemPrompt, greeting: '' },
      history: [],
      userText: 'What do you do all day?',
    };
    const local = await engineTimes(new OpenAiEngine(llmUrl, 'gemma-3-270m', undefined, 60_000), ctx, turns);
    const persona = await engineTimes(new PersonaEngine(), ctx, turns);
    out(`chat, local model  — first sentence         ${fmt(local.first)}`);
    out(`chat, local model  — whole reply            ${fmt(local.whole)}`);
    out(`chat, persona (baseline) — first sentence   ${fmt(persona.first)}`);
    out(`chat, persona (baseline) — whole reply      ${fmt(persona.whole)}`);
    const s = await call('POST', '/api/v1/avatars', { characterId: character.data.id });
    const apiMs: number[] = [];
    for (let i = 0; i < turns; i++) {
      const started = performance.now();
      await call('POST', `/api/v1/avatars/${s.data.id}/chat`, { text: `Tell me about the sea, part ${i}.` });
      apiMs.push(performance.now() - started);
    }
    out(`chat through the API (local model, whole)   ${fmt(apiMs)}`);
    await call('DELETE', `/api/v1/avatars/${s.data.id}`);

    // 3. memory per idle session
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const before = process.memoryUsage();
    const ids: string[] = [];
    for (let i = 0; i < idleSessions; i++) ids.push((await call('POST', '/api/v1/avatars', { characterId: character.data.id })).data.id);
    gc?.();
    const after = process.memoryUsage();
    const perSession = (after.heapUsed - before.heapUsed) / idleSessions;
    out(`idle sessions hosted on this node           ${service.services.sessions!.hostedCount}`);
    out(
      `memory per idle session (heap${gc ? ', after GC' : ', no GC'})        ${(perSession / 1024).toFixed(1)} KiB  (RSS +${((after.rss - before.rss) / 1024 / 1024).toFixed(1)} MiB for ${idleSessions})`,
    );
    out(
      `sessions per node at 1 GiB of heap          ~${Math.floor((1024 * 1024 * 1024) / Math.max(perSession, 1)).toLocaleString('en')} (the cap, SESSION_CAPACITY, is ${config.sessionCapacity})`,
    );
    for (const id of ids) await call('DELETE', `/api/v1/avatars/${id}`);
  } finally {
    receiver.close();
    await service.close();
  }
}
