/**
 * Webhook endpoints: GET/POST /api/v1/webhooks, GET/PATCH/DELETE /api/v1/webhooks/:id,
 * POST /webhooks/:id/test, POST /webhooks/:id/rotate-secret. The signing secret (`whsec_…`) is
 * shown once, at creation or rotation. Each record shows its recent deliveries with every attempt
 * (time, status code, latency, error). The work is WebhookEndpointService's
 * (runtime/webhooks/webhook-endpoints.ts), URL guard included; this file is schemas and HTTP.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EVENT_TYPES, type EventType } from '../../runtime/events/event-types.js';
import { AUTHED_ERRORS, errors, List, ListQuery, NullableTimestamp, Ok, ok, Timestamp } from '../schemas/common.js';
import { WebhookParams } from '../schemas/ids.js';

const EventName = Type.Unsafe<EventType>({ type: 'string', enum: [...EVENT_TYPES] });
// The URL's form is checked here; where its host resolves to is checked by the route (SSRF guard).
const Url = Type.String({
  format: 'uri',
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@]+',
  minLength: 8,
  maxLength: 2048,
  description:
    'Absolute http(s) URL without credentials; a host on a loopback, private or reserved address is refused ' +
    '(COMPANION_ERR_WEBHOOK_URL) unless the operator allows it',
  'x-error-code': 'COMPANION_ERR_WEBHOOK_URL',
});

const AttemptView = Type.Object({
  attempt: Type.Integer(),
  at: Timestamp,
  statusCode: Type.Union([Type.Integer(), Type.Null()]),
  latencyMs: Type.Number(),
  error: Type.Union([Type.String(), Type.Null()]),
  succeeded: Type.Boolean(),
});

const DeliveryView = Type.Object({
  id: Type.String(),
  eventId: Type.String(),
  eventType: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('retrying'), Type.Literal('succeeded'), Type.Literal('failed')]),
  attempts: Type.Array(AttemptView),
  workflowId: Type.String({ description: 'Temporal workflow id, for operators' }),
  createdAt: Timestamp,
  nextAttemptAt: NullableTimestamp,
});

const EndpointView = Type.Object({
  id: Type.String(),
  object: Type.Literal('webhook_endpoint'),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(EventName),
  enabled: Type.Boolean(),
  livemode: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  secretRotatedAt: NullableTimestamp,
  recentDeliveries: Type.Array(DeliveryView, { description: 'Newest first' }),
});
const WithSecret = Type.Intersect([
  EndpointView,
  Type.Object({ secret: Type.String({ description: 'Signing secret, shown only in this response' }) }),
]);

const Events = Type.Array(EventName, { minItems: 1, uniqueItems: true });
const CreateBody = Type.Object(
  { url: Url, events: Events, description: Type.Optional(Type.String({ maxLength: 500 })), enabled: Type.Optional(Type.Boolean()) },
  {
    additionalProperties: false,
    examples: [
      { url: 'https://hooks.example.com/companion', events: ['character.created', 'session.ended'], description: 'Production receiver' },
    ],
  },
);
const PatchBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1, examples: [{ events: ['session.started', 'session.ended'], enabled: true }] },
);

const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { webhooks } = app.services;

  app.get(
    '/webhooks',
    {
      config: { auth: { scope: 'webhooks:read' } },
      schema: {
        summary: 'List endpoints with their recent deliveries',
        tags: ['webhooks'],
        querystring: ListQuery,
        response: { 200: List(EndpointView), ...errors(400, 404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => ({ success: true as const, ...(await webhooks.list(request.em, request.principal!, request.query)) }),
  );

  app.post(
    '/webhooks',
    {
      config: { auth: { scope: 'webhooks:write' }, idempotent: true },
      schema: {
        summary: 'Register an endpoint (the signing secret is shown once)',
        tags: ['webhooks'],
        body: CreateBody,
        response: { 201: Ok(WithSecret), ...errors(400, ...AUTHED_ERRORS) },
      },
    },
    async (request, reply) => {
      const { endpoint, secret } = await webhooks.create(request.em, request.principal!, {
        ...request.body,
        events: request.body.events as EventType[],
      });
      return reply.code(201).send(ok({ ...(await webhooks.view(request.em, endpoint, 0)), secret }));
    },
  );

  app.get(
    '/webhooks/:id',
    {
      config: { auth: { scope: 'webhooks:read' } },
      schema: {
        summary: 'Fetch an endpoint with its recent deliveries and attempts',
        tags: ['webhooks'],
        params: WebhookParams,
        response: { 200: Ok(EndpointView), ...errors(404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => ok(await webhooks.view(request.em, await webhooks.find(request.em, request.principal!, request.params.id))),
  );

  app.patch(
    '/webhooks/:id',
    {
      config: { auth: { scope: 'webhooks:write' } },
      schema: {
        summary: 'Change URL, events, description or enabled',
        tags: ['webhooks'],
        params: WebhookParams,
        body: PatchBody,
        response: { 200: Ok(EndpointView), ...errors(400, 404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const patch = { ...request.body, events: request.body.events as EventType[] | undefined };
      return ok(await webhooks.view(request.em, await webhooks.update(request.em, request.principal!, request.params.id, patch)));
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      config: { auth: { scope: 'webhooks:write' } },
      schema: {
        summary: 'Delete an endpoint (its pending deliveries stop)',
        tags: ['webhooks'],
        params: WebhookParams,
        response: {
          200: Ok(Type.Object({ id: Type.String(), object: Type.Literal('webhook_endpoint'), deleted: Type.Literal(true) })),
          ...errors(404, ...AUTHED_ERRORS),
        },
      },
    },
    async (request) => {
      await webhooks.delete(request.em, request.principal!, request.params.id);
      return ok({ id: request.params.id, object: 'webhook_endpoint' as const, deleted: true as const });
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      config: { auth: { scope: 'webhooks:write' }, idempotent: true, openapiRequestBody: { required: false } },
      schema: {
        summary: 'Send a test delivery (body marked "test": true) to this endpoint',
        tags: ['webhooks'],
        params: WebhookParams,
        body: Type.Object(
          { type: Type.Optional(EventName) },
          { additionalProperties: false, description: "Default: the endpoint's first event", examples: [{ type: 'character.created' }] },
        ),
        response: { 202: Ok(DeliveryView), ...errors(400, 404, 409, ...AUTHED_ERRORS) },
      },
      // The body is optional: a bare POST sends a test of the endpoint's first event.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const type = request.body?.type as EventType | undefined;
      return reply.code(202).send(ok(await webhooks.sendTest(request.em, request.principal!, request.params.id, type)));
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      config: { auth: { scope: 'webhooks:write' } },
      schema: {
        summary: 'Replace the signing secret (the new one is shown once)',
        tags: ['webhooks'],
        params: WebhookParams,
        response: { 200: Ok(WithSecret), ...errors(404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const { endpoint, secret } = await webhooks.rotateSecret(request.em, request.principal!, request.params.id);
      return ok({ ...(await webhooks.view(request.em, endpoint)), secret });
    },
  );
};

export default webhookRoutes;
