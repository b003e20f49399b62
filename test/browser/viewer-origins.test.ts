/**
 * The viewer page as people outside the service's machine open it: by a host name, not 127.0.0.1.
 * Chromium maps companion.test to this machine (--host-resolver-rules) and trusts exactly the test's
 * certificate (--ignore-certificate-errors-spki-list with its public key's hash).
 *
 *   - Over HTTPS served by the service itself (TLS_CERT_FILE, TLS_KEY_FILE): the video plays, and a
 *     question asked into the microphone (a fake capture device playing it) is heard and answered
 *     aloud.
 *   - Over plain HTTP at the name (an insecure origin: no navigator.mediaDevices), the page watches
 *     all the same, joining once, and the microphone is disabled with the sentence that says why.
 *     A browser without WebRTC is told so once, without retrying, and can still chat.
 *   - Behind Caddy with docs/deploy/Caddyfile, the page at https://companion.test plays through the
 *     proxy (its websocket included) and tokens minted through it link to the proxy's address.
 *
 * Each page's time to its first video frame is logged beside http://127.0.0.1's in the same run.
 */
import test, { type ExecutionContext } from 'ava';
import { execFileSync, spawn } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, pageTrouble, startListeningService, waitForState } from '../helpers/browser.js';
import { call, createAccount } from '../helpers/service.js';
import { joinPcm, silence } from '../helpers/opus-rtp.js';
import { wordRecall } from '../helpers/transcripts.js';
import { parseWav, wavFile } from '../../media/speech/wav.js';
import { projectRoot } from '../../runtime/paths.js';
import type { RunningService } from '../../http/server/start-service.js';

const NAME = 'companion.test';
const QUESTION = 'What is the tallest mountain in the world?';
const MIC_NEEDS_HTTPS =
  'The microphone needs HTTPS: browsers give it only to secure pages, and this one is plain HTTP. Serve the page over HTTPS to talk; typing works meanwhile.';
const UNSUPPORTED =
  'This browser cannot play the stream: it has no WebRTC the page can use. Open the page in a recent Chrome, Edge, Firefox or Safari.';
const CADDY = path.join(projectRoot, '.tools/caddy/usr/bin/caddy');

