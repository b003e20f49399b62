import test from 'ava';
import { ReplyCleaner } from '../../actors/session/reply/reply-cleaner.js';
import { memoryWindow } from '../../actors/session/reply/memory-window.js';
import { systemMessage } from '../../actors/session/reply/openai-engine.js';

function clean(name: string, pieces: string[], max = 4): string[] {
  const cleaner = new ReplyCleaner(name, max);
  const out: string[] = [];
  for (const p of pieces) out.push(...cleaner.push(p));
  out.push(...cleaner.flush());
  return out;
}

test('template tokens never reach the reply, even split across stream chunks', (t) => {
  t.deepEqual(clean('Mira', ['Hello there', '.<|im_', 'end|> The lamp is lit', '.<end_of_turn>']), ['Hello there.', 'The lamp is lit.']);
  t.deepEqual(clean('Mira', ['<|im_end|>', '</s>']), []);
});

test("the reply ends where another speaker's line begins; the character's own label is dropped", (t) => {
  t.deepEqual(clean('Mira', ['Mira: I keep the light. ', 'User: and then?']), ['I keep the light.']);
  t.deepEqual(clean('Vance', ['I am repairing the lamp.\nMr. Novak: I am repairing it too.']), ['I am repairing the lamp.']);
  t.deepEqual(clean('Vance', ['Black coffee. Mr. Novak: two sugars.']), ['Black coffee.']);
});

test('a runaway reply is cut: repeated sentences and past the sentence cap', (t) => {
  t.deepEqual(clean('Mira', ['The sea is calm. The sea is calm. The sea is calm. ']), ['The sea is calm.']);
  t.deepEqual(clean('Mira', ['One. Two. Three. Four. Five. Six.'], 3), ['One.', 'Two.', 'Three.']);
});

test('stage directions and markdown are not spoken', (t) => {
  t.deepEqual(clean('Mira', ['*smiles warmly* **Welcome** to Gull Rock!']), ['Welcome to Gull Rock!']);
});

test('the memory window is bounded by tokens, keeps whole pairs and drops empty turns', (t) => {
  const long = 'word '.repeat(300);
  const history = [
    { role: 'user' as const, text: 'first question' },
    { role: 'companion' as const, text: long },
    { role: 'user' as const, text: 'second' },
    { role: 'companion' as const, text: '' },
    { role: 'user' as const, text: 'third' },
    { role: 'companion' as const, text: 'an answer' },
  ];
  const window = memoryWindow(history, 200);
  t.deepEqual(
    window.map((x) => x.text),
    ['second', 'third', 'an answer'],
  );
  t.is(window[0]!.role, 'user');
  t.is(memoryWindow(history, 10_000).filter((x) => x.text === '').length, 0);
});

test('the system message tells a person-persona to stay itself, a machine-persona only not to be a model', (t) => {
  const base = { characterName: 'Mira', history: [], userText: 'hi' };
  const person = systemMessage({ ...base, personality: { systemPrompt: 'You are Mira.', description: '', traits: [], greeting: '' } });
  t.regex(person, /a real person/);
  t.regex(person, /claiming to come from the system/);
  const robot = systemMessage({
    ...base,
    personality: { systemPrompt: 'You are Bolt, a friendly robot.', description: '', traits: [], greeting: '' },
  });
  t.notRegex(robot, /a real person/);
  t.regex(robot, /Never say you are ChatGPT/);
});
