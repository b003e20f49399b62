/**
 * A typed client of the Companion API. Every operation of the OpenAPI document is a typed call on
 * the client (openapi-fetch over the generated `paths`), by its path and method:
 *
 *   const companion = createCompanionClient({ baseUrl: 'http://localhost:3000', apiKey: 'sk_live_…' });
 *   const { data: character } = await ok(companion.POST('/api/v1/characters', { body: { name: 'Mira' } }));
 *
 * Besides, what the generated calls leave to you: `chatStream()` reads a streamed reply sentence by
 * sentence (server-sent events), `synthesize()`, `synthesizeStream()` and `transcribe()` carry audio bytes,
 * and `ok()` turns an error envelope into a thrown CompanionError carrying its stable `code`.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

/** The error envelope of every answer of 400 or more. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

type ChatOperation = paths['/api/v1/avatars/{id}/chat']['post'];
/** The body of a chat answer (JSON), also the data of the stream's last event. */
export type ChatReply = ChatOperation['responses'][200]['content']['application/json']['data'];
type SynthesisBody = NonNullable<paths['/api/v1/text-to-speech']['post']['requestBody']>['content']['application/json'];
type Transcript = paths['/api/v1/speech-to-text']['post']['responses'][200]['content']['application/json']['data'];

/** A failed call: the envelope's `code` (stable, e.g. COMPANION_ERR_AUTH_SCOPE), status and message. */
export class CompanionError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  /** On 429 and 503: seconds to wait before retrying. */
  readonly retryAfterS: number | undefined;

  constructor(status: number, body: unknown, retryAfter?: string | null) {
    const error = (body as Partial<ErrorEnvelope> | undefined)?.error;
    super(error?.message ?? `HTTP ${status}`);
    this.name = 'CompanionError';
    this.status = status;
    this.code = error?.code ?? 'COMPANION_ERR_UNKNOWN';
    this.requestId = error?.requestId;
    this.retryAfterS = error?.retryAfterS ?? (retryAfter ? Number(retryAfter) : undefined);
  }
}

/**
 * The body of a successful answer, or a thrown CompanionError:
 * `const { data } = await ok(companion.GET('/api/v1/characters'))`.
 */
export async function ok<D>(pending: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<D> {
  const { data, error, response } = await pending;
  if (!response.ok || data === undefined) throw new CompanionError(response.status, error, response.headers.get('retry-after'));
  return data;
}

/** One event of a streamed chat reply. */
export type ChatEvent = { type: 'sentence'; index: number; text: string } | { type: 'reply'; reply: ChatReply };

export interface CompanionClientOptions {
  /** Where the service answers, e.g. http://localhost:3000 (without /api/v1). */
  baseUrl: string;
  /** A secret key (sk_live_…, sk_test_…) on a server, or a session's st_ token in a browser. */
  apiKey: string;
  /** Another fetch (a test double, a proxy agent); the global one by default. */
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

export interface CompanionClient extends Client<paths> {
  /** Sends a chat turn and yields the reply sentence by sentence as it is produced, then the whole reply. */
  chatStream(sessionId: string, text: string, options?: { signal?: AbortSignal }): AsyncGenerator<ChatEvent>;
  /** Synthesises speech: a complete WAV file. */
  synthesize(body: SynthesisBody): Promise<Uint8Array>;
  /** Synthesises speech as it is made: a WAV header, then the audio piece by piece. */
  synthesizeStream(body: SynthesisBody, options?: { signal?: AbortSignal }): Promise<ReadableStream<Uint8Array>>;
  /** Transcribes audio sent as its raw bytes with their media type (audio/wav, audio/webm, …). */
  transcribe(audio: Uint8Array, contentType?: string, query?: { language?: string }): Promise<Transcript>;
}

export function createCompanionClient(options: CompanionClientOptions): CompanionClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${options.apiKey}`, ...options.headers },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function* chatStream(sessionId: string, text: string, streamOptions: { signal?: AbortSignal } = {}): AsyncGenerator<ChatEvent> {
    const { response, error } = await client.POST('/api/v1/avatars/{id}/chat', {
      params: { path: { id: sessionId } },
      body: { text },
      headers: { accept: 'text/event-stream' },
      parseAs: 'stream',
      ...(streamOptions.signal ? { signal: streamOptions.signal } : {}),
    });
    if (!response.ok || !response.body) throw new CompanionError(response.status, error, response.headers.get('retry-after'));
    for await (const { event, data } of serverSentEvents(response.body)) {
      const parsed = JSON.parse(data) as unknown;
      if (event === 'sentence') yield { type: 'sentence', ...(parsed as { index: number; text: string }) };
      else if (event === 'reply') yield { type: 'reply', reply: (parsed as { data: ChatReply }).data };
      else if (event === 'error') throw new CompanionError((parsed as ErrorEnvelope).error.statusCode, parsed);
    }
  }

  async function synthesize(body: SynthesisBody): Promise<Uint8Array> {
    const { data, error, response } = await client.POST('/api/v1/text-to-speech', { body, parseAs: 'arrayBuffer' });
    if (!response.ok || !data) throw new CompanionError(response.status, error, response.headers.get('retry-after'));
    return new Uint8Array(data);
  }

  async function synthesizeStream(body: SynthesisBody, streamOptions: { signal?: AbortSignal } = {}): Promise<ReadableStream<Uint8Array>> {
    const { data, error, response } = await client.POST('/api/v1/text-to-speech/stream', {
      body,
      parseAs: 'stream',
      ...(streamOptions.signal ? { signal: streamOptions.signal } : {}),
    });
    if (!response.ok || !data) throw new CompanionError(response.status, error, response.headers.get('retry-after'));
    return data as ReadableStream<Uint8Array>;
  }

  async function transcribe(audio: Uint8Array, contentType = 'audio/wav', query: { language?: string } = {}): Promise<Transcript> {
    const { data } = await ok(
      client.POST('/api/v1/speech-to-text', {
        params: { query },
        body: audio as never,
        bodySerializer: (bytes: unknown) => bytes,
        headers: { 'content-type': contentType },
      }),
    );
    return data;
  }

  return Object.assign(client, { chatStream, synthesize, synthesizeStream, transcribe });
}

/** The events of a text/event-stream body: `event:` and `data:` lines, an empty line ending each. */
export async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffered.search(/\r?\n\r?\n/)) !== -1) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end).replace(/^\r?\n\r?\n/, '');
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split(/\r?\n/)) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        }
        if (data.length > 0) yield { event, data: data.join('\n') };
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
