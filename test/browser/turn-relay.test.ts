/**
 * Any network: a viewer whose network lets no direct path reach the SFU watches and talks through
 * the TURN server of the node hosting the room. The node runs the embedded coturn (TURN=embedded,
 * on its own port block), as a node started by scripts/start.sh does. Headless Chromium opens the
 * viewer page with `relay=1`, which leaves the page only relayed ICE candidates: the video plays,
 * the companion is heard and the page's microphone is heard, all through the TURN server. The
 * same page without `relay=1` takes the direct path; the time to first video and voice to voice
 * are logged for both.
 *
 * And the TURN server is no open relay: the credentials a viewer gets in `ready` allocate, but
 * only the SFU's address may be a peer; expired or forged credentials are refused.
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { pino } from 'pino';
import WebSocket from 'ws';
import { launchChromium, waitForState } from '../helpers/browser.js';
import { createAccount, type TestAccount } from '../helpers/service.js';
import { TurnClient } from '../helpers/turn-client.js';
import { wordRecall } from '../helpers/transcripts.js';
import { joinPcm, pcmMs, silence } from '../helpers/opus-rtp.js';
import { loadConfig } from '../../runtime/config.js';
import { projectRoot } from '../../runtime/paths.js';
import { TURN_PORT_OFFSETS } from '../../runtime/stack/turn-server.js';
import { startService, type RunningService } from '../../http/server/start-service.js';
import { turnCredentials } from '../../media/rooms/turn-credentials.js';
import type { IceServer, ViewerServerMessage } from '../../media/rooms/signaling.js';
import { parseWav, wavFile } from '../../media/speech/wav.js';

const QUESTION = 'What is the tallest mountain in the world?';
/** The node's own port block: only its TURN server is embedded (base + 478); the rest is the harness's. */
const portBase = Number(process.env.COMPANION_TEST_PORT_BASE ?? 24000) + 1500;
const turnPort = portBase + TURN_PORT_OFFSETS.turn;
const dataDir = path.join(projectRoot, '.data', 'test', `turn-relay-${process.pid}`);

let service: RunningService;
let account: TestAccount;
let api: string;

test.before(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const config = loadConfig(
    {
      ...process.env,
      PORT: '0',
      METRICS_PORT: '-1',
      COMPANION_ROLE: 'api',
      REDIS_URL: `${process.env.REDIS_URL}/2`,
      COMPANION_DATA_DIR: dataDir,
      COMPANION_STACK_PORT_BASE: String(portBase),
      TURN: 'embedded',
    },
    [],
  );
  service = await startService(config, pino({ level: 'silent' }), { migrate: false });
  account = await createAccount(service);
  api = service.url!;
});
test.after.always(async () => {
  await service?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function post(route: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${api}${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.live}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: res.headers.get('content-type')?.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer()),
  };
}

