/**
 * The edge: checks every request gets, whatever the route, made once here rather than route by
 * route, and the guarantee that every error answer is in the envelope whichever layer sends it.
 *
 * - Query strings are strict: every route's `querystring` schema refuses unknown parameters (a
 *   route without one accepts none), so `?dryrun=true` is a 400, not an ignored typo.
 * - Text is checked before validation and before any handler: a NUL character (U+0000) or a lone
 *   UTF-16 surrogate in a path parameter, a query parameter or anywhere in a JSON body (values and
 *   keys) answers 400 naming the field. PostgreSQL cannot store either, and model servers choke on
 *   NUL, so such input must never get past the edge.
 * - Path ids come first: they are checked against their grammar (http/schemas/ids.ts) before the
 *   body is read, so a malformed id is the same 404 whatever else is wrong with the request.
 * - Errors raised outside our error handler are enveloped too: the router's (bad URL encoding 400,
 *   over-long path parameter 414) through `frameworkErrors`, the HTTP parser's (431 for headers over
 *   Node's `maxHeaderSize`, 400 for malformed requests) through `clientErrorHandler`, and anything a
 *   plugin sends itself (the CORS plugin's 400 for an OPTIONS request that is not a preflight)
 *   through a last `onSend` check that rewrites a non-enveloped error body.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { envelope, ValidationError } from '../errors.js';
import { findBadText } from '../../runtime/text/text-checks.js';
import { ErrorRef } from '../schemas/common.js';

/** Status codes the edge answers itself, with their stable codes. */
const EDGE_CODES: Record<number, string> = {
  400: 'COMPANION_ERR_REQUEST_INVALID',
  404: 'COMPANION_ERR_ROUTE_NOT_FOUND',
  405: 'COMPANION_ERR_ROUTE_NOT_FOUND',
  408: 'COMPANION_ERR_REQUEST_TIMEOUT',
  413: 'COMPANION_ERR_REQUEST_TOO_LARGE',
  414: 'COMPANION_ERR_REQUEST_URI_TOO_LONG',
  415: 'COMPANION_ERR_REQUEST_MEDIA_TYPE',
  431: 'COMPANION_ERR_REQUEST_HEADERS_TOO_LARGE',
};

export function edgeCode(status: number): string {
  return EDGE_CODES[status] ?? (status >= 500 ? 'COMPANION_ERR_INTERNAL' : 'COMPANION_ERR_REQUEST_INVALID');
}

// ---------------------------------------------------------------------------------------------
// Text that cannot be stored or processed

function checkRequestText(request: FastifyRequest): void {
  const found = findBadText(request.params, 'params') ?? findBadText(request.query, 'querystring') ?? findBadText(request.body, 'body');
  if (found) throw new ValidationError(`${found[0]} ${found[1]}`);
}

// ---------------------------------------------------------------------------------------------
// Path ids before the body

/**
 * The route's params validation, run before the body is parsed (Fastify validates params only
 * after parsing): a failure is handed to the error handler as the validation error it would be,
 * which answers a malformed id 404. Params with a NUL or a lone surrogate are left to
 * `checkRequestText` (400 naming the field).
 */
function paramsFirst(request: FastifyRequest): Error | undefined {
  const validate = request.getValidationFunction('params');
  if (!validate || findBadText(request.params, 'params') || validate(request.params)) return undefined;
  return Object.assign(new Error('params are invalid'), {
    validation: validate.errors ?? [],
    validationContext: 'params',
    statusCode: 400,
  });
}

// ---------------------------------------------------------------------------------------------
// Strict query strings

type JsonSchema = Record<string, unknown>;
const NO_PARAMETERS: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };

/** The route's querystring schema with unknown parameters refused. */
export function strictQuerystring(route: RouteOptions): void {
  if (route.method === 'OPTIONS' || (Array.isArray(route.method) && route.method.includes('OPTIONS'))) return;
  const schema = (route.schema ?? {}) as JsonSchema;
  const query = schema.querystring as JsonSchema | undefined;
  if (query === undefined) {
    route.schema = { ...schema, querystring: NO_PARAMETERS };
    return;
  }
  if (query.type !== 'object' || typeof query.properties !== 'object') {
    // additionalProperties does not see through allOf/anyOf: a composed schema would refuse all.
    throw new Error(`route ${String(route.method)} ${route.url}: its querystring schema must be one plain object (Type.Object)`);
  }
  if (query.additionalProperties === undefined) route.schema = { ...schema, querystring: { ...query, additionalProperties: false } };
}

