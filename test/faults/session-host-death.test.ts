/**
 * The node hosting a session is killed with kill -9 in the middle of a chat: the call in flight
 * answers a retryable 503 within seconds (not after the 60 s ask timeout), and until another node
 * has adopted the session callers get retryable 503s, never a 409. Two real nodes (child
 * processes) on the harness's servers, with the default lease (10 s); their reply engine is a
 * stand-in model server that takes 30 s to answer a turn that asks for it ("slow").
 */
import test from 'ava';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAccount, startTestService, type TestAccount, type TestService } from '../helpers/service.js';
import { NodeProcess } from '../helpers/node-process.js';

const model = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const slow = body.includes('slow');
    const answer = () => {
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'I am right here.' } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    };
    if (slow) setTimeout(answer, 30_000).unref();
    else answer();
  });
});

let admin: TestService;
let a: NodeProcess;
let b: NodeProcess;
let account: TestAccount;

test.before(async () => {
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  const env = {
    COMPANION_ROLE: 'api',
    REDIS_URL: `${process.env.REDIS_URL}/4`,
    TEMPORAL_TASK_QUEUE: `faults-host-death-${process.pid}`,
    REPLY_ENGINE: 'openai',
    REPLY_ENGINE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}`,
  };
  admin = await startTestService({ COMPANION_ROLE: 'api', REDIS_URL: env.REDIS_URL });
  [a, b] = await Promise.all([NodeProcess.start(env, 90_000), NodeProcess.start(env, 90_000)]);
  account = await createAccount(admin);
});

test.after.always(async () => {
  await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
  await admin?.close();
  model.closeAllConnections();
  await new Promise((resolve) => model.close(resolve));
});

async function chat(node: NodeProcess, sessionId: string, token: string, text: string) {
  const started = Date.now();
  const res = await fetch(`${node.url}/api/v1/avatars/${sessionId}/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response fields freely
  const json: any = await res.json();
  return { status: res.status, json, retryAfter: res.headers.get('retry-after'), ms: Date.now() - started };
}

test('kill -9 of the node hosting a session mid-chat: the call in flight gets a retryable 503 within seconds, then 503s (never 409) until the session answers again', async (t) => {
  const characterId = (await a.fetch('POST', '/api/v1/characters', account.live, { name: 'Mira' })).json.data.id;
  const session = (await a.fetch('POST', '/api/v1/avatars', account.live, { characterId })).json.data;
  const first = await chat(b, session.id, session.clientToken, 'Hello');
  t.is(first.status, 200, JSON.stringify(first.json));

  const inFlight = chat(b, session.id, session.clientToken, 'Tell me something slow');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await a.kill('SIGKILL');
  const killedAt = Date.now();
  const cut = await inFlight;
  const cutMs = Date.now() - killedAt;
  t.is(cut.status, 503, JSON.stringify(cut.json));
  t.is(cut.json.error.code, 'COMPANION_ERR_SESSION_MOVING');
  t.truthy(cut.retryAfter);
  t.true(cutMs < 10_000, `the call in flight answered ${cutMs} ms after the kill`);

  const seen: Array<{ status: number; code?: string; retryAfter: string | null }> = [];
  let after: Awaited<ReturnType<typeof chat>> | undefined;
  while (Date.now() - killedAt < 30_000) {
    after = await chat(b, session.id, session.clientToken, 'Are you back?');
    if (after.status === 200) break;
    seen.push({ status: after.status, code: after.json.error?.code, retryAfter: after.retryAfter });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const backMs = Date.now() - killedAt;
  t.is(after?.status, 200, JSON.stringify(after?.json));
  t.is(after!.json.data.exchange, 2, 'the exchange cut off by the kill was never journalled');
  t.false(
    seen.some((s) => s.status !== 503),
    `only retryable 503s meanwhile: ${JSON.stringify(seen)}`,
  );
  t.true(seen.every((s) => s.retryAfter !== null));
  t.log(
    `in-flight chat answered 503 ${cutMs} ms after kill -9 of its node; ${seen.length} retryable 503s, then 200 ${backMs} ms after the kill (lease 10 s)`,
  );
});
