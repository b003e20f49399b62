import test from 'ava';
import { pino } from 'pino';
import { FramePacer, PACER_SAMPLE_RATE } from '../../media/publishing/frame-pacer.js';
import type { PacedPerformer, SpokenAudio } from '../../media/publishing/performer.js';
import type { WordSpan } from '../../media/speech/word-span.js';

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
  t.is(pacer.underrunTicks, 0, 'silence with nothing to say is no underrun');
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
  const gap = speaking.slice(firstOne, firstSecond).filter((s) => s === null).length;
  t.is(pacer.underrunTicks, gap, 'that gap inside the reply is counted as an underrun, the idle frames after it are not');
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

test('each frame goes back to the performer once the sink has consumed it, to be drawn into again', async (t) => {
  const recycled: Buffer[] = [];
  const performer = { ...fakePerformer({}), recycle: (frame: Buffer) => recycled.push(frame) };
  const written: Buffer[] = [];
  const pending: Array<() => void> = [];
  const pacer = new FramePacer({
    performer,
    fps: 50,
    log: pino({ level: 'silent' }),
    sink: {
      write: (frame, _pcm, consumed) => {
        written.push(frame);
        pending.push(consumed!);
      },
    },
  });
  pacer.start();
  await new Promise((r) => setTimeout(r, 200));
  pacer.close();
  t.true(written.length >= 3);
  t.deepEqual(recycled, [], 'nothing is recycled before the sink says so');
  pending[1]!();
  pending[0]!();
  t.deepEqual(recycled, [written[1], written[0]], 'each frame, when the sink is done with it');
});

test('a piece started after silence skips the silence before its first sound; one that follows speech keeps it', async (t) => {
  // 100 ms of silence, then 200 ms of sound (at 24 kHz), as an engine puts silence before speech.
  const performer: PacedPerformer<SpokenAudio & { text: string }> = {
    ...fakePerformer({}),
    async prepare(text) {
      const pcm = new Int16Array(24_000 * 0.3);
      pcm.fill(text.length * 100, 2_400);
      return { text, pcm, sampleRate: 24_000, durationMs: 300 };
    },
  };
  const { pacer, ticks } = run(20, performer);
  pacer.start();
  await new Promise((r) => setTimeout(r, 120));
  pacer.speak('one');
  pacer.speak('second one');
  await new Promise((r) => setTimeout(r, 1200));
  pacer.close();
  const audio = Buffer.concat(ticks.map((tick) => tick.pcm));
  const samples = new Int16Array(audio.buffer, audio.byteOffset, audio.length / 2);
  const speaking = ticks.map((tick) => (JSON.parse(tick.frame.toString()) as { speaking: string | null }).speaking);
  const startOf = (tick: number) => ticks.slice(0, tick).reduce((n, x) => n + x.pcm.length / 2, 0);
  const first = startOf(speaking.indexOf('one'));
  const sound = samples.findIndex((x, i) => i >= first && x === 300);
  t.true(sound - first <= (15 * PACER_SAMPLE_RATE) / 1000 + 1, `${((sound - first) / 48).toFixed(1)} ms of silence before the first sound`);
  // The second sentence starts at the tick after the first ends, with its own 100 ms of silence.
  const firstEnd = samples.findIndex((x, i) => i > sound && x !== 300);
  const gapMs = (samples.findIndex((x, i) => i > firstEnd && x === 1000) - firstEnd) / (PACER_SAMPLE_RATE / 1000);
  t.true(gapMs >= 100 && gapMs <= 150, `${gapMs.toFixed(1)} ms between the two`);
});

