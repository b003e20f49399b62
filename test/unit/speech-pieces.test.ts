import test from 'ava';
import { breathPoints, firstBreathGroup } from '../../runtime/text/breath-points.js';
import { normaliseForSpeech } from '../../runtime/text/text-normaliser.js';
import { SPEECH_CHUNKS, textChunks } from '../../media/speech/text-chunks.js';
import { ENGINE_SILENCES, markAfter, pauseAfterS, withPause } from '../../media/speech/piece-pauses.js';
import { writtenWordTimes } from '../../media/speech/written-words.js';

const chunks = (text: string) => textChunks(text, SPEECH_CHUNKS);

const HARVARD = [
  'The birch canoe slid on the smooth planks.',
  'Glue the sheet to the dark blue background.',
  'The source of the huge river is the clear spring.',
  "The soft cushion broke the man's fall.",
];

test('a sentence is synthesised whole: no cut after its first words, as the 30-character first piece was', (t) => {
  for (const sentence of HARVARD) t.deepEqual(chunks(sentence), [sentence]);
  t.deepEqual(chunks(HARVARD.join(' ')), HARVARD);
  const listy = 'We need apples, pears, plums, grapes, cherries, lemons, limes and a large basket to carry them home.';
  t.deepEqual(chunks(listy), [listy], 'commas of a list are no breath points');
});

test('a long first sentence gives up its first breath group, so the first audio leaves sooner; later ones stay whole', (t) => {
  const reply =
    'I had a look at the weather for the weekend, and it seems that Saturday will be sunny and warm while Sunday brings ' +
    'some showers in the afternoon. Shall I book the picnic for Saturday, or would you rather wait until Sunday evening?';
  t.deepEqual(chunks(reply), [
    'I had a look at the weather for the weekend,',
    'and it seems that Saturday will be sunny and warm while Sunday brings some showers in the afternoon.',
    'Shall I book the picnic for Saturday, or would you rather wait until Sunday evening?',
  ]);
  t.deepEqual(chunks('Good morning! I looked at your calendar, and you have three meetings today.'), [
    'Good morning!',
    'I looked at your calendar, and you have three meetings today.',
  ]);
});

test('a sentence longer than one call takes is cut at the breath point nearest the limit', (t) => {
  const clause = 'the river ran past the mill and under the old stone bridge where the children played all summer long';
  const sentence = `${clause}; ${clause}; ${clause}, and ${clause}.`;
  const pieces = chunks(`Hello there friend. ${sentence}`);
  t.is(pieces[0], 'Hello there friend.');
  t.true(pieces.length >= 3);
  for (const piece of pieces.slice(1)) t.true(piece.length <= SPEECH_CHUNKS.maxChars, piece);
  t.is(pieces.slice(1).join(' '), sentence);
  for (const piece of pieces.slice(1, -1)) t.regex(piece, /;$|,$/u, 'ends at a breath point');
});

test('breath points: a comma before a conjunction, semicolons, colons and dashes; never a list comma or a time', (t) => {
  const at = (s: string) => breathPoints(s).map((i) => s.slice(0, i));
  t.deepEqual(at('I looked, and you have three; we go: now — later, green, but not 9:30.'), [
    'I looked,',
    'I looked, and you have three;',
    'I looked, and you have three; we go:',
    'I looked, and you have three; we go: now —',
    'I looked, and you have three; we go: now — later, green,',
  ]);
  t.deepEqual(at('Well, red, green and blue.'), []);
  t.deepEqual(firstBreathGroup('Yes, and so on until the end of the day.', 16), undefined, 'a head shorter than 16 characters is no group');
});

test("breath points in every language spoken: the language's conjunctions after a comma, and Chinese clause marks", (t) => {
  t.deepEqual(firstBreathGroup('Trabajo en la panadería del barrio, pero los domingos descanso en casa.', 16), [
    'Trabajo en la panadería del barrio,',
    'pero los domingos descanso en casa.',
  ]);
  t.deepEqual(
    firstBreathGroup('Je tiens une librairie à Bordeaux, mais je lis surtout la nuit.', 16)?.[0],
    'Je tiens une librairie à Bordeaux,',
  );
  t.deepEqual(firstBreathGroup('Lavoro in una bottega di Cremona, dove costruisco violini.', 16)?.[0], 'Lavoro in una bottega di Cremona,');
  t.deepEqual(firstBreathGroup('मैं हर सुबह बाज़ार जाती हूँ, लेकिन शाम को घर पर रहती हूँ।', 16)?.[0], 'मैं हर सुबह बाज़ार जाती हूँ,');
  t.deepEqual(
    firstBreathGroup('我是林小雨，杭州西湖边种龙井茶的茶农。', 16),
    ['我是林小雨，', '杭州西湖边种龙井茶的茶农。'],
    'five Han syllables are a breath group',
  );
  t.deepEqual(firstBreathGroup('Compré pan, leche, huevos y fruta en el mercado.', 16), undefined, 'a list is said in one breath');
});

test('between pieces, the pause the engine itself makes at that mark, less the silence at the edges of its calls', (t) => {
  t.is(markAfter('Shall I book it?'), 'sentence');
  t.is(markAfter('"Done."'), 'sentence');
  t.is(markAfter('I had a look at the weather,'), 'breath');
  t.is(markAfter('we go:'), 'breath');
  const kokoro = ENGINE_SILENCES.kokoro;
  t.is(pauseAfterS('kokoro', 'Hello there.'), kokoro.sentenceS - kokoro.edgesS);
  t.is(pauseAfterS('kokoro', 'Hello there,'), kokoro.breathS - kokoro.edgesS);
  t.true(pauseAfterS('piper', 'Hello there.') >= 0);
  const pcm = { sampleRateHz: 24_000, channels: 1, bitsPerSample: 16, data: Buffer.alloc(480, 1) };
  const paused = withPause(pcm, 0.25);
  t.is(paused.data.length, 480 + 0.25 * 24_000 * 2);
  t.true(paused.data.subarray(480).every((b) => b === 0));
});

test('word timings of the spoken form map back to the words written', (t) => {
  const { tokens, text } = normaliseForSpeech('Pay $12.50 & go.');
  t.is(text, 'Pay twelve dollars and fifty cents and go.');
  const spokenTimes = text.split(' ').map((word, i) => ({ word, start: i, end: i + 0.5 }));
  t.deepEqual(writtenWordTimes(tokens, spokenTimes), [
    { word: 'Pay', start: 0, end: 0.5 },
    { word: '$12.50', start: 1, end: 5.5 },
    { word: 'go.', start: 7, end: 7.5 },
  ]);
  t.is(writtenWordTimes(tokens, spokenTimes.slice(1)), undefined, 'an engine that lost a word: no mapping');
});