async function realtimeSession(): Promise<{ sessionId: string; clientToken: string; viewerToken: string }> {
  const character = await post('/api/v1/characters', { name: 'Mira' });
  const session = await post('/api/v1/avatars', { characterId: (character.body as { data: { id: string } }).data.id, realtime: true });
  const { id: sessionId, clientToken } = (session.body as { data: { id: string; clientToken: string } }).data;
  const minted = await post(`/api/v1/avatars/${sessionId}/viewer-token`, {});
  return { sessionId, clientToken, viewerToken: (minted.body as { data: { token: string } }).data.token };
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

// Strings, not functions: the page runs them in the browser (this project compiles without DOM types).
const framesDecoded = (page: Page) =>
  page.evaluate(`window.companionViewer.stats().then((stats) => {
    const v = stats.find((s) => s.type === 'inbound-rtp' && s.kind === 'video' && s.mid !== 'probator');
    return Number(v?.framesDecoded ?? 0);
  })`) as Promise<number>;
/** The local ICE candidate of the receive transport's selected pair: 'relay' through the TURN server, 'host' direct. */
const selectedCandidate = (page: Page) =>
  page.evaluate(`window.companionViewer.stats().then((stats) => {
    const transport = stats.find((s) => s.type === 'transport');
    const pair = stats.find((s) => s.id === transport?.selectedCandidatePairId);
    const local = stats.find((s) => s.id === pair?.localCandidateId);
    return local ? { type: local.candidateType, protocol: local.relayProtocol ?? local.protocol, rttMs: pair.currentRoundTripTime * 1000 } : null;
  })`) as Promise<{ type: string; protocol: string; rttMs: number } | null>;
const level = async (page: Page) => ((await page.evaluate('window.companionViewer.audioLevel()')) as number | null) ?? 0;
const captionsOf = (page: Page) => page.evaluate('window.companionViewer.captions') as Promise<Array<{ role: string; text: string }>>;

/** Milliseconds from opening the page to its first decoded video frame. */
async function timeToFirstVideo(page: Page, url: string): Promise<number> {
  const started = Date.now();
  await page.goto(url);
  const frames = await until(
    () => framesDecoded(page),
    (n) => n > 0,
    30_000,
    25,
  );
  if (frames === 0) throw new Error(`no video frame within 30 s (${url.includes('relay=1') ? 'relay' : 'direct'})`);
  return Date.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test.serial('/health reports the embedded TURN server', async (t) => {
  const health = (await (await fetch(`${api}/health`)).json()) as {
    status: string;
    turn?: { status: string; mode: string; urls: string[] };
    embedded: Array<{ server: string; state: string }>;
  };
  t.like(health.turn, {
    status: 'up',
    mode: 'embedded',
    urls: [`turn:127.0.0.1:${turnPort}?transport=udp`, `turn:127.0.0.1:${turnPort}?transport=tcp`],
  });
  t.like(
    health.embedded.find((e) => e.server === 'turn'),
    { state: 'running' },
  );
});

test.serial('the TURN server relays a viewer to the SFU only, with the credentials of its ready message', async (t) => {
  const { sessionId, viewerToken } = await realtimeSession();
  const ws = new WebSocket(`${api.replace('http', 'ws')}/api/v1/avatars/${sessionId}/signaling`, [
    'companion-signaling.v1',
    `bearer.${viewerToken}`,
  ]);
  t.teardown(() => ws.close());
  const ready = await new Promise<Extract<ViewerServerMessage, { notification: 'ready' }>>((resolve, reject) => {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as ViewerServerMessage;
      if ('notification' in message && message.notification === 'ready') resolve(message);
    });
    ws.on('error', reject);
  });
  t.is(ready.iceServers.length, 1);
  const [ice] = ready.iceServers as [IceServer];
  t.deepEqual(ice.urls, [`turn:127.0.0.1:${turnPort}?transport=udp`, `turn:127.0.0.1:${turnPort}?transport=tcp`]);
  const [expiry, viewer] = ice.username.split(':');
  t.is(viewer, ready.viewerId, 'the username names the viewer');
  t.true(Math.abs(Number(expiry) - (Date.now() / 1000 + 3600)) < 60, 'the credentials expire in TURN_CREDENTIAL_TTL_S (3600 s)');

  const server = { host: '127.0.0.1', port: turnPort };
  const client = new TurnClient(server, ice.username, ice.credential);
  t.teardown(() => client.close());
  t.deepEqual(await client.allocate(), { ok: true }, 'the viewer’s credentials allocate a relay');
  t.deepEqual(await client.permit('127.0.0.1'), { ok: true }, 'the SFU (listening on 127.0.0.1) is a peer');
  for (const elsewhere of ['127.0.0.2', '10.0.0.1', '192.168.1.1', '8.8.8.8'])
    t.deepEqual(await client.permit(elsewhere), { ok: false, code: 403 }, `${elsewhere} is not relayed to`);

  // An allocation made in time outlives its credentials (a viewing is not cut short); expired
  // credentials, and credentials of another secret, get no allocation.
  const access = (service.services as { urls: { turn?: { secret: string; urls: string[] } } }).urls.turn!;
  const shortLived = turnCredentials(access, 'vwr_shortlived', 2);
  const early = new TurnClient(server, shortLived.username, shortLived.credential);
  t.teardown(() => early.close());
  t.deepEqual(await early.allocate(), { ok: true });
  await new Promise((r) => setTimeout(r, 3000));
  t.deepEqual(await early.permit('127.0.0.1'), { ok: true }, 'the allocation still serves once its credentials expired');
  const expired = turnCredentials(access, 'vwr_expired', 60, Date.now() - 120_000);
  const forged = turnCredentials({ ...access, secret: 'not-the-secret-of-this-server' }, 'vwr_forged', 600);
  for (const [what, ice] of [
    ['expired', expired],
    ['forged', forged],
  ] as const) {
    const other = new TurnClient(server, ice.username, ice.credential);
    t.deepEqual(await other.allocate(), { ok: false, code: 401 }, `${what} credentials are refused`);
    other.close();
  }
});