test('a piece ready between ticks starts then, in place of the silence the sink has not sent, and the audio keeps its length', async (t) => {
  // 4 fps: a tick every 250 ms. The sink sends nothing before the next tick, so it can give all of the last one back.
  const audio: Array<{ at: number; pcm: Buffer; tick: boolean }> = [];
  const frames: Buffer[] = [];
  const pacer = new FramePacer({
    performer: {
      ...fakePerformer({}),
      prepare: async (text) => ({ text, pcm: new Int16Array(24_000).fill(300), sampleRate: 24_000, durationMs: 1000 }),
    },
    fps: 4,
    log: pino({ level: 'silent' }),
    sink: {
      write: (frame, pcm) => {
        frames.push(frame);
        audio.push({ at: performance.now(), pcm, tick: true });
      },
      takeBackAudio: () => (audio.at(-1)?.tick ? audio.pop()!.pcm.length / 2 : 0),
      writeAudio: (pcm) => audio.push({ at: performance.now(), pcm, tick: false }),
    },
  });
  pacer.start();
  await new Promise((r) => setTimeout(r, 350)); // 100 ms into the second tick
  const asked = performance.now();
  pacer.speak('one');
  await new Promise((r) => setTimeout(r, 900));
  pacer.close();
  const between = audio.find((a) => !a.tick);
  t.truthy(between, 'the piece went out between ticks');
  t.true(between!.at - asked < 100, `${(between!.at - asked).toFixed(0)} ms after it was asked for`);
  t.true(
    between!.pcm.some((b) => b !== 0),
    'with the piece in it',
  );
  const samples = audio.reduce((n, a) => n + a.pcm.length / 2, 0);
  t.is(samples, frames.length * (PACER_SAMPLE_RATE / 4), 'as many samples as the ticks say, no more, no less');
  // The first frame to show it speaking is the next tick's: the voice had started before it.
  const speaking = frames.map((f) => (JSON.parse(f.toString()) as { speaking: string | null }).speaking);
  t.is(speaking.indexOf('one'), 2);
});

test('interrupt() silences the companion at once and says what was cut', async (t) => {
  // A long sentence (2 s) so it is surely playing when the barge-in comes.
  const performer: PacedPerformer<SpokenAudio & { text: string }> = {
    ...fakePerformer({}),
    async prepare(text) {
      const pcm = new Int16Array(24_000 * 2).fill(1000);
      return { text, pcm, sampleRate: 24_000, durationMs: 2000 };
    },
  };
  const ticks: Tick[] = [];
  const muted: Array<{ afterTicks: number; fadeSamples: number }> = [];
  const pacer = new FramePacer({
    performer,
    fps: 20,
    log: pino({ level: 'silent' }),
    sink: {
      write: (frame, pcm) => ticks.push({ at: performance.now(), frame, pcm }),
      muteAudio: (fadeSamples) => muted.push({ afterTicks: ticks.length, fadeSamples }),
    },
  });
  pacer.start();
  pacer.speak('first sentence of the reply');
  pacer.speak('second one, never heard');
  while (!ticks.some((tick) => tick.pcm.some((b) => b !== 0))) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 300));
  const cut = pacer.interrupt();
  const cutAt = ticks.length;
  pacer.interrupt(); // a second barge-in finds the companion silent already
  await new Promise((r) => setTimeout(r, 300));
  pacer.close();
  t.is(cut.playing?.sentence, 'first sentence of the reply');
  t.true(cut.playing!.heardFraction > 0 && cut.playing!.heardFraction < 0.5, `heard ${cut.playing!.heardFraction}`);
  t.deepEqual(cut.dropped, ['second one, never heard']);
  t.false(pacer.speaking);
  t.deepEqual(muted, [{ afterTicks: cutAt, fadeSamples: 240 }], 'the voice the sink holds from the last tick is faded out in 5 ms, once');
  t.true(ticks.length > cutAt + 2, 'the clock keeps ticking');
  t.true(
    ticks.slice(cutAt).every((tick) => tick.pcm.every((b) => b === 0)),
    'only silence after the interruption: the rest of the reply is dropped, not queued',
  );
});

