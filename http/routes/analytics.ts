/** GET /api/v1/analytics — recorded calls over a time range, grouped by key and/or endpoint. */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { queryAnalytics } from '../../runtime/usage/analytics.js';
import { ValidationError } from '../errors.js';
import { AUTHED_ERRORS, errors, Ok, ok, Timestamp } from '../schemas/common.js';
import { idPattern } from '../../runtime/ids.js';

const MAX_RANGE_DAYS = 93;

const Group = Type.Object({
  keyId: Type.Union([Type.String(), Type.Null()]),
  method: Type.Union([Type.String(), Type.Null()]),
  route: Type.Union([Type.String(), Type.Null()], { description: 'Route template, e.g. /api/v1/admin/keys/:id' }),
  calls: Type.Integer(),
  errors: Type.Integer({ description: 'Calls answered with status ≥ 400' }),
  avgLatencyMs: Type.Number(),
  p95LatencyMs: Type.Number(),
});

const Report = Type.Object({
  object: Type.Literal('analytics'),
  from: Timestamp,
  to: Timestamp,
  groupBy: Type.String(),
  mode: Type.String(),
  totals: Type.Object({ calls: Type.Integer(), errors: Type.Integer() }),
  groups: Type.Array(Group),
});

const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/analytics',
    {
      config: { auth: { scope: 'analytics:read' } },
      schema: {
        summary: 'Usage by key and endpoint',
        description: `\`from\` must be before \`to\`, and the range at most ${MAX_RANGE_DAYS} days; otherwise 400.`,
        tags: ['analytics'],
        querystring: Type.Object({
          from: Type.Optional(
            Type.String({
              format: 'date-time',
              description: `Inclusive; before \`to\` and at most ${MAX_RANGE_DAYS} days before it. Default: 30 days before \`to\``,
            }),
          ),
          to: Type.Optional(Type.String({ format: 'date-time', description: 'Exclusive. Default: now' })),
          groupBy: Type.Optional(
            Type.Union([Type.Literal('key'), Type.Literal('endpoint'), Type.Literal('key_endpoint')], { default: 'key_endpoint' }),
          ),
          keyId: Type.Optional(Type.String({ pattern: idPattern('key'), description: 'Restrict to one key (key_…)' })),
        }),
        response: { 200: Ok(Report), ...errors(400, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const p = request.principal!;
      // Calls of this request and of the last moments are still in the recorder's buffer.
      await app.services.usage.flush();
      const to = request.query.to ? new Date(request.query.to) : new Date();
      const from = request.query.from ? new Date(request.query.from) : new Date(to.getTime() - 30 * 86_400_000);
      if (from >= to) throw new ValidationError('querystring from must be before to');
      if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000) {
        throw new ValidationError(`querystring range is longer than ${MAX_RANGE_DAYS} days`);
      }
      const groupBy = request.query.groupBy ?? 'key_endpoint';
      const report = await queryAnalytics(app.services.orm, {
        userId: p.userId,
        mode: p.mode,
        from,
        to,
        groupBy,
        keyId: request.query.keyId,
      });
      return ok({ object: 'analytics' as const, from: from.toISOString(), to: to.toISOString(), groupBy, mode: p.mode, ...report });
    },
  );
};

export default analyticsRoutes;
