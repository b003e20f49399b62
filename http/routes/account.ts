/**
 * DELETE /api/v1/user/account[?dryRun=true] — erase the account. Needs a live secret key with
 * account:write: a test key must not be able to destroy live data.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountEraser } from '../../runtime/accounts/erasure.js';
import { ErasureBlocked, Forbidden } from '../errors.js';
import { AUTHED_ERRORS, errors, Ok, ok } from '../schemas/common.js';

const Report = Type.Object({
  object: Type.Literal('account_erasure'),
  userId: Type.String(),
  dryRun: Type.Boolean(),
  erased: Type.Boolean(),
  records: Type.Record(Type.String(), Type.Integer(), { description: 'Rows per resource' }),
  files: Type.Array(Type.Object({ path: Type.String(), bytes: Type.Integer() })),
  fileBytes: Type.Integer(),
  redisKeys: Type.Integer(),
  runningWorkflows: Type.Integer(),
  blockers: Type.Array(Type.String()),
});

const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const eraser = new AccountEraser(app.services);
  app.delete(
    '/user/account',
    {
      config: { auth: { scope: 'account:write' } },
      schema: {
        summary: 'Erase the account (dryRun=true reports what would be erased and changes nothing)',
        tags: ['account'],
        querystring: Type.Object({ dryRun: Type.Optional(Type.Boolean({ default: false })) }),
        response: { 200: Ok(Report), ...errors(400, 409, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const p = request.principal!;
      if (p.mode !== 'live') throw new Forbidden('account erasure needs a live secret key');
      const dryRun = request.query.dryRun ?? false;
      const report = await eraser.erase(p.userId, dryRun);
      if (!dryRun && report.blockers.length > 0) throw new ErasureBlocked(report.blockers.join('; '));
      return ok({ object: 'account_erasure' as const, ...report, erased: !dryRun });
    },
  );
};

export default accountRoutes;
