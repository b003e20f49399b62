/**
 * Realtime sessions against real mediasoup workers and a real ffmpeg encoder: the room comes with
 * session.started, the companion publishes VP8 + Opus at the session's frame rate, the room
 * closes when the session ends, and a worker killed with SIGKILL ends its sessions with reason
 * media_error and is replaced.
 */
import test from 'ava';
import { call, createAccount, startTestService, type TestAccount, type TestService } from '../helpers/service.js';
import { Receiver } from '../helpers/receiver.js';
import { RtpReceiver } from '../helpers/rtp-receiver.js';

let service: TestService;
let account: TestAccount;

test.before(async () => {
  service = await startTestService({ REDIS_URL: `${process.env.REDIS_URL}/6`, SESSION_CAPACITY: '50' });
  account = await createAccount(service);
});
test.after.always(async () => {
  await service?.close();
});

async function createRealtime(body: Record<string, unknown> = {}) {
  const characterId = (await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Camera' } })).json().data
    .id;
  const res = await call(service.app, 'POST', '/api/v1/avatars', { key: account.live, body: { characterId, realtime: true, ...body } });
  return res;
}

async function waitUntil<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

test.serial('a realtime session starts with its room (session.started carries it) and the room closes when it ends', async (t) => {
  const receiver = new Receiver();
  await receiver.start();
  t.teardown(() => receiver.stop());
  await call(service.app, 'POST', '/api/v1/webhooks', { key: account.live, body: { url: receiver.url, events: ['session.started'] } });

  const res = await createRealtime();
  t.is(res.statusCode, 201, res.body);
  const session = res.json().data;
  t.true(session.realtime);
  t.is(session.target_fps, 12, 'the default frame rate');
  t.like(session.room, { video: { codec: 'VP8', fps: 12 }, audio: { codec: 'opus', sampleRate: 48000 } });

  const [started] = await receiver.waitFor((r) => r.length > 0, 20_000);
  t.deepEqual(JSON.parse(started!.rawBody).data.object.room, session.room);

  const room = service.services.media!.roomFor(session.id)!;
  t.truthy(room);
  t.is(room.id, session.room.id);
  t.is(room.producers.video.kind, 'video');
  t.is(room.producers.video.rtpParameters.codecs[0]!.mimeType, 'video/VP8');
  t.is(room.producers.audio.rtpParameters.codecs[0]!.mimeType, 'audio/opus');

  const ended = await call(service.app, 'DELETE', `/api/v1/avatars/${session.id}`, { key: account.live });
  t.is(ended.json().data.state, 'closed');
  t.is(ended.json().data.room, null);
  t.true(room.closed);
  t.is(room.closeReason, 'explicit', 'the room closes with the session end reason (viewers are told it)');
  t.true(room.producers.video.closed);
  t.is(service.services.media!.roomFor(session.id), undefined);
});

test.serial('the companion publishes VP8 video at target_fps and Opus audio, which leave the SFU', async (t) => {
  const res = await createRealtime({ target_fps: 15 });
  const session = res.json().data;
  t.teardown(() => call(service.app, 'DELETE', `/api/v1/avatars/${session.id}`, { key: account.live }));
  const room = service.services.media!.roomFor(session.id)!;

  const video = new RtpReceiver();
  const audio = new RtpReceiver();
  const mirrors = [await room.mirrorTo('video', await video.start()), await room.mirrorTo('audio', await audio.start())];
  t.teardown(() => {
    for (const m of mirrors) m.close();
    video.close();
    audio.close();
  });
  await video.waitFor((p) => p.length > 0, 20_000); // the first keyframe reached the viewer side
  await new Promise((r) => setTimeout(r, 1500)); // frames queued while ffmpeg started come in a burst
  const from = performance.now();
  await new Promise((r) => setTimeout(r, 3000));
  const to = performance.now();
  const fps = (video.framesBetween(from, to) / (to - from)) * 1000;
  t.log(`video: ${fps.toFixed(1)} frames/s over ${((to - from) / 1000).toFixed(1)} s`);
  t.true(fps > 15 * 0.8 && fps < 15 * 1.2, `frames at ${fps.toFixed(1)}/s, target 15`);
  // Opus in 20 ms packets: ~50 per second, silence included.
  const audioRate = (audio.packets.filter((p) => p.at >= from && p.at < to).length / (to - from)) * 1000;
  t.true(audioRate > 40 && audioRate < 60, `audio packets at ${audioRate.toFixed(1)}/s`);
});

test.serial('speaking: a chat turn on a realtime session is voiced into the room', async (t) => {
  const res = await createRealtime({ voice: 'en-US-joe' });
  const session = res.json().data;
  t.teardown(() => call(service.app, 'DELETE', `/api/v1/avatars/${session.id}`, { key: account.live }));
  const room = service.services.media!.roomFor(session.id)!;
  const audio = new RtpReceiver();
  const mirror = await room.mirrorTo('audio', await audio.start());
  t.teardown(() => {
    mirror.close();
    audio.close();
  });
  await audio.waitFor((p) => p.length > 25, 20_000);
  const quiet = Math.max(...audio.packets.slice(-20).map((p) => p.size));
  const chat = await call(service.app, 'POST', `/api/v1/avatars/${session.id}/chat`, { key: account.live, body: { text: 'Hello there!' } });
  t.is(chat.statusCode, 200, chat.body);
  // Speech needs more bits than silence (Opus VBR): packets grow while the companion talks.
  const before = audio.packets.length;
  await audio.waitFor((p) => p.slice(before).filter((x) => x.size > quiet * 1.25 && x.size > 80).length >= 10, 30_000);
  t.pass();
});

test.serial('a mediasoup worker killed with SIGKILL: its sessions end with reason media_error and the pool replaces it', async (t) => {
  const session = (await createRealtime()).json().data;
  const host = service.services.media!;
  const room = host.roomFor(session.id)!;
  const deadPid = room.workerPid;
  process.kill(deadPid, 'SIGKILL');

  const after = await waitUntil(
    async () => (await call(service.app, 'GET', `/api/v1/avatars/${session.id}`, { key: account.live })).json().data,
    (s) => s.state === 'closed',
    15_000,
  );
  t.is(after.state, 'closed');
  t.is(after.endReason, 'media_error');
  t.true(room.closed);

  const live = await waitUntil(
    async () => host.pool.live.map((w) => w.pid),
    (pids) => pids.length === host.pool.size && !pids.includes(deadPid),
    15_000,
  );
  t.is(live.length, host.pool.size);
  t.false(live.includes(deadPid));
  const health = (await service.app.inject({ method: 'GET', url: '/health' })).json();
  t.like(health.media, { status: 'up', live: host.pool.size, deaths: 1 });

  // The replacement serves new rooms.
  const next = await createRealtime();
  t.is(next.statusCode, 201, next.body);
  await call(service.app, 'DELETE', `/api/v1/avatars/${next.json().data.id}`, { key: account.live });
});

test.serial(
  'past the realtime sessions a node can stream at full quality, a new realtime session gets 429; text sessions still open',
  async (t) => {
    const small = await startTestService({
      REDIS_URL: `${process.env.REDIS_URL}/6`,
      SESSION_CAPACITY: '50',
      REALTIME_SESSIONS_PER_NODE: '1',
    });
    t.teardown(() => small.close());
    const characterId = (await call(small.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Busy' } })).json().data.id;
    const first = await call(small.app, 'POST', '/api/v1/avatars', { key: account.live, body: { characterId, realtime: true } });
    t.is(first.statusCode, 201, first.body);
    const second = await call(small.app, 'POST', '/api/v1/avatars', { key: account.live, body: { characterId, realtime: true } });
    t.is(second.statusCode, 429);
    t.is(second.json().error.code, 'COMPANION_ERR_REALTIME_CAPACITY');
    const text = await call(small.app, 'POST', '/api/v1/avatars', { key: account.live, body: { characterId } });
    t.is(text.statusCode, 201, 'a text session needs no room');
    t.is((await call(small.app, 'DELETE', `/api/v1/avatars/${first.json().data.id}`, { key: account.live })).statusCode, 200);
    const again = await call(small.app, 'POST', '/api/v1/avatars', { key: account.live, body: { characterId, realtime: true } });
    t.is(again.statusCode, 201, 'the room freed by the ended session is available again');
    for (const s of [text, again]) await call(small.app, 'DELETE', `/api/v1/avatars/${s.json().data.id}`, { key: account.live });
  },
);
