import test from 'ava';
import { pino } from 'pino';
import { Actor, ActorStopped, type Behavior } from '../../runtime/actors/actor.js';
import { resetThenStop } from '../../runtime/actors/supervisor.js';

type Msg = { type: 'add'; n: number } | { type: 'boom' } | { type: 'idle' } | { type: 'slow'; ms: number; n: number };
const log = pino({ level: 'silent' });

function counter(persisted: { value: number }, events: string[]): Behavior<{ value: number }, Msg, number> {
  return {
    idleMessage: { type: 'idle' },
    recover: async () => ({ value: persisted.value }),
    async handle(state, msg, ctx) {
      if (msg.type === 'boom') throw new Error('boom');
      if (msg.type === 'idle') {
        ctx.stop('idle');
        return { state };
      }
      if (msg.type === 'slow') await new Promise((resolve) => setTimeout(resolve, msg.ms));
      const value = state.value + msg.n;
      persisted.value = value; // the journal
      return { state: { value }, reply: value };
    },
    async onStop(_state, reason) {
      events.push(`stopped:${reason}`);
    },
  };
}

test('the mailbox processes one message at a time, in order', async (t) => {
  const actor = new Actor('a', { value: 0 }, counter({ value: 0 }, []), { log, idleTimeoutMs: 0, supervision: resetThenStop() });
  const replies = await Promise.all([
    actor.ask({ type: 'slow', ms: 30, n: 1 }, 1000),
    actor.ask({ type: 'add', n: 10 }, 1000),
    actor.ask({ type: 'slow', ms: 5, n: 100 }, 1000),
  ]);
  t.deepEqual(replies, [1, 11, 111]);
});

test('on a failure the supervisor resets the state from what was persisted, and the actor goes on', async (t) => {
  const persisted = { value: 0 };
  const actor = new Actor('b', { value: 0 }, counter(persisted, []), { log, idleTimeoutMs: 0, supervision: resetThenStop(3, 60_000) });
  await actor.ask({ type: 'add', n: 5 }, 1000);
  persisted.value = 42; // e.g. another writer advanced the journal
  await t.throwsAsync(actor.ask({ type: 'boom' }, 1000), { message: 'boom' });
  t.is(await actor.ask({ type: 'add', n: 1 }, 1000), 43, 'state came back from the journal');
  t.false(actor.isStopped);
});

test('after too many failures in the window the supervisor stops the actor', async (t) => {
  const events: string[] = [];
  const actor = new Actor('c', { value: 0 }, counter({ value: 0 }, events), {
    log,
    idleTimeoutMs: 0,
    supervision: resetThenStop(2, 60_000),
  });
  for (let i = 0; i < 3; i++) await t.throwsAsync(actor.ask({ type: 'boom' }, 1000));
  t.true(actor.isStopped);
  t.deepEqual(events, ['stopped:failed: boom']);
  await t.throwsAsync(actor.ask({ type: 'add', n: 1 }, 1000), { instanceOf: ActorStopped });
});

test('the idle timer fires after the mailbox has been empty for idleTimeoutMs, and is re-armed by messages', async (t) => {
  const events: string[] = [];
  const actor = new Actor('d', { value: 0 }, counter({ value: 0 }, events), { log, idleTimeoutMs: 150, supervision: resetThenStop() });
  for (let i = 0; i < 4; i++) {
    await new Promise((resolve) => setTimeout(resolve, 80));
    await actor.ask({ type: 'add', n: 1 }, 1000); // keeps it alive past 150 ms in total
  }
  t.false(actor.isStopped);
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.true(actor.isStopped);
  t.deepEqual(events, ['stopped:idle']);
});

test('messages that are not activity (status reads) do not keep an actor alive', async (t) => {
  const events: string[] = [];
  const behavior = { ...counter({ value: 0 }, events), isActivity: (msg: Msg) => msg.type !== 'slow' };
  const actor = new Actor('e', { value: 0 }, behavior, { log, idleTimeoutMs: 200, supervision: resetThenStop() });
  for (let i = 0; i < 4; i++) {
    await new Promise((resolve) => setTimeout(resolve, 70));
    await actor.ask({ type: 'slow', ms: 0, n: 0 }, 1000).catch(() => undefined); // a "read"
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  t.true(actor.isStopped, 'idle although it was read from');
  t.deepEqual(events, ['stopped:idle']);
});
