/**
 * The speech defects found by a client-side check (issue 9): Piper word times fell back to
 * interpolation for some plain sentences, and the streamed WAV carried different audio from the
 * complete WAV of the same text. Also the phonemes the TTS server reports for lip-sync.
 */
import test from 'ava';
import { request } from 'undici';
import { call, createAccount, startTestService, type TestAccount, type TestService } from '../helpers/service.js';
import { SpeechService } from '../../media/speech/speech-service.js';
import { builtInVoice } from '../../runtime/voices/voice-catalog.js';
import { parseWav } from '../../media/speech/wav.js';
import { normalise, wavSeconds, wordsOf } from './audio-helpers.js';

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

// Harvard sentences; the first two came back "interpolated" with overlapping word times.
const SENTENCES = [
  'The birch canoe slid on the smooth planks.',
  "It's easy to tell the depth of a well.",
  'Glue the sheet to the dark blue background.',
  'These days a chicken leg is a rare dish.',
  'Rice is often served in round bowls.',
  'The juice of lemons makes fine punch.',
  'The box was thrown beside the parked truck.',
  'The ticket costs $12.50 today, said Mr. Smith.',
];

test('with-timestamps measures the words of every sentence Piper speaks: in order, never overlapping', async (t) => {
  for (const text of SENTENCES) {
    const res = await call(service.app, 'POST', '/api/v1/text-to-speech/with-timestamps', {
      key: account.live,
      body: { text, voiceId: 'en-US-joe' },
    });
    t.is(res.statusCode, 200, text);
    const data = res.json().data as { words: Array<{ word: string; start: number; end: number }>; offsets: string; durationMs: number };
    t.is(data.offsets, 'measured', text);
    t.deepEqual(
      data.words.map((w) => normalise(w.word)),
      wordsOf(text),
      text,
    );
    for (const [i, w] of data.words.entries()) {
      t.true(w.end > w.start, `${text}: "${w.word}" has a length`);
      if (i > 0) t.true(w.start >= data.words[i - 1]!.end - 0.001, `${text}: "${w.word}" starts after the previous word ends`);
    }
    t.true(data.words.at(-1)!.end <= data.durationMs / 1000 + 0.001, text);
  }
});

test('the TTS client reports Piper’s measured phonemes, in order, covering the speech of the audio', async (t) => {
  const speech = new SpeechService({
    ttsUrl: process.env.SPEECH_TTS_URL!,
    sttUrl: process.env.SPEECH_STT_URL!,
    timeoutMs: 60_000,
    maxResponseBytes: 64 * 1024 * 1024,
    ffmpegPath: 'ffmpeg',
    maxAudioS: 60,
  });
  try {
    const timed = await speech.speakPiece(builtInVoice('en-US-joe')!, 'The birch canoe slid on the smooth planks.');
    t.is(timed.offsets, 'measured');
    const seconds = timed.pcm.data.length / 2 / timed.pcm.sampleRateHz;
    t.true(timed.phonemes.length >= 25, `${timed.phonemes.length} phonemes`);
    t.deepEqual(
      timed.phonemes.slice(0, 3).map((p) => p.phoneme),
      ['ð', 'ə', 'b'],
    );
    for (const [i, p] of timed.phonemes.entries()) {
      t.true(p.end > p.start);
      if (i > 0) t.true(p.start >= timed.phonemes[i - 1]!.end - 0.001);
    }
    t.true(timed.phonemes.at(-1)!.end <= seconds + 0.001);
    // Each word spans exactly its phonemes: the first word ends where the third phoneme starts.
    t.is(timed.words[0]!.end, timed.phonemes[2]!.start);
    const kokoro = await speech.speakPiece(builtInVoice('en-US-slt')!, 'Good evening.');
    t.is(kokoro.offsets, 'measured');
    t.deepEqual(
      kokoro.phonemes.slice(0, 3).map((p) => p.phoneme),
      ['ɡ', 'ʊ', 'd'],
    );
    t.is(kokoro.words[0]!.end, kokoro.phonemes[2]!.end);
    t.is(kokoro.words[1]!.start, kokoro.phonemes[3]!.start);
  } finally {
    await speech.close();
  }
});

test('the streamed WAV carries the same audio as the complete WAV of the same text', async (t) => {
  const text =
    'Companion speaks as soon as it can. The first words leave the server while the rest is still being synthesised, ' +
    'sentence by sentence. Listeners hear the beginning early and the end arrives in time.';
  for (const voiceId of ['en-US-joe', 'en-GB-alan']) {
    const complete = await call(service.app, 'POST', '/api/v1/text-to-speech', { key: account.live, body: { text, voiceId } });
    t.is(complete.statusCode, 200);
    const streamed = await request(`${baseUrl}/api/v1/text-to-speech/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.live}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text, voiceId }),
    });
    t.is(streamed.statusCode, 200);
    const body = Buffer.from(await streamed.body.arrayBuffer());
    const completeS = wavSeconds(complete.rawPayload).seconds;
    // The stream's header has unknown sizes: its samples are everything after the 44-byte header.
    const streamS = (body.length - 44) / 2 / parseWav(complete.rawPayload).sampleRateHz;
    // Piper draws its timing noise (noise_w) afresh on every call: the same pieces give the same
    // audio up to that noise, measured at up to 2.6 % of the duration on this text. Different
    // pieces (the defect) differed by 0.7–1.3 s, 7–13 %.
    // Both engines time their phonemes deterministically (Piper with noise_w 0, see tts_server.py),
    // so the same pieces give the same length to the sample; different pieces (the defect this
    // test guards) differed by 0.7–1.3 s. 10 ms allows for rounding at piece boundaries only.
    const allowed = 0.01;
    t.true(Math.abs(completeS - streamS) < allowed, `${voiceId}: complete ${completeS.toFixed(2)} s, streamed ${streamS.toFixed(2)} s`);
  }
});
