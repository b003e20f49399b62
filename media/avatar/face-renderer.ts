/**
 * The face renderer: pictures of the character in, one I420 frame per call out. It sits behind
 * `FaceRenderer` (frames in, timing in) so that a GPU talking-head model server can replace it,
 * the way the speech model servers can be replaced by URL.
 *
 * This one pre-rasterises, at creation, one picture per viseme (eyes open) and one with the eyes
 * closed, each a little larger than the frame, and converts them to I420 once. A frame is then
 * row copies: the viseme's picture, the closed-eye rows while blinking, and a window offset by a
 * few pixels that sways slowly (the idle motion). No drawing happens per frame.
 */
import { Resvg } from '@resvg/resvg-js';
import { i420Layout, rgbaToI420 } from './i420.js';
import { eyeRows, faceSvg, type CharacterAppearance } from './lorelei-face.js';
import { VISEMES, type Viseme } from './visemes.js';

export type { CharacterAppearance } from './lorelei-face.js';

export interface FaceFrameInput {
  /** Milliseconds on the caller's clock: drives the idle sway. */
  tMs: number;
  viseme: Viseme;
  /** 0..1, how far open the mouth is. A hint: this renderer draws each viseme's own shape. */
  mouthOpen: number;
  /** 0..1; from 0.5 the eyes are drawn closed. */
  blink: number;
}

export interface FaceRenderer {
  readonly width: number;
  readonly height: number;
  /** One I420 (yuv420p) frame, width*height*3/2 bytes, the caller's until it hands it back. */
  render(input: FaceFrameInput): Buffer;
  /**
   * The caller is done with a frame (the encoder's pipe has taken it): the next one may be drawn
   * into it. A realtime session hands out 12-30 frames of ~400 KB a second; reusing them spares the
   * garbage collector the full collections whose pauses showed as the pacers' jitter
   * (docs/BENCHMARKS.md#capacity). A frame never handed back is simply collected.
   */
  recycle(frame: Buffer): void;
  close(): void;
}

export interface FaceSize {
  width: number;
  height: number;
}

/** The frame size when the caller has no preference (docs/AVATAR.md). */
export const DEFAULT_FACE_SIZE: FaceSize = { width: 512, height: 512 };

export async function createFaceRenderer(appearance: CharacterAppearance, size: FaceSize): Promise<FaceRenderer> {
  i420Layout(size.width, size.height); // throws on odd sizes
  const margin = Math.max(2, Math.round(Math.min(size.width, size.height) * 0.015) * 2);
  const canvas = { width: size.width + 2 * margin, height: size.height + 2 * margin };
  const open = new Map<Viseme, Buffer>();
  // One picture at a time, yielding between them: rasterising is synchronous and the node serves
  // other sessions meanwhile.
  for (const viseme of VISEMES) {
    open.set(viseme, picture(appearance, viseme, false, canvas));
    await new Promise((resolve) => setImmediate(resolve));
  }
  const closed = picture(appearance, 'rest', true, canvas);
  return new PictureFaceRenderer(size, margin, canvas, open, closed);
}

/** More than the pipe ever holds at once when ffmpeg keeps up (a frame or two). */
const MAX_SPARE_FRAMES = 4;

class PictureFaceRenderer implements FaceRenderer {
  readonly width: number;
  readonly height: number;
  /** Sway room on each side, even so that chroma rows and columns stay aligned. */
  private readonly canvasWidth: number;
  private readonly canvasHeight: number;
  private readonly eyes: { top: number; bottom: number };
  /** Frames handed back, ready to be drawn into again. */
  private readonly spare: Buffer[] = [];
  private closedDown = false;

  constructor(
    size: FaceSize,
    private readonly margin: number,
    canvas: FaceSize,
    private readonly open: Map<Viseme, Buffer>,
    private readonly closed: Buffer,
  ) {
    this.width = size.width;
    this.height = size.height;
    this.canvasWidth = canvas.width;
    this.canvasHeight = canvas.height;
    this.eyes = eyeRows(this.canvasWidth, this.canvasHeight);
  }

  render(input: FaceFrameInput): Buffer {
    if (this.closedDown) throw new Error('face renderer is closed');
    const picture = this.open.get(input.viseme) ?? this.open.get('rest')!;
    const blinking = input.blink >= 0.5;
    const { x, y } = this.sway(input.tMs);
    const out = this.spare.pop() ?? Buffer.allocUnsafe((this.width * this.height * 3) / 2);
    const cw = this.canvasWidth;
    const ch = this.canvasHeight;
    // Y plane
    for (let row = 0; row < this.height; row++) {
      const from = row + y;
      const source = blinking && from >= this.eyes.top && from < this.eyes.bottom ? this.closed : picture;
      source.copy(out, row * this.width, from * cw + x, from * cw + x + this.width);
    }
    // U and V planes (half size)
    const w2 = this.width / 2;
    const h2 = this.height / 2;
    const cw2 = cw / 2;
    const planeIn = cw * ch;
    const planeOut = this.width * this.height;
    for (let plane = 0; plane < 2; plane++) {
      const inBase = planeIn + (plane * planeIn) / 4;
      const outBase = planeOut + (plane * planeOut) / 4;
      for (let row = 0; row < h2; row++) {
        const from = row + y / 2;
        const source = blinking && from * 2 >= this.eyes.top && from * 2 < this.eyes.bottom ? this.closed : picture;
        const start = inBase + from * cw2 + x / 2;
        source.copy(out, outBase + row * w2, start, start + w2);
      }
    }
    return out;
  }

  recycle(frame: Buffer): void {
    if (!this.closedDown && this.spare.length < MAX_SPARE_FRAMES && frame.length === (this.width * this.height * 3) / 2)
      this.spare.push(frame);
  }

  close(): void {
    this.closedDown = true;
    this.open.clear();
    this.spare.length = 0;
  }

  /** A slow sway of a few pixels (even offsets), so a silent face is not a still picture. */
  private sway(tMs: number): { x: number; y: number } {
    const m = this.margin;
    const even = (v: number) => Math.max(0, Math.min(2 * m, Math.round(v / 2) * 2));
    return {
      x: even(m + m * 0.8 * Math.sin((2 * Math.PI * tMs) / 4700)),
      y: even(m + m * 0.6 * Math.sin((2 * Math.PI * tMs) / 3100 + 1.3)),
    };
  }
}

/** The character in one pose, `canvas`-sized, as I420. */
function picture(appearance: CharacterAppearance, viseme: Viseme, eyesClosed: boolean, canvas: FaceSize): Buffer {
  const svg = faceSvg(appearance, { viseme, eyesClosed }, canvas.width, canvas.height);
  const rendered = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render();
  const pixels = appearance.style === 'pixel' ? pixelated(rendered.pixels, canvas.width, canvas.height) : rendered.pixels;
  return rgbaToI420(pixels, canvas.width, canvas.height);
}

/** The `pixel` style: each 8×8 block takes the colour of its centre. */
function pixelated(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const block = 8;
  const out = new Uint8Array(rgba.length);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(height - 1, Math.floor(y / block) * block + block / 2);
    for (let x = 0; x < width; x++) {
      const sx = Math.min(width - 1, Math.floor(x / block) * block + block / 2);
      const s = (sy * width + sx) * 4;
      const d = (y * width + x) * 4;
      out[d] = rgba[s]!;
      out[d + 1] = rgba[s + 1]!;
      out[d + 2] = rgba[s + 2]!;
      out[d + 3] = 255;
    }
  }
  return out;
}
