/**
 * Watching the companion as a person would: headless Chromium opens the service's viewer page
 * (/view) with a viewer token, on a node that does not host the session, and with the session's
 * st_ token on the other. Needs media-core's rooms (realtime sessions) and face's renderer for the
 * mouth check. Two node processes share the harness's stack (on their own Redis database); their
 * WebRTC ports come from the harness's RTC_MIN_PORT..RTC_MAX_PORT. The chatting page, once its
 * video is checked to show the character, is saved as .data/screenshots/viewer-page.png on every
 * run: the README's picture (`npm run screenshots` copies it to docs/images/).
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, pageTrouble, waitForState } from '../helpers/browser.js';
import { NodeProcess } from '../helpers/node-process.js';
import { projectRoot } from '../../runtime/paths.js';

/** The frame size of a realtime session's video (docs/MEDIA.md: MEDIA_VIDEO_WIDTH/HEIGHT default). */
const FRAME = { width: 512, height: 512 };
const TARGET_FPS = 12;
/**
 * The character's look: the README shows this very character, and the frame checks below find its
 * background colour in the video. Kept out of .data/test (wiped by every run) so the last picture
 * stays for `npm run screenshots`, which copies it to docs/images/viewer-page.png.
 */
const APPEARANCE = { hairStyle: 'long', hairColor: '#6b3a1e', eyeColor: '#2e7d5b', backgroundColor: '#3b5b7a' };
const screenshot = path.join(projectRoot, '.data/screenshots/viewer-page.png');

async function inboundVideo(
  page: Page,
): Promise<{ framesDecoded: number; framesReceived: number; framesDropped: number; frameWidth: number; frameHeight: number; at: number }> {
  // A string, not a function: the page runs it in the browser (this project compiles without DOM types).
  return page.evaluate(`(async () => {
    const stats = await window.companionViewer.stats();
    // mediasoup-client also receives on a 'probator' stream (bandwidth probing, never decoded): skip it.
    const v = stats.find((s) => s.type === 'inbound-rtp' && s.kind === 'video' && s.mid !== 'probator') ?? {};
    return { framesDecoded: Number(v.framesDecoded ?? 0), framesReceived: Number(v.framesReceived ?? 0),
             framesDropped: Number(v.framesDropped ?? 0), frameWidth: Number(v.frameWidth ?? 0),
             frameHeight: Number(v.frameHeight ?? 0), at: performance.now() };
  })()`);
}

/**
 * How much the mouth region (lower middle of the frame) changes between frames sampled every
 * 100 ms over `ms`: the mean absolute luma change per pixel, after undoing the face's idle sway.
 * The renderer moves the whole face by a few pixels when silent (the idle motion the issue asks
 * for), so each sample is compared with the previous one at the shift (up to ±SHIFT px) that
 * matches best: what remains is the mouth changing shape (plus codec noise), not the head moving.
 */
async function mouthMotion(page: Page, ms: number): Promise<number> {
  return page.evaluate(`(async () => {
    const SHIFT = 6;
    const video = document.getElementById('video');
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const w = canvas.width, h = canvas.height;
    const x0 = Math.floor(w * 0.35), y0 = Math.floor(h * 0.55), rw = Math.floor(w * 0.3), rh = Math.floor(h * 0.25);
    const pw = rw + 2 * SHIFT, ph = rh + 2 * SHIFT;
    // The region with SHIFT pixels around it, as luma.
    const region = () => {
      ctx.drawImage(video, 0, 0);
      const rgba = ctx.getImageData(x0 - SHIFT, y0 - SHIFT, pw, ph).data;
      const luma = new Float32Array(pw * ph);
      for (let i = 0; i < luma.length; i++) luma[i] = 0.299 * rgba[4 * i] + 0.587 * rgba[4 * i + 1] + 0.114 * rgba[4 * i + 2];
      return luma;
    };
    const change = (current, previous) => {
      let best = Infinity;
      for (let dy = -SHIFT; dy <= SHIFT; dy++) {
        for (let dx = -SHIFT; dx <= SHIFT; dx++) {
          let diff = 0, n = 0;
          for (let y = 0; y < rh; y += 2) {
            const c = (y + SHIFT) * pw + SHIFT, p = (y + SHIFT + dy) * pw + SHIFT + dx;
            for (let x = 0; x < rw; x += 2, n++) diff += Math.abs(current[c + x] - previous[p + x]);
          }
          best = Math.min(best, diff / n);
        }
      }
      return best;
    };
    let previous = region(), total = 0, samples = 0;
    const end = performance.now() + ${ms};
    while (performance.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      const current = region();
      total += change(current, previous);
      samples++;
      previous = current;
    }
    return total / Math.max(1, samples);
  })()`);
}

