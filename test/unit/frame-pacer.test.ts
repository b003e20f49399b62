import test from 'ava';
import { pino } from 'pino';
import { FramePacer, PACER_SAMPLE_RATE } from '../../actors/session/frame-pacer.js';
import type { PacedPerformer, SpokenAudio } from '../../media/publishing/performer.js';

interface Tick {
  at: number;
  frame: Buffer;
  pcm: Buffer;
}

/** Speaks each sentence as a constant level (so the PCM says which sentence played) after `delays[text]` ms. */
function fakePerformer(delays: Record<string, number>): PacedPerformer<SpokenAudio & { text: string }> {
  return {
    width: 4,
    height: 4,
    async prepare(text) {
      await new Promise((r) => setTimeout(r, delays[text] ?? 0));
      const pcm = new Int16Array(24_000 / 4).fill(text.length * 100); // 250 ms at 24 kHz
      return { text, pcm, sampleRate: 24_000, durationMs: 250 };
    },
    frameAt(tMs, playing) {
      return Buffer.from(JSON.stringify({ tMs, speaking: playing?.utterance.text ?? null }));
    },
    close() {},
  };
}

function run(fps: number, performer: PacedPerformer<SpokenAudio & { text: string }>) {
  const ticks: Tick[] = [];
  const pacer = new FramePacer({
    performer,
    fps,
    log: pino({ level: 'silent' }),
    sink: { write: (frame, pcm) => ticks.push({ at: performance.now(), frame, pcm }) },
  });
  return { pacer, ticks };
}

test('the pacer emits frames at the target rate with exactly 48 kHz of audio between them', async (t) => {
  const { pacer, ticks } = run(20, fakePerformer({}));
  pacer.start();
  await new Promise((r) => setTimeout(r, 1500));
  pacer.close();
  const seconds = (ticks.at(-1)!.at - ticks[0]!.at) / 1000;
  const rate = (ticks.length - 1) / seconds;
  t.true(rate > 16 && rate < 24, `${rate.toFixed(1)} frames/s, target 20`);
  const samples = ticks.reduce((n, tick) => n + tick.pcm.length / 2, 0);
  t.is(samples, Math.floor((ticks.length * PACER_SAMPLE_RATE) / 20), 'each tick carries its share of the audio, no more, no less');
  t.true(
    ticks.every((tick) => tick.pcm.every((b) => b === 0)),
    'silence when nothing is said',
  );
  const jitter = pacer.jitter();
  t.is(jitter.nominalMs, 50);
  t.true(jitter.p50Ms >= 0 && jitter.p99Ms >= jitter.p50Ms);
});

test('sentences play in order, the first before the later ones are ready, with idle frames after', async (t) => {
  // The second sentence takes long to synthesise: the first must not wait for it.
  const { pacer, ticks } = run(25, fakePerformer({ one: 0, 'second one': 600 }));
  const started: Array<[string, number]> = [];
  pacer.on('utteranceStart', (s, at) => started.push([s, at]));
  pacer.start();
  const t0 = performance.now();
  pacer.speak('one');
  pacer.speak('second one');
  await new Promise((r) => setTimeout(r, 1500));
  pacer.close();
  t.deepEqual(
    started.map(([s]) => s),
    ['one', 'second one'],
  );
  t.true(started[0]![1] - t0 < 300, 'the first sentence started at once');
  const speaking = ticks.map((tick) => (JSON.parse(tick.frame.toString()) as { speaking: string | null }).speaking);
  const firstOne = speaking.indexOf('one');
  const firstSecond = speaking.indexOf('second one');
  t.true(firstOne >= 0 && firstSecond > firstOne);
  t.true(speaking.slice(firstOne, firstSecond).includes(null), 'idle frames while the second sentence was still being synthesised');
  // The audio of each sentence is its own level, resampled to 48 kHz: 250 ms = 12,000 samples.
  const level = (text: string) => text.length * 100;
  const samplesAt = (v: number) =>
    ticks.reduce(
      (n, tick) => n + new Int16Array(tick.pcm.buffer, tick.pcm.byteOffset, tick.pcm.length / 2).filter((x) => x === v).length,
      0,
    );
  t.true(Math.abs(samplesAt(level('one')) - 12_000) <= 2);
  t.true(Math.abs(samplesAt(level('second one')) - 12_000) <= 2);
  t.is(speaking.at(-1), null, 'idle again after the last sentence');
});
