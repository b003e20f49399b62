/**
 * Client of a transcription server speaking OpenAI's `POST /v1/audio/transcriptions` (ours,
 * speaches, a whisper server, …): multipart with the audio, `response_format=verbose_json` and
 * `timestamp_granularities[]=word`. The audio sent is always 16 kHz mono WAV (decoded here first),
 * so every server gets the one format all of them read.
 */
import { randomBytes } from 'node:crypto';
import { ModelHttp, type ModelHttpOptions } from './model-http.js';
import type { WordTiming } from './tts-client.js';
import { UpstreamError } from './upstream-error.js';

export interface Transcript {
  text: string;
  words: WordTiming[];
  /** Seconds of audio. */
  duration: number;
  /**
   * ISO 639-1 code of the language heard: the one asked for, or with `auto` the one the
   * multilingual model detected (what a conversation follows, turn by turn).
   */
  language: string;
  /** How sure the detection was, 0..1 (1 when the language was given); absent from servers without it. */
  languageProbability?: number;
  /** With `auto`, the language the detector itself found likeliest, where the server says (a hint may have won over it). */
  detectedLanguage?: string;
  /** With `auto`, each candidate language's probability as the detector found it, where the server says. */
  languageProbabilities?: Record<string, number>;
}

const CAPABILITY = 'speech transcription';

/** The server's `language_probabilities` (our extension) and the likeliest of them, if it sent them. */
function detection(probabilities: unknown): Pick<Transcript, 'detectedLanguage' | 'languageProbabilities'> {
  if (!probabilities || typeof probabilities !== 'object') return {};
  const entries = Object.entries(probabilities).filter((e): e is [string, number] => typeof e[1] === 'number');
  if (entries.length === 0) return {};
  return { detectedLanguage: entries.reduce((a, b) => (b[1] > a[1] ? b : a))[0], languageProbabilities: Object.fromEntries(entries) };
}

export class SttClient {
  private readonly http: ModelHttp;

  /** `model` is named for English requests, `multilingualModel` for the others (a server may route by it). */
  constructor(
    options: Omit<ModelHttpOptions, 'capability'>,
    private readonly model = 'whisper-tiny.en',
    private readonly multilingualModel = 'whisper-base',
  ) {
    this.http = new ModelHttp({ ...options, capability: CAPABILITY });
  }

  /**
   * `language`: `en` is heard by the English model (whisper-tiny.en on the embedded server: the fast
   * path), any other ISO 639-1 code or `auto` by the multilingual one (whisper-base), which with
   * `auto` detects the language; the result's `language` says which was heard.
   * `textOnly`: only the text is wanted (no word timings: an alignment pass saved), decoded once at
   * temperature 0 (no fallback to sampling when the text repeats itself), for a caller that only
   * checks that there are words (the voice clone). `greedy`: decoded greedily (the embedded server's
   * `beam_size` 1) rather than with a beam of 5: on short turns of human speech as accurate and a
   * quarter to a third faster (docs/BENCHMARKS.md#a-turns-transcript), so a realtime room's turns are
   * heard that way. `hint`, with `auto`: the language the conversation is in so far, heard unless the
   * server detects another one surely (the embedded server's `language_hint`). `cutLoops`: a decode
   * that loops is cut at its first repeat rather than decoded again in Whisper's full window (the
   * embedded server's `on_loop=cut`; the full window takes about a second on 2 cores), for a live
   * caption, which must not hold up the turn's transcript behind it. `signal` cancels the call.
   */
  async transcribe(
    wav: Buffer,
    language = 'en',
    options: { textOnly?: boolean; greedy?: boolean; hint?: string | undefined; cutLoops?: boolean; signal?: AbortSignal } = {},
  ): Promise<Transcript> {
    const format: Array<[string, Field]> = options.textOnly
      ? [
          // verbose_json with segments only: no word alignment, and the language heard comes back.
          ['response_format', 'verbose_json'],
          ['timestamp_granularities[]', 'segment'],
          ['temperature', '0'],
        ]
      : [
          ['response_format', 'verbose_json'],
          ['timestamp_granularities[]', 'word'],
        ];
    const form = multipart([
      ['model', language === 'en' ? this.model : this.multilingualModel],
      ['language', language],
      ...format,
      ...(options.greedy ? ([['beam_size', '1']] as Array<[string, Field]>) : []),
      ...(options.cutLoops ? ([['on_loop', 'cut']] as Array<[string, Field]>) : []),
      ...(options.hint && language === 'auto' ? ([['language_hint', options.hint]] as Array<[string, Field]>) : []),
      ['file', { filename: 'audio.wav', contentType: 'audio/wav', data: wav }],
    ]);
    const res = await this.http.call('POST', '/v1/audio/transcriptions', form, { signal: options.signal });
    let parsed: {
      text?: unknown;
      words?: unknown;
      duration?: unknown;
      language?: unknown;
      language_probability?: unknown;
      language_probabilities?: unknown;
    };
    try {
      parsed = JSON.parse(res.body.toString('utf8')) as typeof parsed;
    } catch {
      throw new UpstreamError(CAPABILITY, 'the model server answered something other than JSON');
    }
    if (typeof parsed.text !== 'string') throw new UpstreamError(CAPABILITY, 'the model server answered without text');
    const words = Array.isArray(parsed.words)
      ? (parsed.words as Array<{ word?: unknown; start?: unknown; end?: unknown }>)
          .filter((w) => typeof w.word === 'string' && typeof w.start === 'number' && typeof w.end === 'number')
          .map((w) => ({ word: (w.word as string).trim(), start: w.start as number, end: w.end as number }))
          .filter((w) => w.word.length > 0)
      : [];
    return {
      text: parsed.text.trim(),
      words,
      duration: typeof parsed.duration === 'number' ? parsed.duration : 0,
      language: typeof parsed.language === 'string' ? parsed.language : language,
      ...(typeof parsed.language_probability === 'number' ? { languageProbability: parsed.language_probability } : {}),
      ...detection(parsed.language_probabilities),
    };
  }

  /**
   * The probability that a turn of speech (16 kHz mono WAV) is complete, from the server's
   * end-of-turn model (`POST /v1/audio/turn`, our extension: stt_server.py). Fails with an
   * UpstreamError where the server has none.
   */
  async turnComplete(wav: Buffer, options: { timeoutMs?: number } = {}): Promise<number> {
    const res = await this.http.call('POST', '/v1/audio/turn', { contentType: 'audio/wav', data: wav }, options);
    let parsed: { complete?: unknown };
    try {
      parsed = JSON.parse(res.body.toString('utf8')) as typeof parsed;
    } catch {
      throw new UpstreamError(CAPABILITY, 'the end-of-turn model answered something other than JSON');
    }
    if (typeof parsed.complete !== 'number') throw new UpstreamError(CAPABILITY, 'the end-of-turn model answered without a probability');
    return parsed.complete;
  }

  async health(timeoutMs: number): Promise<void> {
    await this.http.call('GET', '/health', undefined, { timeoutMs });
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  close(): Promise<void> {
    return this.http.close();
  }
}

type Field = string | { filename: string; contentType: string; data: Buffer };

function multipart(fields: Array<[string, Field]>): { contentType: string; data: Buffer } {
  const boundary = `----companion${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    if (typeof value === 'string') {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.contentType}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, data: Buffer.concat(parts) };
}