// ---------------------------------------------------------------------------------------------
// Errors from outside our error handler

function isEnvelope(payload: unknown): boolean {
  if (typeof payload !== 'string' || payload.length === 0 || payload[0] !== '{') return false;
  try {
    const body = JSON.parse(payload) as { success?: unknown; error?: { statusCode?: unknown; message?: unknown } };
    return body.success === false && typeof body.error?.statusCode === 'number' && typeof body.error.message === 'string';
  } catch {
    return false;
  }
}

/** A message for a non-enveloped error body: its own text or message when it has one. */
function messageOf(payload: unknown, status: number): string {
  const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : typeof payload === 'string' ? payload : '';
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
    } catch {
      // not JSON after all: fall through to the text itself
    }
  }
  if (text && text.length <= 200 && !text.startsWith('{')) return text;
  return http.STATUS_CODES[status] ?? 'error';
}

const PREFLIGHT_MESSAGE =
  'an OPTIONS request must be a CORS preflight: send Origin and Access-Control-Request-Method (other methods answer for themselves)';

function envelopeEveryError(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: null, payload: unknown) => void,
): void {
  done(null, envelopedIfError(request, reply, payload));
}

function envelopedIfError(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const status = reply.statusCode;
  if (status < 400) return payload;
  if (payload !== null && payload !== undefined && typeof payload === 'object' && !Buffer.isBuffer(payload)) return payload; // a stream
  if (isEnvelope(payload)) return payload;
  const message = request.method === 'OPTIONS' && status === 400 ? PREFLIGHT_MESSAGE : messageOf(payload, status);
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.removeHeader('content-length');
  return JSON.stringify(envelope(status, message, edgeCode(status), request.id));
}

/** Fastify's `frameworkErrors`: a URL the router cannot decode (400) or an over-long parameter (414). */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : 400;
  const message = tooLong ? 'a path parameter is longer than 100 characters' : 'the URL is not valid (bad percent-encoding)';
  request.log.debug({ code: err.code }, 'request refused by the router');
  void reply
    .code(status)
    .header('x-request-id', request.id)
    .type('application/json; charset=utf-8')
    .send(envelope(status, message, edgeCode(status), request.id));
}

/**
 * Fastify's `clientErrorHandler`, for what Node's HTTP parser refuses before any request exists:
 * headers over `maxHeaderSize` (431), a request timeout (408), malformed HTTP (400).
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? 'the request headers are larger than the server accepts'
      : status === 408
        ? 'the request was not received in time'
        : 'the request is not valid HTTP';
  const body = JSON.stringify(envelope(status, message, edgeCode(status)));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * The answers the edge and the framework can give on a route, declared in its schema so the OpenAPI
 * document tells the whole truth: 400 everywhere (unknown parameters, refused text), 503 everywhere
 * (a dependency down, the node shutting down: http/app.ts, domain-errors.ts), 414 where a path has
 * parameters, 413 and 415 on every method whose body the framework reads (POST, PUT,
 * PATCH, DELETE), whether or not the route expects one: a body it cannot parse is refused.
 */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function declareEdgeAnswers(route: RouteOptions): void {
  if (route.method === 'OPTIONS' || (Array.isArray(route.method) && route.method.includes('OPTIONS'))) return;
  const schema = (route.schema ?? {}) as JsonSchema;
  const response = { ...((schema.response as JsonSchema | undefined) ?? {}) };
  const add = (status: number) => (response[status] ??= ErrorRef);
  add(400);
  add(503);
  if (route.url.includes('/:')) add(414);
  if ([route.method].flat().some((method) => BODY_METHODS.has(method))) {
    add(413);
    add(415);
  }
  route.schema = { ...schema, response };
}

export default fp(
  async function edge(app: FastifyInstance) {
    app.addHook('onRoute', strictQuerystring);
    app.addHook('onRoute', declareEdgeAnswers);
    // Hooks on every request take a callback rather than return a promise: one less promise each.
    app.addHook('preParsing', (request, _reply, payload, done) => {
      const err = paramsFirst(request);
      if (err) return done(err);
      done(null, payload);
    });
    app.addHook('preValidation', (request, _reply, done) => {
      try {
        checkRequestText(request);
      } catch (err) {
        return done(err as Error);
      }
      done();
    });
    app.addHook('onSend', envelopeEveryError);
  },
  { name: 'edge' },
);
