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
import type { Principal } from '../../runtime/accounts/credentials.js';
import type { RouteAuth } from '../types.js';
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

    /** The per-address limit of a public route. */
    async function admitPublic(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const route = request.routeOptions;
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
    }

    /** Kind and scope of a verified principal (throws), then its limits (one script run in Redis). */
    function admitPrincipal(principal: Principal, auth: Exclude<RouteAuth, 'public'>, reply: FastifyReply): Promise<Admission> {
      reply.request.principal = principal;
      if (principal.kind === 'session_token' && !auth.sessionToken) throw new SessionTokenNotAccepted();
      if (principal.kind === 'viewer_token' && !auth.viewerToken) throw new ViewerTokenNotAccepted();
      if (!principal.scopes.has(auth.scope)) throw new ScopeMissing(auth.scope);
      const plan = plans.get(principal.plan);
      return limiter.admit({
        credentialId: principal.credentialId,
        keyId: principal.keyId,
        mode: principal.mode,
        allowanceSubject: principal.allowanceSubject,
        requestsPerMinute: plan.requestsPerMinute,
        dailyQuota: principal.dailyQuota,
        monthlyAllowance: plan.monthlyApiCalls,
      });
    }

    /** Headers of the limits, and the refusal of a call the limiter did not admit (throws). */
    function answerAdmission(admission: Admission, reply: FastifyReply): void {
      const principal = reply.request.principal!;
      if (admission.verdict !== 'revoked') setLimitHeaders(reply, admission);
      switch (admission.verdict) {
        case 'admitted':
          return;
        case 'revoked':
          credentials.forget((p) => p.credentialId === principal.credentialId || p.keyId === principal.keyId);
          reply.request.principal = null;
          throw new CredentialRevoked();
        case 'rate_limited':
          reply.header('Retry-After', admission.rate.resetS);
          throw new RateLimited();
        case 'daily_quota_exceeded':
          reply.header('Retry-After', admission.daily.resetS);
          throw new DailyQuotaExceeded();
        case 'monthly_allowance_exhausted':
          reply.header('Retry-After', admission.monthly.resetS);
          throw new MonthlyAllowanceExhausted(plans.get(principal.plan).name);
      }
    }

    // A callback hook with a synchronous path for a cached credential: the only promise of an
    // admitted call is the limiter's. A CredentialError (401) is mapped by the error handler.
    app.addHook('onRequest', (request, reply, done) => {
      const auth = request.routeOptions.config.auth; // a getter that builds an object: read it once
      if (auth === undefined) return done();
      if (auth === 'public') {
        admitPublic(request, reply).then(() => done(), done);
        return;
      }
      const answer = (admission: Admission) => {
        try {
          answerAdmission(admission, reply);
        } catch (err) {
          return done(err as Error);
        }
        done();
      };
      try {
        const credential = bearer(request, auth.subprotocolCredential === true);
        const cached = credentials.verifyCached(credential);
        if (cached) {
          admitPrincipal(cached, auth, reply).then(answer, done);
          return;
        }
        credentials
          .verify(() => request.em, credential)
          .then((principal) => admitPrincipal(principal, auth, reply))
          .then(answer, done);
      } catch (err) {
        done(err as Error);
      }
    });
  },
  { name: 'access', dependencies: ['services'] },
);
