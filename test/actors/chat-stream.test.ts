/**
 * Streamed replies (Accept: text/event-stream on POST /avatars/:id/chat), read by a real SSE
 * parser over a real HTTP connection, and barge-in: a new turn while the companion still answers
 * cuts the earlier reply, which the journal keeps truncated and flagged.
 *
 * The reply engine is an OpenAI-compatible server standing in for a GPU model server: it streams a
 * reply's sentences one at a time and holds each back until the test lets it go, so "the client had
 * the first sentence before the reply was complete" is a fact of the run, not a timing guess.
 */
import test from 'ava';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { call, createAccount, startTestService, type TestAccount, type TestService } from '../helpers/service.js';

/** One streamed completion: its sentences go out when `release()` is called, one per call. */
interface HeldReply {
  /** The reply this completion streams, sentence by sentence. */
  sentences: string[];
  text: string;
  release(): void;
  closed: Promise<void>;
}

/**
 * The replies the model gives, one per completion in turn, no two alike as a model's are: the
 * reply guard asks again when a sentence repeats one said earlier in the session.
 */
const REPLIES = [
  ['The lamp is lit.', 'Ships pass at night.', 'I count them all.'],
  ['Fog came in at dusk.', 'The horn sounded twice.', 'My tea went cold.'],
  ['Gulls nest on the rail.', 'They wake me at dawn.', 'I feed them bread crusts.'],
  ['The stairs have ninety steps.', 'I climb them each evening.', 'My knees complain.'],
  ['A storm broke the shutter.', 'I fixed it with rope.', 'It still rattles.'],
  ['Winter nights are long here.', 'I read by the lamp.', 'Mostly sea stories.'],
];

class SteppedModel {
  readonly server: http.Server;
  private readonly waiting: Array<(reply: HeldReply) => void> = [];
  private readonly pending: HeldReply[] = [];
  private served = 0;

