/**
 * Viewer tokens: POST /api/v1/avatars/:id/viewer-token mints a `vt_` token that lets one more
 * viewer watch a realtime session's room, and GET /api/v1/avatars/:id/viewer-tokens lists the
 * session's viewer tokens. A viewer token is subscribe-only (`sessions:watch`: the signalling
 * websocket and nothing else), bound to its session, expires after VIEWER_TOKEN_TTL_S (a viewer
 * already watching stays), and is revoked with DELETE /api/v1/sessions/:id like an `st_` token,
 * which also disconnects the viewers it let in. It stops working when its session ends.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { SessionClient } from '../../actors/session/session-client.js';
import { sessionsOf } from '../plugins/services.js';
import { AUTHED_ERRORS, errors, List, ListQuery, Ok, ok } from '../schemas/common.js';
import { SessionParams } from '../schemas/ids.js';
import { TokenView, tokenView } from './session-tokens.js';

const MintedViewerToken = Type.Intersect([
  TokenView,
  Type.Object({
    token: Type.String({ description: 'The vt_ secret, shown only in this response' }),
    viewerUrl: Type.String({ description: 'The viewer page for this token (the token travels in the URL fragment, never to a server)' }),
  }),
]);

/** The viewer page's address for a session and token, on the host the caller reached. */
export function viewerUrl(request: FastifyRequest, sessionId: string, token: string): string {
  return `${request.protocol}://${request.host}/view#session=${encodeURIComponent(sessionId)}&token=${encodeURIComponent(token)}`;
}

const viewerTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app.services;
  const sessions = (): SessionClient => sessionsOf(app);

  app.post(
    '/avatars/:id/viewer-token',
    {
      config: { auth: { scope: 'sessions:write' }, idempotent: true, openapiRequestBody: { required: false } },
      schema: {
        summary: "Issue a viewer token (vt_) for the session's room: subscribe-only, expiring, revocable",
        tags: ['viewers'],
        params: SessionParams,
        body: Type.Object(
          {
            ttlSeconds: Type.Optional(
              Type.Integer({ minimum: 60, maximum: 86_400, description: `At most VIEWER_TOKEN_TTL_S (${config.viewerTokenTtlS})` }),
            ),
          },
          { additionalProperties: false, description: 'Optional: a bare POST gets the default lifetime', examples: [{ ttlSeconds: 3600 }] },
        ),
        response: { 201: Ok(MintedViewerToken), ...errors(400, 404, 409, ...AUTHED_ERRORS) },
      },
      // The body is optional: a bare POST gets the default lifetime.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const ttlS = Math.min(request.body.ttlSeconds ?? config.viewerTokenTtlS, config.viewerTokenTtlS);
      const { token, secret } = await sessions().mintViewerToken(request.em, request.principal!, request.params.id, ttlS);
      return reply.code(201).send(ok({ ...tokenView(token), token: secret, viewerUrl: viewerUrl(request, request.params.id, secret) }));
    },
  );

  app.get(
    '/avatars/:id/viewer-tokens',
    {
      config: { auth: { scope: 'sessions:read' } },
      schema: {
        summary: "The session's viewer tokens, newest first (active, expired and revoked)",
        tags: ['viewers'],
        params: SessionParams,
        querystring: ListQuery,
        response: { 200: List(TokenView), ...errors(400, 404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const page = await sessions().listViewerTokens(request.em, request.principal!, request.params.id, request.query);
      return { success: true as const, data: page.data.map(tokenView), has_more: page.has_more };
    },
  );
};

export default viewerTokenRoutes;
