/**
 * The companion in the user's language, as a person meets it: headless Chromium's fake microphone
 * asks a Spanish character, aloud, who she is in Spanish, then (a long pause later) what she does in
 * French. The page publishes the microphone as a user's page does; the node tells each turn's
 * language from the turn, and the companion answers in it: the captions on a watch-only page show
 * each question as heard and each answer in the question's language, and the watching page hears
 * the answers.
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, startListeningService, waitForState } from '../helpers/browser.js';
import { wordRecall } from '../helpers/transcripts.js';
import { joinPcm, silence } from '../helpers/opus-rtp.js';
import { createAccount } from '../helpers/service.js';
import { parseWav, wavFile } from '../../media/speech/wav.js';
import { inLanguage } from '../bench/reply-checks.js';
import { projectRoot } from '../../runtime/paths.js';

/**
 * The questions as recorded once in the service's Kokoro voices (test/fixtures/questions/README.md):
 * the same audio on every machine, where Kokoro's own output differs by CPU from one to the next.
 */
const QUESTIONS = [
  { text: 'Hola, ¿quién eres y a qué te dedicas en Sevilla?', recording: 'es-ES-dora.wav', language: 'es' },
  { text: 'Bonjour, que fais-tu dans la vie ?', recording: 'fr-FR-siwis.wav', language: 'fr' },
];
const RECORDINGS = path.join(projectRoot, 'test', 'fixtures', 'questions');

type Caption = { role: 'user' | 'companion'; text: string };
/** Lower case, without diacritics. */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const captionsOf = (page: Page) => page.evaluate('window.companionViewer.captions') as Promise<Caption[]>;
const level = async (page: Page) => ((await page.evaluate('window.companionViewer.audioLevel()')) as number | null) ?? 0;

/** The conversation as exchanges: each user caption with the companion captions after it, joined. */
function exchanges(captions: Caption[]): Array<{ user: string; companion: string }> {
  const out: Array<{ user: string; companion: string }> = [];
  for (const c of captions) {
    if (c.role === 'user') out.push({ user: c.text, companion: '' });
    else if (out.length > 0) out.at(-1)!.companion = `${out.at(-1)!.companion} ${c.text}`.trim();
  }
  return out;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('asked aloud in Spanish, a Spanish character answers in Spanish; asked in French, it follows into French', async (t) => {
  t.timeout(300_000);
  const service = await startListeningService(12);
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

  // The microphone: silence while the page sets up, the Spanish question, a long silence (the answer
  // is spoken meanwhile, in a Kokoro voice: seconds on a loaded machine), the French one, silence.
  const said = QUESTIONS.map((q) => parseWav(fs.readFileSync(path.join(RECORDINGS, q.recording))));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mic-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const micPath = path.join(dir, 'questions.wav');
  fs.writeFileSync(
    micPath,
    wavFile(joinPcm([silence(said[0]!, 2000), said[0]!, silence(said[0]!, 25_000), said[1]!, silence(said[0]!, 4000)])),
  );

  const character = await post('/api/v1/characters', {
    name: 'Lucía',
    language: 'es',
    personality: {
      description: 'Panadera de Sevilla, hornea pan de aceite cada mañana.',
      systemPrompt: 'Eres Lucía, una panadera de Sevilla.',
    },
  });
  t.is(character.status, 201);
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
  const watcher = await browser.newPage();
  await watcher.goto(`${api}/view#session=${sessionId}&token=${viewerToken}`);
  await waitForState(watcher, 'live', 30_000);
  await watcher.click('#unmute');
  const speaker = await browser.newPage();
  await speaker.goto(`${api}/view#session=${sessionId}&token=${clientToken}`);
  await waitForState(speaker, 'live', 30_000);
  await speaker.selectOption('#mic-mode', 'open');
  await speaker.click('#mic');

  // Loudest moment at the watching page while the answers play.
  let peak = 0;
  const listening = setInterval(() => {
    void level(watcher).then(
      (l) => (peak = Math.max(peak, l)),
      () => undefined,
    );
  }, 100);
  t.teardown(() => clearInterval(listening));

  const heard = await until(
    async () => exchanges(await captionsOf(watcher)),
    (x) => x.length >= 2 && x[1]!.companion.length > 0,
    180_000,
  );
  clearInterval(listening);
  t.log(JSON.stringify(heard));
  t.is(heard.length, 2, 'two questions, two turns');
  for (const [i, q] of QUESTIONS.entries()) {
    const x = heard[i]!;
    // Accents are the transcriber's spelling, not what it heard ("quien" for "quién").
    t.true(wordRecall(plain(q.text), plain(x.user)) >= 0.6, `heard "${x.user}" for "${q.text}"`);
    t.true(x.companion.length > 0, `an answer to "${q.text}"`);
    t.true(inLanguage(x.companion, q.language), `answered "${x.companion}" to a question in ${q.language}`);
  }
  t.true(peak > 0.01, 'the watching page heard the answers');
});
