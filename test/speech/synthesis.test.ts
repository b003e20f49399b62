import test from 'ava';
import { request } from 'undici';
import {
  call,
  clearOfMinuteEdge,
  createAccount,
  envelopeOf,
  startTestService,
  type TestAccount,
  type TestService,
} from '../helpers/service.js';
import { Receiver } from '../helpers/receiver.js';
import { UNKNOWN_LENGTH } from '../../media/speech/wav.js';
import { innerPauses, normalise, wavSeconds, wordsOf } from './audio-helpers.js';

let service: TestService;
let account: TestAccount;
let baseUrl: string;

test.before(async () => {
  service = await startTestService();
  account = await createAccount(service);
  baseUrl = await service.app.listen({ host: '127.0.0.1', port: 0 });
});
test.after.always(async () => {
  await service?.close();
});

const LONG_TEXT =
  'Companion speaks as soon as it can. The first words leave the server while the rest of the text is still being ' +
  'synthesised, sentence by sentence. This paragraph is long on purpose, so that the whole of it takes the model ' +
  'noticeably longer than its first short piece. Listeners hear the beginning early and the end arrives in time.';

test('the voice list has built-in voices of both genders and several accents, each with engine, rate and timing', async (t) => {
  const res = await call(service.app, 'GET', '/api/v1/voices', { key: account.live });
  t.is(res.statusCode, 200);
  const voices = res.json().data as Array<{
    voiceId: string;
    gender: string;
    accent: string;
    language: string;
    engine: string;
    sampleRate: number;
    timestamps: string;
  }>;
  // All 28 English Kokoro voices and Piper's joe, each once, and Kokoro's 21 voices of six other languages.
  const english = voices.filter((v) => v.language.startsWith('en-'));
  t.is(english.filter((v) => v.engine === 'kokoro').length, 28);
  t.is(english.length, 29);
  t.is(voices.length, 50);
  t.is(new Set(voices.map((v) => v.voiceId)).size, 50);
  for (const id of ['en-US-slt', 'en-US-clb', 'en-US-bdl', 'en-GB-alan', 'en-US-joe'])
    t.truthy(
      voices.find((v) => v.voiceId === id),
      id,
    );
  t.deepEqual(new Set(voices.map((v) => v.gender)), new Set(['female', 'male']));
  t.true(new Set(voices.map((v) => v.accent)).size >= 2);
  const joe = voices.find((v) => v.voiceId === 'en-US-joe')!;
  t.like(joe, { engine: 'piper', sampleRate: 22050, timestamps: 'measured' });

  const one = await call(service.app, 'GET', '/api/v1/voices/en-GB-alan', { key: account.live });
  t.is(one.statusCode, 200);
  t.like(one.json().data, { voiceId: 'en-GB-alan', engine: 'kokoro', sampleRate: 24000, timestamps: 'measured' });
  const missing = await call(service.app, 'GET', '/api/v1/voices/vc_nope', { key: account.live });
  t.is(missing.statusCode, 404);
  t.is(envelopeOf(missing).code, 'COMPANION_ERR_NOT_FOUND');
});

test('text-to-speech answers a complete WAV that parses, at the voice’s sample rate, with speech in it', async (t) => {
  for (const [voiceId, rate] of [
    ['en-US-joe', 22050],
    ['en-GB-alan', 24000],
  ] as const) {
    const res = await call(service.app, 'POST', '/api/v1/text-to-speech', {
      key: account.live,
      body: { text: 'Hello there, this is a test of speech.', voiceId },
    });
    t.is(res.statusCode, 200, voiceId);
    t.is(res.headers['content-type'], 'audio/wav');
    const wav = res.rawPayload;
    t.is(wav.toString('ascii', 0, 4), 'RIFF');
    t.is(wav.readUInt32LE(4), wav.length - 8, 'RIFF size is exact');
    const { pcm, seconds } = wavSeconds(wav);
    t.is(pcm.sampleRateHz, rate);
    t.is(pcm.channels, 1);
    t.true(seconds > 1.2 && seconds < 8, `${voiceId}: ${seconds} s`);
    const peak = Math.max(...Array.from({ length: pcm.data.length / 2 }, (_, i) => Math.abs(pcm.data.readInt16LE(i * 2))));
    t.true(peak > 3000, 'not silence');
  }
});

