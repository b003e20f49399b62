/**
 * Idempotency-Key on creating POSTs, as Stripe and the IETF draft
 * (draft-ietf-httpapi-idempotency-key-header) do. A route opts in with `config: { idempotent: true }`;
 * this plugin does the rest for every such route:
 *
 * - the OpenAPI document gets the optional `Idempotency-Key` header (1–255 printable characters)
 *   and the 409 and 422 answers;
 * - a key is scoped to the account (user) and mode of the credential;
 * - the first call with a key runs; its answer (status and body) is kept for 24 hours and replayed
 *   to every later call with the same key and the same request (method, path and JSON body), with
 *   `Idempotent-Replayed: true`;
 * - the same key with a different request answers 422; while the first call still runs, 409;
 * - answers of 500 and more are not kept (the key is released, so a retry runs again), nor are
 *   refusals that come before the handler (auth, limits, validation): the key is taken only once
 *   those passed.
 *
 * Stored in Redis (`cmp:idem:<userId>:<mode>:<sha256 of the key>`), the kept body sealed with the
 * service's secret box since it may hold a secret shown once (a new key's secret, an st_ token).
 * Account erasure deletes these keys with the account's other counters.
 */
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Type } from '@sinclair/typebox';
import { IdempotencyInProgress, IdempotencyMismatch } from '../errors.js';
import { ErrorRef } from '../schemas/common.js';
import { idempotencyRedisKey } from '../../runtime/idempotency/idempotency-keys.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** How long a key stays taken by a call that never finishes (a crashed node). */
const PENDING_TTL_MS = 120_000;
const HEADER = 'idempotency-key';

interface Stored {
  state: 'pending' | 'done';
  fingerprint: string;
  status?: number;
  contentType?: string;
  body?: string; // sealed
}

interface Taken {
  redisKey: string;
  fingerprint: string;
  finished: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: Taken;
  }
}

function fingerprintOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return createHash('sha256')
    .update(`${request.method} ${path}\n${request.body === undefined ? '' : JSON.stringify(request.body)}`)
    .digest('base64url');
}

/** The route's schema gains the header and the 409/422 answers, so the OpenAPI document shows them. */
function declare(route: RouteOptions): void {
  if (!route.config?.idempotent) return;
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const headers = (schema.headers as { properties?: Record<string, unknown> } | undefined) ?? { type: 'object', properties: {} };
  const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  response[409] ??= ErrorRef;
  response[422] ??= ErrorRef;
  route.schema = {
    ...schema,
    headers: {
      ...headers,
      type: 'object',
      properties: {
        ...headers.properties,
        [HEADER]: Type.String({
          minLength: 1,
          maxLength: 255,
          pattern: '^[\\x21-\\x7e]+$',
          description:
            'Makes the call safe to retry: the same key with the same body replays the first answer for 24 hours; ' +
            'with another body 422; while the first call runs 409. Scoped to the account and mode.',
        }),
      },
    },
    response,
  };
}

export default fp(
  async function idempotency(app: FastifyInstance) {
    const { redis, secrets } = app.services;

    // The hooks are the opted-in routes' own, first of their kind on them: every other route runs
    // none of this code.
    app.addHook('onRoute', (route) => {
      declare(route);
      if (!route.config?.idempotent) return;
      route.preHandler = [takeKey, ...[route.preHandler ?? []].flat()];
      route.onSend = [keepAnswer, ...[route.onSend ?? []].flat()];
      route.onResponse = [releaseUnanswered, ...[route.onResponse ?? []].flat()];
    });

    async function takeKey(request: FastifyRequest, reply: FastifyReply) {
      const key = request.headers[HEADER];
      const p = request.principal;
      if (typeof key !== 'string' || !p) return;
      const redisKey = idempotencyRedisKey(p.userId, p.mode, key);
      const fingerprint = fingerprintOf(request);
      const pending: Stored = { state: 'pending', fingerprint };
      if ((await redis.set(redisKey, JSON.stringify(pending), 'PX', PENDING_TTL_MS, 'NX')) === 'OK') {
        request.idempotency = { redisKey, fingerprint, finished: false };
        return;
      }
      const raw = await redis.get(redisKey);
      if (raw === null) throw new IdempotencyInProgress(); // released a moment ago: the client retries
      const stored = JSON.parse(raw) as Stored;
      if (stored.fingerprint !== fingerprint) throw new IdempotencyMismatch();
      if (stored.state === 'pending') throw new IdempotencyInProgress();
      return reply
        .code(stored.status!)
        .header('idempotent-replayed', 'true')
        .type(stored.contentType ?? 'application/json; charset=utf-8')
        .send(secrets.open(stored.body!));
    }

    async function keepAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const taken = request.idempotency;
      if (!taken || taken.finished) return payload;
      taken.finished = true;
      if (reply.statusCode >= 500 || typeof payload !== 'string') {
        await redis.del(taken.redisKey);
        return payload;
      }
      const done: Stored = {
        state: 'done',
        fingerprint: taken.fingerprint,
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        body: secrets.seal(payload),
      };
      await redis.set(taken.redisKey, JSON.stringify(done), 'PX', IDEMPOTENCY_TTL_MS);
      return payload;
    }

    // A call that ended without an answer (the client went away mid-way) gives its key back.
    async function releaseUnanswered(request: FastifyRequest) {
      const taken = request.idempotency;
      if (taken && !taken.finished) await redis.del(taken.redisKey);
    }
  },
  { name: 'idempotency', dependencies: ['services'] },
);
