/**
 * A performer that draws a test pattern instead of a face: a static gradient with a bar sweeping
 * once a second and, while speaking, a box whose height follows the loudness of the audio. It is
 * the benchmark's encode floor (the cheapest frames the pacer can send) and what realtime
 * sessions show when no face renderer is available. Speech comes from the session's voice.
 */
import type { SpeechService } from '../speech/speech-service.js';
import type { BuiltInVoice } from '../../runtime/voices/voice-catalog.js';
import type { PacedPerformer, SpokenAudio } from './performer.js';

export interface TestPatternUtterance extends SpokenAudio {
  text: string;
}

export class TestPatternPerformer implements PacedPerformer<TestPatternUtterance> {
  private readonly base: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly speech?: { service: SpeechService; voice: BuiltInVoice },
  ) {
    this.base = Buffer.alloc((width * height * 3) / 2, 128);
    for (let y = 0; y < height; y++) this.base.fill(Math.round(40 + (160 * y) / height), y * width, (y + 1) * width);
  }

  async prepare(sentence: string): Promise<TestPatternUtterance> {
    if (!this.speech) throw new Error('this test pattern has no voice');
    const { service, voice } = this.speech;
    const pcm = await service.speakAudio(voice, sentence);
    const samples = new Int16Array(pcm.data.buffer.slice(pcm.data.byteOffset, pcm.data.byteOffset + (pcm.data.length & ~1)));
    return { text: sentence, pcm: samples, sampleRate: pcm.sampleRateHz, durationMs: (samples.length / pcm.sampleRateHz) * 1000 };
  }

  frameAt(tMs: number, playing?: { utterance: TestPatternUtterance; elapsedMs: number }): Buffer {
    const { width, height } = this;
    const frame = Buffer.from(this.base);
    const barX = Math.floor(((tMs % 1000) / 1000) * (width - 8));
    for (let y = 0; y < height; y++) frame.fill(235, y * width + barX, y * width + barX + 8);
    if (playing) {
      const level = loudness(playing.utterance, playing.elapsedMs);
      const boxH = Math.max(2, Math.round(level * height * 0.3));
      const x0 = Math.floor(width * 0.35);
      const x1 = Math.floor(width * 0.65);
      const y0 = Math.floor(height * 0.7 - boxH / 2);
      for (let y = Math.max(0, y0); y < Math.min(height, y0 + boxH); y++) frame.fill(16, y * width + x0, y * width + x1);
    }
    return frame;
  }

  close(): void {}
}

/** RMS (0..1) of the 20 ms of audio around `elapsedMs`. */
function loudness(u: SpokenAudio, elapsedMs: number): number {
  const center = Math.floor((elapsedMs / 1000) * u.sampleRate);
  const half = Math.floor(u.sampleRate / 100);
  let sum = 0;
  let n = 0;
  for (let i = Math.max(0, center - half); i < Math.min(u.pcm.length, center + half); i++) {
    sum += u.pcm[i]! * u.pcm[i]!;
    n++;
  }
  return n === 0 ? 0 : Math.min(1, (Math.sqrt(sum / n) / 32768) * 4);
}
