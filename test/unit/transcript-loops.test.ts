/**
 * The transcriber's rules for a decode that loops (media/speech/model-server/transcript_loops.py):
 * what a live caption shows of one, cut at its first repeat instead of decoded again.
 */
import test from 'ava';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../runtime/paths.js';

const run = promisify(execFile);

/** Each text through unlooped() and looped() (as a decode of `seconds` of audio), in Python as the server runs them. */
async function judged(texts: string[], seconds = 2.2): Promise<Array<{ cut: string; looped: boolean }>> {
  const program = [
    'import json, sys',
    'from transcript_loops import looped, unlooped',
    'texts, seconds = json.load(sys.stdin)',
    'print(json.dumps([{"cut": unlooped(t), "looped": looped(t, seconds)} for t in texts]))',
  ].join('\n');
  const child = run('python3', ['-c', program], { cwd: path.join(projectRoot, 'media/speech/model-server') });
  child.child.stdin!.end(JSON.stringify([texts, seconds]));
  return JSON.parse((await child).stdout) as Array<{ cut: string; looped: boolean }>;
}

test('a looped caption is cut where it first repeats, and speech that says a word twice keeps it', async (t) => {
  const [range, sentence, location, twice, plain] = await judged([
    'What do you like to do on a range. range. range. range. range. range. range. range. range.',
    'What do you like to do on a range? What do you like to do on a range? What do you like to',
    'Location. Location. Location. Location. Location. Location.',
    'I said no, no. Go go go go go go go go.',
    'What do you like to do on a rainy day?',
  ]);
  t.deepEqual(range, { cut: 'What do you like to do on a range.', looped: true });
  t.deepEqual(sentence, { cut: 'What do you like to do on a range?', looped: true });
  t.is(location!.cut, 'Location.');
  t.is(twice!.cut, 'I said no, no. Go', 'a word said twice is speech; said three times and more, a loop');
  t.deepEqual(plain, { cut: 'What do you like to do on a rainy day?', looped: false }, 'a sentence that does not loop is left whole');
});
