import test from 'ava';
import { SynthesisPace, type Pace } from '../../media/speech/synthesis-pace.js';
import { firstPiecesOf, firstWords, laterPiecesOf } from '../../media/publishing/sentence-pieces.js';

const PRIOR = { fixedMs: 300, perCharMs: 40, audioPerCharMs: 70 };

test('the pace is the prior scaled to the pieces seen, until enough pieces of different lengths give a line of their own', (t) => {
  const pace = new SynthesisPace(PRIOR);
  t.is(pace.synthesisMs(50), 2300, 'nothing seen: the prior');
  // A machine twice as fast as the prior, first on pieces of one length.
  for (let i = 0; i < 6; i++) pace.observe({ synthesisedChars: 40, saidChars: 40, audioMs: 2400, tookMs: 950 });
  t.is(pace.synthesisMs(50), 1150);
  t.is(pace.audioMs(10), 600, 'audio per character, from what was said');
  // Pieces of different lengths (the latest 16 count): 200 ms a call and 10 ms a character.
  for (const chars of [10, 30, 50, 70, 90, 20, 40, 60, 80, 15, 35, 55, 75, 95, 25, 45])
    pace.observe({ synthesisedChars: chars, saidChars: chars, audioMs: chars * 60, tookMs: 200 + 10 * chars });
  t.true(
    Math.abs(pace.synthesisMs(0) - 200) < 1 && Math.abs(pace.synthesisMs(100) - 1200) < 1,
    `${pace.synthesisMs(0)} / ${pace.synthesisMs(100)}`,
  );
  pace.observe({ synthesisedChars: 0, saidChars: 0, audioMs: 0, tookMs: 5 });
  t.true(Math.abs(pace.synthesisMs(100) - 1200) < 1, 'an empty piece is not counted');
});

const line = (fixedMs: number, perCharMs: number, audioPerCharMs = 70): Pace => ({
  synthesisMs: (chars) => fixedMs + perCharMs * chars,
  audioMs: (chars) => audioPerCharMs * chars,
});
const SENTENCE = 'The tallest mountain in the whole world is Mount Everest, high above Nepal.';

test('a fast voice starts a sentence with its first few words; a slower one with as many as it takes to make the rest while they play', (t) => {
  const fast = firstWords(SENTENCE, true, line(120, 3))!;
  t.is(fast.said, 'The tallest mountain', 'Piper: at least 20 characters and three words');
  t.deepEqual(firstWords(SENTENCE, true), fast, 'the same as without a pace');
  const slow = firstWords(SENTENCE, true, line(300, 22))!;
  t.is(slow.said, 'The tallest mountain in the');
  t.is(slow.piece, 'The tallest mountain in the whole world', 'said with two words of context');
  const slower = firstWords(SENTENCE, true, line(300, 40))!;
  t.is(slower.said, 'The tallest mountain in the whole world');
  // Its rest is made before they end: the rest's synthesis (from two words before) against their audio.
  const rest = 'in the whole world is Mount Everest, high above Nepal.'.length;
  t.true(300 + 22 * rest + 100 <= 70 * slow.said.length);
});

test('a voice too slow to gain by cutting says the sentence whole; a short sentence is said whole at any pace', (t) => {
  t.is(firstWords(SENTENCE, true, line(300, 200)), undefined, 'slower than real time: no rest is made while first words play');
  t.deepEqual(firstPiecesOf(SENTENCE, line(300, 200)), [{ piece: SENTENCE, said: SENTENCE }]);
  t.deepEqual(firstPiecesOf('Yes, I do like it very much.', line(120, 3)), [
    { piece: 'Yes, I do like it very much.', said: 'Yes, I do like it very much.' },
  ]);
  t.is(firstPiecesOf(SENTENCE, undefined).length, 1, 'a voice that cannot cut words: a sentence of 75 characters whole');
});

test('the first words of a sentence not yet complete are weighed against a rest of at least a sentence', (t) => {
  const draft = 'The tallest mountain in the whole world is';
  t.is(firstWords(draft, false, line(120, 3))?.said, 'The tallest mountain');
  t.is(firstWords(draft, false, line(300, 40)), undefined, 'a slow voice waits for more words (or the sentence)');
  t.is(firstWords(SENTENCE, true, line(300, 40))?.said, 'The tallest mountain in the whole world', 'which, complete, it would cut');
});

test('a later sentence is said whole when it will be made before the audio ahead of it ends; else it starts with its first words', (t) => {
  const kokoro = line(300, 22);
  // 2.0 s to synthesise whole (75 characters), with 100 ms to spare.
  t.deepEqual(laterPiecesOf(SENTENCE, kokoro, 2500), [{ piece: SENTENCE, said: SENTENCE }]);
  t.deepEqual(laterPiecesOf(SENTENCE, kokoro, 1200), firstPiecesOf(SENTENCE, kokoro), 'after a short sentence ("Ciao!")');
  t.is(laterPiecesOf(SENTENCE, kokoro, 1200).length, 2);
  t.deepEqual(laterPiecesOf(SENTENCE, undefined, 0), [{ piece: SENTENCE, said: SENTENCE }], 'a voice that cannot cut words: whole');
});
