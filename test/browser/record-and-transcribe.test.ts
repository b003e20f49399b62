/**
 * A recording made by a real browser: headless Chromium's MediaRecorder records a (fake)
 * microphone playing synthesised speech as WebM/Opus, and the page sends it to
 * POST /api/v1/speech-to-text, which transcribes it.
 */
import test from 'ava';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { launchChromium, startListeningService } from '../helpers/browser.js';
import { createAccount } from '../helpers/service.js';

test('a WebM/Opus recording from a browser’s MediaRecorder is transcribed', async (t) => {
  const service = await startListeningService(8);
  t.teardown(() => service.close());
  const account = await createAccount(service);
  const api = service.url!;

  // The "microphone": a sentence spoken by the service's own fast voice, as a WAV file.
  const sentence = 'The quick brown fox jumps over the lazy dog near the river bank.';
  const tts = await fetch(`${api}/api/v1/text-to-speech`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.live}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: sentence, voiceId: 'en-US-joe' }),
  });
  t.is(tts.status, 200);
  const wavPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mic-')), 'mic.wav');
  fs.writeFileSync(wavPath, Buffer.from(await tts.arrayBuffer()));
  t.teardown(() => fs.rmSync(path.dirname(wavPath), { recursive: true, force: true }));
  const durationMs = Number(tts.headers.get('x-audio-duration-ms') ?? 4000);

  const page = `<!doctype html><meta charset="utf-8"><title>rec</title><pre id="out"></pre><script>
    (async () => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm;codecs=opus' });
      const chunks = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      await new Promise((resolve) => setTimeout(resolve, ${durationMs + 700}));
      recorder.stop();
      await stopped;
      const blob = new Blob(chunks, { type: recorder.mimeType });
      const res = await fetch(${JSON.stringify(api)} + '/api/v1/speech-to-text', {
        method: 'POST', headers: { authorization: 'Bearer ${account.live}', 'content-type': 'audio/webm' }, body: blob });
      document.getElementById('out').textContent = JSON.stringify({ status: res.status, type: blob.type, bytes: blob.size, body: await res.json() });
      document.title = 'done';
    })().catch((e) => { document.getElementById('out').textContent = String(e); document.title = 'done'; });
  </script>`;
  const site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  t.teardown(() => site.close());

  const browser = await launchChromium([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wavPath}%noloop`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
  t.teardown(() => browser.close());
  const tab = await browser.newPage();
  await tab.goto(`http://localhost:${(site.address() as AddressInfo).port}/`);
  await tab.waitForFunction("document.title === 'done'", undefined, { timeout: 30_000 });
  const raw = await tab.locator('#out').textContent();
  const result = JSON.parse(raw ?? '{}') as {
    status: number;
    type: string;
    bytes: number;
    body: { data: { text: string; words: Array<{ word: string; start: number }> } };
  };
  t.is(result.status, 200, raw ?? '');
  t.regex(result.type, /^audio\/webm/);
  t.true(result.bytes > 1000);
  const heard = result.body.data.text.toLowerCase();
  t.log(`browser recording transcribed as: ${result.body.data.text}`);
  const expected = ['quick', 'brown', 'fox', 'jumps', 'lazy', 'dog', 'river'];
  const found = expected.filter((w) => heard.includes(w));
  t.true(found.length >= 5, `heard "${heard}"`);
  t.true(result.body.data.words.length >= 8, 'words come with times');
});
