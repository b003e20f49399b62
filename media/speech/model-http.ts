/**
 * The one way this service calls a model server: undici with a connect timeout, header and body
 * timeouts, an overall deadline and a cap on the response size. Every failure, and any non-2xx
 * answer, becomes an UpstreamError.
 */
import { Agent, request } from 'undici';
import { describeFailure, UpstreamError } from './upstream-error.js';

export interface ModelHttpOptions {
  baseUrl: string;
  capability: string;
  timeoutMs: number;
  maxResponseBytes: number;
}

export interface ModelResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export class ModelHttp {
  private readonly agent: Agent;

  constructor(private readonly options: ModelHttpOptions) {
    this.agent = new Agent({
      connect: { timeout: Math.min(options.timeoutMs, 3000) },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      maxResponseSize: options.maxResponseBytes,
      keepAliveTimeout: 10_000,
    });
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /**
   * POST or GET; answers 2xx, or 404 when `allow404`, else throws UpstreamError. `signal` cancels
   * the call (the connection is closed, which tells the model server to stop) and the call then
   * throws the signal's reason, not an UpstreamError: the caller asked for it.
   */
  async call(
    method: 'GET' | 'POST',
    path: string,
    body?: { contentType: string; data: Buffer | string },
    opts: { timeoutMs?: number; allow404?: boolean; signal?: AbortSignal | undefined } = {},
  ): Promise<ModelResponse> {
    const timeoutMs = opts.timeoutMs ?? this.options.timeoutMs;
    const deadline = AbortSignal.timeout(timeoutMs);
    let res;
    try {
      res = await request(`${this.options.baseUrl}${path}`, {
        method,
        dispatcher: this.agent,
        signal: opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        ...(body ? { headers: { 'content-type': body.contentType }, body: body.data } : {}),
      });
    } catch (err) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      throw new UpstreamError(this.options.capability, describeFailure(err));
    }
    let data: Buffer;
    try {
      data = Buffer.from(await res.body.arrayBuffer());
    } catch (err) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      throw new UpstreamError(this.options.capability, describeFailure(err));
    }
    if (res.statusCode === 404 && opts.allow404) return { status: 404, headers: res.headers, body: data };
    if (res.statusCode < 200 || res.statusCode >= 300) {
      throw new UpstreamError(
        this.options.capability,
        `the model server answered ${res.statusCode}: ${upstreamMessage(data)}`,
        res.statusCode,
      );
    }
    return { status: res.statusCode, headers: res.headers, body: data };
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

function upstreamMessage(body: Buffer): string {
  const text = body.subarray(0, 2000).toString('utf8');
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } | string; detail?: unknown };
    if (typeof parsed.error === 'string') return parsed.error.slice(0, 300);
    if (parsed.error?.message) return parsed.error.message.slice(0, 300);
    if (parsed.detail) return JSON.stringify(parsed.detail).slice(0, 300);
  } catch {
    /* not JSON */
  }
  return text.slice(0, 300);
}