test("a reply's long first sentence starts with its first breath group alone; captions and cuts stay whole sentences", async (t) => {
  const sentence = 'The tallest mountain in the world is Mount Everest, which stands on the border of Nepal and Tibet.';
  const head = 'The tallest mountain in the world is Mount Everest,';
  const prepared: string[] = [];
  const performer: PacedPerformer<SpokenAudio & { text: string }> = {
    ...fakePerformer({}),
    async prepare(text) {
      prepared.push(text);
      const pcm = new Int16Array(24_000).fill(text.length * 10); // 1 s each, its own level
      return { text, pcm, sampleRate: 24_000, durationMs: 1000 };
    },
  };
  const { pacer, ticks } = run(20, performer);
  const started: string[] = [];
  const ended: string[] = [];
  pacer.on('utteranceStart', (s) => started.push(s));
  pacer.on('utteranceEnd', (s) => ended.push(s));
  pacer.start();
  pacer.speak(sentence);
  pacer.speak('A second sentence stays whole, however long it is, since the first one already plays.');
  // Into the second piece of the first sentence: 1 s of the head, then a little of the rest.
  const level = (text: string) => text.length * 10;
  while (
    !ticks.some((tick) =>
      new Int16Array(tick.pcm.buffer, tick.pcm.byteOffset, tick.pcm.length / 2).includes(level(sentence.slice(head.length + 1))),
    )
  )
    await new Promise((r) => setTimeout(r, 10));
  const cut = pacer.interrupt();
  pacer.close();
  t.deepEqual(prepared, [
    head,
    sentence.slice(head.length + 1),
    'A second sentence stays whole, however long it is, since the first one already plays.',
  ]);
  t.deepEqual(started, [sentence], 'one caption for the sentence, when its first piece starts');
  t.deepEqual(ended, [sentence], 'it ended once, when cut');
  t.is(cut.playing?.sentence, sentence);
  const headShare = (head.length + 1) / sentence.length;
  t.true(cut.playing!.heardFraction >= headShare && cut.playing!.heardFraction < headShare + 0.2, `heard ${cut.playing!.heardFraction}`);
  t.deepEqual(cut.dropped, ['A second sentence stays whole, however long it is, since the first one already plays.']);
});

test("a reply's opening words synthesised ahead play the moment their sentence comes; others are never played", async (t) => {
  const opening = 'The tallest mountain in the world is Mount Everest,';
  const sentence = `${opening} which stands on the border of Nepal and Tibet.`;
  const prepared: string[] = [];
  const performer: PacedPerformer<SpokenAudio & { text: string }> = {
    ...fakePerformer({}),
    async prepare(text) {
      prepared.push(text);
      await new Promise((r) => setTimeout(r, 200)); // a synthesis takes time
      const pcm = new Int16Array(24_000).fill(text.length * 10);
      return { text, pcm, sampleRate: 24_000, durationMs: 1000 };
    },
  };
  const { pacer } = run(20, performer);
  const started: Array<[string, number]> = [];
  pacer.on('utteranceStart', (s, at) => started.push([s, at]));
  pacer.start();
  pacer.prefetch(opening);
  await new Promise((r) => setTimeout(r, 400)); // the model writes the rest of the sentence meanwhile
  const spokenAt = performance.now();
  pacer.speak(sentence);
  while (started.length === 0) await new Promise((r) => setTimeout(r, 10));
  t.deepEqual(
    prepared,
    [opening, 'which stands on the border of Nepal and Tibet.'],
    'the opening was synthesised once, ahead, and the rest after it',
  );
  t.true(started[0]![1] - spokenAt < 120, `started ${Math.round(started[0]![1] - spokenAt)} ms after the sentence, not a synthesis later`);
  t.deepEqual(
    started.map(([s]) => s),
    [sentence],
    'the caption is the whole sentence',
  );

  // The next reply's first sentence does not start with the words prefetched for it (the guard
  // refused the sentence they opened, say): they are dropped and the sentence is said whole.
  pacer.interrupt();
  pacer.prefetch('Mount Everest is the tallest mountain,');
  await new Promise((r) => setTimeout(r, 300));
  prepared.length = 0;
  pacer.speak('I keep the light.');
  while (started.length < 2) await new Promise((r) => setTimeout(r, 10));
  pacer.close();
  t.deepEqual(prepared, ['I keep the light.']);
  t.is(started[1]![0], 'I keep the light.');
});

