/**
 * Builds the Fastify application: external plugins, then our plugins (services, errors, access,
 * usage, metrics, OpenAPI), then the routes. It does not listen; http/server/http-role.ts does.
 */
import { randomBytes } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import cors from '@fastify/cors';
import websocket from '@fastify/websocket';
import secureJson from 'secure-json-parse';
import type { Registry } from 'prom-client';
import type { Services } from './services.js';
import { requestChildLoggerFactory } from './request-logger.js';
import access from './plugins/access.js';
import edge, { clientErrorHandler, frameworkErrors } from './plugins/edge.js';
import errorHandler, { withRetryAfter } from './plugins/error-handler.js';
import { envelope, ShuttingDown } from './errors.js';
import idempotency from './plugins/idempotency.js';
import metrics from './plugins/metrics.js';
import openapi from './plugins/openapi.js';
import servicesPlugin from './plugins/services.js';
import usage from './plugins/usage.js';
import { apiRoutes } from './routes/index.js';
import healthRoutes from './routes/health.js';
import viewerPageRoutes from './routes/viewer-page.js';
import referencePageRoutes from './routes/reference-page.js';
import { SIGNALING_SUBPROTOCOL } from './routes/viewer-signaling.js';
import { createValidatorCompiler } from './validation.js';
import './types.js';

export const API_PREFIX = '/api/v1';

export interface AppOptions {
  services: Services;
  registry: Registry;
  version: string;
  /** Serve HTTPS (and wss) with this certificate chain and key, PEM; plain HTTP without. */
  tls?: { cert: Buffer; key: Buffer } | undefined;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Request ids: a random per-process prefix and a counter; unique across nodes, and cheap. */
function requestIdFactory(): () => string {
  const prefix = `req_${randomBytes(6).toString('base64url')}`;
  let counter = 0;
  return () => `${prefix}${(counter++).toString(36)}`;
}

export async function buildApp({ services, registry, version, tls }: AppOptions): Promise<FastifyInstance> {
  const { config, log } = services;
  const nextRequestId = requestIdFactory();
  const app = Fastify({
    loggerInstance: log,
    // One line per request is written by our onResponse hook (with route template and key id).
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: requestChildLoggerFactory(),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // An incoming X-Request-Id is kept when it is well formed, so ids follow a call across systems.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : nextRequestId();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // What the router and Node's HTTP parser refuse is answered in the envelope too (plugins/edge.ts).
    frameworkErrors,
    clientErrorHandler,
    // Requests that arrive while the node shuts down (on kept-alive connections) are refused by
    // our first hook, in the envelope; Fastify's own refusal is a bare JSON body.
    return503OnClosing: false,
    ...(tls ? { https: tls } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(createValidatorCompiler());
  // Only JSON is accepted unless a route registers a parser of its own (audio uploads will).
  // An empty JSON body reads as no body, so a DELETE sent with a JSON content type still works;
  // routes that need a body refuse its absence through their schema (400).
  app.removeContentTypeParser(['text/plain', 'application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(body as string, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(Object.assign(new Error('the body is not valid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  });

  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue; // HEAD mirrors GET; OPTIONS is the CORS preflight
      if (route.url.startsWith(API_PREFIX) && route.config?.auth === undefined) {
        throw new Error(`route ${method} ${route.url} declares no auth (a scope or 'public')`);
      }
      app.routeTable.push({ method, url: route.url, auth: route.config?.auth });
    }
  });

  // First hook of all, so refusals by the access check carry the id too. Once the node is
  // closing, a new request gets 503 and the connection is closed, so the client retries elsewhere.
  // Hooks on every request take a callback rather than return a promise: one less promise each.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    if (!closing) return done();
    const err = new ShuttingDown();
    reply.header('Connection', 'close');
    // Its own serializer: the route's 503 schema (e.g. /health's) describes other bodies.
    void reply
      .code(503)
      .type('application/json; charset=utf-8') // a custom serializer sets none by itself
      .serializer(JSON.stringify)
      .send(withRetryAfter(envelope(503, err.message, err.code, request.id), reply, config.retryAfterS));
  });
  // Before every other plugin and route: its onRoute hook makes each route's query string strict,
  // and its onSend hook envelopes error bodies other plugins send themselves (CORS).
  await app.register(edge);
  // Browsers call the API directly with st_ tokens (the chat route): answer their preflights.
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'x-request-id'],
    exposedHeaders: ['x-request-id', 'ratelimit', 'ratelimit-policy', 'retry-after'],
    credentials: false,
    maxAge: 600,
  });
  // Viewer signalling (http/routes/viewer-signaling.ts). The page offers its token as a subprotocol
  // entry; only our own protocol name is ever selected, so the token is never echoed back.
  await app.register(websocket, {
    options: {
      maxPayload: 256 * 1024,
      handleProtocols: (offered) => (offered.has(SIGNALING_SUBPROTOCOL) ? SIGNALING_SUBPROTOCOL : false),
    },
    // A stopping node tells its viewers to reconnect (1001 "going away"), to another node behind the balancer.
    preClose: function (this: FastifyInstance, done: () => void) {
      for (const client of this.websocketServer.clients) client.close(1001, 'this node is stopping; reconnect');
      this.websocketServer.close(() => undefined);
      done();
    },
  });
  await app.register(servicesPlugin, { services });
  await app.register(errorHandler, { bodyLimitBytes: config.bodyLimitBytes, retryAfterS: config.retryAfterS });
  await app.register(metrics, { registry });
  await app.register(openapi, { version });
  await app.register(access);
  await app.register(usage);
  await app.register(idempotency);

  // The request log line is at info: below that level the hook is not even registered.
  if (log.isLevelEnabled('info')) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          route: request.routeOptions.url,
          // A 404's template is none (no route matched) or names no id: the path asked for does.
          // Without the query string, which may carry what no log should.
          url: reply.statusCode === 404 ? request.url.split('?')[0] : undefined,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
          keyId: request.principal?.keyId,
        },
        'request',
      );
      done();
    });
  }

  await app.register(healthRoutes);
  await app.register(viewerPageRoutes);
  await app.register(referencePageRoutes);
  await app.register(apiRoutes, { prefix: API_PREFIX, version });
  return app as unknown as FastifyInstance;
}
