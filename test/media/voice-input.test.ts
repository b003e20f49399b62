/**
 * Voice input into a realtime session's room, against the real stack: speech synthesised by the
 * service itself, encoded to Opus RTP by ffmpeg and sent into the room in real time
 * (AvatarRoom.injectVoice, the path a viewer's microphone takes from its producer on), heard by the
 * real Silero VAD, transcribed by the real speech-to-text server and taken as chat turns; speaking
 * over the companion stops it (barge-in), as heard where its audio leaves the SFU; and who may
 * publish a microphone at all, over the real signalling websocket and over NATS.
 */
import test from 'ava';
import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { connect } from 'nats';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sessionSignalSubject } from '../../actors/session/subjects.js';
import {
  INJECTED_VOICE,
  type AvatarRoom,
  type BargeInTimings,
  type HeardTimings,
  type RoomCaption,
} from '../../media/rooms/avatar-room.js';
import type { RelayReply } from '../../media/rooms/signaling.js';
import { parseWav, type Pcm } from '../../media/speech/wav.js';
import { startListeningService } from '../helpers/browser.js';
import { joinPcm, opusLevels, opusPackets, PACKET_MS, pcmMs, sendPaced, silence } from '../helpers/opus-rtp.js';
import { RtpReceiver } from '../helpers/rtp-receiver.js';
import { wordRecall } from '../helpers/transcripts.js';
import { call, createAccount, type TestAccount } from '../helpers/service.js';
import type { RunningService } from '../../http/server/start-service.js';

let service: RunningService;
let account: TestAccount;
/** The user's words so far that the reply engine was asked to evaluate ahead (prepare()), and when. */
const wordsAhead: Array<{ text: string; at: number }> = [];

test.before(async () => {
  service = await startListeningService(
    13,
    {},
    {
      wrapReplyEngine: (engine) => ({
        name: engine.name,
        reply: (ctx, signal) => engine.reply(ctx, signal),
        prepare: (ctx) => {
          if (ctx.userText !== undefined) wordsAhead.push({ text: ctx.userText, at: Date.now() });
          return engine.prepare?.(ctx);
        },
      }),
    },
  );
  account = await createAccount(service);
});
test.after.always(async () => {
  await service?.close();
});

