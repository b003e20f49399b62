/**
 * SIGTERM while a clone is being refined: the node (a real child process on the harness's servers,
 * the only worker of its task queue) exits within SHUTDOWN_TIMEOUT_MS (10 s) because the
 * refinement stops when asked (the activity is cancelled, its call to the synthesis server
 * aborted, and the server stops the round), and nothing it logs at error level lacks its cause.
 * Started again, the node runs the round again and the voice finishes.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { createAccount, startTestService, type TestAccount, type TestService } from '../helpers/service.js';
import { NodeProcess } from '../helpers/node-process.js';
import { timeUntil } from '../helpers/fault-stack.js';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
// The harness's synthesis server logs there (test/run.ts: its data directory, with the services' under it).
const TTS_LOG = path.join(path.dirname(process.env.COMPANION_DATA_DIR!), 'logs', 'speech-tts.log');
const STOPPED = 'POST /v1/voices/refine stopped: the client closed its connection';

type Line = { level: number; msg: string; err?: { message?: string }; [field: string]: unknown };

const env = {
  TEMPORAL_TASK_QUEUE: `faults-clone-shutdown-${process.pid}`,
  WEBHOOK_ALLOW_LOOPBACK: 'true',
  VOICE_REFINE_ROUNDS: '1',
  COMPANION_PLAN_LIMITS: JSON.stringify({ pro: { requestsPerMinute: 1_000_000 } }),
};

let admin: TestService;
let account: TestAccount;
let clips: http.Server;
let node: NodeProcess | undefined;

test.before(async () => {
  clips = http.createServer((req, res) => {
    const file = path.join(LIBRIVOX, path.basename(req.url ?? '/'));
    if (!fs.existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'audio/wav' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => clips.listen(0, '127.0.0.1', resolve));
  admin = await startTestService({ COMPANION_ROLE: 'api' });
  account = await createAccount(admin);
});

test.after.always(async () => {
  await node?.kill('SIGKILL');
  await admin?.close();
  clips.closeAllConnections();
  await new Promise((resolve) => clips.close(resolve));
});

/** Every JSON line the node writes to standard output from now on. */
function logOf(running: NodeProcess): Line[] {
  const lines: Line[] = [];
  let rest = '';
  running.child.stdout!.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const complete = text.split('\n');
    rest = complete.pop()!;
    for (const line of complete) if (line.startsWith('{')) lines.push(JSON.parse(line) as Line);
  });
  return lines;
}

const ttsLogLines = () => (fs.existsSync(TTS_LOG) ? fs.readFileSync(TTS_LOG, 'utf8').split('\n') : []);

test('SIGTERM during a refinement: the node exits within 10 s, the round is cancelled, and after a restart the voice finishes', async (t) => {
  t.timeout(10 * 60_000);
  node = await NodeProcess.start(env, 90_000);
  const port = (clips.address() as AddressInfo).port;
  const created = await node.fetch('POST', '/api/v1/voices', account.live, {
    name: 'Interrupted',
    samples: ['0870', '0920'].map((n) => ({ url: `http://127.0.0.1:${port}/sense_and_sensibility_01_austen_64kb-${n}.wav` })),
  });
  t.is(created.status, 202, JSON.stringify(created.json));
  const id = created.json.data.id as string;

  // Until the round is running in the node's worker (Temporal shows the activity started).
  const job = admin.services.temporal.workflow.getHandle(`voice-clone-${id}`);
  await timeUntil(async () => {
    const pending = (await job.describe()).raw.pendingActivities ?? [];
    // PENDING_ACTIVITY_STATE_STARTED: a worker has it.
    return pending.some((a) => a.activityType?.name === 'refineVoice' && Number(a.state) === 2);
  }, 5 * 60_000);
  const stoppedBefore = ttsLogLines().filter((line) => line.includes(STOPPED)).length;

  const log = logOf(node);
  const signalled = Date.now();
  const exited = new Promise<number | null>((resolve) => node!.child.once('exit', (code) => resolve(code)));
  node.child.kill('SIGTERM');
  const code = await exited;
  const shutdownMs = Date.now() - signalled;
  t.log(`SIGTERM during refinement: the node exited with ${code} after ${(shutdownMs / 1000).toFixed(1)} s`);
  t.is(code, 0, JSON.stringify(log.filter((l) => l.level >= 50)));
  t.true(shutdownMs < 10_000, `shutdown took ${shutdownMs} ms (SHUTDOWN_TIMEOUT_MS is 10 s)`);
  // The round stopped when the worker shut down, rather than the worker being stopped around it.
  t.truthy(
    log.find((l) => l.msg === 'voice clone step' && l.step === 'refineVoice' && l.outcome === 'cancelled'),
    'the refinement is logged as cancelled',
  );
  t.false(
    log.some((l) => l.msg === 'Worker failed'),
    'the Temporal worker drained in time',
  );
  const errors = log.filter((l) => l.level >= 50);
  t.deepEqual(
    errors.filter((l) => !l.err?.message),
    [],
    'every error logged carries its cause',
  );
  // The synthesis server stopped the round too, once its client had gone.
  await timeUntil(async () => ttsLogLines().filter((line) => line.includes(STOPPED)).length > stoppedBefore, 30_000);

  node = await NodeProcess.start(env, 90_000);
  const after = logOf(node);
  const restarted = Date.now();
  let voice;
  do {
    await new Promise((resolve) => setTimeout(resolve, 500));
    voice = (await node.fetch('GET', `/api/v1/voices/${id}`, account.live)).json.data;
  } while (voice.step !== 'done' && Date.now() - restarted < 5 * 60_000);
  t.like(voice, { status: 'active', step: 'done' });
  t.truthy(voice.refinedAt, 'the round ran to its end after the restart');
  const rerun = after.find((l) => l.msg === 'voice clone step' && l.step === 'refineVoice');
  t.like(rerun, { outcome: 'done', attempt: 2 }, 'the restarted node ran the interrupted round again');
  t.log(`the restarted node finished the voice ${((Date.now() - restarted) / 1000).toFixed(1)} s after its start`);
  await node.kill('SIGTERM');
});