/**
 * What the page's video shows right now: whether it is playing, the mean colour of its top-left
 * corner (the character's background: the face is drawn centred, swaying by a few pixels only) and
 * the spread of luma over the whole frame (a face, not a flat or black picture).
 */
async function videoFrame(
  page: Page,
): Promise<{ playing: boolean; corner: [number, number, number]; lumaMean: number; lumaSpread: number }> {
  // A page that joined a moment ago may have its first caption before its first decoded frame
  // (a clean-clone run on a loaded machine): the picture is read once there is one.
  await page.waitForFunction("document.getElementById('video').videoWidth > 0", undefined, { timeout: 15_000 });
  return page.evaluate(`(() => {
    const video = document.getElementById('video');
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    ctx.drawImage(video, 0, 0);
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const corner = [0, 0, 0];
    let n = 0;
    for (let y = 4; y < 28; y++) for (let x = 4; x < 28; x++, n++) for (let c = 0; c < 3; c++) corner[c] += data[4 * (y * canvas.width + x) + c];
    let sum = 0, squares = 0;
    const pixels = data.length / 4;
    for (let i = 0; i < data.length; i += 4) {
      const luma = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
      sum += luma;
      squares += luma * luma;
    }
    const lumaMean = sum / pixels;
    return { playing: !video.paused && video.readyState >= 2 && video.currentTime > 0, corner: corner.map((v) => v / n),
             lumaMean, lumaSpread: Math.sqrt(Math.max(0, squares / pixels - lumaMean * lumaMean)) };
  })()`);
}

function hexColour(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** The page's audio level now, then a 100 ms pause: one sample of the loops below. */
async function sampleLevel(page: Page): Promise<number> {
  const level = ((await page.evaluate('window.companionViewer.audioLevel()')) as number | null) ?? 0;
  await new Promise((r) => setTimeout(r, 100));
  return level;
}

/** Audio levels sampled every 100 ms for `ms`. */
async function levels(page: Page, ms: number): Promise<number[]> {
  const out: number[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) out.push(await sampleLevel(page));
  return out;
}

/** Audio levels sampled every 100 ms until one satisfies `heard` (included) or `timeoutMs` passes. */
async function levelsUntil(page: Page, heard: (level: number) => boolean, timeoutMs: number): Promise<number[]> {
  const out: number[] = [];
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const level = await sampleLevel(page);
    out.push(level);
    if (heard(level)) break;
  }
  return out;
}

/** Whether `spellMs` of levels in a row all satisfy `quiet` within `timeoutMs`. */
async function quietSpell(page: Page, quiet: (level: number) => boolean, spellMs: number, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  let since = Date.now();
  while (Date.now() < end) {
    const level = await sampleLevel(page);
    if (!quiet(level)) since = Date.now();
    else if (Date.now() - since >= spellMs) return true;
  }
  return false;
}