async function realtimeSession(characterBody: Record<string, unknown> = { name: 'Echo' }): Promise<{ id: string; clientToken: string }> {
  const app = service.app!;
  const character = await call(app, 'POST', '/api/v1/characters', { key: account.live, body: characterBody });
  const res = await call(app, 'POST', '/api/v1/avatars', {
    key: account.live,
    body: { characterId: character.json().data.id, realtime: true },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data;
}

/** The service's own voice saying `text` (Piper's en-US-joe: fast). */
async function speech(text: string): Promise<Pcm> {
  const res = await call(service.app!, 'POST', '/api/v1/text-to-speech', { key: account.live, body: { text, voiceId: 'en-US-joe' } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return parseWav(res.rawPayload);
}

async function journal(sessionId: string): Promise<Array<{ role: string; text: string; interrupted: boolean }>> {
  const em = service.services.orm.em.fork() as EntityManager;
  return em.getConnection().execute('SELECT role, text, interrupted FROM session_turns WHERE session_id = ? ORDER BY seq', [sessionId]);
}

async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** RMS of a loud 20 ms packet of the companion's voice (its silence decodes to ~0). */
const LOUD = 0.01;

/** Waits until the session has journalled `answers` companion turns and the room has spoken all of them. */
async function companionAnswered(sessionId: string, answers: number, timeoutMs: number): Promise<void> {
  await until(
    () => journal(sessionId),
    (rows) => rows.filter((r) => r.role === 'companion').length >= answers,
    timeoutMs,
  );
  await until(
    () => roomOf(sessionId).frameClock!.speaking,
    (speaking) => !speaking,
    timeoutMs,
  );
  await new Promise((r) => setTimeout(r, 500)); // the encoder's last packets
}

function roomOf(sessionId: string): AvatarRoom {
  const room = service.services.media!.roomFor(sessionId);
  if (!room) throw new Error(`no room for ${sessionId}`);
  return room;
}

test.serial(
  'spoken turns are heard, transcribed and journalled as user turns; a short pause does not end a turn; the words so far are evaluated ahead',
  async (t) => {
    t.timeout(150_000);
    const session = await realtimeSession();
    t.teardown(() => call(service.app!, 'DELETE', `/api/v1/avatars/${session.id}`, { key: account.live }));
    const room = roomOf(session.id);
    const captions: RoomCaption[] = [];
    room.on('caption', (c) => captions.push(c));
    const heard: HeardTimings[] = [];
    room.voiceListener!.on('heard', (h) => heard.push(h));
    const aheadBefore = wordsAhead.length;

    // One question said in two breaths (a 250 ms pause, under the 500 ms end of turn) and a silence;
    // once it is answered, a second question. The silences are real audio, as an open microphone sends.
    const first = ['What is the tallest mountain', 'in the whole world?'];
    const second = 'Tell me a story about the sea.';
    const [a, b, c] = await Promise.all([speech(first[0]!), speech(first[1]!), speech(second)]);
    const voice = await room.injectVoice();
    t.teardown(() => voice.close());
    const greeting = (await journal(session.id)).filter((r) => r.role === 'companion').length;
    await sendPaced(
      (p) => voice.send(p),
      await opusPackets(joinPcm([silence(a, 600), a, silence(a, 250), b, silence(a, 1500)]), INJECTED_VOICE),
    );
    // Asked while the companion still answers, the second question would interrupt it (barge-in, below).
    await companionAnswered(session.id, greeting + 1, 60_000);
    await sendPaced((p) => voice.send(p), await opusPackets(joinPcm([c, silence(a, 1500)]), INJECTED_VOICE));

    const turns = await until(
      () => journal(session.id),
      (rows) => rows.filter((r) => r.role === 'user').length >= 2 && rows.length >= 4,
      60_000,
    );
    const users = turns.filter((r) => r.role === 'user').map((r) => r.text);
    t.log(`heard: ${JSON.stringify(users)}`);
    t.is(users.length, 2, 'two turns: the short pause did not split the first');
    t.true(wordRecall(first.join(' '), users[0]!) >= 0.8, `first turn: ${users[0]}`);
    t.true(wordRecall(second, users[1]!) >= 0.8, `second turn: ${users[1]}`);
    t.deepEqual(
      turns.slice(-4).map((r) => [r.role, r.interrupted]),
      [
        ['user', false],
        ['companion', false],
        ['user', false],
        ['companion', false],
      ],
      'each heard turn was answered, and heard whole (after the greeting, if the character has one)',
    );
    // The viewers see both sides of the conversation as captions, the replies sentence by sentence
    // as they are spoken: joined, each is the reply the journal holds.
    // The user's words also showed live while they spoke (interim captions, each replaced by the next
    // and by the turn); the conversation's lines are the final captions.
    const interim = captions.filter((c) => c.interim);
    t.true(interim.length > 0 && interim.every((c) => c.role === 'user'), 'the question showed live as it was spoken');
    t.true(wordRecall(interim[0]!.text, first.join(' ')) >= 0.8, `a live caption holds words of the question: ${interim[0]?.text}`);
    // The reply engine evaluated the words so far while the user still spoke, before the turn was over.
    const ahead = wordsAhead.slice(aheadBefore).filter((w) => w.at < heard[0]!.turnEndedAt);
    t.true(ahead.length > 0, 'the engine was given the words so far before the turn ended');
    t.true(wordRecall(ahead[0]!.text, first.join(' ')) >= 0.8, `the words given ahead are the question's: ${ahead[0]?.text}`);
    const lines = () =>
      captions
        .filter((c) => !c.interim)
        .reduce<RoomCaption[]>((joined, c) => {
          const last = joined.at(-1);
          if (last?.role === 'companion' && c.role === 'companion') last.text += ` ${c.text}`;
          else joined.push({ ...c });
          return joined;
        }, []);
    await until(
      async () => lines(),
      (l) => l.length >= 4 && l.at(-1)!.text === turns.at(-1)!.text,
      30_000,
    );
    t.deepEqual(
      lines().map((c) => c.role),
      ['user', 'companion', 'user', 'companion'],
    );
    t.is(lines()[0]!.text, users[0]!);
    t.is(lines()[1]!.text, turns.at(-3)!.text);
    // Each turn was declared over by the silence after it, not before the speech ended.
    for (const h of heard) t.true(h.turnEndedAt >= h.speechEndedAt && h.transcribedAt >= h.turnEndedAt);
  },
);

test.serial('push-to-talk: releasing the button (the producer paused) ends the turn without waiting for silence', async (t) => {
  t.timeout(120_000);
  const session = await realtimeSession();
  t.teardown(() => call(service.app!, 'DELETE', `/api/v1/avatars/${session.id}`, { key: account.live }));
  const room = roomOf(session.id);
  const question = 'How far away is the moon?';
  // No silence after the words: with the button released nothing more is sent, so only the
  // release can end this turn.
  const packets = await opusPackets(joinPcm([await speech(question)]), INJECTED_VOICE);
  const voice = await room.injectVoice();
  t.teardown(() => voice.close());
  await sendPaced((p) => voice.send(p), packets);
  await voice.pause();
  const turns = await until(
    () => journal(session.id),
    (rows) => rows.some((r) => r.role === 'user'),
    60_000,
  );
  const user = turns.find((r) => r.role === 'user');
  t.truthy(user, 'the turn was heard once the button was released');
  t.true(wordRecall(question, user!.text) >= 0.8, user?.text);
});

test.serial(
  'a microphone that stops sending while quiet (DTX, a muted track) ends its turn on the clock, like one that sends silence',
  async (t) => {
    t.timeout(150_000);
    const session = await realtimeSession();
    t.teardown(() => call(service.app!, 'DELETE', `/api/v1/avatars/${session.id}`, { key: account.live }));
    const room = roomOf(session.id);
    const heard: HeardTimings[] = [];
    room.voiceListener!.on('heard', (h) => heard.push(h));
    const questions = ['Where do the swallows go in winter?', 'What is the name of your boat?'];
    const [a, b] = await Promise.all(questions.map(speech));
    // Two questions with 1.5 s between them, encoded whole; then every packet of the silences is left
    // out, as a sender with DTX or a muted track does: the RTP timestamps skip the pause, and after
    // the second question nothing more is sent at all (no silence, no release).
    const pieces = [silence(a!, 200), a!, silence(a!, 1500), b!];
    const packets = await opusPackets(joinPcm(pieces), INJECTED_VOICE);
    const speechPackets = new Set<number>();
    let atMs = 0;
    for (const piece of pieces) {
      const ms = pcmMs(piece);
      if (piece !== pieces[0] && piece !== pieces[2])
        for (let i = Math.floor(atMs / PACKET_MS); i < Math.ceil((atMs + ms) / PACKET_MS); i++) speechPackets.add(i);
      atMs += ms;
    }
    const voice = await room.injectVoice();
    t.teardown(() => voice.close());
    const lastSpeechSentAt: number[] = [];
    const start = performance.now();
    for (const [i, packet] of packets.entries()) {
      if (!speechPackets.has(i) && i >= 200 / PACKET_MS) continue; // DTX: nothing is sent while quiet
      const wait = start + i * PACKET_MS - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      voice.send(packet);
      if (speechPackets.has(i) && !speechPackets.has(i + 1)) lastSpeechSentAt.push(Date.now());
    }
    const turns = await until(
      () => heard,
      (h) => h.length >= 2,
      30_000,
    );
    t.log(`heard: ${JSON.stringify(turns.map((h) => h.text))}`);
    t.is(turns.length, 2, 'two turns: the pause the sender did not send still separated them');
    t.true(wordRecall(questions[0]!, turns[0]!.text) >= 0.8, `first turn: ${turns[0]?.text}`);
    t.true(wordRecall(questions[1]!, turns[1]!.text) >= 0.8, `second turn: ${turns[1]?.text}`);
    // Each turn ended on the clock: VOICE_END_OF_TURN_MS (500) after its last packet of speech, give
    // or take the clip's own tail of quiet and the decoder; never "when the next packet comes".
    for (const [i, h] of turns.slice(0, 2).entries()) {
      const afterMs = h.turnEndedAt - lastSpeechSentAt[i]!;
      t.log(`turn ${i + 1} ended ${afterMs} ms after its last packet of speech was sent`);
      t.true(afterMs <= 1_200, `turn ${i + 1} ended ${afterMs} ms after its speech`);
    }
  },
);

test.serial('a turn spoken in Spanish is heard in Spanish, and says so, in a session that follows the user', async (t) => {
  t.timeout(120_000);
  const session = await realtimeSession();
  t.teardown(() => call(service.app!, 'DELETE', `/api/v1/avatars/${session.id}`, { key: account.live }));
  const room = roomOf(session.id);
  const heard: HeardTimings[] = [];
  room.voiceListener!.on('heard', (h) => heard.push(h));
  const question = '¿Qué pan haces por la mañana?';
  const res = await call(service.app!, 'POST', '/api/v1/text-to-speech', {
    key: account.live,
    body: { text: question, voiceId: 'es-ES-dora' },
  });
  t.is(res.statusCode, 200, res.body);
  const spoken = parseWav(res.rawPayload);
  const voice = await room.injectVoice();
  t.teardown(() => voice.close());
  await sendPaced((p) => voice.send(p), await opusPackets(joinPcm([silence(spoken, 400), spoken, silence(spoken, 1500)]), INJECTED_VOICE));
  const turns = await until(
    () => heard,
    (h) => h.length >= 1,
    30_000,
  );
  t.log(`heard: ${JSON.stringify(turns.map((h) => [h.text, h.language]))}`);
  t.is(turns[0]?.language, 'es');
  t.true(wordRecall('qué pan haces por la mañana', turns[0]!.text.toLowerCase()) >= 0.6, turns[0]?.text);
});

test.serial(
  'a reply begins at a pause, held until the turn ends: dropped unheard if the user goes on, played as soon as the turn is over if not',
  async (t) => {
    t.timeout(180_000);
    // A long end of turn (2.5 s) leaves the early transcript, taken at 200 ms of silence, time to be
    // announced inside the pause, whatever this machine's load: the held reply is always exercised.
    const slow = await startListeningService(13, { VOICE_END_OF_TURN_MS: '2500' });
    t.teardown(() => slow.close());
    const owner = await createAccount(slow);
    const character = await call(slow.app!, 'POST', '/api/v1/characters', { key: owner.live, body: { name: 'Echo' } });
    const created = await call(slow.app!, 'POST', '/api/v1/avatars', {
      key: owner.live,
      body: { characterId: character.json().data.id, realtime: true },
    });
    t.is(created.statusCode, 201, created.body);
    const sessionId = created.json().data.id as string;
    const room = slow.services.media!.roomFor(sessionId)!;
    const captions: RoomCaption[] = [];
    room.on('caption', (c) => captions.push(c));
    const hearing: string[] = [];
    let resumed = 0;
    room.voiceListener!.on('hearing', ({ text }) => hearing.push(text));
    room.voiceListener!.on('resumed', () => resumed++);
    const rows = async () =>
      (await (slow.services.orm.em.fork() as EntityManager)
        .getConnection()
        .execute('SELECT role, text FROM session_turns WHERE session_id = ? ORDER BY seq', [sessionId])) as Array<{
        role: string;
        text: string;
      }>;
    const before = (await rows()).length;

    // "What is the tallest mountain", a pause of 1.8 s (announced, a reply begun and held), then the
    // rest of the question: the begun reply must never be heard, captioned or journalled.
    const parts = ['What is the tallest mountain', 'in the whole world?'];
    const [a, b] = await Promise.all(parts.map(speech));
    const voice = await room.injectVoice();
    t.teardown(() => voice.close());
    await sendPaced(
      (p) => voice.send(p),
      await opusPackets(joinPcm([silence(a!, 600), a!, silence(a!, 1800), b!, silence(a!, 4000)]), INJECTED_VOICE),
    );
    const turns = await until(rows, (r) => r.length >= before + 2, 60_000);
    const added = turns.slice(before);
    t.log(`announced: ${JSON.stringify(hearing)}; resumed ${resumed}; journal: ${JSON.stringify(added)}`);
    t.true(
      hearing.length >= 1 && wordRecall(parts[0]!, hearing[0]!) >= 0.8 && !/world/i.test(hearing[0]!),
      'the first part was announced alone',
    );
    t.true(resumed >= 1, 'the user went on: the announcement was withdrawn');
    t.deepEqual(
      added.map((r) => r.role),
      ['user', 'companion'],
      'one turn, one answer: the reply begun on the first part left no trace',
    );
    t.true(wordRecall(parts.join(' '), added[0]!.text) >= 0.8, `the whole question: ${added[0]!.text}`);
    // Announced again once whole (when its transcript came back inside the pause), it is the answer spoken.
    if (hearing.length > 1) t.true(wordRecall(parts.join(' '), hearing.at(-1)!) >= 0.8, `last announcement: ${hearing.at(-1)}`);
    await until(
      async () =>
        captions
          .filter((c) => c.role === 'companion')
          .map((c) => c.text)
          .join(' '),
      (spoken) => spoken === added[1]!.text,
      30_000,
    );
    const userCaptions = captions.filter((c) => c.role === 'user' && !c.interim).map((c) => c.text);
    t.deepEqual(userCaptions, [added[0]!.text], 'only the whole turn was shown to the room');
    const finalAt = captions.findIndex((c) => c.role === 'user' && !c.interim);
    t.true(captions.findIndex((c) => c.role === 'companion') > finalAt, 'nothing of the companion played before the turn was over');
  },
);

test.serial(
  'barge-in: speaking over a long reply silences the companion within 200 ms of the speech being detected; the journal keeps what was heard, marked interrupted',
  async (t) => {
    t.timeout(150_000);
    // "Who are you?" gets the persona engine's "I am Echo." and then this description, one long
    // sentence (about 12 s in Piper's en-US-joe): the companion is still talking when the user cuts in.
    const description =
      'I keep the old lighthouse on the northern cliffs, where I count the ships that pass by day and by night, ' +
      'mend the great lamp whenever the winter storms crack its glass, and write down every story ' +
      'the fishermen tell me when they finally come ashore after a long week out on the grey sea.';
    const session = await realtimeSession({ name: 'Echo', voiceId: 'en-US-joe', personality: { description, traits: [] } });
    t.teardown(() => call(service.app!, 'DELETE', `/api/v1/avatars/${session.id}`, { key: account.live }));
    const room = roomOf(session.id);
    const bargeIns: BargeInTimings[] = [];
    room.voiceListener!.on('bargeIn', (b) => bargeIns.push(b));
    // What a viewer would hear: the companion's Opus where it leaves the SFU, decoded afterwards.
    const receiver = new RtpReceiver({ keepPackets: true });
    t.teardown(() => receiver.close());
    const mirror = await room.mirrorTo('audio', await receiver.start());
    t.teardown(() => mirror.close());
    const interruption = 'Wait, stop. How far away is the moon?';
    // The question, then the silence of an open microphone that ends the turn.
    const said = await speech(interruption);
    const packets = await opusPackets(joinPcm([said, silence(said, 1500)]), INJECTED_VOICE);
    const voice = await room.injectVoice();
    t.teardown(() => voice.close());

    const started: string[] = []; // the sentences the room starts speaking
    room.frameClock!.on('utteranceStart', (sentence) => started.push(sentence));
    const asked = await call(service.app!, 'POST', `/api/v1/avatars/${session.id}/chat`, {
      key: account.live,
      body: { text: 'Who are you?' },
    });
    t.is(asked.statusCode, 200, asked.body);
    const reply = asked.json().data.reply as { text: string; sentences: string[] };
    t.true(reply.text.includes(description), reply.text);
    // The answer is journalled whole at once (the engine is done); the room speaks it for a while
    // yet. The user cuts in a second into the long sentence.
    await until(
      () => started,
      (s) => s.includes(description),
      60_000,
    );
    await new Promise((r) => setTimeout(r, 1000));

    const sentAt = await sendPaced((p) => voice.send(p), packets);
    const bargeIn = await until(
      () => bargeIns[0],
      (b) => b !== undefined,
      5_000,
    );
    t.truthy(bargeIn, 'the listener heard the user take the floor');
    const turns = await until(
      () => journal(session.id),
      (rows) => rows.filter((r) => r.role === 'user').length >= 2 && rows.at(-1)!.role === 'companion',
      60_000,
    );
    await new Promise((r) => setTimeout(r, 500));

    // The levels of what left the SFU, packet by packet, on the wall clock.
    const arrivals = receiver.packets.filter((p) => p.packet);
    const levels = await opusLevels(arrivals.map((p) => p.packet!));
    const at = (i: number) => performance.timeOrigin + arrivals[i]!.at;
    const speaking = (from: number, to: number) => levels.filter((l, i) => at(i) >= from && at(i) < to && l > LOUD);
    const detected = bargeIn!.detectedAt;
    const lastLoud = Math.max(...levels.map((l, i) => (l > LOUD && at(i) < detected + 1000 ? at(i) : 0)));
    t.log(
      `the listener placed the speech's start ${(bargeIn!.speechStartedAt - (performance.timeOrigin + sentAt[0]!)).toFixed(0)} ms after its first packet was sent; ` +
        `barge-in detected ${detected - bargeIn!.speechStartedAt} ms after the speech started; ` +
        `the companion's last loud packet left the SFU ${(lastLoud - detected).toFixed(0)} ms after the detection`,
    );
    t.true(speaking(detected - 1000, detected).length > 10, 'the companion was talking when the user cut in');
    t.deepEqual(speaking(detected + 200, detected + 1000), [], 'and was silent from 200 ms after the detection on');

    // The journal: the reply cut where the room stopped speaking it (a prefix, marked interrupted),
    // then the user's spoken turn and its answer.
    const rows = turns.slice(-4);
    t.deepEqual(
      rows.map((r) => [r.role, r.interrupted]),
      [
        ['user', false],
        ['companion', true],
        ['user', false],
        ['companion', false],
      ],
    );
    t.is(rows[0]!.text, 'Who are you?');
    const heardOfReply = rows[1]!.text;
    t.true(heardOfReply.length > 0 && heardOfReply.length < reply.text.length / 2, `kept: ${heardOfReply}`);
    t.true(reply.text.startsWith(heardOfReply), `kept: ${heardOfReply}`);
    t.true(wordRecall(interruption, rows[2]!.text) >= 0.8, rows[2]!.text);
  },
);

test.serial(
  'asked for a story, the companion tells it in several sentences; cut in after two, it stops and answers the interruption',
  async (t) => {
    t.timeout(150_000);
    const session = await realtimeSession({ name: 'Echo', voiceId: 'en-US-joe' });
    t.teardown(() => call(service.app!, 'DELETE', `/api/v1/avatars/${session.id}`, { key: account.live }));
    const room = roomOf(session.id);
    const interruption = 'Wait, stop. How far away is the moon?';
    const said = await speech(interruption);
    const packets = await opusPackets(joinPcm([said, silence(said, 1500)]), INJECTED_VOICE);
    const voice = await room.injectVoice();
    t.teardown(() => voice.close());
    const started: string[] = [];
    room.frameClock!.on('utteranceStart', (sentence) => started.push(sentence));

    const asked = await call(service.app!, 'POST', `/api/v1/avatars/${session.id}/chat`, {
      key: account.live,
      body: { text: 'Tell me a story about the sea.' },
    });
    t.is(asked.statusCode, 200, asked.body);
    const story = asked.json().data.reply as { text: string; sentences: string[] };
    t.true(story.sentences.length >= 4, story.text);
    // Two sentences told, the third begun: the user cuts in.
    await until(
      () => started,
      (s) => s.includes(story.sentences[2]!),
      60_000,
    );
    await sendPaced((p) => voice.send(p), packets);
    const turns = await until(
      () => journal(session.id),
      (rows) => rows.filter((r) => r.role === 'user').length >= 2 && rows.at(-1)!.role === 'companion',
      60_000,
    );
    const rows = turns.slice(-4);
    t.deepEqual(
      rows.map((r) => [r.role, r.interrupted]),
      [
        ['user', false],
        ['companion', true],
        ['user', false],
        ['companion', false],
      ],
    );
    const heard = rows[1]!.text;
    t.true(heard.startsWith(story.sentences.slice(0, 2).join(' ')), `kept: ${heard}`);
    t.true(heard.length < story.text.length, `kept: ${heard}`);
    t.false(started.includes(story.sentences.at(-1)!), 'the rest of the story was not told');
    t.true(wordRecall(interruption, rows[2]!.text) >= 0.8, rows[2]!.text);
    t.true(rows[3]!.text.length > 0, 'the interruption was answered');
  },
);

/** Opens the signalling websocket and collects what the node sends; `request` answers by id. */
async function signalling(sessionId: string, token: string) {
  const url = `${service.url!.replace('http', 'ws')}/api/v1/avatars/${sessionId}/signaling`;
  const ws = new WebSocket(url, ['companion-signaling.v1', `bearer.${token}`]);
  const messages: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as Record<string, unknown>);
    for (const w of waiters.splice(0)) w();
  });
  const next = (match: (m: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such message in ${JSON.stringify(messages)}`)), 15_000);
      const check = () => {
        const found = messages.find(match);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      check();
    });
  let id = 0;
  return {
    ready: await next((m) => m.notification === 'ready'),
    request: async (body: Record<string, unknown>) => {
      const mine = ++id;
      ws.send(JSON.stringify({ ...body, id: mine }));
      return next((m) => m.id === mine);
    },
    close: () => ws.close(),
  };
}

const SPEAKING = [
  { method: 'createSendTransport' },
  { method: 'connectSendTransport', dtlsParameters: { role: 'client', fingerprints: [] } },
  { method: 'produce', kind: 'audio', rtpParameters: { codecs: [], encodings: [] } },
  { method: 'pauseProducer', paused: true },
];

test.serial(
  'only the session’s own st_ token may publish: watch-only tokens and keys are refused, another session’s st_ cannot connect',
  async (t) => {
    const session = await realtimeSession();
    const other = await realtimeSession();
    t.teardown(async () => {
      for (const s of [session, other]) await call(service.app!, 'DELETE', `/api/v1/avatars/${s.id}`, { key: account.live });
    });
    const minted = await call(service.app!, 'POST', `/api/v1/avatars/${session.id}/viewer-token`, { key: account.live, body: {} });
    const viewerToken = minted.json().data.token as string;

    for (const [who, token] of [
      ['a vt_ viewer token', viewerToken],
      ['a secret key', account.live],
    ] as const) {
      const page = await signalling(session.id, token);
      t.teardown(() => page.close());
      t.is(page.ready.canSpeak, false, `${who} is not offered the microphone`);
      for (const request of SPEAKING) {
        const answer = await page.request(request);
        t.like(answer, { ok: false, error: { code: 'forbidden' } }, `${who}: ${request.method}`);
      }
    }

    const speaker = await signalling(session.id, session.clientToken);
    t.teardown(() => speaker.close());
    t.is(speaker.ready.canSpeak, true, 'the session’s st_ token may speak');
    // As the page does: the send direction is opened by a viewer of the room, which receives first.
    t.like(await speaker.request({ method: 'createTransport' }), { ok: true });
    const sendTransport = await speaker.request({ method: 'createSendTransport' });
    t.like(sendTransport, { ok: true });
    t.truthy((sendTransport.data as { iceParameters?: unknown }).iceParameters);

    // Another session's st_ token never reaches its room: the upgrade refuses it, so it can never produce there.
    const refused = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${service.url!.replace('http', 'ws')}/api/v1/avatars/${other.id}/signaling`, [
        'companion-signaling.v1',
        `bearer.${session.clientToken}`,
      ]);
      ws.on('open', () => reject(new Error('another session’s st_ token opened the signalling')));
      ws.on('unexpected-response', (_req, res: IncomingMessage) => resolve(res.statusCode!));
      ws.on('error', () => undefined);
    });
    t.is(refused, 403);

    // And the room's node checks on its own: a viewer joined without the st_ token's right to speak
    // (as any relay sends for vt_ tokens) is refused there too.
    const nc = await connect({ servers: process.env.NATS_URL! });
    t.teardown(() => nc.close());
    const relay = async (request: unknown) =>
      JSON.parse(
        new TextDecoder().decode(
          (await nc.request(sessionSignalSubject(session.id), new TextEncoder().encode(JSON.stringify(request)))).data,
        ),
      ) as RelayReply;
    const joined = await relay({ type: 'join', viewerId: 'vwr_forged', tokenId: 'vtk_x', canSpeak: false });
    t.like(joined, { ok: true, data: { acceptsVoice: true } });
    for (const request of SPEAKING) {
      const answer = await relay({ type: 'signal', viewerId: 'vwr_forged', request });
      t.like(answer, { ok: false, error: { code: 'forbidden' } }, `room node: ${request.method}`);
    }
    await relay({ type: 'leave', viewerId: 'vwr_forged' });
  },
);
