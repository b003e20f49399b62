/**
 * The avatar performer: what a realtime session's frame pacer drives. `prepare` turns a sentence
 * into an utterance (its audio in the session's voice and the viseme track of that same audio);
 * `frameAt` draws the face at a moment, speaking a given utterance or idle (blinking, swaying).
 * The pacer owns the clock and says where playback is, so the mouth follows the audio being sent
 * rather than a clock of its own.
 */
import type { SpeechService } from '../speech/speech-service.js';
import { synthesisPace, type Pace } from '../speech/synthesis-pace.js';
import type { WordSpan } from '../speech/word-span.js';
import { spokenLength } from '../../runtime/text/breath-points.js';
import { builtInVoice, cutsWords, voiceSpeaking, type BuiltInVoice } from '../../runtime/voices/voice-catalog.js';
import { voiceForLanguage } from '../../runtime/characters/reply-voice.js';
import { createFaceRenderer, type CharacterAppearance, type FaceRenderer } from './face-renderer.js';
import { trackFromPhonemes, trackFromWords, VISEME_OPENNESS, visemeAt, type VisemeTrack } from './visemes.js';

export interface Utterance {
  text: string;
  /** Mono 16-bit samples at `sampleRate` (the voice's own rate: 22,050 Hz Piper, 24,000 Hz Kokoro). */
  pcm: Int16Array;
  sampleRate: number;
  track: VisemeTrack;
  /** `measured`: visemes from the engine's phoneme alignments; `interpolated`: from word times. */
  timing: 'measured' | 'interpolated';
  durationMs: number;
}

export interface PlaybackPosition {
  utterance: Utterance;
  /** How much of the utterance has been played. */
  elapsedMs: number;
}

export interface AvatarPerformer {
  readonly width: number;
  readonly height: number;
  /** `language` (BCP-47): the sentence's, when it is not the voice's own (voiceIn); `words`: only those words of it. */
  prepare(sentence: string, language?: string, words?: WordSpan): Promise<Utterance>;
  /** The pace of the voice in `language`, when it can say a sentence's first words cut out of a synthesis with context (voice-catalog.ts cutsWords). */
  pace(language?: string): Pace | undefined;
  /** One I420 frame; idle (blinking, swaying, mouth at rest) unless `playing`. */
  frameAt(tMs: number, playing?: PlaybackPosition): Buffer;
  close(): void;
}

export interface AvatarPerformerOptions {
  appearance: CharacterAppearance;
  /** A built-in voice id, or the resolved voice itself (a cloned voice). */
  voiceId?: string;
  voice?: BuiltInVoice;
  speech: SpeechService;
  width: number;
  height: number;
}

export async function createAvatarPerformer(options: AvatarPerformerOptions): Promise<AvatarPerformer> {
  const voice = options.voice ?? builtInVoice(options.voiceId ?? '');
  if (!voice) throw new RangeError(`unknown voice ${options.voiceId}`);
  const renderer = await createFaceRenderer(options.appearance, { width: options.width, height: options.height });
  return new Performer(voice, options.speech, renderer);
}

class Performer implements AvatarPerformer {
  readonly width: number;
  readonly height: number;

  constructor(
    private readonly voice: BuiltInVoice,
    private readonly speech: SpeechService,
    private readonly renderer: FaceRenderer,
  ) {
    this.width = renderer.width;
    this.height = renderer.height;
  }

  async prepare(sentence: string, language?: string, words?: WordSpan): Promise<Utterance> {
    const voice = voiceIn(this.voice, language);
    const started = performance.now();
    const timed = await this.speech.speakPiece(voice, sentence, { words });
    const tookMs = performance.now() - started;
    const { data, sampleRateHz } = timed.pcm;
    // A copy: the WAV body's offset need not be 2-byte aligned for an Int16Array view.
    const pcm = new Int16Array(data.length / 2);
    for (let i = 0; i < pcm.length; i++) pcm[i] = data.readInt16LE(i * 2);
    const durationMs = (pcm.length / sampleRateHz) * 1000;
    const measured = timed.offsets === 'measured' && timed.phonemes.length > 0;
    const track = measured ? trackFromPhonemes(timed.phonemes, durationMs) : trackFromWords(timed.words, durationMs);
    const text = words ? timed.words.map((w) => w.word).join(' ') : sentence;
    // The speech's length, without the pause after it: what a listener hears while the next piece is made.
    const audioMs = (timed.words.at(-1)?.end ?? 0) * 1000;
    synthesisPace(voice.engine).observe({ synthesisedChars: spokenLength(sentence), saidChars: spokenLength(text), audioMs, tookMs });
    return { text, pcm, sampleRate: sampleRateHz, track, timing: track.timing, durationMs };
  }

  pace(language?: string): Pace | undefined {
    const voice = voiceIn(this.voice, language);
    return cutsWords(voice) ? synthesisPace(voice.engine) : undefined;
  }

  frameAt(tMs: number, playing?: PlaybackPosition): Buffer {
    const viseme = playing ? visemeAt(playing.utterance.track, playing.elapsedMs) : 'rest';
    return this.renderer.render({ tMs, viseme, mouthOpen: VISEME_OPENNESS[viseme], blink: blinkAt(tMs) });
  }

  recycle(frame: Buffer): void {
    this.renderer.recycle(frame);
  }

  close(): void {
    this.renderer.close();
  }
}

/**
 * The voice that speaks a sentence in `language`: the session's own when it speaks it; else a stock
 * voice of that language (of the same gender where there is one: runtime/characters/reply-voice.ts),
 * as a stock voice speaks one language; a cloned voice keeps its timbre and takes the language's
 * phonemes (voiceSpeaking).
 */
export function voiceIn(voice: BuiltInVoice, language: string | undefined): BuiltInVoice {
  if (!language) return voice;
  if (!builtInVoice(voice.voiceId)) return voiceSpeaking(voice, language);
  return builtInVoice(voiceForLanguage(voice.voiceId, language)) ?? voice;
}

const BLINK_CYCLE_MS = 4000;
const BLINK_MS = 160;

/**
 * 1 while the eyes are closed: one blink in every 4 s cycle, at a point that varies from cycle to
 * cycle (a fixed hash of the cycle number, so it is deterministic and costs nothing).
 */
export function blinkAt(tMs: number): number {
  const cycle = Math.floor(tMs / BLINK_CYCLE_MS);
  const hash = Math.imul(cycle ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  const at = cycle * BLINK_CYCLE_MS + (hash % (BLINK_CYCLE_MS - BLINK_MS));
  return tMs >= at && tMs < at + BLINK_MS ? 1 : 0;
}
