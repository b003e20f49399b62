/**
 * Billing views: GET /billing/plans (public), GET /billing/current, and
 * POST /billing/payment-methods, which answers 501 until a payment provider is connected.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getOrganization } from '../../runtime/accounts/organizations.js';
import { getUser } from '../../runtime/accounts/users.js';
import { NotConnected } from '../errors.js';
import { AUTHED_ERRORS, errors, Ok, ok, Timestamp } from '../schemas/common.js';

const PlanView = Type.Object({
  id: Type.String(),
  object: Type.Literal('plan'),
  name: Type.String(),
  priceMonthlyUsd: Type.Union([Type.Number(), Type.Null()], { description: 'null = contact sales' }),
  monthlyApiCalls: Type.Union([Type.Integer(), Type.Null()], { description: 'null = unlimited' }),
  dailyCallsPerKey: Type.Integer(),
  requestsPerMinute: Type.Integer(),
});

const Subscription = Type.Object({
  object: Type.Literal('subscription'),
  plan: PlanView,
  status: Type.Literal('active'),
  billedTo: Type.Object({ type: Type.Union([Type.Literal('user'), Type.Literal('organization')]), id: Type.String() }),
  mode: Type.Union([Type.Literal('live'), Type.Literal('test')]),
  currentPeriod: Type.Object({ start: Timestamp, end: Timestamp }),
  usage: Type.Object({
    apiCalls: Type.Integer(),
    allowance: Type.Union([Type.Integer(), Type.Null()]),
    remaining: Type.Union([Type.Integer(), Type.Null()]),
  }),
  paymentMethod: Type.Null({ description: 'Payment methods are not connected yet' }),
});

const billingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { plans, limiter } = app.services;
  const planView = (id: Parameters<typeof plans.get>[0]) => ({ object: 'plan' as const, ...plans.get(id) });

  app.get(
    '/billing/plans',
    {
      config: { auth: 'public' },
      schema: { summary: 'Available plans', tags: ['billing'], response: { 200: Ok(Type.Array(PlanView)), ...errors(429) } },
    },
    async () => ok(plans.list().map((plan) => planView(plan.id))),
  );

  app.get(
    '/billing/current',
    {
      config: { auth: { scope: 'account:read' } },
      schema: {
        summary: 'Current subscription and this month’s usage',
        tags: ['billing'],
        response: { 200: Ok(Subscription), ...errors(...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const p = request.principal!;
      const billedTo = p.organizationId
        ? {
            type: 'organization' as const,
            id: p.organizationId,
            plan: (await getOrganization(request.em, p.organizationId)).plan,
          }
        : { type: 'user' as const, id: p.userId, plan: (await getUser(request.em, p.userId)).plan };
      const plan = plans.get(billedTo.plan);
      const now = new Date();
      const used = await limiter.monthlyUsage(billedTo.id, p.mode, now);
      // Calendar-month bounds, computed from the month rather than from now: exact to the millisecond.
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      return ok({
        object: 'subscription' as const,
        plan: planView(plan.id),
        status: 'active' as const,
        billedTo: { type: billedTo.type, id: billedTo.id },
        mode: p.mode,
        currentPeriod: { start: start.toISOString(), end: end.toISOString() },
        usage: {
          apiCalls: used,
          allowance: plan.monthlyApiCalls,
          remaining: plan.monthlyApiCalls === null ? null : Math.max(0, plan.monthlyApiCalls - used),
        },
        paymentMethod: null,
      });
    },
  );

  app.post(
    '/billing/payment-methods',
    {
      config: { auth: { scope: 'account:write' } },
      schema: { summary: 'Add a payment method (not connected yet: 501)', tags: ['billing'], response: errors(501, ...AUTHED_ERRORS) },
    },
    async () => {
      throw new NotConnected('adding a payment method');
    },
  );
};

export default billingRoutes;
