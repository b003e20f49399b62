import test from 'ava';
import type { Appearance } from '../../runtime/db/entities/character.js';
import { DEFAULT_APPEARANCE } from '../../runtime/characters/character-service.js';
import { createAvatarPerformer } from '../../media/avatar/performer.js';
import { visemeAt } from '../../media/avatar/visemes.js';
import { firstWords } from '../../media/publishing/sentence-pieces.js';
import { SpeechService } from '../../media/speech/speech-service.js';
import { wavFile } from '../../media/speech/wav.js';
import { innerPauses, wordsOf } from './audio-helpers.js';

const MIRA: Appearance = { ...DEFAULT_APPEARANCE, style: 'cartoon' };
let speech: SpeechService;
test.before(() => {
  speech = new SpeechService({
    ttsUrl: process.env.SPEECH_TTS_URL!,
    sttUrl: process.env.SPEECH_STT_URL!,
    timeoutMs: 60_000,
    maxResponseBytes: 64 * 1024 * 1024,
    ffmpegPath: 'ffmpeg',
    maxAudioS: 60,
  });
});
test.after.always(() => speech?.close());

const W = 256;
const H = 256;
function mouthDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let y = Math.floor(0.55 * H); y < Math.floor(0.75 * H); y++)
    for (let x = Math.floor(0.4 * W); x < Math.floor(0.75 * W); x++) sum += Math.abs(a[y * W + x]! - b[y * W + x]!);
  return sum;
}

test('a Piper sentence becomes audio with a measured viseme track of the same length, and the mouth moves with it', async (t) => {
  const performer = await createAvatarPerformer({ appearance: MIRA, voiceId: 'en-US-joe', speech, width: W, height: H });
  const u = await performer.prepare('Maybe we should walk to the old bridge by the water.');
  t.is(u.timing, 'measured');
  t.is(u.sampleRate, 22050);
  t.true(Math.abs(u.durationMs - (u.pcm.length / u.sampleRate) * 1000) < 1);
  t.true(u.durationMs > 1500);
  const last = u.track.segments.at(-1)!;
  t.true(last.endMs <= u.durationMs + 1, 'the track ends within the audio');
  const shapes = new Set(u.track.segments.map((s) => s.viseme));
  for (const v of ['MBP', 'WQ', 'AA']) t.true(shapes.has(v as never), `"${v}" occurs (maybe, walk, water)`);
  // "Maybe" starts with closed lips: the first sound is MBP.
  t.is(u.track.segments.find((s) => s.viseme !== 'rest')!.viseme, 'MBP');

  const idle = performer.frameAt(0);
  t.is(idle.length, (W * H * 3) / 2);
  let moving = 0;
  let frames = 0;
  for (let ms = 0; ms < u.durationMs; ms += 1000 / 12) {
    frames++;
    const f = performer.frameAt(0, { utterance: u, elapsedMs: ms });
    if (visemeAt(u.track, ms) !== 'rest' && mouthDiff(idle, f) > 0) moving++;
  }
  t.true(moving > frames / 2, `${moving} of ${frames} frames show a speaking mouth`);
  t.deepEqual(performer.frameAt(0, { utterance: u, elapsedMs: u.durationMs + 500 }), idle, 'after the utterance the mouth rests');
  performer.close();
});

test('a sentence said as its first words and the rest, each cut from a synthesis with context, is heard whole, with no pause at the joins', async (t) => {
  const piper = await createAvatarPerformer({ appearance: MIRA, voiceId: 'en-US-joe', speech, width: W, height: H });
  const kokoro = await createAvatarPerformer({ appearance: MIRA, voiceId: 'en-US-slt', speech, width: W, height: H });
  t.truthy(piper.pace() && kokoro.pace(), 'Piper and Kokoro measure their word timings');
  // Cut before a vowel, and before a fricative (whose hiss comes before its measured start); Kokoro after more words, as its pace asks.
  for (const [performer, sentence, count] of [
    [piper, 'The tallest mountain in the world is Mount Everest in Nepal.', 3],
    [piper, 'My little brother sold his bicycle to a neighbor last week.', 3],
    [kokoro, 'The tallest mountain in the world is Mount Everest in Nepal.', 5],
  ] as const) {
    const words = sentence.split(' ');
    const first = await performer.prepare(words.slice(0, count + 2).join(' '), undefined, { from: 0, to: count });
    const rest = await performer.prepare(words.slice(count - 2).join(' '), undefined, { from: 2 });
    const whole = await performer.prepare(sentence);
    t.is(first.text, words.slice(0, count).join(' '));
    t.is(rest.text, words.slice(count).join(' '));
    t.true(
      first.track.segments.at(-1)!.endMs <= first.durationMs + 1 && rest.track.segments[0]!.startMs < 100,
      'each track fits its own audio',
    );
    const joined = {
      sampleRateHz: first.sampleRate,
      channels: 1,
      bitsPerSample: 16,
      data: Buffer.concat([pcmBytes(first.pcm), pcmBytes(rest.pcm)]),
    };
    const alone = { ...joined, data: pcmBytes(whole.pcm) };
    const joinedMs = (joined.data.length / 2 / joined.sampleRateHz) * 1000;
    t.true(
      Math.abs(joinedMs - whole.durationMs) < 0.15 * whole.durationMs,
      `${Math.round(joinedMs)} ms joined, ${Math.round(whole.durationMs)} ms whole`,
    );
    const pauses = { joined: innerPauses(joined), whole: innerPauses(alone) };
    t.true(pauses.joined.length <= pauses.whole.length, `inner pauses ${JSON.stringify(pauses)}`);
    const heard = await speech.transcribe(wavFile(joined));
    t.deepEqual(wordsOf(heard.text), wordsOf(sentence), `heard "${heard.text}"`);
  }
  piper.close();
  kokoro.close();
});

