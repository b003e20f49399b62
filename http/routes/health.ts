/**
 * GET /health — the one route outside /api/v1. Liveness by default (200 while the process
 * serves, with the state of each dependency in the body); with `?probe=readiness` it answers 503
 * unless PostgreSQL, Redis, NATS and Temporal all answer and (on nodes that host sessions) a mediasoup
 * worker runs. A model server that is down makes the status `degraded` but not the node unready:
 * everything else it serves still works; so does the TURN server, which only viewers without a
 * direct path to the SFU need. So does a supervised server (embedded, or the Temporal
 * worker) that is not running: the checks alone are not enough, since a crash loop may be a stray
 * process on the server's port that answers them while nothing supervises it.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { envelope } from '../errors.js';
import { ErrorEnvelope, ErrorRef } from '../schemas/common.js';

const Dependency = Type.Object({
  status: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  latencyMs: Type.Number(),
  error: Type.Optional(Type.String()),
});

const HealthBody = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  live: Type.Boolean(),
  ready: Type.Boolean(),
  checks: Type.Object({ postgres: Dependency, redis: Dependency, nats: Dependency, temporal: Dependency }),
  models: Type.Object(
    {
      speechSynthesis: Type.Optional(Dependency),
      speechTranscription: Type.Optional(Dependency),
      languageModel: Type.Optional(Dependency),
    },
    { description: 'The model servers this node calls: one that is down degrades the node (status) but does not make it unready' },
  ),
  embedded: Type.Array(
    Type.Object({
      server: Type.String(),
      state: Type.Union([
        Type.Literal('starting'),
        Type.Literal('running'),
        Type.Literal('restarting'),
        Type.Literal('crash_loop'),
        Type.Literal('stopped'),
      ]),
      restarts: Type.Integer(),
    }),
    {
      description:
        'Servers this node runs itself (the embedded stack) and its Temporal worker (temporal-worker): a dead one is restarted with a backoff; crash_loop = it keeps dying. Any state but running makes the status degraded',
    },
  ),
  turn: Type.Optional(
    Type.Object(
      {
        ...Dependency.properties,
        mode: Type.Union([Type.Literal('embedded'), Type.Literal('external')]),
        urls: Type.Array(Type.String(), { description: 'The URIs viewers are given (iceServers of the ready message)' }),
      },
      {
        description:
          "The TURN server this node's viewers relay through when no direct path reaches the SFU (a STUN Binding answered; none with TURN=off). Down degrades the node (status) but does not make it unready: viewers with a direct path still watch",
      },
    ),
  ),
  media: Type.Optional(
    Type.Object(
      {
        status: Type.Union([Type.Literal('up'), Type.Literal('down')]),
        workers: Type.Integer({ description: 'Size of the mediasoup worker pool' }),
        live: Type.Integer({ description: 'Workers running now (a dead one is replaced within seconds)' }),
        rooms: Type.Integer({ description: 'Open rooms of realtime sessions on this node' }),
        deaths: Type.Integer({ description: 'Workers that died since this node started' }),
      },
      { description: 'The mediasoup worker pool (nodes that host sessions)' },
    ),
  ),
});

/** A failed readiness probe is an error answer, so it carries the envelope beside the checks. */
const NotReadyBody = Type.Object({ ...HealthBody.properties, success: Type.Literal(false), error: ErrorEnvelope.properties.error });

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Liveness and readiness probe',
        tags: ['platform'],
        querystring: Type.Object({ probe: Type.Optional(Type.Union([Type.Literal('liveness'), Type.Literal('readiness')])) }),
        response: { 200: HealthBody, 400: ErrorRef, 503: NotReadyBody },
      },
    },
    async (request, reply) => {
      const [checks, models, turn] = await Promise.all([
        app.services.health.check(),
        app.services.health.checkModels(),
        app.services.health.checkTurn(),
      ]);
      const media = app.services.media?.health();
      const ready = Object.values(checks).every((c) => c.status === 'up') && media?.status !== 'down';
      const embedded = app.services.health.embedded();
      const ok =
        ready &&
        Object.values(models).every((m) => m.status === 'up') &&
        turn?.status !== 'down' &&
        embedded.every((e) => e.state === 'running');
      const body = {
        status: ok ? ('ok' as const) : ('degraded' as const),
        live: true,
        ready,
        checks,
        models,
        embedded,
        ...(turn ? { turn } : {}),
        ...(media ? { media } : {}),
      };
      reply.header('Cache-Control', 'no-store');
      if (request.query.probe === 'readiness' && !ready) {
        const down = Object.entries(checks)
          .filter(([, c]) => c.status !== 'up')
          .map(([name]) => name);
        const { error } = envelope(503, `not ready: ${down.join(', ')} down`, 'COMPANION_ERR_NOT_READY', request.id);
        return reply.code(503).send({ ...body, success: false as const, error });
      }
      return reply.code(200).send(body);
    },
  );
};

export default healthRoutes;
