/**
 * The examples in examples/ run as a new user runs them (issue 43), against a real listening
 * instance, with a key from `npm run cli -- bootstrap`: the TypeScript example (with the typed
 * client) prints the viewer page's address, and a real Chromium watches the session it creates
 * until the example ends it; the Python example (plain `requests`) goes through chat streamed and
 * speech to the end; the web page's tiny server makes a session that the page frames, live,
 * and ends it on the button.
 */
import test from 'ava';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { projectRoot } from '../../runtime/paths.js';
import type { RunningService } from '../../http/server/start-service.js';
import { launchChromium, pageTrouble, startListeningService, waitForState } from '../helpers/browser.js';

let service: RunningService;
let key: string;

test.before(async () => {
  // Test-pattern video: these tests watch the session live, the face is the viewer page test's.
  service = await startListeningService(1, { MEDIA_PERFORMER: 'test-pattern' });
  const printed = execFileSync(
    process.execPath,
    [path.join(projectRoot, 'dist/runtime/cli.js'), 'bootstrap', '--email', `ex-${Date.now()}@example.test`],
    {
      env: process.env,
      encoding: 'utf8',
    },
  );
  key = /sk_live_[0-9A-Za-z]+/.exec(printed)![0];
});
test.after.always(async () => {
  await service?.close();
});

/** A program's output so far, and a way to wait for a line of it. */
class Program {
  out = '';
  readonly exited: Promise<number | null>;
  constructor(readonly child: ChildProcess) {
    child.stdout!.on('data', (chunk: Buffer) => (this.out += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.out += chunk.toString()));
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  async waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(this.out);
      if (match) return match;
      if (Date.now() > deadline || this.child.exitCode !== null) throw new Error(`no ${pattern} in:\n${this.out}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function run(command: string, args: string[], env: Record<string, string>, cwd = projectRoot): Program {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  return new Program(child);
}

test('the TypeScript example creates a session a browser watches from the printed address, then ends it', async (t) => {
  t.timeout(150_000);
  // The example as a user runs it: with the client package built (npm run build does both).
  const tsc = path.join(projectRoot, 'node_modules/typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', path.join(projectRoot, 'clients/typescript/tsconfig.json')]);
  const example = run(process.execPath, [path.join(projectRoot, 'dist/examples/typescript/first-session.js')], {
    COMPANION_URL: service.url!,
    COMPANION_API_KEY: key,
  });
  t.teardown(() => example.child.kill());
  const watch = (await example.waitFor(/watch: (\S+)/, 30_000))[1]!;
  t.regex(watch, /\/view#session=ses_[0-9A-Za-z]+&token=vt_live_/);

  const browser = await launchChromium();
  t.teardown(() => browser.close());
  const page = await browser.newPage();
  const trouble = pageTrouble(page);
  await page.goto(watch);
  await waitForState(page, 'live', 30_000);

  example.child.stdin!.write('\n'); // "press Enter to say hello"
  await example.waitFor(/\(exchange 1, \d+ sentences\)/, 60_000);
  t.regex(example.out, /Mira: .*Mira/, 'the reply, streamed');
  example.child.stdin!.write('\n'); // "press Enter to end the session"
  t.is(await example.exited, 0, example.out);
  t.regex(example.out, /session ses_\S+ closed \(explicit\)/);
  t.regex(example.out, /key key_\S+ revoked/);
  await waitForState(page, 'ended', 20_000);
  t.deepEqual(trouble, [], 'the viewer page shows nothing wrong');
});

/** A python3 that has `requests` (the machine's, or the venv setup.sh makes for schemathesis). */
function pythonWithRequests(): string | undefined {
  return ['python3', path.join(projectRoot, '.tools/schemathesis-venv/bin/python')].find(
    (python) => spawnSync(python, ['-c', 'import requests']).status === 0,
  );
}

test('the Python example chats, streamed, saves speech and ends its session', async (t) => {
  t.timeout(150_000);
  const python = pythonWithRequests();
  if (!python) return t.fail('no python3 with requests: pip install requests');
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'companion-py-'));
  t.teardown(() => fs.rmSync(cwd, { recursive: true, force: true }));
  const example = run(
    python,
    [path.join(projectRoot, 'examples/python/first_session.py')],
    { COMPANION_URL: service.url!, COMPANION_API_KEY: key },
    cwd,
  );
  example.child.stdin!.end(); // run straight through
  t.is(await example.exited, 0, example.out);
  t.regex(example.out, /watch: \S+\/view#session=ses_\S+&token=vt_live_/);
  t.regex(example.out, /Mira: .*Mira.*\n\(exchange 1, \d+ sentences\)/);
  t.regex(example.out, /goodbye\.wav: \d+ bytes of audio\/wav/);
  t.is(fs.readFileSync(path.join(cwd, 'goodbye.wav')).subarray(0, 4).toString('latin1'), 'RIFF');
  t.regex(example.out, /session ses_\S+ closed \(explicit\)/);
});

async function viewerFrame(page: Page, timeoutMs: number): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const frame = page.frames().find((f) => f.url().includes('/view#'));
    if (frame) return frame;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the page framed no viewer');
}

async function frameState(frame: Frame, state: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let current = '';
  while (Date.now() < deadline) {
    current = (await frame.evaluate('window.companionViewer && window.companionViewer.state')) as string;
    if (current === state) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the framed viewer stayed '${current}', expected '${state}'`);
}

test('the web example: its server makes the session, the page frames the viewer live and ends it', async (t) => {
  t.timeout(120_000);
  const server = run(process.execPath, [path.join(projectRoot, 'examples/web/server.mjs')], {
    COMPANION_URL: service.url!,
    COMPANION_API_KEY: key,
    PORT: '0',
  });
  t.teardown(() => server.child.kill());
  const site = (await server.waitFor(/open (http:\/\/localhost:\d+)/, 10_000))[1]!;

  const browser = await launchChromium();
  t.teardown(() => browser.close());
  const page = await browser.newPage();
  const trouble = pageTrouble(page);
  await page.goto(site);
  const frame = await viewerFrame(page, 20_000);
  await frameState(frame, 'live', 30_000);
  t.regex(await page.locator('#status').innerText(), /^Session ses_/);
  t.false((await page.content()).includes(key), 'the page never sees the secret key');
  t.true(await frame.locator('#chat').isVisible(), 'the session token lets the visitor type to her');

  await page.locator('#end').click();
  await frameState(frame, 'ended', 20_000);
  await page.locator('#status', { hasText: 'The session has ended.' }).waitFor({ timeout: 10_000 });
  t.deepEqual(trouble, [], 'a clean console');
});
