/**
 * A bad turn is refused before the model runs, and a turn that cannot be journalled never ends
 * its session (issue 12, item 2); a new session's reply engine is ready before its first turn.
 */
import test from 'ava';
import { call, createAccount, envelopeOf, startTestService, type TestAccount, type TestService } from '../helpers/service.js';

let service: TestService;
let account: TestAccount;

test.before(async () => {
  service = await startTestService({ REDIS_URL: `${process.env.REDIS_URL}/7` });
  account = await createAccount(service);
});
test.after.always(async () => {
  await service?.close();
});

async function openSession(): Promise<{ id: string; clientToken: string }> {
  const characterId = (await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Turnkeeper' } })).json()
    .data.id;
  const created = await call(service.app, 'POST', '/api/v1/avatars', { key: account.live, body: { characterId } });
  return created.json().data;
}

test.serial('a chat turn with a NUL is a 400 before the model runs, however often; the session and its token live on', async (t) => {
  const session = await openSession();
  for (let i = 0; i < 5; i++) {
    const res = await call(service.app, 'POST', `/api/v1/avatars/${session.id}/chat`, {
      key: session.clientToken,
      body: { text: 'hi\u0000there' },
    });
    t.is(res.statusCode, 400);
    t.regex(envelopeOf(res).message, /body\/text .*NUL/);
  }
  const state = (await call(service.app, 'GET', `/api/v1/avatars/${session.id}`, { key: account.live })).json().data;
  t.is(state.state, 'open');
  t.is(state.turns, 1, 'only the character greeting (the first companion turn): the refused turns journalled nothing');
  const ok = await call(service.app, 'POST', `/api/v1/avatars/${session.id}/chat`, { key: session.clientToken, body: { text: 'hello' } });
  t.is(ok.statusCode, 200, 'the st_ token still works');
  t.is(ok.json().data.exchange, 1);
});

test.serial('a turn that cannot be journalled answers 503 and leaves the session open, however often it happens', async (t) => {
  const session = await openSession();
  // A real PostgreSQL failure, for this session's turns only: a trigger that refuses them.
  const conn = service.services.orm.em.getConnection();
  const fn = `refuse_turns_${session.id.toLowerCase()}`;
  await conn.execute(
    `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'journal refused for the test'; END $$`,
  );
  await conn.execute(
    `CREATE TRIGGER ${fn} BEFORE INSERT ON session_turns FOR EACH ROW WHEN (NEW.session_id = '${session.id}') EXECUTE FUNCTION ${fn}()`,
  );
  const drop = async () => {
    await conn.execute(`DROP TRIGGER IF EXISTS ${fn} ON session_turns`);
    await conn.execute(`DROP FUNCTION IF EXISTS ${fn}()`);
  };
  t.teardown(drop);

  for (let i = 0; i < 6; i++) {
    const res = await call(service.app, 'POST', `/api/v1/avatars/${session.id}/chat`, {
      key: session.clientToken,
      body: { text: 'hello' },
    });
    t.is(res.statusCode, 503);
    t.is(envelopeOf(res).code, 'COMPANION_ERR_SESSION_JOURNAL');
  }
  const during = (await call(service.app, 'GET', `/api/v1/avatars/${session.id}`, { key: account.live })).json().data;
  t.is(during.state, 'open');
  t.is(during.endReason, null);

  await drop();
  const ok = await call(service.app, 'POST', `/api/v1/avatars/${session.id}/chat`, { key: session.clientToken, body: { text: 'hello' } });
  t.is(ok.statusCode, 200, 'the session and its st_ token still work once journalling does');
  t.is(ok.json().data.exchange, 1, 'the refused turns left no trace');
});

test.serial(
  'a REST session gets its reply engine ready before its first turn and after each reply, with what it said in its memory',
  async (t) => {
    const prepared: Array<{ characterName: string; history: Array<{ role: string; text: string }> }> = [];
    const own = await startTestService({ REDIS_URL: `${process.env.REDIS_URL}/7` }, undefined, {
      wrapReplyEngine: (engine) => ({
        name: engine.name,
        reply: (ctx, signal) => engine.reply(ctx, signal),
        prepare: (ctx) => void prepared.push({ characterName: ctx.characterName, history: ctx.history }),
      }),
    });
    t.teardown(() => own.close());
    const owner = await createAccount(own);
    const characterId = (
      await call(own.app, 'POST', '/api/v1/characters', {
        key: owner.live,
        body: { name: 'Warm Wendy', personality: { greeting: 'Hello, I am Wendy.' } },
      })
    ).json().data.id;
    const created = await call(own.app, 'POST', '/api/v1/avatars', { key: owner.live, body: { characterId } });
    t.is(created.statusCode, 201);
    t.false(created.json().data.realtime);
    t.deepEqual(prepared, [{ characterName: 'Warm Wendy', history: [{ role: 'companion', text: 'Hello, I am Wendy.' }] }]);
    // After each reply, the engine gets ready for the next turn with the exchange in memory.
    const sessionId = created.json().data.id as string;
    const turn = await call(own.app, 'POST', `/api/v1/avatars/${sessionId}/chat`, { key: owner.live, body: { text: 'Hi Wendy!' } });
    t.is(turn.statusCode, 200);
    t.deepEqual(prepared[1]?.history, [
      { role: 'companion', text: 'Hello, I am Wendy.' },
      { role: 'user', text: 'Hi Wendy!' },
      { role: 'companion', text: turn.json().data.reply.text },
    ]);
  },
);
