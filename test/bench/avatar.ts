/**
 * `npm run bench -- avatar`: what the face costs a realtime session, beside its floor in the same
 * run. Per size: creating the renderer (pre-rasterising its pictures), `render` per frame while
 * speaking (viseme changes, blinks, sway) and, as the baseline, copying one ready frame (the least
 * any renderer that hands out a fresh buffer must do). No speech server needed.
 */
import { createFaceRenderer } from '../../media/avatar/face-renderer.js';
import { VISEMES } from '../../media/avatar/visemes.js';
import { blinkAt } from '../../media/avatar/performer.js';
import type { Appearance } from '../../runtime/db/entities/character.js';
import { DEFAULT_APPEARANCE } from '../../runtime/characters/character-service.js';

const APPEARANCE: Appearance = { ...DEFAULT_APPEARANCE };
const FRAMES = 3000;

export async function runAvatar(): Promise<void> {
  process.stdout.write('avatar: face renderer cost (one core; the machine may be shared)\n');
  process.stdout.write('size      create ms   render ms/frame   copy-floor ms/frame   CPU at 30 fps\n');
  for (const size of [256, 512, 640]) {
    const started = performance.now();
    const renderer = await createFaceRenderer(APPEARANCE, { width: size, height: size });
    const createMs = performance.now() - started;
    let t0 = performance.now();
    for (let i = 0; i < FRAMES; i++) {
      const tMs = i * 33.3;
      renderer.render({ tMs, viseme: VISEMES[(i >> 2) % VISEMES.length]!, mouthOpen: 1, blink: blinkAt(tMs) });
    }
    const renderMs = (performance.now() - t0) / FRAMES;
    const ready = renderer.render({ tMs: 0, viseme: 'rest', mouthOpen: 0, blink: 0 });
    t0 = performance.now();
    for (let i = 0; i < FRAMES; i++) Buffer.from(ready);
    const copyMs = (performance.now() - t0) / FRAMES;
    renderer.close();
    process.stdout.write(
      `${`${size}x${size}`.padEnd(10)}${createMs.toFixed(0).padStart(9)}   ${renderMs.toFixed(3).padStart(15)}   ${copyMs
        .toFixed(3)
        .padStart(19)}   ${((renderMs * 30) / 10).toFixed(1).padStart(11)} %\n`,
    );
  }
}
