/**
 * RGBA → I420 (yuv420p, BT.601 limited range: what ffmpeg assumes for raw yuv420p input), and the
 * plane layout of an I420 frame. Conversion runs once per pre-rasterised picture, never per frame.
 */
export interface I420Layout {
  width: number;
  height: number;
  /** Byte offsets of the U and V planes; the Y plane starts at 0. */
  uOffset: number;
  vOffset: number;
  size: number;
}

export function i420Layout(width: number, height: number): I420Layout {
  if (width % 2 !== 0 || height % 2 !== 0) throw new RangeError(`I420 needs an even size, got ${width}x${height}`);
  const ySize = width * height;
  const cSize = ySize / 4;
  return { width, height, uOffset: ySize, vOffset: ySize + cSize, size: ySize + 2 * cSize };
}

/** `rgba` is width*height*4 bytes, alpha premultiplied or opaque (ours are opaque). */
export function rgbaToI420(rgba: Uint8Array, width: number, height: number): Buffer {
  const layout = i420Layout(width, height);
  const out = Buffer.alloc(layout.size);
  for (let i = 0, p = 0; i < width * height; i++, p += 4) {
    out[i] = (16 + (65.738 * rgba[p]! + 129.057 * rgba[p + 1]! + 25.064 * rgba[p + 2]!) / 256 + 0.5) | 0;
  }
  const cw = width / 2;
  for (let cy = 0; cy < height / 2; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      // The average of the 2×2 block.
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const p = ((cy * 2 + dy) * width + cx * 2 + dx) * 4;
        r += rgba[p]!;
        g += rgba[p + 1]!;
        b += rgba[p + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const c = cy * cw + cx;
      out[layout.uOffset + c] = (128 + (-37.945 * r - 74.494 * g + 112.439 * b) / 256 + 0.5) | 0;
      out[layout.vOffset + c] = (128 + (112.439 * r - 94.154 * g - 18.285 * b) / 256 + 0.5) | 0;
    }
  }
  return out;
}