const tmp = (t: ExecutionContext) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'origins-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** Base64 SHA-256 of a certificate's public key: what Chromium's SPKI list trusts. */
const spkiHash = (pem: string) =>
  createHash('sha256')
    .update(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');

/** Chromium that reaches companion.test on this machine and trusts the certificates of these PEMs. */
function browserFor(pems: string[], extra: string[] = []): Promise<Browser> {
  return launchChromium([
    `--host-resolver-rules=MAP ${NAME} 127.0.0.1`,
    ...(pems.length ? [`--ignore-certificate-errors-spki-list=${pems.map(spkiHash).join(',')}`] : []),
    '--autoplay-policy=no-user-gesture-required',
    ...extra,
  ]);
}

/**
 * Opens the viewer page at `url` and answers the milliseconds from navigation to the first video
 * frame the page presents (requestVideoFrameCallback), or throws after `timeoutMs`.
 */
async function openAndTimeFirstFrame(page: Page, url: string, timeoutMs = 30_000): Promise<number> {
  // A DevTools init script, so the page's CSP does not apply: it notes the first frame presented.
  await page.addInitScript(`document.addEventListener('loadedmetadata', (event) => {
    event.target.requestVideoFrameCallback?.(() => { window.firstFrameAt ??= performance.now(); });
  }, true);`);
  await page.goto(url);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const at = (await page.evaluate('window.firstFrameAt ?? null')) as number | null;
    if (at !== null) return at;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no video frame at ${url} within ${timeoutMs} ms (state ${String(await page.evaluate('window.companionViewer.state'))})`);
}

/** Whether the page's video plays: its time advances and the companion's frames are decoded at full size. */
async function videoPlays(page: Page): Promise<{ advanced: boolean; framesDecoded: number; width: number }> {
  return page.evaluate(`(async () => {
    const video = document.getElementById('video');
    const before = video.currentTime;
    await new Promise((r) => setTimeout(r, 1000));
    const stats = await window.companionViewer.stats();
    const v = stats.find((s) => s.type === 'inbound-rtp' && s.kind === 'video' && s.mid !== 'probator') ?? {};
    return { advanced: video.currentTime > before, framesDecoded: Number(v.framesDecoded ?? 0), width: video.videoWidth };
  })()`);
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A character without a greeting and a realtime session of it: its id and st_ token. */
async function realtimeSession(service: RunningService, key: string): Promise<{ sessionId: string; clientToken: string }> {
  const character = await call(service.app!, 'POST', '/api/v1/characters', { key, body: { name: 'Mira', personality: { greeting: '' } } });
  const session = await call(service.app!, 'POST', '/api/v1/avatars', {
    key,
    body: { characterId: character.json<{ data: { id: string } }>().data.id, realtime: true },
  });
  if (session.statusCode !== 201) throw new Error(`session: ${session.body}`);
  const { id, clientToken } = session.json<{ data: { id: string; clientToken: string } }>().data;
  return { sessionId: id, clientToken };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

test.serial('over HTTPS at a host name the page plays the video, hears a question asked aloud and answers it aloud', async (t) => {
  t.timeout(200_000);
  const dir = tmp(t);
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', `/CN=${NAME}`, '-addext', `subjectAltName=DNS:${NAME}`, '-keyout', key, '-out', cert,
  ], { stdio: 'ignore' }); // prettier-ignore
  const service = await startListeningService(15, { TLS_CERT_FILE: cert, TLS_KEY_FILE: key });
  t.teardown(() => service.close());
  t.regex(service.url!, /^https:\/\/127\.0\.0\.1:\d+$/, 'the service listens with HTTPS');
  const port = new URL(service.url!).port;
  const account = await createAccount(service);

  // The microphone: two seconds of silence (the page sets up its transport meanwhile), the
  // question in the service's own voice, then silence (the end of the turn).
  const tts = await call(service.app!, 'POST', '/api/v1/text-to-speech', {
    key: account.live,
    body: { text: QUESTION, voiceId: 'en-US-joe' },
  });
  t.is(tts.statusCode, 200);
  const said = parseWav(tts.rawPayload);
  const micPath = path.join(dir, 'question.wav');
  fs.writeFileSync(micPath, wavFile(joinPcm([silence(said, 2000), said, silence(said, 3000)])));

  const { sessionId, clientToken } = await realtimeSession(service, account.live);
  const browser = await browserFor(
    [fs.readFileSync(cert, 'utf8')],
    ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${micPath}%noloop`],
  );
  t.teardown(() => browser.close());
  const page = await browser.newPage();
  const trouble = pageTrouble(page);
  const firstFrame = await openAndTimeFirstFrame(page, `https://${NAME}:${port}/view#session=${sessionId}&token=${clientToken}`);
  t.log(`https://${NAME} (the service's own TLS): first video frame ${firstFrame.toFixed(0)} ms after navigation`);
  await waitForState(page, 'live', 10_000);
  t.is(await page.evaluate('window.companionViewer.joins'), 1, 'it joined the room once, without retrying');
  t.true(await page.evaluate('window.isSecureContext'), 'the page is a secure context');
  const playing = await videoPlays(page);
  t.true(playing.advanced && playing.framesDecoded > 0 && playing.width === 512, `the video plays: ${JSON.stringify(playing)}`);

  // Sound on, then the question into the open microphone: heard, captioned, and answered aloud.
  await page.click('#unmute');
  const quiet = Math.max(
    ...(await Promise.all([0, 1, 2].map(() => page.evaluate('window.companionViewer.audioLevel()') as Promise<number>))),
  );
  t.true(await page.locator('#mic').isEnabled(), 'the microphone is offered');
  await page.selectOption('#mic-mode', 'open');
  await page.click('#mic');
  type Caption = { role: 'user' | 'companion'; text: string };
  const captions = await until(
    () => page.evaluate('window.companionViewer.captions') as Promise<Caption[]>,
    (c) => c.some((x) => x.role === 'companion'),
    60_000,
  );
  const user = captions.find((c) => c.role === 'user');
  t.log(`captions: ${JSON.stringify(captions)}`);
  t.true(wordRecall(QUESTION, user?.text ?? '') >= 0.8, `heard "${user?.text}" for "${QUESTION}"`);
  const peak = await until(
    () => page.evaluate('window.companionViewer.audioLevel()') as Promise<number>,
    (level) => level > Math.max(quiet * 4, 0.01),
    30_000,
  );
  t.true(peak > Math.max(quiet * 4, 0.01), `the answer is heard (RMS ${peak.toFixed(4)} vs ${quiet.toFixed(4)} before)`);
  t.is(await page.evaluate('window.companionViewer.mic.error'), null, 'the microphone started without an error');
  t.deepEqual(trouble, [], "nothing wrong in the page's console");
  await call(service.app!, 'DELETE', `/api/v1/avatars/${sessionId}`, { key: account.live });
});

