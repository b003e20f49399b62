/**
 * Linear resampling of mono 16-bit speech to the encoder's 48 kHz. The voices produce 22.05 or
 * 24 kHz, whose content stops below 12 kHz, so linear interpolation is inaudible here; done once
 * per sentence, not per frame.
 */
export function resampleLinear(input: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (fromRate === toRate) return input;
  const outLength = Math.floor((input.length * toRate) / fromRate);
  const out = new Int16Array(outLength);
  const step = fromRate / toRate;
  for (let i = 0; i < outLength; i++) {
    const pos = i * step;
    const j = Math.floor(pos);
    const frac = pos - j;
    const a = input[j] ?? 0;
    const b = input[j + 1] ?? a;
    out[i] = Math.round(a + (b - a) * frac);
  }
  return out;
}
