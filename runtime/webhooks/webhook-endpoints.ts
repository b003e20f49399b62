/**
 * Webhook endpoints of an account (user and mode): list, find, register, change, delete, send a
 * test delivery, rotate the signing secret. URLs pass the SSRF guard here, so no caller can store
 * one that skips it; the secret is sealed at rest and handed back only by `create` and `rotate`.
 * Routes keep schemas and HTTP concerns; this is the repository they call (as in fastify/demo).
 *
 * Not here: delivery itself (workflows/webhook-delivery) and how events are recorded (EventBus).
 */
import { IsolationLevel } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mode } from '../db/entities/credentials.js';
import { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../db/entities/webhook.js';
import { paginate } from '../db/paginate.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.js';
import type { EventBus } from '../events/event-bus.js';
import type { EventType } from '../events/event-types.js';
import { newId, newSecret } from '../ids.js';
import type { SecretBox } from '../secrets/secret-box.js';
import { checkWebhookUrl, UrlRefused, type UrlPolicy } from './url-guard.js';

/** Whose endpoints: every query is scoped to one user and mode. */
export interface Owner {
  userId: string;
  mode: Mode;
}

export interface NewEndpoint {
  url: string;
  events: EventType[];
  description?: string | undefined;
  enabled?: boolean | undefined;
}

export type EndpointPatch = Partial<NewEndpoint>;

/** A URL the SSRF guard refuses (loopback, private, not http(s), …); the message says why. */
export class WebhookUrlRefusedError extends InvalidInputError {}

/** How many recent deliveries an endpoint's record shows: in a list, and on its own. */
export const RECENT_IN_LIST = 5;
export const RECENT_IN_RECORD = 20;

/** The API's representation of an endpoint with its recent deliveries, newest first. */
export function endpointView(endpoint: WebhookEndpoint, deliveries: WebhookDelivery[], attempts: WebhookAttempt[]) {
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
    recentDeliveries: deliveries.map((d) => deliveryView(d, attempts)),
  };
}

export type EndpointView = ReturnType<typeof endpointView>;

export function deliveryView(d: WebhookDelivery, attempts: WebhookAttempt[]) {
  return {
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
  };
}

export class WebhookEndpointService {
  constructor(
    private readonly events: EventBus,
    private readonly secrets: SecretBox,
    private readonly policy: UrlPolicy,
  ) {}

  async list(em: EntityManager, owner: Owner, query: { limit?: number | undefined; starting_after?: string | undefined }) {
    const page = await paginate(em, WebhookEndpoint, { userId: owner.userId, mode: owner.mode }, query, 'webhook');
    return { data: await this.views(em, page.data, RECENT_IN_LIST), has_more: page.has_more };
  }

  /** The owner's endpoint, or NotFoundError (another account's does not exist for this one). */
  async find(em: EntityManager, owner: Owner, id: string): Promise<WebhookEndpoint> {
    const endpoint = await em.findOne(WebhookEndpoint, { id, userId: owner.userId, mode: owner.mode });
    if (!endpoint) throw new NotFoundError('webhook', id);
    return endpoint;
  }

