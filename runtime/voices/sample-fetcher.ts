/**
 * Fetches one voice sample by URL for a clone job, with the webhook SSRF guard: the URL and every
 * redirect target are checked (scheme, credentials, resolved addresses) before they are called,
 * and connections resolve hosts through the guarded lookup. Bounded in size (Content-Length and
 * bytes read) and in time by ONE deadline for the whole fetch: redirects, headers and every byte of
 * the body (a server that sends headers and then stalls, or trickles, is cut off when it passes).
 * A fetch that runs out of time is a permanent failure: retrying a server that could not send the
 * sample in that time would only keep the voice pending for several more deadlines. The format is
 * sniffed from the first bytes; the Content-Type header is recorded but never trusted.
 *
 * Throws SampleFetchFailed: `permanent` failures end the job, the others are retried.
 */
import { Agent, request } from 'undici';
import { checkWebhookUrl, guardedConnector, UrlRefused, type UrlPolicy } from '../webhooks/url-guard.js';
import type { FailureCode } from './voice-failures.js';

export interface SampleFetchOptions {
  policy: UrlPolicy;
  maxBytes: number;
  /** The whole fetch: redirects, headers and body. */
  timeoutMs: number;
  userAgent: string;
}

export interface FetchedSample {
  body: Buffer;
  format: string;
  contentType: string | null;
  finalUrl: string;
}

export class SampleFetchFailed extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

const MAX_REDIRECTS = 5;

/** undici's own timeouts (connect, headers, body), which end a fetch as the deadline does. */
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** The audio container by its magic bytes, or null when the bytes are not a known audio format. */
export function sniffAudioFormat(head: Buffer): string | null {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(0, 3) === 'ID3') return 'mp3';
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) return 'mp3';
  if (ascii(4, 8) === 'ftyp') return 'mp4';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (ascii(0, 4) === 'FORM' && (ascii(8, 12) === 'AIFF' || ascii(8, 12) === 'AIFC')) return 'aiff';
  if (ascii(0, 5) === '#!AMR') return 'amr';
  if (ascii(0, 4) === 'caff') return 'caf';
  return null;
}

export class SampleFetcher {
  private readonly agent: Agent;

  constructor(private readonly options: SampleFetchOptions) {
    this.agent = new Agent({
      connect: guardedConnector(options.policy, Math.min(options.timeoutMs, 10_000)),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      keepAliveTimeout: 1000,
    });
  }

  async fetch(rawUrl: string): Promise<FetchedSample> {
    // One deadline for everything below: it aborts the request and the body stream alike.
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    try {
      return await this.follow(rawUrl, deadline);
    } catch (err) {
      if (err instanceof SampleFetchFailed) throw err;
      if (isTimeout(err, deadline)) throw this.timedOut();
      throw err;
    }
  }

