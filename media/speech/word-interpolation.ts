/**
 * Word offsets for servers that report no timing (one without our extension): the words are spread
 * over the voiced part of the audio in proportion to their length. Good enough to drive captions
 * and rough lip-sync; answers carry `offsets: "interpolated"` so clients know.
 */
import type { WordTiming } from './tts-client.js';
import type { Pcm } from './wav.js';
import { wordsOf } from './written-words.js';

const THRESHOLD = 0.02 * 32768;

export function interpolateWords(text: string, pcm: Pcm): WordTiming[] {
  const words = wordsOf(text);
  if (words.length === 0) return [];
  const samples = pcm.data.length / 2;
  let first = 0;
  let last = samples - 1;
  while (first < samples && Math.abs(pcm.data.readInt16LE(first * 2)) < THRESHOLD) first++;
  while (last > first && Math.abs(pcm.data.readInt16LE(last * 2)) < THRESHOLD) last--;
  if (first >= last) {
    first = 0;
    last = samples;
  }
  const start = first / pcm.sampleRateHz;
  const span = (last - first) / pcm.sampleRateHz;
  // A word's share is its letters plus one for the gap after it.
  const weights = words.map((w) => w.replace(/[^\p{L}\p{N}_]/gu, '').length + 1);
  const total = weights.reduce((a, b) => a + b, 0);
  let at = start;
  return words.map((word, i) => {
    const length = (weights[i]! / total) * span;
    const timing = { word, start: round(at), end: round(at + (length * (weights[i]! - 1)) / weights[i]!) };
    at += length;
    return timing;
  });
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
