/**
 * Talking to the companion as a person would: headless Chromium with a fake microphone (a WAV of a
 * question synthesised by the service itself, played once) opens the viewer page with the
 * session's st_ token, picks "Open mic" and clicks the microphone button. The page publishes its
 * Opus through a send transport; the node hears the question (Silero VAD, end of turn after the
 * silence), transcribes it and takes it as a chat turn. The transcript is journalled as the user's
 * turn, the companion answers aloud (heard by a second, watch-only page) and both pages show the
 * two sides as captions.
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Page } from 'playwright-core';
import { launchChromium, startListeningService, waitForState } from '../helpers/browser.js';
import { wordRecall } from '../helpers/transcripts.js';
import { joinPcm, silence } from '../helpers/opus-rtp.js';
import { createAccount } from '../helpers/service.js';
import { parseWav, wavFile } from '../../media/speech/wav.js';

const QUESTION = 'What is the tallest mountain in the world?';

type Caption = { role: 'user' | 'companion'; text: string };
const captionsOf = (page: Page) => page.evaluate('window.companionViewer.captions') as Promise<Caption[]>;
/** The captions from the user's question on (the greeting before it reached only the pages that had joined). */
const fromQuestion = (captions: Caption[]) => {
  const asked = captions.findIndex((c) => c.role === 'user');
  return asked < 0 ? [] : captions.slice(asked);
};
const level = async (page: Page) => ((await page.evaluate('window.companionViewer.audioLevel()')) as number | null) ?? 0;

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('a question asked aloud in the viewer page is journalled as the user’s turn, answered aloud, and captioned', async (t) => {
  t.timeout(200_000);
  const service = await startListeningService(14);
  t.teardown(() => service.close());
  const account = await createAccount(service);
  const api = service.url!;
  const post = async (route: string, body: unknown) => {
    const res = await fetch(`${api}${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.live}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: res.headers.get('content-type')?.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer()),
    };
  };

  // The microphone: two seconds of silence (the page sets up its transport meanwhile), the
  // question in the service's own voice, then silence (the end of the turn).
  const tts = await post('/api/v1/text-to-speech', { text: QUESTION, voiceId: 'en-US-joe' });
  t.is(tts.status, 200);
  const said = parseWav(tts.body as Buffer);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mic-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const micPath = path.join(dir, 'question.wav');
  fs.writeFileSync(micPath, wavFile(joinPcm([silence(said, 2000), said, silence(said, 3000)])));

  const character = await post('/api/v1/characters', { name: 'Mira' });
  const session = await post('/api/v1/avatars', { characterId: (character.body as { data: { id: string } }).data.id, realtime: true });
  t.is(session.status, 201);
  const { id: sessionId, clientToken } = (session.body as { data: { id: string; clientToken: string } }).data;
  const minted = await post(`/api/v1/avatars/${sessionId}/viewer-token`, {});
  const viewerToken = (minted.body as { data: { token: string } }).data.token;

  const browser = await launchChromium([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${micPath}%noloop`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
  t.teardown(() => browser.close());

  // A watch-only page listens (and reads the captions) while the st_ page talks.
  const watcher = await browser.newPage();
  await watcher.goto(`${api}/view#session=${sessionId}&token=${viewerToken}`);
  await waitForState(watcher, 'live', 30_000);
  t.true(await watcher.locator('#voice').isHidden(), 'a viewer token gets no microphone');
  await watcher.click('#unmute');
  const speaker = await browser.newPage();
  await speaker.goto(`${api}/view#session=${sessionId}&token=${clientToken}`);
  await waitForState(speaker, 'live', 30_000);
  t.true(await speaker.locator('#voice').isVisible(), 'the st_ page offers the microphone');

  // The greeting plays to the first viewer; let it finish before asking.
  const quiet = await until(
    async () => {
      const samples: number[] = [];
      for (let i = 0; i < 15; i++) {
        samples.push(await level(watcher));
        await new Promise((r) => setTimeout(r, 100));
      }
      return Math.max(...samples);
    },
    (peak) => peak < 0.01,
    30_000,
  );

  await speaker.selectOption('#mic-mode', 'open');
  await speaker.click('#mic');
  const asked = Date.now();

  // The node hears the question once the silence after it lasts VOICE_END_OF_TURN_MS, transcribes
  // it and answers: the user's words and the reply come back as captions on both pages.
  const captions = await until(
    () => captionsOf(speaker).then(fromQuestion),
    (c) => c.some((x) => x.role === 'companion'),
    60_000,
  );
  t.log(`captions ${((Date.now() - asked) / 1000).toFixed(1)} s after the microphone opened: ${JSON.stringify(captions)}`);
  const user = captions.find((c) => c.role === 'user');
  const reply = captions.find((c) => c.role === 'companion');
  t.truthy(user, 'the user’s words are captioned');
  t.truthy(reply, 'the reply is captioned');
  t.true(wordRecall(QUESTION, user?.text ?? '') >= 0.8, `heard "${user?.text}" for "${QUESTION}"`);
  // The journal holds the transcript as the user's turn and the reply as the companion's.
  const em = service.services.orm.em.fork() as EntityManager;
  const turns = await until(
    async () =>
      (await em.getConnection().execute('SELECT role, text FROM session_turns WHERE session_id = ? ORDER BY seq', [sessionId])) as Array<{
        role: string;
        text: string;
      }>,
    (rows) => rows.at(-1)?.role === 'companion' && rows.at(-2)?.role === 'user',
    30_000,
  );
  t.deepEqual(
    turns.slice(-2).map((r) => r.role),
    ['user', 'companion'],
  );
  t.is(turns.at(-2)!.text, user!.text);
  // The reply is captioned sentence by sentence as it is spoken: joined, the sentences are the
  // reply the journal holds, on both pages.
  const replyOf = (c: Caption[]) =>
    c
      .filter((x) => x.role === 'companion')
      .map((x) => x.text)
      .join(' ');
  const [watched, spoken] = await until(
    async () => [fromQuestion(await captionsOf(watcher)), fromQuestion(await captionsOf(speaker))],
    ([w, s]) => replyOf(w) === turns.at(-1)!.text && replyOf(s) === turns.at(-1)!.text,
    30_000,
  );
  t.is(replyOf(spoken), turns.at(-1)!.text, 'the reply is captioned as the journal holds it');
  t.deepEqual(watched, spoken, 'the watch-only page sees the same captions');

  // And the companion answers aloud: the watcher hears its voice rise after the question.
  const peak = await until(
    () => level(watcher),
    (l) => l > Math.max(quiet * 4, 0.01),
    30_000,
  );
  t.log(`voice RMS at the watcher: ${quiet.toFixed(4)} before the question, ${peak.toFixed(4)} answering`);
  t.true(peak > Math.max(quiet * 4, 0.01), `the answer is heard (RMS ${peak.toFixed(4)} vs ${quiet.toFixed(4)} before)`);
  t.false(await speaker.evaluate('window.companionViewer.mic.error !== null'), 'the microphone started without an error');

  await fetch(`${api}/api/v1/avatars/${sessionId}`, { method: 'DELETE', headers: { authorization: `Bearer ${account.live}` } });
});
