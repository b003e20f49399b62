import test from 'ava';
import { fadedToSilence } from '../../media/publishing/ffmpeg-publisher.js';

const level = (samples: number, value: number) => Buffer.from(new Int16Array(samples).fill(value).buffer);
const samplesOf = (chunk: Buffer) => Array.from(new Int16Array(chunk.buffer, chunk.byteOffset, chunk.length / 2));

test('a barge-in turns the audio the encoder holds into silence of the same length, faded out first so it does not click', (t) => {
  const held = [level(100, 1000), level(400, -1000)];
  const muted = fadedToSilence(held, 240);
  t.deepEqual(
    muted.map((c) => c.length),
    held.map((c) => c.length),
    'the clock and the video keep their sync',
  );
  const all = muted.flatMap(samplesOf);
  t.is(all[0], 1000, 'the fade starts where the voice is');
  t.is(all[120], -500, 'halfway down at half the fade, across the chunks');
  t.true(
    all.slice(1, 240).every((x, i) => Math.abs(x) <= Math.abs(all[i]!)),
    'only ever quieter',
  );
  t.true(
    all.slice(240).every((x) => x === 0),
    'silence after the fade',
  );
  t.deepEqual(samplesOf(held[0]!).slice(0, 3), [1000, 1000, 1000], 'the chunks handed over are not changed in place');
});
