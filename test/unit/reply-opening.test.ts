import test from 'ava';
import { replyOpening } from '../../actors/session/reply/reply-opening.js';

test("a reply's opening words are its first breath group, once the word after its breath point is whole", (t) => {
  const text = 'The tallest mountain in the world is Mount Everest, which stands on the border';
  // Read as the model writes it: nothing until the breath group and the word that makes it one are there.
  const seen = new Set<string | undefined>();
  for (let i = 1; i <= text.length; i++) seen.add(replyOpening(text.slice(0, i)));
  t.deepEqual([...seen], [undefined, 'The tallest mountain in the world is Mount Everest,']);
  t.is(replyOpening('The tallest mountain in the world is Mount Everest, which'), undefined, '"which" may yet be "whichever"');
  t.is(replyOpening('The tallest mountain in the world is Mount Everest, which '), 'The tallest mountain in the world is Mount Everest,');
  t.is(replyOpening('The tallest mountain in the world is Mount Everest, the'), undefined, 'not before a conjunction');
  t.is(replyOpening('世界上最高的山是珠穆朗玛峰，它'), '世界上最高的山是珠穆朗玛峰，', 'a Chinese clause mark');
});

test('no opening words where the sentence has no breath point, or where the cleaner may still change the text', (t) => {
  t.is(
    replyOpening('A lighthouse is a small, reflective structure that illuminates the sky'),
    undefined,
    'a list comma is no breath point',
  );
  t.is(replyOpening('The moon is approximately 384,000 kilometers away from Earth and'), undefined);
  t.is(replyOpening('Yes. The tallest mountain in the world is Mount Everest, which stands'), undefined, 'a sentence ended first');
  t.is(replyOpening('Mira: The tallest mountain in the world is Everest, which stands tall'), undefined, 'a speaker label');
  t.is(replyOpening('*smiles* The tallest mountain in the world is Everest, which stands tall'), undefined, 'a stage direction');
  t.is(replyOpening('"The tallest mountain in the world is Everest, which stands tall'), undefined, 'a quotation');
  t.is(
    replyOpening('<|im_start|>The tallest mountain in the world is Everest, which stands tall'),
    'The tallest mountain in the world is Everest,',
    'template tokens are not words',
  );
});
