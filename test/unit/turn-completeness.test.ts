/**
 * A turn the speaker paused in ends at the pause only when the end-of-turn model and the early
 * transcript agree it is over: a question answered a breath after it, a speaker who pauses
 * between words left to finish.
 */
import test from 'ava';
import { endsOnConjunction, endsSentence, turnComplete } from '../../media/listening/turn-completeness.js';

test("a sentence's end as Whisper writes it, in Latin and CJK scripts", (t) => {
  for (const text of ['What is the tallest mountain in the world?', 'Thank you.', 'Stop!', '你好吗？', 'ありがとう。', '"Go home."'])
    t.true(endsSentence(text), text);
});

test('a phrase cut short is no sentence end: no mark, a comma, or trailing off', (t) => {
  for (const text of ['What is the tallest mountain', 'If you would like,', 'And then...', 'And then…', ''])
    t.false(endsSentence(text), text);
});

test("a last word the language's data marks as a conjunction means more is coming", (t) => {
  t.true(endsOnConjunction('Je voudrais un café et', 'fr'));
  t.true(endsOnConjunction('Quiero ir, pero.', 'es'));
  t.false(endsOnConjunction('Je voudrais un café.', 'fr'));
  // A language without such data (English is not in it) never reads a conjunction.
  t.false(endsOnConjunction('I would like a coffee and', 'en'));
  t.false(endsOnConjunction('anything', undefined));
});

test('a turn ends early only when the model and the words both say it is over', (t) => {
  const finished = { probability: 0.9, text: 'What is the tallest mountain in the world?', language: 'en' };
  t.true(turnComplete(finished, 0.5));
  // The model unsure, or the words cut short: wait for more.
  t.false(turnComplete({ ...finished, probability: 0.2 }, 0.5));
  t.false(turnComplete({ ...finished, text: 'What is the tallest mountain' }, 0.5));
  t.false(turnComplete({ probability: 0.9, text: 'Quiero ir a la playa y.', language: 'es' }, 0.5));
  // Nothing heard: nothing to answer early.
  t.false(turnComplete({ ...finished, text: '' }, 0.5));
});