test('opening words fit to say play before their sentence is complete, and the sentence goes on from them', async (t) => {
  const opening = 'The tallest mountain in the world is Mount Everest,';
  const rest = 'which stands on the border of Nepal and Tibet.';
  const prepared: string[] = [];
  const performer: PacedPerformer<SpokenAudio & { text: string }> = {
    ...fakePerformer({}),
    async prepare(text) {
      prepared.push(text);
      await new Promise((r) => setTimeout(r, 100));
      const pcm = new Int16Array(24_000 / 2).fill(text.length * 10); // 500 ms
      return { text, pcm, sampleRate: 24_000, durationMs: 500 };
    },
  };
  const { pacer, ticks } = run(20, performer);
  const captions: string[] = [];
  const ended: string[] = [];
  pacer.on('utteranceStart', (s) => captions.push(s));
  pacer.on('utteranceGrows', (s) => captions.push(s));
  pacer.on('utteranceEnd', (s) => ended.push(s));
  pacer.start();
  pacer.prefetch(opening);
  pacer.sayOpening(opening);
  // The model is still writing the rest of the sentence: the opening plays meanwhile.
  while (captions.length === 0) await new Promise((r) => setTimeout(r, 10));
  t.deepEqual(captions, [opening], 'the opening is said, and captioned, before its sentence exists');
  pacer.speak(`${opening} ${rest}`);
  while (ended.length === 0) await new Promise((r) => setTimeout(r, 10));
  t.deepEqual(prepared, [opening, rest], 'each part synthesised once: the opening ahead, then the rest');
  t.deepEqual(captions, [opening, rest], 'a page joins the two parts into the sentence');
  t.deepEqual(ended, [`${opening} ${rest}`]);
  const levels = ticks.map((tick) => tick.pcm.readInt16LE(0)).filter((v) => v !== 0);
  t.is(levels[0], opening.length * 10, 'the opening first');
  t.is(levels.at(-1), rest.length * 10, 'then the rest');

  // Cut while only the opening of the next reply has been said: what was heard is part of it.
  pacer.prefetch('I keep the lighthouse on the cape,');
  pacer.sayOpening('I keep the lighthouse on the cape,');
  while (captions.length < 3) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 150));
  const cut = pacer.interrupt();
  t.is(cut.playing?.sentence, 'I keep the lighthouse on the cape,');
  t.true(cut.playing!.heardFraction > 0 && cut.playing!.heardFraction < 1);
  // Words that are not the ones prefetched are not said ahead.
  pacer.prefetch('Mount Everest is the tallest mountain,');
  pacer.sayOpening('Mount Everest is the tallest,');
  await new Promise((r) => setTimeout(r, 300));
  pacer.close();
  t.is(captions.length, 3, 'nothing said');
});

/** The caption lines a page gets (a sentence, or its parts as they grow) and the sentences ended. */
function captionsOf(pacer: FramePacer<SpokenAudio & { text: string }>): { captions: string[]; ended: string[] } {
  const captions: string[] = [];
  const ended: string[] = [];
  pacer.on('utteranceStart', (s) => captions.push(s));
  pacer.on('utteranceGrows', (s) => captions.push(s));
  pacer.on('utteranceEnd', (s) => ended.push(s));
  return { captions, ended };
}

/**
 * A voice that measures its word timings: it says `words` of a text, each word 100 ms at the level
 * of its length, in `delayMs` plus `perCharMs` a character of the text, and its pace says so.
 */
function cuttingPerformer(
  prepared: Array<[string, WordSpan | undefined]>,
  delayMs = 50,
  perCharMs = 0,
): PacedPerformer<SpokenAudio & { text: string }> {
  return {
    ...fakePerformer({}),
    pace: () => ({ synthesisMs: (chars) => delayMs + Math.max(1, perCharMs) * chars, audioMs: (chars) => chars * 20 }),
    async prepare(text, _language, words) {
      prepared.push([text, words]);
      await new Promise((r) => setTimeout(r, delayMs + perCharMs * text.length));
      const all = text.split(' ');
      const said = all.slice(words?.from ?? 0, words?.to ?? all.length);
      const pcm = new Int16Array(said.length * 2400);
      said.forEach((w, i) => pcm.fill(w.length * 100, i * 2400, (i + 1) * 2400));
      return { text: said.join(' '), pcm, sampleRate: 24_000, durationMs: said.length * 100 };
    },
  };
}