test.serial('a page forced to relay through the TURN server plays the video, is heard, and its microphone is heard', async (t) => {
  t.timeout(300_000);
  // The microphone: two seconds of silence (the page sets up its send transport meanwhile), the
  // question in the service's own voice, then silence (the end of the turn).
  const tts = await post('/api/v1/text-to-speech', { text: QUESTION, voiceId: 'en-US-joe' });
  t.is(tts.status, 200);
  const said = parseWav(tts.body as Buffer);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mic-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const micPath = path.join(dir, 'question.wav');
  fs.writeFileSync(micPath, wavFile(joinPcm([silence(said, 2000), said, silence(said, 3000)])));
  const speechEndsMs = Math.round(2000 + pcmMs(said));

  const { sessionId, clientToken, viewerToken } = await realtimeSession();
  const viewUrl = (token: string, relay: boolean) => `${api}/view#session=${sessionId}&token=${token}${relay ? '&relay=1' : ''}`;
  // One browser per path, each with its own fake microphone (it plays the file once, from the page's first press).
  const browsers: Record<'direct' | 'relay', Browser> = {
    direct: await launchChromium([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${micPath}%noloop`,
      '--autoplay-policy=no-user-gesture-required',
    ]),
    relay: await launchChromium([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${micPath}%noloop`,
      '--autoplay-policy=no-user-gesture-required',
    ]),
  };
  t.teardown(() => Promise.all(Object.values(browsers).map((b) => b.close())));

  // Time to first video, alternating the paths on fresh pages of a watch-only viewer.
  const firstVideo: Record<'direct' | 'relay', number[]> = { direct: [], relay: [] };
  const rtt: Record<'direct' | 'relay', number[]> = { direct: [], relay: [] };
  for (let round = 0; round < 3; round++) {
    for (const mode of ['relay', 'direct'] as const) {
      const page = await browsers[mode].newPage();
      firstVideo[mode].push(await timeToFirstVideo(page, viewUrl(viewerToken, mode === 'relay')));
      const path = await selectedCandidate(page);
      t.like(path, { type: mode === 'relay' ? 'relay' : 'host' }, `${mode}: the path taken`);
      rtt[mode].push(path?.rttMs ?? NaN);
      await page.close();
    }
  }
  t.log(
    `time to first video, ms (3 rounds): direct ${firstVideo.direct.join(', ')} (median ${median(firstVideo.direct)}); ` +
      `relay ${firstVideo.relay.join(', ')} (median ${median(firstVideo.relay)}); ` +
      `ICE round trip, ms: direct ${rtt.direct.join(', ')}, relay ${rtt.relay.join(', ')}`,
  );

  // The session's own st_ page on each path: it talks, and hears the answer, through that path.
  const pages = {} as Record<'direct' | 'relay', Page>;
  for (const mode of ['direct', 'relay'] as const) {
    const page = (pages[mode] = await browsers[mode].newPage());
    await page.goto(viewUrl(clientToken, mode === 'relay'));
    await waitForState(page, 'live', 30_000);
    t.like(await selectedCandidate(page), { type: mode === 'relay' ? 'relay' : 'host' });
    await page.click('#unmute');
    await page.selectOption('#mic-mode', 'open');
  }
  // The page is offered TURN over UDP and over TCP; which pair Chromium nominates first depends on
  // timing (under load it was TCP), and either is the relay working.
  const relayed = await selectedCandidate(pages.relay);
  t.true(['udp', 'tcp'].includes(relayed?.protocol ?? ''), `relayed to the TURN server over ${relayed?.protocol}`);

  const quietOn = (page: Page) =>
    until(
      async () => {
        const samples: number[] = [];
        for (let i = 0; i < 15; i++) {
          samples.push(await level(page));
          await new Promise((r) => setTimeout(r, 100));
        }
        return Math.max(...samples);
      },
      (peak) => peak < 0.01,
      40_000,
    );

  // Voice to voice on each path: the question from the page's microphone, the answer heard in the page.
  const voiceToVoice: Partial<Record<'direct' | 'relay', number>> = {};
  for (const mode of ['relay', 'direct'] as const) {
    const page = pages[mode];
    const quiet = await quietOn(page); // the greeting, or the last answer, is over
    const before = (await captionsOf(page)).length;
    await page.click('#mic');
    const asked = Date.now();
    const threshold = Math.max(quiet * 4, 0.01);
    // The answer starts after the question has ended: the page hears nothing loud before then but its own greeting's tail.
    await new Promise((r) => setTimeout(r, speechEndsMs));
    let transcribedAt: number | undefined;
    const peak = await until(
      async () => {
        if (transcribedAt === undefined && (await captionsOf(page)).slice(before).some((c) => c.role === 'user'))
          transcribedAt = Date.now();
        return level(page);
      },
      (l) => l > threshold,
      60_000,
      20,
    );
    const heardAt = Date.now();
    t.true(peak > threshold, `${mode}: the answer is heard (RMS ${peak.toFixed(4)} vs ${quiet.toFixed(4)} before)`);
    voiceToVoice[mode] = heardAt - (asked + speechEndsMs);
    t.log(
      `${mode}: the question captioned ${transcribedAt ? transcribedAt - (asked + speechEndsMs) : '?'} ms after it ended, the answer heard ${voiceToVoice[mode]} ms after`,
    );
    const captions = await until(
      async () => (await captionsOf(page)).slice(before),
      (c) => c.some((x) => x.role === 'user'),
      10_000,
    );
    const user = captions.find((c) => c.role === 'user');
    t.true(wordRecall(QUESTION, user?.text ?? '') >= 0.8, `${mode}: heard "${user?.text}" for "${QUESTION}"`);
    await page.click('#mic'); // microphone off
    t.false(await page.evaluate('window.companionViewer.mic.error !== null'), `${mode}: the microphone started without an error`);
  }
  t.log(
    `voice to voice (end of the question → the answer heard in the page), ms: direct ${voiceToVoice.direct}, relay ${voiceToVoice.relay}`,
  );
  t.log(
    `load average during the test: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );

  await fetch(`${api}/api/v1/avatars/${sessionId}`, { method: 'DELETE', headers: { authorization: `Bearer ${account.live}` } });
});
