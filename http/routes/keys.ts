/**
 * Secret keys: /api/v1/admin/keys. A key is created in the caller's mode and can carry only
 * scopes its creator has (no escalation). The secret is returned once, at creation; afterwards a
 * key shows only its last four characters. Revocation is immediate on every node.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../runtime/accounts/credentials.js';
import { SCOPES, type Scope } from '../../runtime/accounts/scopes.js';
import { requireMembership } from '../../runtime/accounts/organizations.js';
import { ApiKey } from '../../runtime/db/entities/credentials.js';
import { paginate } from '../../runtime/db/paginate.js';
import { Forbidden, ResourceNotFound } from '../errors.js';
import { AUTHED_ERRORS, errors, List, ListQuery, NullableTimestamp, Ok, ok, Timestamp } from '../schemas/common.js';
import { KeyParams, OrganizationId } from '../schemas/ids.js';

const ScopeName = Type.Unsafe<Scope>({ type: 'string', enum: [...SCOPES] });

const KeyView = Type.Object({
  id: Type.String(),
  object: Type.Literal('api_key'),
  name: Type.String(),
  mode: Type.Union([Type.Literal('live'), Type.Literal('test')]),
  redacted: Type.String({ description: 'Prefix and last four characters, e.g. sk_live_…a1B2' }),
  scopes: Type.Array(ScopeName),
  dailyQuota: Type.Union([Type.Integer(), Type.Null()], { description: 'Calls per UTC day; null = the plan default' }),
  organizationId: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('active'), Type.Literal('revoked')]),
  createdAt: Timestamp,
  lastUsedAt: NullableTimestamp,
  revokedAt: NullableTimestamp,
});

const CreatedKey = Type.Intersect([KeyView, Type.Object({ secret: Type.String({ description: 'Shown only in this response' }) })]);

const CreateKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Optional(
      Type.Array(ScopeName, { uniqueItems: true, minItems: 1, description: 'Default: every scope of the calling key' }),
    ),
    dailyQuota: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
    organizationId: Type.Optional(OrganizationId("File the key under an organisation: it spends the organisation's shared allowance")),
  },
  {
    additionalProperties: false,
    examples: [{ name: 'Read-only dashboard', scopes: ['characters:read', 'analytics:read'], dailyQuota: 5000 }],
  },
);

export function keyView(key: ApiKey) {
  return {
    id: key.id,
    object: 'api_key' as const,
    name: key.name,
    mode: key.mode,
    redacted: `sk_${key.mode}_…${key.lastFour}`,
    scopes: key.scopes as Scope[],
    dailyQuota: key.dailyQuota,
    organizationId: key.organizationId,
    status: key.revokedAt ? ('revoked' as const) : ('active' as const),
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

/** A key of the caller's account and mode, or 404 (keys of the other mode do not exist for it). */
async function loadKey(em: EntityManager, id: string, p: Principal): Promise<ApiKey> {
  const key = await em.findOne(ApiKey, { id, userId: p.userId, mode: p.mode });
  if (!key) throw new ResourceNotFound('api_key', id);
  return key;
}

const keyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { credentials } = app.services;

  app.get(
    '/admin/keys',
    {
      config: { auth: { scope: 'keys:read' } },
      schema: {
        summary: 'List secret keys of this mode',
        tags: ['keys'],
        querystring: ListQuery,
        response: { 200: List(KeyView), ...errors(400, 404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const p = request.principal!;
      const page = await paginate(request.em, ApiKey, { userId: p.userId, mode: p.mode }, request.query, 'api_key');
      return { success: true as const, data: page.data.map(keyView), has_more: page.has_more };
    },
  );

  app.post(
    '/admin/keys',
    {
      config: { auth: { scope: 'keys:write' }, idempotent: true },
      schema: {
        summary: 'Create a secret key (the secret is shown once)',
        tags: ['keys'],
        body: CreateKeyBody,
        response: { 201: Ok(CreatedKey), ...errors(400, 404, ...AUTHED_ERRORS) },
      },
    },
    async (request, reply) => {
      const p = request.principal!;
      const scopes = (request.body.scopes as Scope[] | undefined) ?? ([...p.scopes] as Scope[]);
      const beyond = scopes.filter((s) => !p.scopes.has(s));
      if (beyond.length > 0) throw new Forbidden(`a key cannot grant scopes it lacks: ${beyond.join(', ')}`);
      if (request.body.organizationId) {
        const membership = await requireMembership(request.em, request.body.organizationId, p.userId);
        if (membership.role === 'member') throw new Forbidden('only owners and admins file keys under an organization');
      }
      const { key, secret } = await credentials.issueKey(request.em, {
        userId: p.userId,
        name: request.body.name,
        mode: p.mode,
        scopes,
        dailyQuota: request.body.dailyQuota ?? null,
        organizationId: request.body.organizationId ?? null,
      });
      return reply.code(201).send(ok({ ...keyView(key), secret }));
    },
  );

  app.get(
    '/admin/keys/:id',
    {
      config: { auth: { scope: 'keys:read' } },
      schema: {
        summary: 'Fetch one key',
        tags: ['keys'],
        params: KeyParams,
        response: { 200: Ok(KeyView), ...errors(404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => ok(keyView(await loadKey(request.em, request.params.id, request.principal!))),
  );

  app.delete(
    '/admin/keys/:id',
    {
      config: { auth: { scope: 'keys:write' } },
      schema: {
        summary: 'Revoke a key (immediate, idempotent)',
        tags: ['keys'],
        params: KeyParams,
        response: { 200: Ok(KeyView), ...errors(404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const key = await loadKey(request.em, request.params.id, request.principal!);
      await credentials.revokeKey(request.em, key);
      return ok(keyView(key));
    },
  );
};

export default keyRoutes;
