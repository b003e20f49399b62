/**
 * Speech for the API and for realtime sessions: synthesis in pieces (text-chunks.ts) through the TTS
 * model server, every piece in its spoken form first (runtime/text/text-normaliser.ts: numbers,
 * money, times, abbreviations; the one place text is made ready for any engine), and
 * transcription of uploads decoded by ffmpeg through the STT model server. It owns the two model
 * clients and the decoder; it is not the model servers (media/speech/model-server/) and it knows
 * nothing of HTTP routes, credentials or events.
 */
import { AudioDecoder } from './audio-decoder.js';
import { SttClient, type Transcript } from './stt-client.js';
import { SPEECH_CHUNKS, textChunks } from './text-chunks.js';
import { TtsClient, type PhonemeTiming, type TimedSpeech, type WordTiming } from './tts-client.js';
import type { BuiltInVoice } from '../../runtime/voices/voice-catalog.js';
import type { Pcm } from './wav.js';
import { interpolateWords } from './word-interpolation.js';
import { pauseAfterS, withPause } from './piece-pauses.js';
import { writtenWordTimes } from './written-words.js';
import { cutToWords, type WordSpan } from './word-span.js';
import { normaliseForSpeech } from '../../runtime/text/text-normaliser.js';

export interface SpeechServiceOptions {
  ttsUrl: string;
  sttUrl: string;
  timeoutMs: number;
  maxResponseBytes: number;
  ffmpegPath: string;
  maxAudioS: number;
}

export class SpeechService {
  readonly tts: TtsClient;
  readonly stt: SttClient;
  private readonly decoder: AudioDecoder;

  constructor(options: SpeechServiceOptions) {
    const http = { timeoutMs: options.timeoutMs, maxResponseBytes: options.maxResponseBytes };
    this.tts = new TtsClient({ baseUrl: options.ttsUrl, ...http });
    this.stt = new SttClient({ baseUrl: options.sttUrl, ...http });
    this.decoder = new AudioDecoder(options.ffmpegPath, options.maxAudioS, options.timeoutMs);
  }

  /** The whole text as one PCM buffer: the same pieces as the stream, so the same audio. */
  async synthesize(voice: BuiltInVoice, text: string): Promise<Pcm> {
    const pieces: Pcm[] = [];
    for await (const pcm of this.stream(voice, text)) pieces.push(pcm);
    return concat(pieces, voice);
  }

  /**
   * Piece by piece (text-chunks.ts: whole sentences, a long first one cut at its first breath),
   * each yielded as soon as it is synthesised, followed by the pause its final mark asks for when
   * another piece follows (piece-pauses.ts).
   */
  async *stream(voice: BuiltInVoice, text: string): AsyncGenerator<Pcm> {
    const chunks = textChunks(text, SPEECH_CHUNKS);
    const synthesize = (piece: string) =>
      this.tts.synthesize(voice.engine, voice.engineVoice, normaliseForSpeech(piece, voice.language).text);
    // The next piece is requested while the current one is being sent.
    let next = chunks.length > 0 ? synthesize(chunks[0]!) : undefined;
    for (let i = 0; i < chunks.length; i++) {
      const current = await next!;
      next = i + 1 < chunks.length ? synthesize(chunks[i + 1]!) : undefined;
      // An abandoned prefetch must not surface as an unhandled rejection.
      next?.catch(() => undefined);
      yield next ? withPause(current, pauseAfterS(voice.engine, chunks[i]!)) : current;
    }
  }

