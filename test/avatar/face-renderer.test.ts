import test from 'ava';
import type { Appearance } from '../../runtime/db/entities/character.js';
import { DEFAULT_APPEARANCE } from '../../runtime/characters/character-service.js';
import { createFaceRenderer, type FaceRenderer } from '../../media/avatar/face-renderer.js';
import { blinkAt } from '../../media/avatar/performer.js';

const MIRA: Appearance = { ...DEFAULT_APPEARANCE };
const W = 256;
const H = 256;

/** Mean absolute difference of the Y plane inside a box given in fractions of the frame. */
function lumaDiff(a: Buffer, b: Buffer, box = { x0: 0, y0: 0, x1: 1, y1: 1 }): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(box.y0 * H); y < Math.floor(box.y1 * H); y++)
    for (let x = Math.floor(box.x0 * W); x < Math.floor(box.x1 * W); x++) {
      sum += Math.abs(a[y * W + x]! - b[y * W + x]!);
      n++;
    }
  return sum / n;
}
const MOUTH = { x0: 0.4, y0: 0.55, x1: 0.75, y1: 0.75 };
const EYES = { x0: 0.35, y0: 0.38, x1: 0.78, y1: 0.53 };
const frame = (r: FaceRenderer, over: Partial<Parameters<FaceRenderer['render']>[0]> = {}) =>
  r.render({ tMs: 0, viseme: 'rest', mouthOpen: 0, blink: 0, ...over });

test('frames are I420 at the size asked for', async (t) => {
  const r = await createFaceRenderer(MIRA, { width: 320, height: 240 });
  t.is(r.width, 320);
  t.is(frame(r).length, (320 * 240 * 3) / 2);
  r.close();
  await t.throwsAsync(() => createFaceRenderer(MIRA, { width: 321, height: 240 }), { instanceOf: RangeError });
});

test('the background, skin and hair colours of the appearance are drawn', async (t) => {
  const r = await createFaceRenderer({ ...MIRA, backgroundColor: '#ffffff' }, { width: W, height: H });
  const f = frame(r);
  t.true(f[2 * W + 2]! > 230, 'a white background corner is bright');
  const dark = frame(await createFaceRenderer({ ...MIRA, backgroundColor: '#000000' }, { width: W, height: H }));
  t.true(dark[2 * W + 2]! < 25, 'a black background corner is dark');
});

test('two characters with different appearances look different, each change on its own too', async (t) => {
  const base = frame(await createFaceRenderer(MIRA, { width: W, height: H }));
  const changes: Array<Partial<Appearance>> = [
    { style: 'pixel' },
    { style: 'anime' },
    { faceShape: 'round' },
    { skinColor: '#8d5524' },
    { eyeColor: '#2a7ab0' },
    { hairStyle: 'long' },
    { hairStyle: 'bald' },
    { hairColor: '#d4a017' },
    { backgroundColor: '#dbeafe' },
  ];
  for (const change of changes) {
    const other = frame(await createFaceRenderer({ ...MIRA, ...change }, { width: W, height: H }));
    t.true(lumaDiff(base, other) > 0.3 || !base.subarray(W * H).equals(other.subarray(W * H)), JSON.stringify(change));
  }
});

test('the mouth region differs between rest and an open viseme, and nothing else does', async (t) => {
  const r = await createFaceRenderer(MIRA, { width: W, height: H });
  const rest = frame(r);
  for (const viseme of ['AA', 'O', 'E', 'MBP'] as const) {
    const open = frame(r, { viseme, mouthOpen: 1 });
    t.true(lumaDiff(rest, open, MOUTH) > 2, `${viseme}: mouth changes`);
    t.is(lumaDiff(rest, open, EYES), 0, `${viseme}: eyes stay`);
  }
  t.true(lumaDiff(frame(r, { viseme: 'AA' }), frame(r, { viseme: 'U' }), MOUTH) > 2, 'open and rounded differ');
});

test('eyes close on a blink, and blinks come every few seconds, briefly', async (t) => {
  const r = await createFaceRenderer(MIRA, { width: W, height: H });
  const open = frame(r);
  const closed = frame(r, { blink: 1 });
  t.true(lumaDiff(open, closed, EYES) > 2, 'the eye region changes');
  t.is(lumaDiff(open, closed, MOUTH), 0, 'the mouth does not');
  let closedMs = 0;
  let blinks = 0;
  let was = 0;
  for (let tMs = 0; tMs < 60_000; tMs += 10) {
    const b = blinkAt(tMs);
    if (b && !was) blinks++;
    closedMs += b ? 10 : 0;
    was = b;
  }
  t.true(blinks >= 12 && blinks <= 20, `${blinks} blinks a minute`);
  t.true(closedMs < 4000, `${closedMs} ms of a minute with eyes closed`);
});

test('a silent face sways: frames seconds apart differ, frames a moment apart barely', async (t) => {
  const r = await createFaceRenderer(MIRA, { width: W, height: H });
  t.true(lumaDiff(frame(r, { tMs: 0 }), frame(r, { tMs: 1200 })) > 0.5);
  t.true(lumaDiff(frame(r, { tMs: 0 }), frame(r, { tMs: 0 })) === 0);
});

test('a frame handed back is drawn into again, and then holds exactly the new frame', async (t) => {
  const r = await createFaceRenderer(MIRA, { width: W, height: H });
  const open = Buffer.from(frame(r, { viseme: 'AA' })); // what an open mouth looks like, kept aside
  const first = frame(r);
  const rest = Buffer.from(first);
  r.recycle(first);
  const second = frame(r, { viseme: 'AA' });
  t.is(second, first, 'the recycled buffer is reused');
  t.true(second.equals(open), 'drawn over completely: the open mouth, nothing of the frame before');
  const third = frame(r);
  t.not(third, second, 'a frame still held is never drawn into');
  t.true(third.equals(rest));
  r.close();
});
