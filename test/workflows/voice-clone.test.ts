/**
 * Voice cloning end to end: reference clips served by a local HTTP server, the clone workflow on
 * the real Temporal server, the real synthesis and transcription servers. Covers the success
 * path to `active` with voice.created at a real receiver, synthesis with the clone through the
 * three text-to-speech routes, characters and live and realtime sessions, distinct failure
 * reasons, a service (worker) restart mid-job, isolation between accounts and modes, deletion
 * (files gone, id 404, character fallback), multipart uploads and Idempotency-Key (one job).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import test from 'ava';
import type { EntityManager } from '@mikro-orm/postgresql';
import { call, createAccount, envelopeOf, startTestService, type TestAccount, type TestService } from '../helpers/service.js';
import { Receiver } from '../helpers/receiver.js';
import { wavFile } from '../../media/speech/wav.js';
import { voiceFilesDir } from '../../runtime/voices/voice-ids.js';
import { Voice } from '../../runtime/db/entities/voice.js';
import type { VersionRecord } from '../../runtime/voices/voice-versions.js';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const HTS = fs.readFileSync('/usr/share/codec2/raw/hts.raw');
const ENV = {
  VOICE_REFINE_ROUNDS: '1',
  VOICE_REFINE_ITERATIONS: '2',
  VOICE_SAMPLE_MAX_BYTES: String(1024 * 1024),
  // The tests poll GET /voices/:id while CPU-bound jobs run for minutes on a loaded machine: the
  // per-minute rate limit is not what is tested here (test/http/limits.test.ts is).
  COMPANION_PLAN_LIMITS: JSON.stringify({ pro: { requestsPerMinute: 1_000_000 } }),
};

let service: TestService;
let account: TestAccount;
let clips: http.Server;
let clipsUrl: string;

const silence = wavFile({ sampleRateHz: 16000, channels: 1, bitsPerSample: 16, data: Buffer.alloc(16000 * 2 * 10) });

test.before(async () => {
  service = await startTestService(ENV);
  account = await createAccount(service);
  clips = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/librivox/')) {
      const file = path.join(LIBRIVOX, path.basename(url));
      if (!fs.existsSync(file)) return res.writeHead(404).end();
      return res.writeHead(200, { 'content-type': 'audio/wav' }).end(fs.readFileSync(file));
    }
    // A man and a woman taking 6 s turns (codec2-examples' hts.raw, 8 kHz): a real two-speaker recording.
    if (url === '/two-speakers.wav')
      return res
        .writeHead(200, { 'content-type': 'audio/wav' })
        .end(wavFile({ sampleRateHz: 8000, channels: 1, bitsPerSample: 16, data: HTS.subarray(0, 12 * 8000 * 2) }));
    if (url === '/silence.wav') return res.writeHead(200, { 'content-type': 'audio/wav' }).end(silence);
    if (url === '/page.wav') return res.writeHead(200, { 'content-type': 'audio/wav' }).end('<!doctype html><p>not a clip</p>');
    if (url === '/huge.wav') return res.writeHead(200, { 'content-type': 'audio/wav' }).end(Buffer.alloc(2 * 1024 * 1024, 1));
    if (url === '/to-private.wav') return res.writeHead(302, { location: 'http://10.1.2.3/clip.wav' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => clips.listen(0, '127.0.0.1', resolve));
  clipsUrl = `http://127.0.0.1:${(clips.address() as AddressInfo).port}`;
});
test.after.always(async () => {
  clips?.closeAllConnections();
  await new Promise((resolve) => clips?.close(resolve));
  await service?.close();
});

/** The synthesis server's measures of any audio files (at 16 kHz): Praat's median F0, the long-term spectrum. */
async function measured(files: Array<string | Buffer>): Promise<{ pitch: { median_hz: number }; ltas: number[] }> {
  const pieces: Buffer[] = [];
  for (const file of files) {
    const input = typeof file === 'string' ? file : 'pipe:0';
    const run = promisify(execFile)('ffmpeg', ['-v', 'error', '-i', input, '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1'], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (typeof file !== 'string') run.child.stdin!.end(file);
    pieces.push((await run).stdout);
  }
  const audio = wavFile({ sampleRateHz: 16000, channels: 1, bitsPerSample: 16, data: Buffer.concat(pieces) }).toString('base64');
  const res = await fetch(`${process.env.SPEECH_TTS_URL}/v1/voices/measure`, { method: 'POST', body: JSON.stringify({ audio }) });
  return (await res.json()) as { pitch: { median_hz: number }; ltas: number[] };
}
const medianPitchHz = async (files: Array<string | Buffer>) => (await measured(files)).pitch.median_hz;

/** The synthesis server's own routes (register a version, speak with it), as the voice resolver calls them. */
async function synthesisServer(route: string, body: unknown): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(`${process.env.SPEECH_TTS_URL}${route}`, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}
const semitones = (hz: number, reference: number) => 12 * Math.log2(hz / reference);

async function clone(key: string, urls: string[], headers: Record<string, string> = {}) {
  const res = await call(service.app, 'POST', '/api/v1/voices', {
    key,
    headers,
    body: { name: 'My voice', samples: urls.map((url) => ({ url: `${clipsUrl}${url}` })) },
  });
  return res;
}

async function settle(svc: TestService, key: string, id: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const voice = (await call(svc.app, 'GET', `/api/v1/voices/${id}`, { key })).json().data;
    if (voice.status !== 'pending' || Date.now() > deadline) return voice;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test.serial('a clone from two LibriVox clips becomes active, emits voice.created and speaks through the TTS routes', async (t) => {
  // Cloning is CPU work: on a shared 2-core machine one job can take minutes.
  t.timeout(10 * 60_000);
  const receiver = new Receiver();
  await receiver.start();
  t.teardown(() => receiver.stop());
  await call(service.app, 'POST', '/api/v1/webhooks', { key: account.live, body: { url: receiver.url, events: ['voice.created'] } });

  const started = Date.now();
  const res = await clone(
    account.live,
    ['/librivox/sense_and_sensibility_01_austen_64kb-0870.wav', '/librivox/sense_and_sensibility_01_austen_64kb-0890.wav'],
    {
      'idempotency-key': `clone-${account.userId}`,
    },
  );
  t.is(res.statusCode, 202);
  const pending = res.json().data;
  t.like(pending, { object: 'voice', type: 'cloned', status: 'pending', version: 0 });
  t.regex(pending.id, /^vce_/);

  // The same Idempotency-Key and body replays the first answer and starts no second job; the same
  // key with another body is refused.
  const again = await clone(
    account.live,
    ['/librivox/sense_and_sensibility_01_austen_64kb-0870.wav', '/librivox/sense_and_sensibility_01_austen_64kb-0890.wav'],
    { 'idempotency-key': `clone-${account.userId}` },
  );
  t.is(again.statusCode, 202);
  t.is(again.headers['idempotent-replayed'], 'true');
  t.is(again.json().data.id, pending.id);
  const otherBody = await clone(account.live, ['/librivox/sense_and_sensibility_01_austen_64kb-0870.wav'], {
    'idempotency-key': `clone-${account.userId}`,
  });
  t.is(otherBody.statusCode, 422);
  const runs = [];
  for await (const run of service.services.temporal.workflow.list({ query: `WorkflowId = "voice-clone-${pending.id}"` })) runs.push(run);
  t.is(runs.length, 1, 'one clone workflow for the key');

  const voice = await settle(service, account.live, pending.id);
  t.is(voice.status, 'active', JSON.stringify(voice));
  t.log(`active after ${((Date.now() - started) / 1000).toFixed(1)} s, held-out similarity ${voice.similarity}`);
  t.true(voice.version >= 1);
  t.true(typeof voice.similarity === 'number' && voice.similarity > 0.5 && voice.similarity <= 1);
  t.is(voice.samples.length, 2);
  t.true(voice.samples.every((s: { format: string; durationS: number }) => s.format === 'wav' && s.durationS > 4));

  // The version's conversion of Kokoro's output (pitch, formants) is stored with it and is the
  // speaker's: its target F0 is the reference's median; every synthesis of the voice applies it,
  // each sentence measured after its conversion and corrected, so the clone speaks at its target.
  const row = await (service.services.orm.em.fork() as EntityManager).findOneOrFail(Voice, { id: pending.id });
  t.truthy(row.conversion, 'the version has a conversion');
  const versions = row.build.versions as VersionRecord[];
  t.deepEqual(versions.at(-1)!.conversion, row.conversion);
  t.is(typeof versions[0]!.measures?.pitch_st, 'number', 'version 1 records its pitch distance');
  const speakerHz = await medianPitchHz(['0870', '0890'].map((n) => path.join(LIBRIVOX, `sense_and_sensibility_01_austen_64kb-${n}.wav`)));
  const targetHz = row.conversion!.pitch_hz as number;
  t.true(Math.abs(semitones(targetHz, speakerHz)) < 0.5, `target ${targetHz} Hz, speaker ${speakerHz} Hz`);
  const spoken = await call(service.app, 'POST', '/api/v1/text-to-speech', {
    key: account.live,
    body: { text: 'Could you tell me the way to the station? I would like to catch the early train.', voiceId: pending.id },
  });
  const spokenHz = await medianPitchHz([spoken.rawPayload]);
  t.true(Math.abs(semitones(spokenHz, targetHz)) < 0.5, `the clone speaks at ${spokenHz} Hz, its target is ${targetHz} Hz`);

  // A version's timbre filter (conversion.timbre_db, a gain per long-term-spectrum band) is applied
  // by synthesis: the same style and pitch conversion with a filter rising 16 dB from the lowest band
  // to the highest speaks with its spectrum tilted that way. A malformed filter is refused.
  const style = fs.readFileSync(path.join(voiceFilesDir(service.services.config.dataDir, account.userId, pending.id), 'style-v1.bin'));
  const { pitch_hz, pitch_range, formant_ratio } = row.conversion!;
  const shift = { pitch_hz, pitch_range, formant_ratio };
  const rising = Array.from({ length: 24 }, (_, i) => -8 + (16 * i) / 23);
  const tilt = async (voice: string, conversion: Record<string, unknown>) => {
    const registered = await synthesisServer('/v1/voices/register', { name: voice, style: style.toString('base64'), conversion });
    t.is(registered.status, 200, registered.body.toString());
    const speech = await synthesisServer('/v1/audio/speech', {
      input: 'Could you tell me the way to the station? I would like to catch the early train.',
      voice,
    });
    const { ltas } = await measured([speech.body]);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    return mean(ltas.slice(-6)) - mean(ltas.slice(0, 6));
  };
  const plain = await tilt('clone:usr_timbretest/vce_plain/1', shift);
  const filtered = await tilt('clone:usr_timbretest/vce_filtered/1', { ...shift, timbre_db: rising, timbre_strength: 1 });
  t.true(filtered - plain > 8, `high bands over low: ${plain.toFixed(1)} dB unfiltered, ${filtered.toFixed(1)} dB through the filter`);
  for (const timbre_db of [rising.slice(1), rising.map((g) => g * 2)]) {
    const refused = await synthesisServer('/v1/voices/register', {
      name: 'clone:usr_timbretest/vce_bad/1',
      style: style.toString('base64'),
      conversion: { ...shift, timbre_db },
    });
    t.is(refused.status, 400, refused.body.toString());
  }

  const [got] = await receiver.waitFor((r) => r.length >= 1, 30_000);
  const event = JSON.parse(got!.rawBody);
  t.is(event.type, 'voice.created');
  t.like(event.data.object, { id: pending.id, status: 'active', type: 'cloned' });

  // Listed with the account's voices, and under kind=cloned alone.
  const all = (await call(service.app, 'GET', '/api/v1/voices', { key: account.live })).json();
  t.true(all.data.some((v: { id: string }) => v.id === pending.id));
  t.true(all.data.length >= 30);
  const own = (await call(service.app, 'GET', '/api/v1/voices', { key: account.live, query: { kind: 'cloned' } })).json();
  t.deepEqual(
    own.data.map((v: { id: string }) => v.id),
    [pending.id],
  );

  for (const route of ['/api/v1/text-to-speech', '/api/v1/text-to-speech/stream', '/api/v1/text-to-speech/with-timestamps']) {
    const tts = await call(service.app, 'POST', route, {
      key: account.live,
      body: { text: 'Hello from my own voice.', voiceId: pending.id },
    });
    t.is(tts.statusCode, 200, `${route}: ${tts.body.slice(0, 200)}`);
    const audio = route.endsWith('timestamps') ? Buffer.from(tts.json().data.audio, 'base64') : tts.rawPayload;
    t.is(audio.subarray(0, 4).toString('latin1'), 'RIFF', route);
    t.true(audio.length > 24000, route);
  }

  // A character can use it; the public demo cannot.
  const character = await call(service.app, 'POST', '/api/v1/characters', {
    key: account.live,
    body: { name: 'Clone', voiceId: pending.id },
  });
  t.is(character.statusCode, 201);
  // Live and realtime sessions speak with it (the realtime room's performer resolves the clone).
  for (const realtime of [false, true]) {
    const session = await call(service.app, 'POST', '/api/v1/avatars', {
      key: account.live,
      body: { characterId: character.json().data.id, voice: pending.id, realtime },
    });
    t.is(session.statusCode, 201, session.body);
    t.is(session.json().data.voice, pending.id);
    if (realtime) t.truthy(service.services.media!.roomFor(session.json().data.id), 'the room opened with the cloned voice');
    await call(service.app, 'DELETE', `/api/v1/avatars/${session.json().data.id}`, { key: account.live });
  }
  const demo = await service.app.inject({ method: 'POST', url: '/api/v1/demo/tts', payload: { text: 'Hi', voiceId: pending.id } });
  t.is(demo.statusCode, 400);

  // The other mode and another account see nothing of it.
  const other = await createAccount(service);
  for (const key of [account.test, other.live]) {
    t.is((await call(service.app, 'GET', `/api/v1/voices/${pending.id}`, { key })).statusCode, 404);
    t.is((await call(service.app, 'DELETE', `/api/v1/voices/${pending.id}`, { key })).statusCode, 404);
    const tts = await call(service.app, 'POST', '/api/v1/text-to-speech', { key, body: { text: 'Hi', voiceId: pending.id } });
    t.is(tts.statusCode, 400);
    const list = (await call(service.app, 'GET', '/api/v1/voices', { key, query: { kind: 'cloned' } })).json();
    t.deepEqual(list.data, []);
    const theirs = await call(service.app, 'POST', '/api/v1/characters', { key, body: { name: 'Theirs' } });
    const session = await call(service.app, 'POST', '/api/v1/avatars', {
      key,
      body: { characterId: theirs.json().data.id, voice: pending.id },
    });
    t.is(session.statusCode, 400, 'another account cannot open a session with the voice');
  }

  // Deleting it removes its files, answers 404 after, and the character falls back.
  const dir = voiceFilesDir(service.services.config.dataDir, account.userId, pending.id);
  t.true(fs.existsSync(path.join(dir, 'style-v1.bin')));
  const deleted = await call(service.app, 'DELETE', `/api/v1/voices/${pending.id}`, { key: account.live });
  t.is(deleted.statusCode, 200);
  t.false(fs.existsSync(dir));
  t.is((await call(service.app, 'GET', `/api/v1/voices/${pending.id}`, { key: account.live })).statusCode, 404);
  const after = await call(service.app, 'GET', `/api/v1/characters/${character.json().data.id}`, { key: account.live });
  t.is(after.json().data.voiceId, 'en-US-joe', 'the default voice');
  const tts = await call(service.app, 'POST', '/api/v1/text-to-speech', { key: account.live, body: { text: 'Hi', voiceId: pending.id } });
  t.is(tts.statusCode, 400);
});

test('unusable samples fail with distinct reason codes', async (t) => {
  t.timeout(10 * 60_000);
  const cases: Array<[string, string]> = [
    ['/librivox/sense_and_sensibility_01_austen_64kb-0880.wav', 'too_little_speech'],
    ['/silence.wav', 'silent'],
    ['/page.wav', 'sample_not_audio'],
    ['/missing.wav', 'sample_not_found'],
    ['/huge.wav', 'sample_too_large'],
    ['/to-private.wav', 'sample_refused'],
    ['/two-speakers.wav', 'several_speakers'],
  ];
  const voices = await Promise.all(
    cases.map(async ([url]) => {
      const res = await clone(account.test, [url]);
      t.is(res.statusCode, 202, url);
      return res.json().data.id as string;
    }),
  );
  for (const [i, [url, code]] of cases.entries()) {
    const voice = await settle(service, account.test, voices[i]!);
    t.is(voice.status, 'failed', url);
    t.is(voice.failureCode, code, `${url}: ${voice.failureReason}`);
    t.true(voice.failureReason.length > 10, url);
  }
});

test('a multipart upload of two clips starts a job that decodes both; the document shows the three bodies', async (t) => {
  t.timeout(5 * 60_000);
  const boundary = '----clonetest' + Math.random().toString(16).slice(2);
  const part = (headers: string, data: Buffer | string) => [
    Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
    Buffer.from(data),
    Buffer.from('\r\n'),
  ];
  const body = Buffer.concat([
    ...part('Content-Disposition: form-data; name="name"', 'Uploaded'),
    ...['0870', '0920'].flatMap((n) =>
      part(
        `Content-Disposition: form-data; name="file"; filename="${n}.wav"\r\nContent-Type: audio/wav`,
        fs.readFileSync(path.join(LIBRIVOX, `sense_and_sensibility_01_austen_64kb-${n}.wav`)),
      ),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const res = await call(service.app, 'POST', '/api/v1/voices', {
    key: account.test,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  t.is(res.statusCode, 202, res.body);
  const id = res.json().data.id as string;
  t.like(res.json().data, { name: 'Uploaded', status: 'pending', samples: [{ url: null }, { url: null }] });
  // Past fetching, both uploads are decoded (their durations are known).
  const deadline = Date.now() + 4 * 60_000;
  let voice;
  do {
    await new Promise((resolve) => setTimeout(resolve, 250));
    voice = (await call(service.app, 'GET', `/api/v1/voices/${id}`, { key: account.test })).json().data;
  } while (['queued', 'fetching'].includes(voice.step) && Date.now() < deadline);
  t.true(
    voice.samples.every((s: { durationS: number; format: string | null }) => s.durationS > 4),
    JSON.stringify(voice.samples),
  );
  t.is((await call(service.app, 'DELETE', `/api/v1/voices/${id}`, { key: account.test })).statusCode, 200);

  const noFile = await call(service.app, 'POST', '/api/v1/voices', {
    key: account.test,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([...part('Content-Disposition: form-data; name="name"', 'x'), Buffer.from(`--${boundary}--\r\n`)]),
  });
  t.is(noFile.statusCode, 400);

  const doc = (await service.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  const post = doc.paths['/api/v1/voices'].post;
  t.deepEqual(Object.keys(post.requestBody.content).sort(), [
    'application/json',
    'application/octet-stream',
    'audio/*',
    'multipart/form-data',
  ]);
  t.truthy(post.parameters.find((p: { name: string; in: string }) => p.in === 'header' && p.name === 'idempotency-key'));
});

test('a URL refused by the SSRF guard, and a malformed body, answer 400 at once', async (t) => {
  const refused = await call(service.app, 'POST', '/api/v1/voices', {
    key: account.live,
    body: { name: 'x', samples: [{ url: 'http://169.254.169.254/latest/meta-data' }] },
  });
  t.is(refused.statusCode, 400);
  t.is(envelopeOf(refused).code, 'COMPANION_ERR_REQUEST_INVALID');
  const empty = await call(service.app, 'POST', '/api/v1/voices', { key: account.live, body: { name: 'x', samples: [] } });
  t.is(empty.statusCode, 400);
  t.is((await call(service.app, 'GET', '/api/v1/voices/vce_nothere', { key: account.live })).statusCode, 404);
});

test.serial('a clone job survives a restart of the service (and its worker) in the middle', async (t) => {
  t.timeout(10 * 60_000);
  const res = await clone(account.live, [
    '/librivox/sense_and_sensibility_01_austen_64kb-0870.wav',
    '/librivox/sense_and_sensibility_01_austen_64kb-0920.wav',
  ]);
  const id = res.json().data.id as string;
  const deadline = Date.now() + 60_000;
  let step = 'queued';
  while (!['transcribing', 'building', 'registering'].includes(step) && Date.now() < deadline) {
    step = (await call(service.app, 'GET', `/api/v1/voices/${id}`, { key: account.live })).json().data.step;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await service.close();
  service = await startTestService(ENV);
  const voice = await settle(service, account.live, id);
  t.is(voice.status, 'active', JSON.stringify(voice));
});
