/**
 * The model server's `--threads auto` (runtime/llm/spare-cores.ts): when other processes keep every
 * core busy, it must fall back to one thread, the choice that never stalls llama.cpp's barrier.
 */
import test from 'ava';
import os from 'node:os';
import { spawn } from 'node:child_process';
import { SpareCores } from '../../runtime/llm/spare-cores.js';

test('with every core busy in other processes, auto uses one thread', async (t) => {
  const busy = Array.from({ length: os.availableParallelism() }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  const spare = new SpareCores(100);
  try {
    // Several samples, all taken while the busy loops run.
    await new Promise((r) => setTimeout(r, 600));
    t.is(spare.threads(os.availableParallelism()), 1);
  } finally {
    spare.stop();
    for (const child of busy) child.kill('SIGKILL');
  }
});

test('never fewer than one thread nor more than asked for', (t) => {
  const spare = new SpareCores(100);
  try {
    const threads = spare.threads(1);
    t.is(threads, 1);
    t.true(spare.threads(64) >= 1 && spare.threads(64) <= os.availableParallelism());
  } finally {
    spare.stop();
  }
});
