/**
 * A realtime session whose node dies (kill -9) is adopted by another node with a working room of
 * its own, and nothing it owned outlives it there: once the session ends, the adopting node counts
 * no room and runs no encoder (ffmpeg) for it. Two real nodes (child processes) on the harness's
 * servers; the face is the test pattern (the encode floor), which is enough to run a room.
 */
import test from 'ava';
import { execFileSync } from 'node:child_process';
import { connect } from 'nats';
import pg from 'pg';
import { PlacementRegistry } from '../../runtime/actors/registry.js';
import { createAccount, startTestService, type TestAccount, type TestService } from '../helpers/service.js';
import { NodeProcess } from '../helpers/node-process.js';

let admin: TestService;
let a: NodeProcess;
let b: NodeProcess;
let account: TestAccount;

const env = {
  COMPANION_ROLE: 'api',
  REDIS_URL: `${process.env.REDIS_URL}/8`,
  TEMPORAL_TASK_QUEUE: `faults-realtime-adoption-${process.pid}`,
  MEDIA_PERFORMER: 'test-pattern',
  SESSION_NODE_LEASE_MS: '3000',
  SESSION_SCAN_INTERVAL_MS: '500',
};

// Each node its own WebRTC ports, within the harness's range.
const rtcMin = Number(process.env.RTC_MIN_PORT ?? 61000);
const ports = (n: number) => ({ RTC_MIN_PORT: String(rtcMin + n * 500), RTC_MAX_PORT: String(rtcMin + n * 500 + 499) });

/**
 * Forgets what earlier test files left in the harness's servers: their nodes are gone, so the
 * nodes here would adopt those sessions (as a cluster should) — from their placements in NATS, or,
 * without one, from their open rows in PostgreSQL — and count their rooms. Test files run one at a
 * time, so no placement or open session belongs to a node that is still running.
 */
async function forgetEarlierSessions(): Promise<void> {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query("UPDATE live_sessions SET state = 'closed', end_reason = 'node_lost', ended_at = now() WHERE state = 'open'");
  } finally {
    await db.end();
  }
  const nc = await connect({ servers: process.env.NATS_URL });
  try {
    const registry = await PlacementRegistry.open(nc, 'realtime-adoption-test', 1);
    for (const entry of await registry.list()) await registry.remove(entry.actorId);
  } finally {
    await nc.close();
  }
}

test.before(async () => {
  await forgetEarlierSessions();
  admin = await startTestService({ COMPANION_ROLE: 'api', REDIS_URL: env.REDIS_URL });
  account = await createAccount(admin);
});

test.after.always(async () => {
  await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
  await admin?.close();
});

/** The encoders a node runs (ffmpeg children of its process). */
function encodersOf(node: NodeProcess): number {
  try {
    return execFileSync('pgrep', ['-P', String(node.child.pid), 'ffmpeg'])
      .toString()
      .trim()
      .split('\n')
      .filter(Boolean).length;
  } catch {
    return 0; // pgrep exits 1 when nothing matches
  }
}

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

test.serial('a realtime session adopted after its node dies gets a working room, and leaves no room or encoder once ended', async (t) => {
  a = await NodeProcess.start({ ...env, ...ports(0) }, 90_000);
  const characterId = (await a.fetch('POST', '/api/v1/characters', account.live, { name: 'Beacon' })).json.data.id;
  const created = await a.fetch('POST', '/api/v1/avatars', account.live, { characterId, realtime: true });
  t.is(created.status, 201, JSON.stringify(created.json));
  const id = created.json.data.id as string;
  t.truthy(created.json.data.room);

  await a.kill('SIGKILL');
  b = await NodeProcess.start({ ...env, ...ports(1) }, 90_000);
  // Asked for it, B adopts the session (its placement's owner is gone) and opens a room here.
  const adopted = await waitFor(
    () => b.fetch('GET', `/api/v1/avatars/${id}`, account.live),
    (r) => r.status === 200 && r.json.data.room !== null,
    30_000,
  );
  t.is(adopted.json.data.state, 'open', JSON.stringify(adopted.json.data));
  t.not(adopted.json.data.room, null, 'the adopted session has a working room on its new node');
  const health = (await b.fetch('GET', '/health', undefined)).json;
  t.is(health.media.rooms, 1);
  t.is(encodersOf(b), 2, 'the session’s two encoders, its video’s and its voice’s');

  const ended = await b.fetch('DELETE', `/api/v1/avatars/${id}`, account.live);
  t.is(ended.status, 200);
  t.is(ended.json.data.state, 'closed');
  const after = await waitFor(
    async () => ({ rooms: (await b.fetch('GET', '/health', undefined)).json.media.rooms as number, encoders: encodersOf(b) }),
    (v) => v.rooms === 0 && v.encoders === 0,
    10_000,
  );
  t.deepEqual(after, { rooms: 0, encoders: 0 }, 'nothing the session owned outlives it');
});
