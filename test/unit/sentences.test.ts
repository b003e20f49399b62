import test from 'ava';
import { SentenceSplitter } from '../../actors/session/reply/sentence-splitter.js';
import { splitSentences } from '../../runtime/text/sentences.js';
import { SPEECH_CHUNKS, textChunks } from '../../media/speech/text-chunks.js';

const sentences = (text: string) => splitSentences(text, true).sentences;

test('a decimal is not a sentence end: "$12.50" is spoken whole', (t) => {
  t.deepEqual(sentences('The ticket costs $12.50 today. It was 3.5 times cheaper.'), [
    'The ticket costs $12.50 today.',
    'It was 3.5 times cheaper.',
  ]);
  t.deepEqual(textChunks('The ticket costs $12.50 today.', SPEECH_CHUNKS), ['The ticket costs $12.50 today.']);
  for (const piece of textChunks('First, the ticket costs exactly $12.50 today. Then more follows here.', SPEECH_CHUNKS))
    t.false(/\$12\.$|^50/.test(piece), piece);
});

test('titles, Latin abbreviations and initials are not sentence ends', (t) => {
  t.deepEqual(sentences('Mr. Smith met Dr. Jones at noon. Fruit, e.g. apples, i.e. the red ones, is good.'), [
    'Mr. Smith met Dr. Jones at noon.',
    'Fruit, e.g. apples, i.e. the red ones, is good.',
  ]);
  t.deepEqual(sentences('I read J. R. R. Tolkien as a child. It stayed with me.'), [
    'I read J. R. R. Tolkien as a child.',
    'It stayed with me.',
  ]);
});

test('"etc." and acronyms end a sentence only before a capitalised word', (t) => {
  t.deepEqual(sentences('Bring pens, paper, etc. and a lamp. Then sit.'), ['Bring pens, paper, etc. and a lamp.', 'Then sit.']);
  t.deepEqual(sentences('We sell pens, paper, etc. Come and see.'), ['We sell pens, paper, etc.', 'Come and see.']);
  t.deepEqual(sentences('She lives in the U.S. now. Really?'), ['She lives in the U.S. now.', 'Really?']);
});

test('questions, exclamations, ellipses and closing quotes end sentences; text without an end mark is one sentence', (t) => {
  t.deepEqual(sentences('Really? Yes! Well... "Fine." Done'), ['Really?', 'Yes!', 'Well...', '"Fine."', 'Done']);
  t.deepEqual(sentences('no end mark here'), ['no end mark here']);
  t.deepEqual(sentences('   '), []);
});

test('the reply splitter uses the same rules and waits for the word that decides', (t) => {
  const splitter = new SentenceSplitter();
  const out: string[] = [];
  for (const token of [
    'The ticket costs $12',
    '.50 today. Mr',
    '. Smith and J. R',
    '. R. Tolkien agree',
    '. Bring pens, etc',
    '. ',
    'and ink. ',
    'Done',
  ])
    out.push(...splitter.push(token));
  out.push(...splitter.flush());
  t.deepEqual(out, ['The ticket costs $12.50 today.', 'Mr. Smith and J. R. R. Tolkien agree.', 'Bring pens, etc. and ink.', 'Done']);
});

test('the reply splitter hands over a clear sentence end as soon as white space follows it', (t) => {
  const splitter = new SentenceSplitter();
  t.deepEqual(splitter.push('Hello there! '), ['Hello there!']);
  t.deepEqual(splitter.push('How are you? I'), ['How are you?']);
  t.deepEqual(splitter.flush(), ['I']);
});

test('the reply splitter ends a sentence at its mark without waiting for the next token, unless that token may continue it', (t) => {
  const splitter = new SentenceSplitter();
  t.deepEqual(splitter.push('I keep the lamp.'), ['I keep the lamp.']);
  t.deepEqual(splitter.push(' It costs 3.'), [], '"3.5" may follow');
  t.deepEqual(splitter.push('5 pounds! Ask Dr.'), ['It costs 3.5 pounds!'], 'a title never ends one');
  t.deepEqual(splitter.push(' Lee. She said "hello.'), ['Ask Dr. Lee.'], 'inside an open quote it waits');
  t.deepEqual(splitter.push('" Wow.'), ['She said "hello."', 'Wow.']);
  t.deepEqual(splitter.push('.. Then it rained.'), ['Then it rained.'], 'the rest of "Wow..." is dropped');
  t.deepEqual(splitter.flush(), []);
});
