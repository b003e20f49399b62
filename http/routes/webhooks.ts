/**
 * Webhook endpoints: GET/POST /api/v1/webhooks, GET/PATCH/DELETE /api/v1/webhooks/:id,
 * POST /webhooks/:id/test, POST /webhooks/:id/rotate-secret. The signing secret (`whsec_…`) is
 * shown once, at creation or rotation. URLs pass the SSRF guard. Each record shows its recent
 * deliveries with every attempt (time, status code, latency, error).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId, newSecret } from '../../runtime/ids.js';
import { paginate } from '../../runtime/db/paginate.js';
import { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../runtime/db/entities/webhook.js';
import { EVENT_TYPES, type EventType } from '../../runtime/events/event-types.js';
import { checkWebhookUrl, UrlRefused } from '../../runtime/webhooks/url-guard.js';
import { Conflict, ResourceNotFound, WebhookUrlRefused } from '../errors.js';
import { AUTHED_ERRORS, errors, IdParams, List, ListQuery, NullableTimestamp, Ok, ok, Timestamp } from '../schemas/common.js';

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

const RECENT_IN_LIST = 5;
const RECENT_IN_RECORD = 20;

const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { events, secrets, config } = app.services;
  const policy = { allowLoopback: config.webhookAllowLoopback, allowPrivate: config.webhookAllowPrivate };

  async function guardUrl(raw: string): Promise<string> {
    try {
      return (await checkWebhookUrl(raw, policy)).toString();
    } catch (err) {
      if (err instanceof UrlRefused) throw new WebhookUrlRefused(err.message);
      throw err;
    }
  }

  /**
   * The views of several endpoints in three queries whatever their number: the ids of each one's
   * `recent` latest deliveries (one window query), those deliveries, and their attempts.
   */
  async function views(em: EntityManager, endpoints: WebhookEndpoint[], recent: number) {
    if (endpoints.length === 0) return [];
    const recentIds = (
      (await em.getConnection().execute(
        `SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY endpoint_id ORDER BY created_at DESC, id DESC) AS n
           FROM webhook_deliveries WHERE endpoint_id IN (?)) ranked WHERE n <= ?`,
        [endpoints.map((e) => e.id), recent],
      )) as Array<{ id: string }>
    ).map((r) => r.id);
    const deliveries = recentIds.length
      ? await em.find(WebhookDelivery, { id: { $in: recentIds } }, { orderBy: { createdAt: 'desc', id: 'desc' } })
      : [];
    const attempts = deliveries.length
      ? await em.find(WebhookAttempt, { deliveryId: { $in: deliveries.map((d) => d.id) } }, { orderBy: { attempt: 'asc' } })
      : [];
    return endpoints.map((endpoint) =>
      viewOf(
        endpoint,
        deliveries.filter((d) => d.endpointId === endpoint.id),
        attempts,
      ),
    );
  }

  async function view(em: EntityManager, endpoint: WebhookEndpoint, recent: number) {
    return (await views(em, [endpoint], recent))[0]!;
  }

  function viewOf(endpoint: WebhookEndpoint, deliveries: WebhookDelivery[], attempts: WebhookAttempt[]) {
    return {
      id: endpoint.id,
      object: 'webhook_endpoint' as const,
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events as EventType[],
      enabled: endpoint.enabled,
      livemode: endpoint.mode === 'live',
      createdAt: endpoint.createdAt.toISOString(),
      updatedAt: endpoint.updatedAt.toISOString(),
      secretRotatedAt: endpoint.secretRotatedAt?.toISOString() ?? null,
      recentDeliveries: deliveries.map((d) => ({
        id: d.id,
        eventId: d.eventId,
        eventType: d.eventType,
        status: d.status,
        workflowId: d.workflowId,
        createdAt: d.createdAt.toISOString(),
        nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
        attempts: attempts
          .filter((a) => a.deliveryId === d.id)
          .map((a) => ({
            attempt: a.attempt,
            at: a.at.toISOString(),
            statusCode: a.statusCode,
            latencyMs: a.latencyMs,
            error: a.error,
            succeeded: a.succeeded,
          })),
      })),
    };
  }

  async function load(em: EntityManager, id: string, userId: string, mode: WebhookEndpoint['mode']): Promise<WebhookEndpoint> {
    const endpoint = await em.findOne(WebhookEndpoint, { id, userId, mode });
    if (!endpoint) throw new ResourceNotFound('webhook', id);
    return endpoint;
  }

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
    async (request) => {
      const p = request.principal!;
      const page = await paginate(request.em, WebhookEndpoint, { userId: p.userId, mode: p.mode }, request.query, 'webhook');
      return {
        success: true as const,
        data: await views(request.em, page.data, RECENT_IN_LIST),
        has_more: page.has_more,
      };
    },
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
      const p = request.principal!;
      const url = await guardUrl(request.body.url);
      const secret = newSecret('whsec_');
      const now = new Date();
      const endpoint = request.em.create(WebhookEndpoint, {
        id: newId('whk'),
        userId: p.userId,
        mode: p.mode,
        url,
        description: request.body.description ?? '',
        events: [...(request.body.events as EventType[])],
        enabled: request.body.enabled ?? true,
        secretCiphertext: secrets.seal(secret),
        createdAt: now,
        updatedAt: now,
        secretRotatedAt: null,
      });
      await request.em.persistAndFlush(endpoint);
      return reply.code(201).send(ok({ ...(await view(request.em, endpoint, 0)), secret }));
    },
  );

  app.get(
    '/webhooks/:id',
    {
      config: { auth: { scope: 'webhooks:read' } },
      schema: {
        summary: 'Fetch an endpoint with its recent deliveries and attempts',
        tags: ['webhooks'],
        params: IdParams,
        response: { 200: Ok(EndpointView), ...errors(404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const p = request.principal!;
      return ok(await view(request.em, await load(request.em, request.params.id, p.userId, p.mode), RECENT_IN_RECORD));
    },
  );

  app.patch(
    '/webhooks/:id',
    {
      config: { auth: { scope: 'webhooks:write' } },
      schema: {
        summary: 'Change URL, events, description or enabled',
        tags: ['webhooks'],
        params: IdParams,
        body: PatchBody,
        response: { 200: Ok(EndpointView), ...errors(400, 404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const p = request.principal!;
      const endpoint = await load(request.em, request.params.id, p.userId, p.mode);
      if (request.body.url !== undefined) endpoint.url = await guardUrl(request.body.url);
      if (request.body.events !== undefined) endpoint.events = [...(request.body.events as EventType[])];
      if (request.body.description !== undefined) endpoint.description = request.body.description;
      if (request.body.enabled !== undefined) endpoint.enabled = request.body.enabled;
      endpoint.updatedAt = new Date();
      await request.em.flush();
      return ok(await view(request.em, endpoint, RECENT_IN_RECORD));
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      config: { auth: { scope: 'webhooks:write' } },
      schema: {
        summary: 'Delete an endpoint (its pending deliveries stop)',
        tags: ['webhooks'],
        params: IdParams,
        response: {
          200: Ok(Type.Object({ id: Type.String(), object: Type.Literal('webhook_endpoint'), deleted: Type.Literal(true) })),
          ...errors(404, ...AUTHED_ERRORS),
        },
      },
    },
    async (request) => {
      const p = request.principal!;
      await request.em.removeAndFlush(await load(request.em, request.params.id, p.userId, p.mode));
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
        params: IdParams,
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
      const p = request.principal!;
      const endpoint = await load(request.em, request.params.id, p.userId, p.mode);
      if (!endpoint.enabled) throw new Conflict('this endpoint is disabled; enable it to send a test delivery');
      const type = (request.body?.type as EventType | undefined) ?? (endpoint.events[0] as EventType);
      const { event, deliveries } = await events.emit(request.em, {
        userId: p.userId,
        mode: p.mode,
        type,
        test: true,
        onlyEndpointId: endpoint.id,
        data: { message: 'This is a test delivery from Companion.', endpointId: endpoint.id },
      });
      const delivery = deliveries[0]!;
      return reply.code(202).send(
        ok({
          id: delivery.id,
          eventId: event.id,
          eventType: type,
          status: delivery.status,
          attempts: [],
          workflowId: delivery.workflowId,
          createdAt: delivery.createdAt.toISOString(),
          nextAttemptAt: null,
        }),
      );
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      config: { auth: { scope: 'webhooks:write' } },
      schema: {
        summary: 'Replace the signing secret (the new one is shown once)',
        tags: ['webhooks'],
        params: IdParams,
        response: { 200: Ok(WithSecret), ...errors(404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const p = request.principal!;
      const endpoint = await load(request.em, request.params.id, p.userId, p.mode);
      const secret = newSecret('whsec_');
      endpoint.secretCiphertext = secrets.seal(secret);
      endpoint.secretRotatedAt = new Date();
      endpoint.updatedAt = new Date();
      await request.em.flush();
      return ok({ ...(await view(request.em, endpoint, RECENT_IN_RECORD)), secret });
    },
  );
};

export default webhookRoutes;