test("with a voice that cuts out words, a reply's first sentence starts with its first words, said with two more as context", async (t) => {
  const sentence = 'The tallest mountain in the world is Mount Everest in Nepal.';
  const prepared: Array<[string, WordSpan | undefined]> = [];
  const { pacer, ticks } = run(20, cuttingPerformer(prepared));
  const { captions, ended } = captionsOf(pacer);
  pacer.start();
  pacer.speak(sentence);
  pacer.speak('It is very cold at the top of it.');
  while (ended.length < 2) await new Promise((r) => setTimeout(r, 10));
  t.deepEqual(prepared, [
    ['The tallest mountain in the', { from: 0, to: 3 }],
    ['tallest mountain in the world is Mount Everest in Nepal.', { from: 2 }],
    ['It is very cold at the top of it.', undefined],
  ]);
  t.deepEqual(captions, [sentence, 'It is very cold at the top of it.'], 'captions are whole sentences');
  t.deepEqual(ended, [sentence, 'It is very cold at the top of it.']);
  // Every word of the sentence said once, in order (no two words side by side are of one length here).
  const levels = ticks.map((tick) => Math.round(tick.pcm.readInt16LE(tick.pcm.length / 2) / 100)).filter((v) => v !== 0);
  const words = levels.filter((v, i) => v !== levels[i - 1]);
  t.deepEqual(
    words.slice(0, 11),
    sentence.split(' ').map((w) => w.length),
  );

  // A short first sentence is said whole.
  prepared.length = 0;
  pacer.interrupt();
  pacer.speak('Yes, I do like it.');
  while (ended.length < 3) await new Promise((r) => setTimeout(r, 10));
  pacer.close();
  t.deepEqual(prepared, [['Yes, I do like it.', undefined]]);
});

test("with a slower voice, a reply's first sentence starts with as many more first words as it takes to make the rest while they play", async (t) => {
  const sentence = 'The tallest mountain in the world is Mount Everest, far away in Nepal.';
  const prepared: Array<[string, WordSpan | undefined]> = [];
  const { pacer } = run(20, cuttingPerformer(prepared, 250, 4));
  const { ended } = captionsOf(pacer);
  pacer.start();
  pacer.speak(sentence);
  while (ended.length < 1) await new Promise((r) => setTimeout(r, 10));
  t.deepEqual(prepared, [
    ['The tallest mountain in the world is Mount', { from: 0, to: 6 }],
    ['the world is Mount Everest, far away in Nepal.', { from: 2 }],
  ]);
  t.is(pacer.underrunTicks, 0, 'the rest was ready before the first words ended');

  // After a short sentence, a long one is cut the same way: it would not be made whole before the short one ends.
  prepared.length = 0;
  pacer.speak('Yes, I do.');
  pacer.speak(sentence);
  while (ended.length < 3) await new Promise((r) => setTimeout(r, 10));
  t.deepEqual(prepared, [
    ['Yes, I do.', undefined],
    ['The tallest mountain in the world is Mount', { from: 0, to: 6 }],
    ['the world is Mount Everest, far away in Nepal.', { from: 2 }],
  ]);
  pacer.close();
  // Slower than real time, no rest would be made while first words play: the sentence is said whole.
  const whole: Array<[string, WordSpan | undefined]> = [];
  const slow = run(20, cuttingPerformer(whole, 100, 40)).pacer;
  const slowEnded = captionsOf(slow).ended;
  slow.start();
  slow.speak(sentence);
  while (slowEnded.length < 1) await new Promise((r) => setTimeout(r, 10));
  slow.close();
  t.deepEqual(whole, [[sentence, undefined]]);
});

test("a reply's first words are synthesised from its text so far, and used when its first sentence starts with them", async (t) => {
  const prepared: Array<[string, WordSpan | undefined]> = [];
  const { pacer } = run(20, cuttingPerformer(prepared, 150));
  const started: Array<[string, number]> = [];
  pacer.on('utteranceStart', (s, at) => started.push([s, at]));
  pacer.start();
  pacer.prefetchFirstWords('The tallest');
  pacer.prefetchFirstWords('The tallest mountain in the wor');
  pacer.prefetchFirstWords('The tallest mountain in the world is Mou');
  await new Promise((r) => setTimeout(r, 20));
  t.deepEqual(prepared, [['The tallest mountain in the', { from: 0, to: 3 }]], 'once there are enough whole words, and once');
  await new Promise((r) => setTimeout(r, 300)); // the model writes the rest of the sentence meanwhile
  const spokenAt = performance.now();
  pacer.speak('The tallest mountain in the world is Mount Everest.');
  while (started.length === 0) await new Promise((r) => setTimeout(r, 10));
  t.true(started[0]![1] - spokenAt < 120, `started ${Math.round(started[0]![1] - spokenAt)} ms after the sentence, not a synthesis later`);
  t.deepEqual(prepared.slice(1), [['tallest mountain in the world is Mount Everest.', { from: 2 }]]);

  // Words the next reply's sentence does not start with are never said; nor is a draft past its first sentence taken.
  pacer.interrupt();
  prepared.length = 0;
  pacer.prefetchFirstWords('I have never been there. Have');
  await new Promise((r) => setTimeout(r, 20));
  t.deepEqual(prepared, [], 'no first words across a sentence end');
  pacer.prefetchFirstWords('Mount Everest is the tallest mountain on');
  await new Promise((r) => setTimeout(r, 200));
  pacer.speak('Mountains are tall and very cold at the top.');
  while (started.length < 2) await new Promise((r) => setTimeout(r, 10));
  pacer.close();
  t.deepEqual(prepared, [
    ['Mount Everest is the tallest mountain', { from: 0, to: 4 }],
    ['Mountains are tall and very cold', { from: 0, to: 4 }],
    ['tall and very cold at the top.', { from: 2 }],
  ]);
});