test('the stream route sends its first audio before the whole text is synthesised', async (t) => {
  const headers = { authorization: `Bearer ${account.live}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ text: LONG_TEXT, voiceId: 'en-US-joe' });
  // The same text, complete, for comparison.
  const fullStarted = performance.now();
  const full = await request(`${baseUrl}/api/v1/text-to-speech`, { method: 'POST', headers, body });
  await full.body.arrayBuffer();
  const fullMs = performance.now() - fullStarted;

  const started = performance.now();
  const res = await request(`${baseUrl}/api/v1/text-to-speech/stream`, { method: 'POST', headers, body });
  t.is(res.statusCode, 200);
  t.is(res.headers['content-type'], 'audio/wav');
  const chunks: Buffer[] = [];
  let firstMs = 0;
  for await (const chunk of res.body) {
    if (chunks.length === 0) firstMs = performance.now() - started;
    chunks.push(chunk as Buffer);
  }
  const streamed = Buffer.concat(chunks);
  t.is(streamed.readUInt32LE(40), UNKNOWN_LENGTH, 'streamed WAV header has an unknown length');
  const { seconds } = wavSeconds(streamed);
  t.true(seconds > 10, `${seconds} s of audio`);
  t.true(firstMs < fullMs / 2, `first audio after ${firstMs.toFixed(0)} ms; complete WAV took ${fullMs.toFixed(0)} ms`);
});

test('with-timestamps gives measured word offsets for Piper that line up with the transcribed audio', async (t) => {
  const text = 'The morning train leaves the station at seven, and the evening train returns before midnight.';
  const res = await call(service.app, 'POST', '/api/v1/text-to-speech/with-timestamps', {
    key: account.live,
    body: { text, voiceId: 'en-US-joe' },
  });
  t.is(res.statusCode, 200);
  const data = res.json().data as {
    audio: string;
    words: Array<{ word: string; start: number; end: number }>;
    offsets: string;
    durationMs: number;
  };
  t.is(data.offsets, 'measured');
  t.deepEqual(
    data.words.map((w) => normalise(w.word)),
    wordsOf(text),
  );
  for (const [i, w] of data.words.entries()) {
    t.true(w.end > w.start, `${w.word} has a length`);
    if (i > 0) t.true(w.start >= data.words[i - 1]!.end - 0.001, `${w.word} starts after the previous word`);
  }
  const wav = Buffer.from(data.audio, 'base64');
  t.true(Math.abs(wavSeconds(wav).seconds * 1000 - data.durationMs) < 2);

  const heard = await call(service.app, 'POST', '/api/v1/speech-to-text', {
    key: account.live,
    headers: { 'content-type': 'audio/wav' },
    body: wav,
  });
  t.is(heard.statusCode, 200);
  const transcribed = heard.json().data.words as Array<{ word: string; start: number }>;
  let compared = 0;
  let cursor = 0;
  for (const w of data.words) {
    const at = transcribed.findIndex((h, i) => i >= cursor && normalise(h.word) === normalise(w.word));
    if (at < 0) continue;
    cursor = at + 1;
    compared++;
    t.true(Math.abs(transcribed[at]!.start - w.start) < 0.3, `${w.word}: synthesised at ${w.start}, heard at ${transcribed[at]!.start}`);
  }
  t.true(compared >= data.words.length * 0.7, `${compared} of ${data.words.length} words compared`);
});

test('with-timestamps measures Kokoro voices’ offsets too: every word has a length, in order, within the audio, a pause where it is heard', async (t) => {
  const res = await call(service.app, 'POST', '/api/v1/text-to-speech/with-timestamps', {
    key: account.live,
    body: { text: 'Good evening. Shall we begin?', voiceId: 'en-US-slt' },
  });
  t.is(res.statusCode, 200);
  const data = res.json().data as {
    audio: string;
    words: Array<{ word: string; start: number; end: number }>;
    offsets: string;
    durationMs: number;
    sampleRate: number;
  };
  t.is(data.offsets, 'measured');
  t.is(data.sampleRate, 24000);
  t.deepEqual(
    data.words.map((w) => w.word),
    ['Good', 'evening.', 'Shall', 'we', 'begin?'],
  );
  for (const [i, w] of data.words.entries()) {
    t.true(w.end > w.start, `${w.word} has a length`);
    if (i > 0) t.true(w.start >= data.words[i - 1]!.end - 0.001, `${w.word} starts after the previous word`);
  }
  // The pause between the two sentences lies between "evening." and "Shall", where it is heard.
  t.true(data.words[2]!.start - data.words[1]!.end > 0.1, JSON.stringify(data.words));
  t.true(data.words.at(-1)!.end <= data.durationMs / 1000);
  const pauses = innerPauses(wavSeconds(Buffer.from(data.audio, 'base64')).pcm);
  t.is(pauses.length, 1, JSON.stringify(pauses));
  const [pauseAt, pauseMs] = pauses[0]!;
  t.true(Math.abs(pauseAt - data.words[1]!.end) < 0.1, `the pause is heard at ${pauseAt} s, "evening." ends at ${data.words[1]!.end} s`);
  t.true(
    Math.abs(pauseAt + pauseMs / 1000 - data.words[2]!.start) < 0.1,
    `the pause ends at ${pauseAt + pauseMs / 1000} s, "Shall" starts at ${data.words[2]!.start} s`,
  );
});

test('synthesis limits: text over the maximum is 413, an unknown voice 400, missing fields 400', async (t) => {
  const long = await call(service.app, 'POST', '/api/v1/text-to-speech', {
    key: account.live,
    body: { text: 'a'.repeat(5001), voiceId: 'en-US-joe' },
  });
  t.is(long.statusCode, 413);
  t.is(envelopeOf(long).code, 'COMPANION_ERR_SPEECH_TEXT_TOO_LONG');
  const voice = await call(service.app, 'POST', '/api/v1/text-to-speech/stream', {
    key: account.live,
    body: { text: 'Hi.', voiceId: 'xx-nope' },
  });
  t.is(voice.statusCode, 400);
  t.is(envelopeOf(voice).code, 'COMPANION_ERR_SPEECH_VOICE');
  const empty = await call(service.app, 'POST', '/api/v1/text-to-speech/with-timestamps', {
    key: account.live,
    body: { voiceId: 'en-US-joe' },
  });
  t.is(empty.statusCode, 400);
  t.is(envelopeOf(empty).code, 'COMPANION_ERR_REQUEST_INVALID');
});

test('the public demo synthesises without a key, for demo voices only, 5 times a minute per address', async (t) => {
  const remoteAddress = '203.0.113.77';
  await clearOfMinuteEdge();
  const voices = await service.app.inject({ method: 'GET', url: '/api/v1/demo/voices', remoteAddress });
  t.is(voices.statusCode, 200);
  t.true((voices.json().data as Array<{ voiceId: string }>).some((v) => v.voiceId === 'en-US-joe'));

  const demo = (body: object) => service.app.inject({ method: 'POST', url: '/api/v1/demo/tts', remoteAddress, payload: body });
  const refused = await demo({ text: 'Hi.', voiceId: 'en-US-clb' });
  t.is(refused.statusCode, 400, 'not a demo voice');
  for (let i = 2; i <= 5; i++) {
    const res = await demo({ text: 'Hi there.', voiceId: 'en-US-joe' });
    t.is(res.statusCode, 200, `request ${i}`);
    t.is(res.headers['content-type'], 'audio/wav');
  }
  const limited = await demo({ text: 'Hi there.', voiceId: 'en-US-joe' });
  t.is(limited.statusCode, 429);
  t.is(envelopeOf(limited).code, 'COMPANION_ERR_LIMIT_IP');
  t.true(Number(limited.headers['retry-after']) >= 1);
  const other = await service.app.inject({
    method: 'POST',
    url: '/api/v1/demo/tts',
    remoteAddress: '203.0.113.78',
    payload: { text: 'Hi.', voiceId: 'en-US-joe' },
  });
  t.is(other.statusCode, 200, 'another address has its own allowance');
});

test('key-authenticated synthesis delivers tts.completed to a subscribed webhook', async (t) => {
  const receiver = new Receiver();
  await receiver.start();
  t.teardown(() => receiver.stop());
  const own = await createAccount(service);
  const hook = await call(service.app, 'POST', '/api/v1/webhooks', {
    key: own.live,
    body: { url: receiver.url, events: ['tts.completed'] },
  });
  t.is(hook.statusCode, 201);
  const text = 'Deliver an event when this is spoken.';
  const res = await call(service.app, 'POST', '/api/v1/text-to-speech', { key: own.live, body: { text, voiceId: 'en-US-joe' } });
  t.is(res.statusCode, 200);
  const received = await receiver.waitFor((r) => r.length >= 1);
  const event = JSON.parse(received[0]!.rawBody) as {
    type: string;
    livemode: boolean;
    data: { voiceId: string; characters: number; durationMs: number; format: string };
  };
  t.is(event.type, 'tts.completed');
  t.true(event.livemode);
  t.like(event.data, { voiceId: 'en-US-joe', characters: text.length, format: 'wav' });
  t.true(Math.abs(event.data.durationMs - wavSeconds(res.rawPayload).seconds * 1000) < 2);
});
