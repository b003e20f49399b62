import test from 'ava';
import { perspectiveFor } from '../../actors/session/reply/perspective.js';
import { echoesPrompt } from '../../actors/session/reply/openai-engine.js';

test('the user\'s "your …" is the companion\'s own in the reply, and the user\'s "my … …" is theirs', (t) => {
  // A walk-through of the default, with a ferry captain: both pronouns copied from the question.
  const crossings = perspectiveFor('Do you bring anyone along on your crossings?');
  t.is(crossings('Yes, my dog comes along on your crossings.'), 'Yes, my dog comes along on my crossings.');
  t.is(crossings('Your crossings are quiet at night.'), 'My crossings are quiet at night.');
  t.is(
    crossings('Would you like to come on your own crossing one day?'),
    'Would you like to come on your own crossing one day?',
    'a question back',
  );
  const trip = perspectiveFor('Any advice for my first trip to Terschelling?');
  t.is(trip('My first trip to Terschelling was a success.'), 'Your first trip to Terschelling was a success.');
  t.is(trip('My dog loves Terschelling.'), 'My dog loves Terschelling.', 'its own things stay its own');
  t.is(
    perspectiveFor('Where do you live?')('Your house is by the sea.'),
    'Your house is by the sea.',
    'nothing of the user’s line: as written',
  );
});

test('the note of the user’s name read back is an echo of the prompt', (t) => {
  const ctx = {
    characterName: 'Anselm Richter',
    personality: { systemPrompt: '', description: '', traits: [], greeting: '' },
    userText: 'Who do you play chess with?',
  };
  t.true(echoesPrompt('The person you are talking with is Walter.', ctx));
  t.false(echoesPrompt('I play chess with my neighbour Walter.', ctx));
});

test('"your name" is left as written: the reply may say the user’s name back', (t) => {
  // A benchmark run: "Hi there, I'm Priyanka. What's your name?" → "I'm Grace Okafor. Your name is Priyanka."
  t.is(perspectiveFor("Hi there, I'm Priyanka. What's your name?")('Your name is Priyanka.'), 'Your name is Priyanka.');
});