  /**
   * Audio with word (and, where measured, phoneme) offsets: measured where the voice's engine
   * reports timing, else interpolated. The same pieces and pauses as the other routes.
   */
  async synthesizeWithTimestamps(voice: BuiltInVoice, text: string): Promise<TimedSpeech> {
    const pieces: Pcm[] = [];
    const words: WordTiming[] = [];
    const phonemes: PhonemeTiming[] = [];
    let measured = true;
    let offsetS = 0;
    const chunks = textChunks(text, SPEECH_CHUNKS);
    for (const [i, piece] of chunks.entries()) {
      const timed = await this.speakPiece(voice, piece, { pauseAfter: i + 1 < chunks.length });
      if (timed.offsets !== 'measured') measured = false;
      for (const w of timed.words) words.push({ word: w.word, start: round(w.start + offsetS), end: round(w.end + offsetS) });
      for (const p of timed.phonemes) phonemes.push({ phoneme: p.phoneme, start: round(p.start + offsetS), end: round(p.end + offsetS) });
      pieces.push(timed.pcm);
      offsetS += timed.pcm.data.length / 2 / timed.pcm.sampleRateHz;
    }
    return { pcm: concat(pieces, voice), words, offsets: measured ? 'measured' : 'interpolated', phonemes: measured ? phonemes : [] };
  }

  /** One piece of text as speakPiece says it, without timing (what a test-pattern face needs). */
  async speakAudio(voice: BuiltInVoice, text: string): Promise<Pcm> {
    const pcm = await this.tts.synthesize(voice.engine, voice.engineVoice, normaliseForSpeech(text, voice.language).text);
    return withPause(pcm, pauseAfterS(voice.engine, text));
  }

  /**
   * One piece of text (a sentence, or a breath group, the caller has already cut) in one call to
   * the engine, with its timing: measured words and phonemes for engines that report them, else
   * words interpolated over the audio and no phonemes. The words are the caller's, as written
   * ("$12.50"), timed over their spoken form ("twelve dollars and fifty cents"). With `pauseAfter`
   * (the default: more speech follows, as in a session's reply) the audio ends with the pause its
   * final mark asks for. With `words`, only those words of it (word-span.ts): the rest of `text` is
   * context that makes them sound as they do inside it. What the avatar performer speaks.
   */
  async speakPiece(voice: BuiltInVoice, text: string, options: { pauseAfter?: boolean; words?: WordSpan } = {}): Promise<TimedSpeech> {
    const spoken = normaliseForSpeech(text, voice.language);
    let timed: TimedSpeech | undefined;
    if (voice.timing === 'measured') timed = await this.tts.synthesizeWithTimestamps(voice.engine, voice.engineVoice, spoken.text);
    if (!timed) {
      const pcm = await this.tts.synthesize(voice.engine, voice.engineVoice, spoken.text);
      timed = { pcm, words: interpolateWords(spoken.text, pcm), offsets: 'interpolated', phonemes: [] };
    }
    const words = writtenWordTimes(spoken.tokens, timed.words) ?? interpolateWords(text, timed.pcm);
    const pcm = options.pauseAfter === false ? timed.pcm : withPause(timed.pcm, pauseAfterS(voice.engine, text));
    return options.words ? cutToWords({ ...timed, pcm, words }, options.words) : { ...timed, pcm, words };
  }

  /**
   * Decodes the upload (AudioUndecodable, AudioTooLong) and transcribes it. `language`: `en` (the
   * English model, the fast path), another ISO 639-1 code, or `auto` (the multilingual model detects
   * it, `hint` the language expected); the transcript's `language` is the one heard.
   */
  async transcribe(audio: Buffer, language = 'en', hint?: string): Promise<Transcript> {
    const decoded = await this.decoder.decode(audio);
    const transcript = await this.stt.transcribe(decoded.wav, language, { hint });
    return { ...transcript, duration: round(decoded.durationS) };
  }

  async close(): Promise<void> {
    await Promise.all([this.tts.close(), this.stt.close()]);
  }
}

function concat(pieces: Pcm[], voice: BuiltInVoice): Pcm {
  const sampleRateHz = pieces[0]?.sampleRateHz ?? voice.sampleRateHz;
  if (pieces.some((p) => p.sampleRateHz !== sampleRateHz)) throw new Error('model server changed sample rate within one text');
  return { sampleRateHz, channels: 1, bitsPerSample: 16, data: Buffer.concat(pieces.map((p) => p.data)) };
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
