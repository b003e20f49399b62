/**
 * The voice builder behind an interface: what a clone job asks of a model server (measure a
 * reference, build a voice, refine it, register it for synthesis). The implementation here calls
 * the embedded synthesis server's routes (media/speech/model-server/cloned_voices.py: a search in
 * Kokoro's style space scored by a speaker encoder); a GPU cloning server speaking the same routes
 * (or another implementation of VoiceBuilder) can replace it without the workflow changing.
 */
import { ModelHttp } from './model-http.js';
import { UpstreamError } from './upstream-error.js';
import type { BuiltVoice, Conversion, ReferenceAnalysis, RefinedVoice, VoiceBuilder } from '../../runtime/voices/voice-builder.js';

export type { BuiltVoice, ReferenceAnalysis, RefinedVoice, VoiceBuilder };

export class HttpVoiceBuilder implements VoiceBuilder {
  private readonly http: ModelHttp;

  constructor(baseUrl: string, timeoutMs: number) {
    this.http = new ModelHttp({ baseUrl, capability: 'voice building', timeoutMs, maxResponseBytes: 16 * 1024 * 1024 });
  }

  private async post<T>(path: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
    const res = await this.http.call('POST', path, { contentType: 'application/json', data: JSON.stringify(body) }, { signal });
    try {
      return JSON.parse(res.body.toString('utf8')) as T;
    } catch {
      throw new UpstreamError('voice building', 'the model server answered something other than JSON');
    }
  }

  analyse(wav: Buffer, signal?: AbortSignal): Promise<ReferenceAnalysis> {
    return this.post('/v1/voices/analyse', { audio: wav.toString('base64') }, signal);
  }

  build(searchWav: Buffer, heldOutWav: Buffer, text: string, signal?: AbortSignal): Promise<BuiltVoice> {
    return this.post(
      '/v1/voices/build',
      {
        search_audio: searchWav.toString('base64'),
        held_out_audio: heldOutWav.toString('base64'),
        text,
      },
      signal,
    );
  }

  refine(input: Parameters<VoiceBuilder['refine']>[0], signal?: AbortSignal): Promise<RefinedVoice> {
    return this.post(
      '/v1/voices/refine',
      {
        style: input.style,
        search_audio: input.searchWav.toString('base64'),
        held_out_audio: input.heldOutWav.toString('base64'),
        text: input.text,
        lang: input.lang,
        best_score: input.bestScore,
        conversion: input.conversion,
        validation_score: input.validationScore,
        iterations: input.iterations,
        seed: input.seed,
        step: input.step,
        max_seconds: input.maxSeconds,
      },
      signal,
    );
  }

  async register(name: string, style: string, conversion: Conversion | null): Promise<void> {
    await this.post('/v1/voices/register', { name, style, conversion });
  }

  async unregister(prefix: string): Promise<void> {
    await this.post('/v1/voices/unregister', { prefix });
  }

  async embed(wav: Buffer): Promise<number[]> {
    return (await this.post<{ embedding: number[] }>('/v1/voices/embed', { audio: wav.toString('base64') })).embedding;
  }

  close(): Promise<void> {
    return this.http.close();
  }
}
