import test from 'ava';
import { ReplyGuard } from '../../actors/session/reply/reply-guard.js';

const persona = {
  systemPrompt: 'Bruno Keller is a baker in a small Swiss village who starts work at four every morning.',
  description: 'A baker',
  traits: ['patient'],
};

test('the guard refuses the companion speaking of itself in the second or third person, greeting itself, or repeating itself', (t) => {
  const guard = new ReplyGuard('Bruno Keller', persona, ['I bake rye bread on Saturdays.'], 'Maya');
  t.is(guard.refuses('You are Bruno Keller.'), 'speaks of itself in the second or third person');
  t.is(guard.refuses('Bruno Keller has run the bakery for years.'), 'speaks of itself in the second or third person');
  t.is(guard.refuses('Hi Bruno!'), 'greets itself');
  t.is(guard.refuses("I'm Maya."), "takes the user's name");
  t.is(guard.refuses('I bake rye bread on Saturdays.'), 'repeats an earlier reply');
  t.is(guard.refuses('I am Bruno Keller, and I bake bread before dawn.'), undefined);
  t.is(guard.refuses('Nice to meet you, Maya!'), undefined);
});

test('a sentence addressing the companion by name is repaired into the first person when it cannot be asked again', (t) => {
  const guard = new ReplyGuard('Bruno Keller', persona, []);
  t.is(guard.repair('You are Bruno Keller.'), 'I am Bruno Keller.');
  t.is(guard.repair("You're Bruno, the baker."), "I'm Bruno, the baker.");
  t.is(guard.repair('Well, your name is Bruno Keller.'), 'Well, my name is Bruno Keller.');
  t.is(guard.repair('So you are Bruno and I am Maya.'), 'So I am Bruno and I am Maya.');
  t.is(guard.repair('You are welcome here any time.'), 'You are welcome here any time.', 'only the companion’s name is repaired');
  t.is(guard.refuses(guard.repair('You are Bruno Keller.')), undefined);
});