test('viewers on two nodes watch and hear the companion, consoles clean; viewers counts 2; ending closes both with a reason', async (t) => {
  t.timeout(230_000);
  fs.mkdirSync(path.dirname(screenshot), { recursive: true });
  const env = { COMPANION_ROLE: 'api', REDIS_URL: `${process.env.REDIS_URL}/12`, REPLY_ENGINE: 'persona' };
  const host = await NodeProcess.start(env, 60_000);
  t.teardown(() => host.kill('SIGTERM'));
  const other = await NodeProcess.start(env, 60_000);
  t.teardown(() => other.kill('SIGTERM'));

  const { stdout } = await import('node:child_process').then(({ execFileSync }) => ({
    stdout: execFileSync(
      process.execPath,
      [path.join(projectRoot, 'dist/runtime/cli.js'), 'bootstrap', '--email', `v-${Date.now()}@example.test`],
      {
        env: process.env,
        encoding: 'utf8',
      },
    ),
  }));
  const key = /sk_live_[0-9A-Za-z]{32}/.exec(stdout)![0];
  // No greeting: the test compares the face at rest with the face while it answers, and a greeting
  // would be spoken to the first viewer (test/actors/chat-stream.test.ts covers the greeting).
  const character = await host.fetch('POST', '/api/v1/characters', key, {
    name: 'Mira',
    appearance: APPEARANCE,
    personality: { greeting: '' },
  });
  const session = await host.fetch('POST', '/api/v1/avatars', key, {
    characterId: character.json.data.id,
    realtime: true,
    target_fps: TARGET_FPS,
  });
  t.is(session.status, 201, JSON.stringify(session.json));
  const sessionId = session.json.data.id as string;
  const viewerA = await host.fetch('POST', `/api/v1/avatars/${sessionId}/viewer-token`, key, {});
  const viewerB = await host.fetch('POST', `/api/v1/avatars/${sessionId}/viewer-token`, key, {});
  t.is(viewerA.status, 201);
  t.regex(viewerA.json.data.token, /^vt_live_/);

  const browser = await launchChromium(['--autoplay-policy=user-gesture-required']);
  t.teardown(() => browser.close());
  // Viewer A signals through the node that does NOT host the session; B and the chatting page through the host.
  const pageA = await browser.newPage();
  // Loading and playing, a page that works shows nothing wrong in its console (issue 39: a 426 of a
  // plain GET of the signalling route, a 404 for the favicon).
  const trouble = { A: pageTrouble(pageA), B: [] as string[], chat: [] as string[] };
  await pageA.goto(`${other.url}/view#session=${sessionId}&token=${viewerA.json.data.token}`);
  const pageB = await browser.newPage();
  trouble.B = pageTrouble(pageB);
  await pageB.goto(`${host.url}/view#session=${sessionId}&token=${viewerB.json.data.token}`);
  for (const page of [pageA, pageB]) await waitForState(page, 'live', 30_000);
  t.true(await pageA.locator('#chat').isHidden(), 'a viewer token only watches');

  const state = await host.fetch('GET', `/api/v1/avatars/${sessionId}`, key);
  t.is(state.json.data.viewers, 2);

  // Video decodes at the target rate ±10% and at the documented size. Both pages are measured over
  // the same 10 s: frames arrive in small bursts on a loaded machine (55 then 64 in consecutive 5 s
  // windows were seen), so a 5 s window right after joining measured the burst, not the rate.
  const firsts = await Promise.all([pageA, pageB].map((page) => inboundVideo(page)));
  await new Promise((r) => setTimeout(r, 10_000));
  const seconds = await Promise.all([pageA, pageB].map((page) => inboundVideo(page)));
  for (const [i, second] of seconds.entries()) {
    const first = firsts[i]!;
    const fps = ((second.framesDecoded - first.framesDecoded) * 1000) / (second.at - first.at);
    const received = second.framesReceived - first.framesReceived;
    const dropped = second.framesDropped - first.framesDropped;
    t.log(`decoded ${fps.toFixed(2)} fps at ${second.frameWidth}×${second.frameHeight} (${received} frames received, ${dropped} dropped)`);
    t.true(Math.abs(fps - TARGET_FPS) <= TARGET_FPS * 0.1, `decoded ${fps.toFixed(1)} fps, target ${TARGET_FPS}`);
    t.deepEqual({ width: second.frameWidth, height: second.frameHeight }, FRAME);
  }

  // Sound after the click browsers require; it rises while the companion speaks a typed reply and falls after.
  await pageA.click('#unmute');
  const silentMouth = await mouthMotion(pageA, 2_000);
  const before = await levels(pageA, 1_500);
  // The page the README shows: it watches and chats (an st_ token), at a size that fits a README.
  const chatPage = await browser.newPage({ viewport: { width: 720, height: 600 } });
  trouble.chat = pageTrouble(chatPage);
  await chatPage.goto(`${host.url}/view#session=${sessionId}&token=${session.json.data.clientToken}`);
  await waitForState(chatPage, 'live', 30_000);
  await chatPage.fill('#text', 'Tell me about the lighthouse in two sentences.');
  await chatPage.click('#chat button');
  // The voice starts when synthesis has produced the first sentence, later on a loaded machine:
  // wait for it (up to 30 s), then measure the voice and the mouth while it speaks.
  const quiet = Math.max(...before);
  const heard = await levelsUntil(pageA, (level) => level > quiet * 4 && level > 0.01, 30_000);
  // While it speaks, the chatting page is checked and pictured: the README's screenshot shows the
  // exchange and the face mid-sentence. Its sound is switched on first, as a visitor would.
  const pictured = async () => {
    await chatPage.locator('#transcript li.companion').first().waitFor({ timeout: 30_000 });
    const frame = await videoFrame(chatPage);
    await chatPage.click('#unmute');
    await chatPage.screenshot({ path: screenshot });
    return frame;
  };
  const [during, speakingMouth, frame] = await Promise.all([levels(pageA, 3_000), mouthMotion(pageA, 3_000), pictured()]);
  // The chatting page plays the companion drawn from its appearance.
  const background = hexColour(APPEARANCE.backgroundColor);
  t.log(
    `chat page frame: corner rgb(${frame.corner.map((c) => c.toFixed(0)).join(', ')}) for ${APPEARANCE.backgroundColor}, luma mean ${frame.lumaMean.toFixed(1)}, spread ${frame.lumaSpread.toFixed(1)}`,
  );
  t.true(frame.playing, 'the video plays');
  t.true(
    frame.corner.every((c, i) => Math.abs(c - background[i]!) <= 24),
    `the background is the character's ${APPEARANCE.backgroundColor}, not black`,
  );
  t.true(frame.lumaSpread > 15, `a face is drawn, not a flat picture (luma spread ${frame.lumaSpread.toFixed(1)})`);
  t.true(fs.statSync(screenshot).size > 0);
  await chatPage.close();
  const peak = Math.max(...heard, ...during);
  t.log(
    `voice RMS: before ${quiet.toFixed(4)}, peak ${peak.toFixed(4)} (${(heard.length / 10).toFixed(1)} s after the click); mouth change: ${silentMouth.toFixed(2)} silent, ${speakingMouth.toFixed(2)} speaking`,
  );
  t.true(peak > quiet * 4 && peak > 0.01, `voice RMS peak ${peak.toFixed(4)} vs before ${quiet.toFixed(4)}`);
  // And it falls silent once the reply is spoken: two quiet seconds in a row within 30 s.
  const after = await quietSpell(pageA, (level) => level < peak / 4, 2_000, 30_000);
  t.true(after, `silent after the reply (peak ${peak.toFixed(4)})`);
  t.true(speakingMouth > silentMouth * 2, `mouth moves while speaking (${speakingMouth.toFixed(2)} vs ${silentMouth.toFixed(2)} at rest)`);

  t.deepEqual(trouble, { A: [], B: [], chat: [] }, "nothing wrong in the pages' consoles while they load and play");

  // Ending the session closes both viewers' streams with the reason.
  const ended = await host.fetch('DELETE', `/api/v1/avatars/${sessionId}`, key);
  t.is(ended.status, 200);
  for (const page of [pageA, pageB]) {
    await waitForState(page, 'ended', 15_000);
    const closed = await page.evaluate('({ code: window.companionViewer.closeCode, reason: window.companionViewer.closeReason })');
    t.deepEqual(closed, { code: 4000, reason: 'session ended: explicit' });
  }
  const after2 = await host.fetch('GET', `/api/v1/avatars/${sessionId}`, key);
  t.is(after2.json.data.viewers, 0);

  // A link opened after the end says why: the page asks the route once its socket is refused.
  const late = await browser.newPage();
  await late.goto(`${other.url}/view#session=${sessionId}&token=${viewerA.json.data.token}`);
  await waitForState(late, 'refused', 15_000);
  const why = String(await late.evaluate('window.companionViewer.closeReason'));
  t.regex(why, /revoked|ended/);
  t.is(await late.locator('#status').textContent(), why, 'the page shows it');
});