test('opening words that start with the first words synthesised ahead are synthesised from there on, and said after them', async (t) => {
  const prepared: Array<[string, WordSpan | undefined]> = [];
  const { pacer, ticks } = run(20, cuttingPerformer(prepared));
  const { captions, ended } = captionsOf(pacer);
  pacer.start();
  pacer.prefetchFirstWords('The tallest mountain in the world is');
  const opening = 'The tallest mountain in the world is Mount Everest,';
  pacer.prefetch(opening);
  pacer.sayOpening(opening);
  while (captions.length === 0) await new Promise((r) => setTimeout(r, 10));
  t.deepEqual(captions, [opening], 'the opening is said, and captioned, before its sentence exists');
  const sentence = `${opening} which stands on the border of Nepal and Tibet.`;
  pacer.speak(sentence);
  while (ended.length === 0) await new Promise((r) => setTimeout(r, 10));
  pacer.close();
  t.deepEqual(prepared, [
    ['The tallest mountain in the', { from: 0, to: 3 }],
    ['tallest mountain in the world is Mount Everest,', { from: 2 }],
    ['which stands on the border of Nepal and Tibet.', undefined],
  ]);
  t.deepEqual(captions, [opening, 'which stands on the border of Nepal and Tibet.']);
  t.deepEqual(ended, [sentence]);
  const levels = ticks.map((tick) => Math.round(tick.pcm.readInt16LE(tick.pcm.length / 2) / 100)).filter((v) => v !== 0);
  t.deepEqual(
    levels.filter((v, i) => v !== levels[i - 1]),
    sentence
      .split(' ')
      .map((w) => w.length)
      .filter((v, i, all) => v !== all[i - 1]),
    'every word once, in order',
  );
});

test('first words synthesised ahead may be said at once; their sentence, when it comes, goes on from them', async (t) => {
  const prepared: Array<[string, WordSpan | undefined]> = [];
  const { pacer, ticks } = run(20, cuttingPerformer(prepared));
  const { captions, ended } = captionsOf(pacer);
  pacer.start();
  t.is(pacer.prefetchFirstWords('The tallest mountain'), undefined, 'not enough whole words yet');
  const first = pacer.prefetchFirstWords('The tallest mountain in the wor');
  t.is(first, 'The tallest mountain');
  t.is(pacer.prefetchFirstWords('The tallest mountain in the world'), first, 'the same words, synthesised once');
  pacer.prefetch(first!); // told as the reply's opening words: synthesised already
  pacer.sayOpening(first!);
  while (captions.length === 0) await new Promise((r) => setTimeout(r, 10));
  t.deepEqual(captions, ['The tallest mountain'], 'said and captioned before their sentence exists');
  const sentence = 'The tallest mountain in the world is Mount Everest.';
  pacer.speak(sentence);
  while (ended.length === 0) await new Promise((r) => setTimeout(r, 10));
  pacer.close();
  t.deepEqual(prepared, [
    ['The tallest mountain in the', { from: 0, to: 3 }],
    ['tallest mountain in the world is Mount Everest.', { from: 2 }],
  ]);
  t.deepEqual(captions, ['The tallest mountain', 'in the world is Mount Everest.']);
  t.deepEqual(ended, [sentence]);
  const levels = ticks.map((tick) => Math.round(tick.pcm.readInt16LE(tick.pcm.length / 2) / 100)).filter((v) => v !== 0);
  t.deepEqual(
    levels.filter((v, i) => v !== levels[i - 1]),
    sentence.split(' ').map((w) => w.length),
    'every word once, in order',
  );
});
