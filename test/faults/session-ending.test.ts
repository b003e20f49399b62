/**
 * Ending a session survives outages: every step completes once the dependency returns and
 * session.ended is sent exactly once (Redis down while an idle timeout fires; PostgreSQL down while
 * the actor resets and ends), and an adopted session keeps its idle deadline. This file runs its own
 * Redis and PostgreSQL (test/helpers/fault-stack.ts) with the harness's NATS and Temporal, and two
 * in-process nodes.
 */
import test from 'ava';
import type { EntityManager } from '@mikro-orm/postgresql';
import { call, createAccount, startTestService, type TestAccount, type TestService } from '../helpers/service.js';
import { FaultStack, timeUntil } from '../helpers/fault-stack.js';
import { Receiver } from '../helpers/receiver.js';
import { LiveSession } from '../../runtime/db/entities/live-session.js';

const IDLE_MS = 3000;
const stack = new FaultStack('faults-ending');
const receiver = new Receiver();
let a: TestService;
let b: TestService;
let account: TestAccount;
let characterId: string;

test.before(async () => {
  await stack.start(['redis', 'postgres']);
  const env = {
    ...stack.env(),
    TEMPORAL_TASK_QUEUE: `faults-ending-${process.pid}`,
    WEBHOOK_SWEEP_INTERVAL_MS: '1000',
    SESSION_IDLE_TIMEOUT_MS: String(IDLE_MS),
    SESSION_NODE_LEASE_MS: '2000',
    SESSION_SCAN_INTERVAL_MS: '400',
  };
  a = await startTestService(env);
  b = await startTestService({ ...env, COMPANION_ROLE: 'api' });
  account = await createAccount(a);
  await receiver.start();
  const hook = await call(a.app, 'POST', '/api/v1/webhooks', { key: account.live, body: { url: receiver.url, events: ['session.ended'] } });
  if (hook.statusCode !== 201) throw new Error(hook.body);
  characterId = (await call(a.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Mira' } })).json().data.id;
});

test.after.always(async () => {
  await b?.close();
  await a?.close();
  await receiver.stop();
  await stack.stop();
});

async function record(id: string): Promise<LiveSession> {
  return (a.services.orm.em.fork() as EntityManager).findOneOrFail(LiveSession, { id }, { refresh: true });
}

const endedEvents = (id: string) => receiver.received.map((r) => JSON.parse(r.rawBody)).filter((e) => e.data.id === id);
const counted = async (id: string) => (await a.services.redis.zscore('cmp:sessions:open', id)) !== null;

async function openSession(): Promise<{ id: string; clientToken: string }> {
  const res = await call(a.app, 'POST', '/api/v1/avatars', { key: account.live, body: { characterId } });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data;
}

test.serial(
  'Redis down while an idle timeout fires: once Redis is back the slot is freed, the token revoked, session.ended sent once',
  async (t) => {
    const session = await openSession();
    t.true(await counted(session.id));
    await stack.kill('redis');
    // The idle timeout fires with Redis down: the record closes (PostgreSQL is up).
    await timeUntil(async () => (await record(session.id)).state === 'closed', IDLE_MS + 10_000, 100);
    t.is((await record(session.id)).endReason, 'idle');

    await stack.restart('redis');
    const backAt = Date.now();
    const freedMs = await timeUntil(async () => !(await counted(session.id)), 15_000, 100);
    const chat = await call(b.app, 'POST', `/api/v1/avatars/${session.id}/chat`, { key: session.clientToken, body: { text: 'Hi' } });
    t.is(chat.statusCode, 401, "the session's token stopped working with it");
    await receiver.waitFor(() => endedEvents(session.id).length >= 1, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    t.is(endedEvents(session.id).length, 1, 'session.ended exactly once');
    t.is(endedEvents(session.id)[0].data.reason, 'idle');
    t.log(`capacity slot freed ${freedMs} ms after Redis was back; session.ended received ${Date.now() - backAt - 2000} ms or less after`);
  },
);

test.serial(
  'PostgreSQL down while a session resets and ends: it is not left open and silent; once PostgreSQL is back it ends idle, once',
  async (t) => {
    const session = await openSession();
    const first = await call(a.app, 'POST', `/api/v1/avatars/${session.id}/chat`, { key: session.clientToken, body: { text: 'Hello' } });
    t.is(first.statusCode, 200);
    await stack.kill('postgres');
    // The idle timeout fires; ending fails, the supervisor's reset cannot reload, the actor stops.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS + 2000));
    const during = await call(b.app, 'POST', `/api/v1/avatars/${session.id}/chat`, {
      key: session.clientToken,
      body: { text: 'Still there?' },
    });
    t.is(during.statusCode, 503, during.body);
    t.truthy(during.headers['retry-after']);

    await stack.restart('postgres');
    const backAt = Date.now();
    // Nobody calls it: the reconciler adopts it, and its idle deadline being past, it ends.
    const endedMs = await timeUntil(async () => (await record(session.id)).state === 'closed', 40_000, 250);
    const closed = await record(session.id);
    t.is(closed.endReason, 'idle');
    await timeUntil(async () => !(await counted(session.id)), 10_000, 100);
    await receiver.waitFor(() => endedEvents(session.id).length >= 1, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    t.is(endedEvents(session.id).length, 1, 'session.ended exactly once');
    const view = await call(b.app, 'GET', `/api/v1/avatars/${session.id}`, { key: account.live });
    t.is(view.json().data.state, 'closed');
    t.log(`ended (idle) ${endedMs} ms after PostgreSQL was back; ${Date.now() - backAt} ms until all was checked`);
  },
);

test.serial('an adopted session keeps its idle deadline: it ends counted from its last exchange, not from the adoption', async (t) => {
  const session = await openSession();
  const chat = await call(a.app, 'POST', `/api/v1/avatars/${session.id}/chat`, { key: session.clientToken, body: { text: 'Hello' } });
  t.is(chat.statusCode, 200);
  const lastActivityAt = (await record(session.id)).lastActivityAt.getTime();
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 2));
  // A hands its sessions over (a graceful stop); B adopts this one on the next call.
  await a.close();
  const adopted = await call(b.app, 'GET', `/api/v1/avatars/${session.id}`, { key: account.live });
  t.is(adopted.json().data.state, 'open');
  const closed = await timeUntil(
    async () => (await (b.services.orm.em.fork() as EntityManager).findOneOrFail(LiveSession, { id: session.id })).state === 'closed',
    IDLE_MS * 3,
    100,
  );
  const ended = await (b.services.orm.em.fork() as EntityManager).findOneOrFail(LiveSession, { id: session.id });
  const idleForMs = ended.endedAt!.getTime() - lastActivityAt;
  t.is(ended.endReason, 'idle');
  t.true(idleForMs < IDLE_MS + 1500, `ended ${idleForMs} ms after its last exchange (idle timeout ${IDLE_MS} ms)`);
  t.log(`ended idle ${idleForMs} ms after its last exchange (timeout ${IDLE_MS} ms; adopted ${IDLE_MS / 2} ms in; took ${closed} ms)`);
});
