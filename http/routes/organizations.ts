/**
 * Organisations: GET/POST /api/v1/organizations, POST /organizations/:id/members,
 * PATCH /organizations/:id/members/:userId. Each organisation shows its members, their roles and
 * its shared monthly allowance (used this month, in the caller's mode).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  addMember,
  changeRole,
  createOrganization,
  getOrganization,
  membersOf,
  organizationsOf,
  requireMembership,
} from '../../runtime/accounts/organizations.js';
import type { Organization, OrganizationRole } from '../../runtime/db/entities/organization.js';
import type { Mode } from '../../runtime/db/entities/credentials.js';
import { AUTHED_ERRORS, errors, List, Ok, ok, Timestamp } from '../schemas/common.js';
import { OrganizationId, paramsOf, UserId } from '../schemas/ids.js';

const Role = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member')]);

const MemberView = Type.Object({ userId: Type.String(), email: Type.String(), name: Type.String(), role: Role, joinedAt: Timestamp });

const OrganizationView = Type.Object({
  id: Type.String(),
  object: Type.Literal('organization'),
  name: Type.String(),
  plan: Type.String(),
  role: Role,
  members: Type.Array(MemberView),
  sharedQuota: Type.Object({
    monthlyApiCalls: Type.Union([Type.Integer(), Type.Null()], { description: 'null = unlimited' }),
    usedThisMonth: Type.Integer(),
    remaining: Type.Union([Type.Integer(), Type.Null()]),
  }),
  createdAt: Timestamp,
});

const OrgParams = paramsOf(OrganizationId());

const organizationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { plans, limiter } = app.services;

  async function view(em: EntityManager, org: Organization, callerRole: OrganizationRole, mode: Mode) {
    const members = await membersOf(em, org.id);
    const plan = plans.get(org.plan);
    const used = await limiter.monthlyUsage(org.id, mode);
    return {
      id: org.id,
      object: 'organization' as const,
      name: org.name,
      plan: org.plan,
      role: callerRole,
      members: members.map(({ membership: m, user }) => ({
        userId: m.userId,
        email: user?.email ?? '',
        name: user?.name ?? '',
        role: m.role,
        joinedAt: m.createdAt.toISOString(),
      })),
      sharedQuota: {
        monthlyApiCalls: plan.monthlyApiCalls,
        usedThisMonth: used,
        remaining: plan.monthlyApiCalls === null ? null : Math.max(0, plan.monthlyApiCalls - used),
      },
      createdAt: org.createdAt.toISOString(),
    };
  }

  async function viewById(em: EntityManager, orgId: string, userId: string, mode: Mode) {
    const me = await requireMembership(em, orgId, userId);
    return view(em, await getOrganization(em, orgId), me.role, mode);
  }

  app.get(
    '/organizations',
    {
      config: { auth: { scope: 'organizations:read' } },
      schema: {
        summary: "The caller's organisations, roles and shared quota",
        tags: ['organizations'],
        response: { 200: List(OrganizationView), ...errors(...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const p = request.principal!;
      const mine = await organizationsOf(request.em, p.userId);
      const data = await Promise.all(mine.map(({ organization, role }) => view(request.em, organization, role, p.mode)));
      return { success: true as const, data, has_more: false };
    },
  );

  app.post(
    '/organizations',
    {
      config: { auth: { scope: 'organizations:write' }, idempotent: true },
      schema: {
        summary: 'Create an organisation (the caller becomes its owner)',
        tags: ['organizations'],
        body: Type.Object(
          { name: Type.String({ minLength: 1, maxLength: 100 }) },
          { additionalProperties: false, examples: [{ name: 'Acme Studio' }] },
        ),
        response: { 201: Ok(OrganizationView), ...errors(400, ...AUTHED_ERRORS) },
      },
    },
    async (request, reply) => {
      const p = request.principal!;
      const org = await createOrganization(request.em, p.userId, request.body.name);
      return reply.code(201).send(ok(await view(request.em, org, 'owner', p.mode)));
    },
  );

  app.post(
    '/organizations/:id/members',
    {
      config: { auth: { scope: 'organizations:write' }, idempotent: true },
      schema: {
        summary: 'Add an existing user by email (owners and admins)',
        tags: ['organizations'],
        params: OrgParams,
        body: Type.Object(
          { email: Type.String({ format: 'email', maxLength: 254 }), role: Type.Optional(Role) },
          { additionalProperties: false, examples: [{ email: 'grace@example.com', role: 'admin' }] },
        ),
        response: { 201: Ok(OrganizationView), ...errors(400, 404, 409, ...AUTHED_ERRORS) },
      },
    },
    async (request, reply) => {
      const p = request.principal!;
      await addMember(request.em, p.userId, request.params.id, request.body.email, request.body.role ?? 'member');
      return reply.code(201).send(ok(await viewById(request.em, request.params.id, p.userId, p.mode)));
    },
  );

  app.patch(
    '/organizations/:id/members/:userId',
    {
      config: { auth: { scope: 'organizations:write' } },
      schema: {
        summary: "Change a member's role",
        tags: ['organizations'],
        params: Type.Object({ id: OrganizationId(), userId: UserId() }),
        body: Type.Object({ role: Role }, { additionalProperties: false, examples: [{ role: 'member' }] }),
        response: { 200: Ok(OrganizationView), ...errors(400, 404, 409, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const p = request.principal!;
      await changeRole(request.em, p.userId, request.params.id, request.params.userId, request.body.role);
      return ok(await viewById(request.em, request.params.id, p.userId, p.mode));
    },
  );
};

export default organizationRoutes;
