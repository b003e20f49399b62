/** What the HTTP layer adds to Fastify's types: route auth config, request principal, services. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../runtime/accounts/credentials.js';
import type { LiveSession } from '../runtime/db/entities/live-session.js';
import type { Scope } from '../runtime/accounts/scopes.js';
import type { Services } from './services.js';

/**
 * Every route under /api/v1 declares how it is reached: `public` (no credential; limited per
 * client address) or the one scope a credential must carry. `sessionToken: true` lets an `st_`
 * browser token call the route, `viewerToken: true` a `vt_` viewer token; without it such tokens
 * get 403. `subprotocolCredential: true` (websocket routes only) also reads the credential from a
 * `bearer.<credential>` entry of Sec-WebSocket-Protocol, since a browser's WebSocket cannot send
 * an Authorization header and a credential in a URL ends up in proxy logs.
 */
export type RouteAuth = 'public' | { scope: Scope; sessionToken?: boolean; viewerToken?: boolean; subprotocolCredential?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** Per-address limit of a public route, requests per minute (default PUBLIC_REQUESTS_PER_MINUTE). */
    publicPerMinute?: number;
    /** A public route that still answers when Redis (its per-address limiter) is down: the status page. */
    publicLimitFailOpen?: boolean;
    /** A creating POST that honours the Idempotency-Key header (http/plugins/idempotency.ts). */
    idempotent?: boolean;
    /**
     * The request body as the OpenAPI document should show it, where the route schema cannot say it:
     * an optional JSON body, or bodies read by a parser of the route's own (multipart, raw audio).
     */
    openapiRequestBody?: { required?: boolean; description?: string; content?: Record<string, unknown> };
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The live session a /avatars/:id route acts on, looked up once by its preHandler. */
    liveSession: LiveSession | null;
    /** A request-scoped MikroORM entity manager, forked on first use. */
    readonly em: EntityManager;
  }
  interface FastifyInstance {
    services: Services;
    /** Every registered route, for the OpenAPI check and the auth table. */
    routeTable: Array<{ method: string; url: string; auth: RouteAuth | undefined }>;
  }
}
