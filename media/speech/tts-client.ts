/**
 * Client of a speech synthesis server speaking OpenAI's `POST /v1/audio/speech` (ours, speaches,
 * Kokoro-FastAPI, …). Asks for WAV and reads its header, so the sample rate is whatever the server
 * produces. `POST /v1/audio/speech/timestamps` is our extension for measured word and phoneme offsets; a
 * server without it answers 404 and the caller interpolates.
 */
import { ModelHttp, type ModelHttpOptions } from './model-http.js';
import { UpstreamError } from './upstream-error.js';
import { parseWav, WavFormatError, type Pcm } from './wav.js';

export interface WordTiming {
  word: string;
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
}

/** One sound of the audio, as the engine's phonemiser writes it (IPA for espeak-ng voices). */
export interface PhonemeTiming {
  phoneme: string;
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
}

export interface TimedSpeech {
  pcm: Pcm;
  words: WordTiming[];
  offsets: 'measured' | 'interpolated';
  /** Measured phonemes, when the server reports them (ours does for Piper); else empty. */
  phonemes: PhonemeTiming[];
}

const CAPABILITY = 'speech synthesis';

export class TtsClient {
  private readonly http: ModelHttp;

  constructor(options: Omit<ModelHttpOptions, 'capability'>) {
    this.http = new ModelHttp({ ...options, capability: CAPABILITY });
  }

  async synthesize(model: string, voice: string, input: string): Promise<Pcm> {
    const res = await this.http.call('POST', '/v1/audio/speech', json({ model, voice, input, response_format: 'wav' }));
    return wavOf(res.body);
  }

  /** Measured timing, or undefined when the server has no such extension for this voice. */
  async synthesizeWithTimestamps(model: string, voice: string, input: string): Promise<TimedSpeech | undefined> {
    const res = await this.http.call('POST', '/v1/audio/speech/timestamps', json({ model, voice, input, response_format: 'wav' }), {
      allow404: true,
    });
    if (res.status === 404) return undefined;
    let parsed: { audio?: string; words?: WordTiming[]; offsets?: string; phonemes?: PhonemeTiming[] };
    try {
      parsed = JSON.parse(res.body.toString('utf8')) as typeof parsed;
    } catch {
      throw new UpstreamError(CAPABILITY, 'the model server answered something other than JSON');
    }
    if (typeof parsed.audio !== 'string' || !Array.isArray(parsed.words)) {
      throw new UpstreamError(CAPABILITY, 'the model server answered without audio or words');
    }
    return {
      pcm: wavOf(Buffer.from(parsed.audio, 'base64')),
      words: parsed.words,
      offsets: parsed.offsets === 'measured' ? 'measured' : 'interpolated',
      phonemes: Array.isArray(parsed.phonemes) ? parsed.phonemes : [],
    };
  }

  /** Throws UpstreamError unless `GET /health` answers 2xx within `timeoutMs`. */
  async health(timeoutMs: number): Promise<void> {
    await this.http.call('GET', '/health', undefined, { timeoutMs });
  }

  close(): Promise<void> {
    return this.http.close();
  }
}

function json(value: unknown) {
  return { contentType: 'application/json', data: JSON.stringify(value) };
}

function wavOf(body: Buffer): Pcm {
  try {
    const pcm = parseWav(body);
    if (pcm.bitsPerSample !== 16 || pcm.channels !== 1) throw new WavFormatError('expected 16-bit mono');
    return pcm;
  } catch (err) {
    if (err instanceof WavFormatError) throw new UpstreamError(CAPABILITY, `the model server answered an unusable WAV (${err.message})`);
    throw err;
  }
}
