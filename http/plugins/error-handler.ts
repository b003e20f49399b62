/**
 * Turns every failure into the spec's envelope: validation (400), unknown route (404), body too
 * large (413), wrong content type (415), our own COMPANION_ERR_* errors with their status (the
 * domain's errors mapped to them first, by domain-errors.ts), and
 * anything unexpected as 500 with the details in the log, never in the response.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { envelope, NotFoundRoute, ResourceNotFound } from '../errors.js';
import { apiErrorFor } from '../domain-errors.js';
import { ID_OF } from '../schemas/ids.js';

/** A validation message that names the field, unknown fields and parameters included. */
function validationMessage(err: FastifyError): string {
  const where = err.validationContext ?? 'request';
  const first = err.validation?.[0];
  const unknown =
    first?.keyword === 'additionalProperties' ? (first.params as { additionalProperty?: string }).additionalProperty : undefined;
  if (unknown !== undefined) {
    const what = where === 'querystring' ? 'parameter' : 'field';
    return `${where}${first!.instancePath} must NOT have additional properties: unknown ${what} "${unknown}"`;
  }
  return `${where} ${err.message.replace(/^(body|querystring|params|headers)\s*/, '')}`;
}

/** The code of a validation failure: the failing schema's own (`x-error-code`), else REQUEST_INVALID. */
function validationCode(err: FastifyError): string {
  const schema = (err.validation?.[0] as { parentSchema?: Record<string, unknown> } | undefined)?.parentSchema;
  const code = schema?.['x-error-code'];
  return typeof code === 'string' ? code : 'COMPANION_ERR_REQUEST_INVALID';
}

/**
 * A value that breaks an id's grammar (http/schemas/ids.ts) names nothing: it is answered as a
 * well-formed id of nothing would be, 404, before any lookup. Undefined for any other failure.
 */
function malformedId(err: FastifyError): InstanceType<typeof ResourceNotFound> | undefined {
  const first = err.validation?.[0] as { keyword?: string; parentSchema?: Record<string, unknown>; data?: unknown } | undefined;
  const what = first?.parentSchema?.[ID_OF];
  if (first?.keyword !== 'pattern' || typeof what !== 'string') return undefined;
  // Quoted and cut short: the value may hold anything a caller could type (newlines included).
  return new ResourceNotFound(what, JSON.stringify(String(first.data)).slice(0, 72));
}

function toEnvelope(err: FastifyError, requestId: string, bodyLimitBytes: number) {
  const notFound = malformedId(err);
  if (notFound) return envelope(404, notFound.message, notFound.code, requestId);
  if (err.validation) return envelope(400, validationMessage(err), validationCode(err), requestId);
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return envelope(413, `request body is larger than ${bodyLimitBytes} bytes`, 'COMPANION_ERR_REQUEST_TOO_LARGE', requestId);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return envelope(415, 'unsupported content type; send application/json', 'COMPANION_ERR_REQUEST_MEDIA_TYPE', requestId);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return envelope(400, 'the JSON body is empty', 'COMPANION_ERR_REQUEST_INVALID', requestId);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return envelope(400, 'the body is not valid JSON', 'COMPANION_ERR_REQUEST_INVALID', requestId);
  }
  const status = err.statusCode ?? 500;
  if (err.code?.startsWith('COMPANION_ERR_')) return envelope(status, err.message, err.code, requestId);
  if (err instanceof SyntaxError && status === 400)
    return envelope(400, 'the body is not valid JSON', 'COMPANION_ERR_REQUEST_INVALID', requestId);
  if (status >= 400 && status < 500) return envelope(status, err.message, 'COMPANION_ERR_REQUEST_INVALID', requestId);
  return envelope(500, 'internal error', 'COMPANION_ERR_INTERNAL', requestId);
}

/** The envelope of a failure that cannot be answered with a status (an error event mid-stream). */
export function envelopeFor(err: unknown, requestId: string) {
  const apiError = (apiErrorFor(err as Error) as FastifyError | undefined) ?? (err as FastifyError);
  return toEnvelope(apiError, requestId, 0);
}

/**
 * Every 503 says when to retry: the Retry-After a route set already (speech uses its own), else
 * `retryAfterS`; the envelope repeats it as `error.retryAfterS`.
 */
export function withRetryAfter(
  body: ReturnType<typeof envelope>,
  reply: { getHeader(name: string): unknown; header(name: string, value: unknown): unknown },
  retryAfterS: number,
) {
  if (body.error.statusCode !== 503) return body;
  const set = Number(reply.getHeader('retry-after'));
  const seconds = Number.isInteger(set) && set > 0 ? set : retryAfterS;
  reply.header('Retry-After', seconds);
  body.error.retryAfterS = seconds;
  return body;
}

export default fp(
  async function errorHandler(app: FastifyInstance, opts: { bodyLimitBytes: number; retryAfterS: number }) {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      // Domain errors (services, actors) become API errors here and nowhere else.
      const apiError = (apiErrorFor(err) as FastifyError | undefined) ?? err;
      const body = withRetryAfter(toEnvelope(apiError, request.id, opts.bodyLimitBytes), reply, opts.retryAfterS);
      // Only the unexpected is a server error in the logs (level 50, with the stack). A 501 (not
      // built) is an expected refusal; a 503 of ours (an upstream down) is worth a warning.
      const { statusCode, code, message } = body.error;
      if (code === 'COMPANION_ERR_INTERNAL') request.log.error({ err }, 'request failed');
      else if (statusCode >= 500 && statusCode !== 501)
        request.log.warn({ code, message, status: statusCode, cause: err.cause ?? err }, 'request refused');
      else request.log.debug({ code, message, status: statusCode }, 'request refused');
      return reply.code(body.error.statusCode).send(body);
    });
    app.setNotFoundHandler((request, reply) => {
      const err = new NotFoundRoute(request.method, request.url.split('?')[0] ?? '/');
      return reply.code(404).send(envelope(404, err.message, err.code, request.id));
    });
  },
  { name: 'error-handler' },
);
