/**
 * GET /health — the one route outside /api/v1. Liveness by default (200 while the process
 * serves, with the state of each dependency in the body); with `?probe=readiness` it answers 503
 * unless PostgreSQL, Redis, NATS and Temporal all answer and (on nodes that host sessions) a mediasoup
 * worker runs.
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
      const checks = await app.services.health.check();
      const media = app.services.media?.health();
      const ready = Object.values(checks).every((c) => c.status === 'up') && media?.status !== 'down';
      const body = { status: ready ? ('ok' as const) : ('degraded' as const), live: true, ready, checks, ...(media ? { media } : {}) };
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
