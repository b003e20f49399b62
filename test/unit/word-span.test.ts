import test from 'ava';
import { cutToWords } from '../../media/speech/word-span.js';
import type { TimedSpeech } from '../../media/speech/tts-client.js';

const RATE = 1000; // one sample a millisecond, so that offsets read as samples

/** Three words, 200 ms each with 100 ms of silence between, then 100 ms of pause: level 1000 under each word. */
function threeWords(): TimedSpeech {
  const data = Buffer.alloc(900 * 2);
  for (const start of [0, 300, 600]) for (let i = start; i < start + 200; i++) data.writeInt16LE(1000, i * 2);
  return {
    pcm: { sampleRateHz: RATE, channels: 1, bitsPerSample: 16, data: data.subarray(0, 800 * 2) },
    offsets: 'measured',
    words: [
      { word: 'one', start: 0, end: 0.2 },
      { word: 'two', start: 0.3, end: 0.5 },
      { word: 'three', start: 0.6, end: 0.8 },
    ],
    phonemes: [
      { phoneme: 'w', start: 0, end: 0.1 },
      { phoneme: 'ʌ', start: 0.1, end: 0.2 },
      { phoneme: 't', start: 0.3, end: 0.4 },
      { phoneme: 'u', start: 0.4, end: 0.5 },
      { phoneme: 'θ', start: 0.6, end: 0.8 },
    ],
  };
}

test('the first words are cut halfway to the next word, with their timings, and fade out at the cut', (t) => {
  const cut = cutToWords(threeWords(), { from: 0, to: 2 });
  t.is(cut.pcm.data.length / 2, 550, 'to halfway between "two" (ends 500 ms) and "three" (starts 600 ms)');
  t.deepEqual(
    cut.words.map((w) => [w.word, w.start, w.end]),
    [
      ['one', 0, 0.2],
      ['two', 0.3, 0.5],
    ],
  );
  t.deepEqual(
    cut.phonemes.map((p) => p.phoneme),
    ['w', 'ʌ', 't', 'u'],
  );
  t.is(cut.pcm.data.readInt16LE(0), 1000, 'no fade where the audio starts anyway');
});

test('the rest starts halfway after its context word, with times from the cut, and keeps its end', (t) => {
  const cut = cutToWords(threeWords(), { from: 1 });
  t.is(cut.pcm.data.length / 2, 800 - 250, 'from halfway between "one" (ends 200 ms) and "two" (starts 300 ms) to the end');
  t.deepEqual(
    cut.words.map((w) => [w.word, w.start, w.end]),
    [
      ['two', 0.05, 0.25],
      ['three', 0.35, 0.55],
    ],
  );
  t.deepEqual(
    cut.phonemes.map((p) => [p.phoneme, p.start]),
    [
      ['t', 0.05],
      ['u', 0.15],
      ['θ', 0.35],
    ],
  );
});

test('a cut inside a word that runs into the next fades in over a few milliseconds, so the join makes no click', (t) => {
  const timed = threeWords();
  timed.pcm.data.fill(0);
  for (let i = 0; i < 800; i++) timed.pcm.data.writeInt16LE(1000, i * 2); // no silence between the words
  timed.words = timed.words.map((w, i) => ({ ...w, start: i * 0.25, end: (i + 1) * 0.25 }));
  const cut = cutToWords(timed, { from: 1, to: 2 });
  t.is(cut.pcm.data.length / 2, 250);
  t.is(cut.pcm.data.readInt16LE(0), 0, 'faded in');
  t.is(cut.pcm.data.readInt16LE(2 * 125), 1000);
  t.true(cut.pcm.data.readInt16LE(2 * 249) < 300, 'faded out');
});

test('before a word that starts with a fricative, the cut is at the onset of its hiss, which comes before its measured start', (t) => {
  const rate = 22_050;
  const data = Buffer.alloc(rate * 2); // one second
  const hissFrom = Math.round(0.45 * rate);
  for (let i = 0; i < rate; i++) {
    const vowel = Math.round(8000 * Math.sin((2 * Math.PI * 150 * i) / rate));
    data.writeInt16LE(i < hissFrom ? vowel : i % 2 ? 2000 : -2000, i * 2);
  }
  const timed: TimedSpeech = {
    pcm: { sampleRateHz: rate, channels: 1, bitsPerSample: 16, data },
    offsets: 'measured',
    words: [
      { word: 'brother', start: 0, end: 0.5 },
      { word: 'sold', start: 0.5, end: 1 },
    ],
    phonemes: [
      { phoneme: 'ɚ', start: 0, end: 0.5 },
      { phoneme: 's', start: 0.5, end: 0.6 },
      { phoneme: 'o', start: 0.6, end: 1 },
    ],
  };
  const first = cutToWords(timed, { from: 0, to: 1 });
  t.true(
    Math.abs(first.pcm.data.length / 2 - hissFrom) <= rate * 0.003,
    `cut at ${first.pcm.data.length / 2 / rate} s, the hiss starts at 0.45 s`,
  );
  const rest = cutToWords(timed, { from: 1 });
  t.is(first.pcm.data.length / 2 + rest.pcm.data.length / 2, rate, 'the rest starts where the first words end');
});
