import test from 'ava';
import { heardText } from '../../actors/session/session-actor.js';

const reply = ['The lamp is lit.', 'Ships pass at night.', 'I count them all.'];

test('a reply cut while its second sentence played keeps the first and the words heard of the second', (t) => {
  t.is(heardText(reply, { playing: { sentence: reply[1]!, heardFraction: 0.5 }, dropped: [reply[2]!] }), 'The lamp is lit. Ships pass');
});

test('a reply cut before its last sentence started keeps the sentences that played in full', (t) => {
  t.is(heardText(reply, { playing: undefined, dropped: [reply[2]!] }), 'The lamp is lit. Ships pass at night.');
});

test('a reply cut at its very start keeps nothing', (t) => {
  t.is(heardText(reply, { playing: { sentence: reply[0]!, heardFraction: 0.1 }, dropped: [reply[1]!, reply[2]!] }), '');
});
