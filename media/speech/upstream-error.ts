/**
 * A model server could not serve a call: refused connection, timeout, oversized or failed answer.
 * The HTTP layer turns it into 503 COMPANION_ERR_UPSTREAM_UNAVAILABLE with Retry-After.
 */
export class UpstreamError extends Error {
  constructor(
    /** What is unavailable, as the client will read it: "speech synthesis", "speech transcription". */
    readonly capability: string,
    readonly detail: string,
    /** The model server's HTTP status when it answered one (400: it refused what it was asked). */
    readonly status?: number,
  ) {
    super(`${capability}: ${detail}`);
    this.name = 'UpstreamError';
  }
}

/** Describes an undici/network failure briefly, without leaking internal addresses. */
export function describeFailure(err: unknown): string {
  const e = err as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code;
  if (code === 'ECONNREFUSED') return 'the model server refused the connection';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'connecting to the model server timed out';
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || e.name === 'TimeoutError' || e.name === 'AbortError')
    return 'the model server did not answer in time';
  if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') return 'the model server answered more than allowed';
  return `the model server could not be reached (${code ?? e.name ?? 'error'})`;
}