  private async follow(rawUrl: string, deadline: AbortSignal): Promise<FetchedSample> {
    let url = rawUrl;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      await this.check(url, hop);
      let res;
      try {
        res = await request(url, {
          method: 'GET',
          dispatcher: this.agent,
          signal: deadline,
          // undici's request follows no redirect: each Location is checked by the guard first.
          headers: { 'user-agent': this.options.userAgent, accept: 'audio/*, application/octet-stream;q=0.5' },
        });
      } catch (err) {
        const e = err as Error;
        if (/refused: /.test(e.message))
          throw new SampleFetchFailed('sample_refused', `the sample URL is refused: ${e.message.replace(/^.*refused: /, '')}`, true);
        if (isTimeout(err, deadline)) throw this.timedOut();
        throw new SampleFetchFailed('sample_unreachable', `the sample URL could not be fetched (${describe(e)})`, false);
      }
      if ([301, 302, 303, 307, 308].includes(res.statusCode)) {
        res.body.resume();
        const location = res.headers.location;
        if (typeof location !== 'string') throw new SampleFetchFailed('sample_unreachable', 'a redirect without Location', true);
        try {
          url = new URL(location, url).toString();
        } catch {
          throw new SampleFetchFailed('sample_refused', 'the sample URL redirects to an invalid URL', true);
        }
        continue;
      }
      if (res.statusCode === 404 || res.statusCode === 410) {
        res.body.resume();
        throw new SampleFetchFailed('sample_not_found', `the sample URL answered ${res.statusCode}`, true);
      }
      if (res.statusCode < 200 || res.statusCode >= 300) {
        res.body.resume();
        // 5xx and 429 may pass; other 4xx will not.
        const transient = res.statusCode >= 500 || res.statusCode === 429 || res.statusCode === 408;
        throw new SampleFetchFailed('sample_unreachable', `the sample URL answered ${res.statusCode}`, !transient);
      }
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > this.options.maxBytes) {
        res.body.destroy();
        throw new SampleFetchFailed('sample_too_large', `the sample is ${declared} bytes; the limit is ${this.options.maxBytes}`, true);
      }
      const chunks: Buffer[] = [];
      let bytes = 0;
      try {
        for await (const chunk of res.body as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          if (bytes > this.options.maxBytes) {
            res.body.destroy();
            throw new SampleFetchFailed('sample_too_large', `the sample is larger than ${this.options.maxBytes} bytes`, true);
          }
          chunks.push(chunk);
        }
      } catch (err) {
        if (err instanceof SampleFetchFailed) throw err;
        if (isTimeout(err, deadline)) throw this.timedOut(bytes);
        throw new SampleFetchFailed('sample_unreachable', `the sample download broke off (${describe(err)})`, false);
      }
      const body = Buffer.concat(chunks);
      const format = sniffAudioFormat(body.subarray(0, 16));
      const contentType = typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : null;
      if (!format) {
        throw new SampleFetchFailed(
          'sample_not_audio',
          `the sample is not audio (its first bytes match no audio format${contentType ? `; served as ${contentType}` : ''})`,
          true,
        );
      }
      return { body, format, contentType, finalUrl: url };
    }
    throw new SampleFetchFailed('sample_unreachable', `more than ${MAX_REDIRECTS} redirects`, true);
  }

  private timedOut(bytes?: number): SampleFetchFailed {
    const got = bytes === undefined ? '' : ` (${bytes} bytes had arrived)`;
    return new SampleFetchFailed(
      'sample_unreachable',
      `the sample URL did not send the whole sample within ${this.options.timeoutMs} ms${got}; it is not tried again`,
      true,
    );
  }

  private async check(url: string, hop: number): Promise<void> {
    try {
      await checkWebhookUrl(url, this.options.policy);
    } catch (err) {
      if (!(err instanceof UrlRefused)) throw err;
      const why = err.message.replace(/^url (is refused: )?/, '');
      if (hop === 0) throw new SampleFetchFailed('sample_refused', `the sample URL is refused: ${why}`, true);
      const target = new URL(url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:')
        throw new SampleFetchFailed(
          'sample_refused',
          `the sample URL redirects to a ${target.protocol} URL, which is refused: only http and https URLs are fetched`,
          true,
        );
      throw new SampleFetchFailed('sample_refused', `the sample URL redirects to ${target.origin}, which is refused: ${why}`, true);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** Whether `err` is the deadline or one of undici's timeouts. */
function isTimeout(err: unknown, deadline: AbortSignal): boolean {
  const e = err as { name?: string; code?: unknown } | undefined;
  if (deadline.aborted) return true;
  return e?.name === 'TimeoutError' || (typeof e?.code === 'string' && TIMEOUT_CODES.has(e.code));
}

/** A failure's reason in words: undici's message (or its cause's), never a bare numeric code. */
function describe(err: unknown): string {
  const e = err as { message?: string; code?: unknown; cause?: { message?: string } };
  const message = e.cause?.message ?? e.message ?? String(err);
  return typeof e.code === 'string' && !message.includes(e.code) ? `${e.code}: ${message}` : message;
}
