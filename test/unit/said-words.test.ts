import test from 'ava';
import { goesOnFrom, startsWithWords } from '../../runtime/text/said-words.js';

test('a sentence goes on from the words said ahead of it: the same words, the last perhaps with a mark after it', (t) => {
  t.true(goesOnFrom('I teach the harp to children every Saturday.', 'I teach the harp'));
  t.true(goesOnFrom('I teach the harp to children.', 'I teach the harp to children'), 'the sentence ends on the last word said');
  t.true(goesOnFrom('I teach the harp, mostly to children.', 'I teach the harp'));
  t.false(goesOnFrom('For thirty years.', 'I am the keeper of the'), 'a sentence cut to its answer');
  t.false(goesOnFrom('I teach harp to children.', 'I teach the harp'));
  t.false(goesOnFrom('I teach the harpsichord.', 'I teach the harp'), 'a longer word is another word');
  t.false(goesOnFrom('I teach the harp.', 'I teach the harp, the'), 'more words said than the sentence has');
  t.false(goesOnFrom('Anything.', ''));
  t.true(goesOnFrom('从前，周杰在河边钓鱼。', '从前，'), 'Chinese: the next word follows with no space');
  t.true(goesOnFrom('我是周杰。', '我是'));
  t.false(goesOnFrom('后来，周杰在河边钓鱼。', '从前，'));
  t.true(startsWithWords('I teach the harp to children.', 'I teach the'));
  t.false(startsWithWords('I teach the harp to children.', 'I teach the harp to children'), 'whole words, marks included');
});