test.serial(
  'over plain HTTP at a host name the page watches and says why the microphone cannot work; behind the documented Caddy it plays over HTTPS',
  async (t) => {
    t.timeout(200_000);
    const service = await startListeningService(15, { TRUST_PROXY: 'true' });
    t.teardown(() => service.close());
    const port = new URL(service.url!).port;
    const account = await createAccount(service);
    const { sessionId, clientToken } = await realtimeSession(service, account.live);
    const view = `/view#session=${sessionId}&token=${clientToken}`;

    // Caddy with the documented file, its name and upstream set for the test, on free ports, with
    // its own local CA for companion.test (a public name would get a Let's Encrypt certificate).
    const dir = tmp(t);
    const documented = fs.readFileSync(path.join(projectRoot, 'docs/deploy/Caddyfile'), 'utf8');
    t.is(documented.match(/companion\.example\.com/g)?.length, 1, 'the Caddyfile names its site once');
    t.is(documented.match(/127\.0\.0\.1:3000/g)?.length, 1, 'the Caddyfile names its upstream once');
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    fs.writeFileSync(
      path.join(dir, 'Caddyfile'),
      `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n}\n` +
        documented.replace('companion.example.com', NAME).replace('127.0.0.1:3000', `127.0.0.1:${port}`),
    );
    let caddyLog = '';
    const caddy = spawn(CADDY, ['run', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout.on('data', (chunk: Buffer) => (caddyLog += chunk.toString()));
    caddy.stderr.on('data', (chunk: Buffer) => (caddyLog += chunk.toString()));
    t.teardown(() => void caddy.kill('SIGTERM'));
    const leaf = path.join(dir, `caddy/certificates/local/${NAME}/${NAME}.crt`);
    await until(async () => fs.existsSync(leaf), Boolean, 20_000);
    t.true(fs.existsSync(leaf), `Caddy issued the site's certificate:\n${caddyLog.slice(-2000)}`);

    const browser = await browserFor([fs.readFileSync(leaf, 'utf8')]);
    t.teardown(() => browser.close());
    const open = async (url: string) => {
      const page = await browser.newPage();
      const trouble = pageTrouble(page);
      const firstFrame = await openAndTimeFirstFrame(page, url);
      t.log(`${new URL(url).origin}: first video frame ${firstFrame.toFixed(0)} ms after navigation`);
      await waitForState(page, 'live', 10_000);
      const playing = await videoPlays(page);
      t.true(
        playing.advanced && playing.framesDecoded > 0 && playing.width === 512,
        `the video plays at ${url}: ${JSON.stringify(playing)}`,
      );
      t.is(await page.evaluate('window.companionViewer.joins'), 1, `${url} joined the room once, without retrying`);
      return { page, trouble };
    };

    // The reference: the service's own machine, at 127.0.0.1 (a secure context, though plain HTTP).
    const local = await open(`http://127.0.0.1:${port}${view}`);
    t.true(await local.page.locator('#mic').isEnabled());

    // Plain HTTP at the name: the page watches (joined once, above), and the microphone says why not.
    const insecure = await open(`http://${NAME}:${port}${view}`);
    t.false(await insecure.page.evaluate('window.isSecureContext'), 'a host name over plain HTTP is not a secure context');
    t.true(await insecure.page.locator('#voice').isVisible(), 'the st_ page shows the microphone…');
    t.true(await insecure.page.locator('#mic').isDisabled(), '…disabled');
    t.is(await insecure.page.locator('#mic-note').textContent(), MIC_NEEDS_HTTPS, 'and says what to do');
    t.is(await insecure.page.evaluate('window.companionViewer.mic.error'), MIC_NEEDS_HTTPS);
    t.deepEqual(await insecure.page.locator('#transcript li.error').allTextContents(), [], 'no error shown');

    // A browser without WebRTC is told so once, not retried, and still chats over the websocket.
    const noWebRtc = await browser.newPage();
    await noWebRtc.addInitScript('delete window.RTCPeerConnection;');
    await noWebRtc.goto(`http://${NAME}:${port}${view}`);
    await waitForState(noWebRtc, 'unsupported', 15_000);
    t.is(await noWebRtc.locator('#status').textContent(), UNSUPPORTED);
    await noWebRtc.fill('#text', 'Hello there!');
    await noWebRtc.click('#chat button');
    const chatted = await until(
      () => noWebRtc.evaluate('window.companionViewer.captions') as Promise<Array<{ role: string }>>,
      (c) => c.some((x) => x.role === 'companion'),
      30_000,
    );
    t.deepEqual([...new Set(chatted.map((c) => c.role))], ['user', 'companion'], 'the chat turn and its answer are captioned');
    t.deepEqual(
      await noWebRtc.evaluate('[window.companionViewer.state, window.companionViewer.joins]'),
      ['unsupported', 1],
      'still unsupported, joined once: no retry',
    );

    // Through Caddy at https://companion.test: the page, its websocket and its media, and a viewer
    // token minted through the proxy links to the proxy's HTTPS address.
    const proxied = await open(`https://${NAME}:${httpsPort}${view}`);
    t.true(await proxied.page.locator('#mic').isEnabled(), 'over HTTPS the microphone is offered');
    const minted = (await proxied.page.evaluate(`fetch('/api/v1/avatars/${sessionId}/viewer-token', {
    method: 'POST', headers: { authorization: 'Bearer ${account.live}' } }).then((res) => res.json())`)) as { data: { viewerUrl: string } };
    t.true(
      minted.data.viewerUrl.startsWith(`https://${NAME}:${httpsPort}/view#session=${sessionId}&token=vt_live_`),
      minted.data.viewerUrl,
    );

    t.deepEqual([local.trouble, insecure.trouble, proxied.trouble], [[], [], []], "nothing wrong in the pages' consoles");
    await call(service.app!, 'DELETE', `/api/v1/avatars/${sessionId}`, { key: account.live });
  },
);