test("a voice's first words are as many as its measured pace asks: Kokoro's more than Piper's, the rest made while they play", async (t) => {
  const piper = await createAvatarPerformer({ appearance: MIRA, voiceId: 'en-US-joe', speech, width: W, height: H });
  const kokoro = await createAvatarPerformer({ appearance: MIRA, voiceId: 'en-US-slt', speech, width: W, height: H });
  for (const text of ['Good morning to you.', 'I baked bread this morning, and it smells wonderful in the kitchen.']) {
    await piper.prepare(text);
    await kokoro.prepare(text);
    await kokoro.prepare(text, 'es');
  }
  const sentence = 'The tallest mountain in the whole world is Mount Everest, high above the valleys of Nepal.';
  const fast = firstWords(sentence, true, piper.pace())!;
  const slow = firstWords(sentence, true, kokoro.pace());
  t.is(fast.said, 'The tallest mountain');
  t.true(!slow || wordsOf(slow.said).length > 3, `Kokoro's first words: ${slow?.said ?? '(the sentence whole)'}`);
  t.is(kokoro.pace('es'), kokoro.pace(), 'a Kokoro voice in Spanish is paced as Kokoro');
  piper.close();
  kokoro.close();
});

function pcmBytes(pcm: Int16Array): Buffer {
  return Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
}

test('a Kokoro voice gives a measured track at its own rate, the lips closing on its own phonemes', async (t) => {
  const performer = await createAvatarPerformer({ appearance: MIRA, voiceId: 'en-US-slt', speech, width: W, height: H });
  const u = await performer.prepare('Maybe we should walk to the old bridge by the water.');
  t.is(u.timing, 'measured');
  t.is(u.track.timing, 'measured');
  t.is(u.sampleRate, 24000);
  t.true(u.track.segments.at(-1)!.endMs <= u.durationMs + 1);
  const shapes = new Set(u.track.segments.map((s) => s.viseme));
  for (const v of ['MBP', 'WQ', 'AA']) t.true(shapes.has(v as never), `"${v}" occurs (maybe, walk, water)`);
  t.is(u.track.segments.find((s) => s.viseme !== 'rest')!.viseme, 'MBP');
  performer.close();
});

test('a Spanish sentence in a Spanish voice gets a measured track from Spanish phonemes', async (t) => {
  const performer = await createAvatarPerformer({ appearance: MIRA, voiceId: 'es-ES-dora', speech, width: W, height: H });
  // "Mamá" opens and closes the lips twice; "bebe" and "vino" close them too (b and v are one sound in Spanish).
  const u = await performer.prepare('Mamá bebe vino por la mañana.');
  t.is(u.timing, 'measured');
  const shapes = u.track.segments.filter((s) => s.viseme !== 'rest').map((s) => s.viseme);
  t.deepEqual(shapes.slice(0, 4), ['MBP', 'AA', 'MBP', 'AA']);
  t.true(shapes.filter((v) => v === 'MBP').length >= 4, shapes.join(' '));
  t.true(u.track.segments.at(-1)!.endMs <= u.durationMs + 1);
  performer.close();
});

test('an unknown voice is refused at creation', async (t) => {
  await t.throwsAsync(() => createAvatarPerformer({ appearance: MIRA, voiceId: 'xx-nope', speech, width: W, height: H }), {
    instanceOf: RangeError,
  });
});
