/**
 * Browser session tokens: POST /api/v1/sessions/token (secret key only), GET /api/v1/sessions
 * (active tokens), DELETE /api/v1/sessions/:id (revoke; refused at once on every node, and the
 * viewers it let into the session's room are disconnected). A token is bound to one live session,
 * carries `sessions:chat` and `sessions:watch`, and expires on its own after SESSION_TOKEN_TTL_S
 * (default 900 s; a shorter `ttlSeconds` may be asked for). DELETE also revokes viewer tokens
 * (`vtk_…` ids, minted by http/routes/viewer-tokens.ts).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SessionToken } from '../../runtime/db/entities/credentials.js';
import type { SessionClient } from '../../actors/session/session-client.js';
import { sessionsOf } from '../plugins/services.js';
import { AUTHED_ERRORS, errors, List, ListQuery, NullableTimestamp, Ok, ok, Timestamp } from '../schemas/common.js';
import { SessionId, TokenParams } from '../schemas/ids.js';

export const TokenView = Type.Object({
  id: Type.String(),
  object: Type.Union([Type.Literal('session_token'), Type.Literal('viewer_token')]),
  sessionId: Type.Union([Type.String(), Type.Null()]),
  scopes: Type.Array(Type.String()),
  status: Type.Union([Type.Literal('active'), Type.Literal('revoked'), Type.Literal('expired')]),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  revokedAt: NullableTimestamp,
});
const MintedToken = Type.Intersect([
  TokenView,
  Type.Object({ token: Type.String({ description: 'The st_ secret, shown only in this response' }) }),
]);

export function tokenView(t: SessionToken) {
  const status = t.revokedAt ? ('revoked' as const) : t.expiresAt.getTime() <= Date.now() ? ('expired' as const) : ('active' as const);
  return {
    id: t.id,
    object: t.kind === 'viewer' ? ('viewer_token' as const) : ('session_token' as const),
    sessionId: t.sessionId,
    scopes: t.scopes,
    status,
    createdAt: t.createdAt.toISOString(),
    expiresAt: t.expiresAt.toISOString(),
    revokedAt: t.revokedAt?.toISOString() ?? null,
  };
}

const sessionTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { credentials, config } = app.services;
  const sessions = (): SessionClient => sessionsOf(app);

  app.post(
    '/sessions/token',
    {
      config: { auth: { scope: 'tokens:write' }, idempotent: true },
      schema: {
        summary: 'Mint an st_ browser token for a live session (secret key only)',
        tags: ['session tokens'],
        body: Type.Object(
          {
            sessionId: SessionId(),
            ttlSeconds: Type.Optional(
              Type.Integer({ minimum: 60, maximum: 86_400, description: `At most SESSION_TOKEN_TTL_S (${config.sessionTokenTtlS})` }),
            ),
          },
          { additionalProperties: false, examples: [{ sessionId: 'ses_8Hq2LmV0xY4nTb6R', ttlSeconds: 600 }] },
        ),
        response: { 201: Ok(MintedToken), ...errors(400, 404, 409, ...AUTHED_ERRORS) },
      },
    },
    async (request, reply) => {
      const ttlS = request.body.ttlSeconds ?? config.sessionTokenTtlS;
      const { token, secret } = await sessions().mintToken(request.em, request.principal!, request.body.sessionId, ttlS);
      return reply.code(201).send(ok({ ...tokenView(token), token: secret }));
    },
  );

  app.get(
    '/sessions',
    {
      config: { auth: { scope: 'tokens:read' } },
      schema: {
        summary: 'Active (unexpired, unrevoked) st_ session tokens (viewer tokens: GET /avatars/:id/viewer-tokens)',
        tags: ['session tokens'],
        querystring: ListQuery,
        response: { 200: List(TokenView), ...errors(400, 404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const page = await credentials.listActiveSessionTokens(request.em, request.principal!, request.query);
      return { success: true as const, data: page.data.map(tokenView), has_more: page.has_more };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      config: { auth: { scope: 'tokens:write' } },
      schema: {
        summary: 'Revoke a session token or viewer token (immediate, idempotent; its viewers are disconnected)',
        tags: ['session tokens'],
        params: TokenParams,
        response: { 200: Ok(TokenView), ...errors(404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const token = await credentials.revokeSessionTokenById(request.em, request.principal!, request.params.id);
      if (token.sessionId && app.services.viewers) {
        // Watching viewers it let in are disconnected wherever their websockets are (no room: nothing to do).
        await app.services.viewers.relay
          .revokeToken(token.sessionId, token.id)
          .catch((err) => request.log.warn({ err, tokenId: token.id }, 'could not disconnect the viewers of a revoked token'));
      }
      return ok(tokenView(token));
    },
  );
};

export default sessionTokenRoutes;
