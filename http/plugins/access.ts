/**
 * Who may call a route, and how often. For every route under /api/v1 (onRequest, before the body
 * is read):
 *   public route → per-address limit;
 *   otherwise    → credential (401) → st_/vt_ allowed here? (403) → scope (403) → limits (429).
 * Limits answer RateLimit-Policy/RateLimit (IETF draft) and X-RateLimit-* headers, and
 * Retry-After on 429. A refused call is never counted against any allowance.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Admission } from '../../runtime/limits/limiter.js';
import { failedDependency } from '../../runtime/health/dependency-failure.js';
import {
  CredentialRevoked,
  DailyQuotaExceeded,
  MonthlyAllowanceExhausted,
  PublicRateLimited,
  RateLimited,
  ScopeMissing,
  SessionTokenNotAccepted,
  ViewerTokenNotAccepted,
} from '../errors.js';

/** The subprotocol prefix that carries a credential on websocket routes: `bearer.<credential>`. */
export const SUBPROTOCOL_CREDENTIAL_PREFIX = 'bearer.';

function bearer(request: FastifyRequest, fromSubprotocol: boolean): string | undefined {
  const header = request.headers.authorization;
  if (!header) return fromSubprotocol ? subprotocolCredential(request) : undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

function subprotocolCredential(request: FastifyRequest): string | undefined {
  const offered = request.headers['sec-websocket-protocol'];
  if (typeof offered !== 'string') return undefined;
  const entry = offered
    .split(',')
    .map((p) => p.trim())
    .find((p) => p.startsWith(SUBPROTOCOL_CREDENTIAL_PREFIX));
  return entry?.slice(SUBPROTOCOL_CREDENTIAL_PREFIX.length);
}

function setLimitHeaders(reply: FastifyReply, admission: Admission): void {
  const { rate, daily } = admission;
  reply.header('RateLimit-Policy', `"minute";q=${rate.limit};w=60, "day";q=${daily.limit};w=86400`);
  reply.header('RateLimit', `"minute";r=${rate.remaining};t=${rate.resetS}, "day";r=${daily.remaining};t=${daily.resetS}`);
  reply.header('X-RateLimit-Limit', rate.limit);
  reply.header('X-RateLimit-Remaining', rate.remaining);
  reply.header('X-RateLimit-Reset', Math.floor(Date.now() / 1000) + rate.resetS);
}

export default fp(
  async function access(app: FastifyInstance) {
    const { credentials, limiter, plans, config } = app.services;
    app.decorateRequest('principal', null);

    app.addHook('onRequest', async (request, reply) => {
      const route = request.routeOptions; // a getter that builds an object: read it once
      const auth = route.config.auth;
      if (auth === undefined) return;

      if (auth === 'public') {
        const perMinute = route.config.publicPerMinute ?? config.publicRequestsPerMinute;
        let verdict: Awaited<ReturnType<typeof limiter.admitPublic>>;
        try {
          verdict = await limiter.admitPublic(route.url ?? 'public', request.ip, perMinute);
        } catch (err) {
          // The status page must be able to say that the cache is down, so it is not limited then.
          if (route.config.publicLimitFailOpen && failedDependency(err) === 'cache') return;
          throw err;
        }
        reply.header('RateLimit-Policy', `"address";q=${perMinute};w=60`);
        reply.header('RateLimit', `"address";r=${verdict.remaining};t=${verdict.resetS}`);
        if (!verdict.admitted) {
          reply.header('Retry-After', verdict.resetS);
          throw new PublicRateLimited();
        }
        return;
      }

      // A CredentialError (401) is mapped by the error handler.
      const principal = await credentials.verify(() => request.em, bearer(request, auth.subprotocolCredential === true));
      request.principal = principal;
      if (principal.kind === 'session_token' && !auth.sessionToken) throw new SessionTokenNotAccepted();
      if (principal.kind === 'viewer_token' && !auth.viewerToken) throw new ViewerTokenNotAccepted();
      if (!principal.scopes.has(auth.scope)) throw new ScopeMissing(auth.scope);

      const plan = plans.get(principal.plan);
      const admission = await limiter.admit({
        credentialId: principal.credentialId,
        keyId: principal.keyId,
        mode: principal.mode,
        allowanceSubject: principal.allowanceSubject,
        requestsPerMinute: plan.requestsPerMinute,
        dailyQuota: principal.dailyQuota,
        monthlyAllowance: plan.monthlyApiCalls,
      });
      if (admission.verdict !== 'revoked') setLimitHeaders(reply, admission);
      switch (admission.verdict) {
        case 'admitted':
          return;
        case 'revoked':
          credentials.forget((p) => p.credentialId === principal.credentialId || p.keyId === principal.keyId);
          request.principal = null;
          throw new CredentialRevoked();
        case 'rate_limited':
          reply.header('Retry-After', admission.rate.resetS);
          throw new RateLimited();
        case 'daily_quota_exceeded':
          reply.header('Retry-After', admission.daily.resetS);
          throw new DailyQuotaExceeded();
        case 'monthly_allowance_exhausted':
          reply.header('Retry-After', admission.monthly.resetS);
          throw new MonthlyAllowanceExhausted(plan.name);
      }
    });
  },
  { name: 'access', dependencies: ['services'] },
);