  constructor(private readonly replies: string[][]) {
    this.server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const sentences = this.replies[this.served++ % this.replies.length]!;
        const queue = [...sentences];
        let closedResolve!: () => void;
        const closed = new Promise<void>((resolve) => (closedResolve = resolve));
        res.on('close', () => closedResolve());
        const held: HeldReply = {
          sentences,
          text: sentences.join(' '),
          release: () => {
            const next = queue.shift();
            if (next === undefined) return;
            res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: `${next} ` } }] })}\n\n`);
            if (queue.length === 0) res.end('data: [DONE]\n\n');
          },
          closed,
        };
        const taker = this.waiting.shift();
        if (taker) taker(held);
        else this.pending.push(held);
      });
    });
  }

  /** The next completion the service asks for. */
  next(): Promise<HeldReply> {
    const ready = this.pending.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
}

/** A server-sent-events client: POSTs, then hands each event to `onEvent` as its bytes arrive. */
async function postEvents(url: string, key: string, body: unknown, onEvent: (e: EventSourceMessage) => void, signal?: AbortSignal) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  const parser = createParser({ onEvent });
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
  })();
  return { res, reading };
}

function until(predicate: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (predicate() ? resolve() : setTimeout(check, 10));
    check();
  });
}

let model: SteppedModel;
let service: TestService;
let account: TestAccount;
let base: string;

test.before(async () => {
  model = new SteppedModel(REPLIES);
  const modelUrl = await model.listen();
  service = await startTestService({
    REDIS_URL: `${process.env.REDIS_URL}/11`,
    REPLY_ENGINE: 'openai',
    REPLY_ENGINE_URL: modelUrl,
    REPLY_ENGINE_MODEL: 'stepped',
  });
  base = await service.app.listen({ host: '127.0.0.1', port: 0 });
  account = await createAccount(service);
});
test.after.always(async () => {
  await service?.close();
  model?.server.closeAllConnections();
  model?.server.close();
});

async function openSession(): Promise<string> {
  const characterId = (
    await call(service.app, 'POST', '/api/v1/characters', {
      key: account.live,
      body: { name: 'Keeper', personality: { systemPrompt: 'You keep a lighthouse.', greeting: 'Welcome to the lighthouse.' } },
    })
  ).json().data.id;
  const created = await call(service.app, 'POST', '/api/v1/avatars', { key: account.live, body: { characterId } });
  return created.json().data.id as string;
}

async function journal(sessionId: string) {
  return (await service.services.orm.em
    .fork()
    .getConnection()
    .execute('SELECT seq, role, text, interrupted FROM session_turns WHERE session_id = ? ORDER BY seq', [sessionId])) as Array<{
    seq: number;
    role: string;
    text: string;
    interrupted: boolean;
  }>;
}

test.serial('each sentence reaches the SSE client before the reply is complete, then one final reply event', async (t) => {
  const id = await openSession();
  const events: EventSourceMessage[] = [];
  let held!: HeldReply;
  const { res, reading } = await Promise.all([
    postEvents(`${base}/api/v1/avatars/${id}/chat`, account.live, { text: 'Tell me about your night.' }, (e) => events.push(e)),
    (async () => {
      held = await model.next();
      for (let i = 0; i < held.sentences.length; i++) {
        held.release();
        // The model sends the next sentence only once the client holds this one.
        await until(() => events.filter((e) => e.event === 'sentence').length === i + 1);
        // Until the last sentence is let go the model has not finished, so no reply can exist yet.
        // After it, the reply may follow in the same packet: its order is checked below.
        if (i < held.sentences.length - 1)
          t.false(
            events.some((e) => e.event === 'reply'),
            `sentence ${i + 1} arrived while the reply was still being written`,
          );
      }
    })(),
  ]).then(([posted]) => posted);
  await reading;
  t.is(res.status, 200);
  t.regex(res.headers.get('content-type') ?? '', /^text\/event-stream/);
  t.deepEqual(
    events.filter((e) => e.event === 'sentence').map((e) => JSON.parse(e.data)),
    held.sentences.map((text, index) => ({ index, text })),
  );
  t.deepEqual(
    events.map((e) => e.event),
    [...held.sentences.map(() => 'sentence'), 'reply'],
    'every sentence, then one reply event',
  );
  const final = events.at(-1)!;
  t.is(final.event, 'reply');
  const body = JSON.parse(final.data);
  t.true(body.success);
  t.is(body.data.reply.text, held.text);
  t.false(body.data.reply.interrupted);
  t.is(body.data.session.turns, 3, 'the greeting, the user turn and the reply');
  const turns = await journal(id);
  t.deepEqual(
    turns.map((r) => [r.role, r.text]),
    [
      ['companion', 'Welcome to the lighthouse.'],
      ['user', 'Tell me about your night.'],
      ['companion', held.text],
    ],
    "the character's greeting is the journal's first companion turn",
  );
});

test.serial('JSON stays the default, and a failure before the first sentence is answered with its status, not a stream', async (t) => {
  const missing = await fetch(`${base}/api/v1/avatars/ses_doesnotexist000000/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.live}`, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ text: 'hello?' }),
  });
  t.is(missing.status, 404);
  t.is(((await missing.json()) as { error: { statusCode: number } }).error.statusCode, 404);
  const id = await openSession();
  const [plain, held] = await Promise.all([
    call(service.app, 'POST', `/api/v1/avatars/${id}/chat`, { key: account.live, body: { text: 'Hi' } }),
    model.next().then((held) => (held.sentences.forEach(() => held.release()), held)),
  ]);
  t.is(plain.statusCode, 200);
  t.regex(String(plain.headers['content-type']), /^application\/json/);
  t.is(plain.json().data.reply.text, held.text);
});

test.serial('a client that disconnects mid-stream leaves the session usable, with the whole turn journalled', async (t) => {
  const id = await openSession();
  const abort = new AbortController();
  const events: EventSourceMessage[] = [];
  // The response starts with the first sentence, so the model is let go before the POST resolves.
  const posting = postEvents(
    `${base}/api/v1/avatars/${id}/chat`,
    account.live,
    { text: 'Talk to me.' },
    (e) => events.push(e),
    abort.signal,
  );
  const first = await model.next();
  first.release();
  const { reading } = await posting;
  await until(() => events.length === 1);
  abort.abort();
  await reading.catch(() => undefined);
  first.release();
  first.release();
  // The turn finishes on the session's side though nobody reads it any more.
  while ((await journal(id)).length < 3) await new Promise((r) => setTimeout(r, 20));
  // The turn finishes on the session's side; the next turn is answered as usual.
  const [next, second] = await Promise.all([
    call(service.app, 'POST', `/api/v1/avatars/${id}/chat`, { key: account.live, body: { text: 'Still there?' } }),
    model.next().then((h) => (h.sentences.forEach(() => h.release()), h)),
  ]);
  t.is(next.statusCode, 200);
  t.is(next.json().data.reply.text, second.text);
  const turns = await journal(id);
  t.deepEqual(
    turns.map((r) => r.text),
    ['Welcome to the lighthouse.', 'Talk to me.', first.text, 'Still there?', second.text],
  );
});

test.serial('barge-in: a new turn while the companion answers cuts the reply, which is journalled truncated and flagged', async (t) => {
  const id = await openSession();
  const events: EventSourceMessage[] = [];
  // The response starts with the first sentence, so the model is let go before the POST resolves.
  const posting = postEvents(`${base}/api/v1/avatars/${id}/chat`, account.live, { text: 'Tell me everything.' }, (e) => events.push(e));
  const first = await model.next();
  first.release();
  const { reading } = await posting;
  await until(() => events.some((e) => e.event === 'sentence'));
  // The user speaks again before the companion has finished: the first reply stops at once.
  const second = call(service.app, 'POST', `/api/v1/avatars/${id}/chat`, { key: account.live, body: { text: 'Wait, stop.' } });
  await first.closed; // the engine's request for the first reply is abandoned
  const next = await model.next();
  next.sentences.forEach(() => next.release());
  const answered = await second;
  await reading;
  const final = JSON.parse(events.at(-1)!.data);
  t.is(events.at(-1)!.event, 'reply');
  t.true(final.data.reply.interrupted);
  t.is(final.data.reply.text, first.sentences[0]);
  t.is(answered.statusCode, 200);
  t.false(answered.json().data.reply.interrupted);
  const turns = await journal(id);
  t.deepEqual(
    turns.map((r) => [r.role, r.text, r.interrupted]),
    [
      ['companion', 'Welcome to the lighthouse.', false],
      ['user', 'Tell me everything.', false],
      ['companion', first.sentences[0], true],
      ['user', 'Wait, stop.', false],
      ['companion', next.text, false],
    ],
  );
});