  /** Registers an endpoint; its signing secret is returned here and never again (until rotated). */
  async create(em: EntityManager, owner: Owner, input: NewEndpoint): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const url = await this.guardUrl(input.url);
    const secret = newSecret('whsec_');
    const now = new Date();
    const endpoint = em.create(WebhookEndpoint, {
      id: newId('whk'),
      userId: owner.userId,
      mode: owner.mode,
      url,
      description: input.description ?? '',
      events: [...input.events],
      enabled: input.enabled ?? true,
      secretCiphertext: this.secrets.seal(secret),
      createdAt: now,
      updatedAt: now,
      secretRotatedAt: null,
    });
    await em.persistAndFlush(endpoint);
    return { endpoint, secret };
  }

  async update(em: EntityManager, owner: Owner, id: string, patch: EndpointPatch): Promise<WebhookEndpoint> {
    const endpoint = await this.find(em, owner, id);
    if (patch.url !== undefined) endpoint.url = await this.guardUrl(patch.url);
    if (patch.events !== undefined) endpoint.events = [...patch.events];
    if (patch.description !== undefined) endpoint.description = patch.description;
    if (patch.enabled !== undefined) endpoint.enabled = patch.enabled;
    endpoint.updatedAt = new Date();
    await em.flush();
    return endpoint;
  }

  async delete(em: EntityManager, owner: Owner, id: string): Promise<void> {
    await em.removeAndFlush(await this.find(em, owner, id));
  }

  /** Sends a test delivery (marked `test: true`) of `type`, or of the endpoint's first event, to this endpoint only. */
  async sendTest(em: EntityManager, owner: Owner, id: string, type: EventType | undefined) {
    const endpoint = await this.find(em, owner, id);
    if (!endpoint.enabled) throw new ConflictError('this endpoint is disabled; enable it to send a test delivery');
    const eventType = type ?? (endpoint.events[0] as EventType);
    const { deliveries } = await this.events.emit(em, {
      userId: owner.userId,
      mode: owner.mode,
      type: eventType,
      test: true,
      onlyEndpointId: endpoint.id,
      data: { message: 'This is a test delivery from Companion.', endpointId: endpoint.id },
    });
    return deliveryView(deliveries[0]!, []);
  }

  /** Replaces the signing secret; the new one is returned here and never again. */
  async rotateSecret(em: EntityManager, owner: Owner, id: string): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const endpoint = await this.find(em, owner, id);
    const secret = newSecret('whsec_');
    endpoint.secretCiphertext = this.secrets.seal(secret);
    endpoint.secretRotatedAt = new Date();
    endpoint.updatedAt = endpoint.secretRotatedAt;
    await em.flush();
    return { endpoint, secret };
  }

  async view(em: EntityManager, endpoint: WebhookEndpoint, recent = RECENT_IN_RECORD): Promise<EndpointView> {
    return (await this.views(em, [endpoint], recent))[0]!;
  }

  /**
   * The views of several endpoints in three queries whatever their number: the ids of each one's
   * `recent` latest deliveries (one window query), those deliveries, and their attempts.
   */
  async views(em: EntityManager, endpoints: WebhookEndpoint[], recent: number): Promise<EndpointView[]> {
    if (endpoints.length === 0) return [];
    // One snapshot for the three reads: an attempt commits with its delivery's new status, and a
    // view must not show the attempt beside the status from before it.
    const { deliveries, attempts } = await em.transactional(
      async (tx) => {
        const recentIds =
          recent === 0
            ? []
            : (
                (await tx.getConnection().execute(
                  `SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY endpoint_id ORDER BY created_at DESC, id DESC) AS n
                     FROM webhook_deliveries WHERE endpoint_id IN (?)) ranked WHERE n <= ?`,
                  [endpoints.map((e) => e.id), recent],
                  'all',
                  tx.getTransactionContext(),
                )) as Array<{ id: string }>
              ).map((r) => r.id);
        const deliveries = recentIds.length
          ? await tx.find(WebhookDelivery, { id: { $in: recentIds } }, { orderBy: { createdAt: 'desc', id: 'desc' } })
          : [];
        const attempts = deliveries.length
          ? await tx.find(WebhookAttempt, { deliveryId: { $in: deliveries.map((d) => d.id) } }, { orderBy: { attempt: 'asc' } })
          : [];
        return { deliveries, attempts };
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
    return endpoints.map((endpoint) =>
      endpointView(
        endpoint,
        deliveries.filter((d) => d.endpointId === endpoint.id),
        attempts,
      ),
    );
  }

  private async guardUrl(raw: string): Promise<string> {
    try {
      return (await checkWebhookUrl(raw, this.policy)).toString();
    } catch (err) {
      if (err instanceof UrlRefused) throw new WebhookUrlRefusedError(err.message, { cause: err });
      throw err;
    }
  }
}
