/**
 * The webhook delivery activity: load the delivery, its endpoint and event; sign the stored raw
 * body with the current time; POST it with a timeout, no redirects and a bounded response read;
 * record the attempt; return what the workflow should do next.
 *
 * Outbound connections go through a connector that refuses loopback/private addresses (unless the
 * operator allows them) at every connection: a hostname that re-resolves to an internal address
 * after registration, or an IP literal registered while the policy allowed it, is still refused.
 */
import { Agent, request } from 'undici';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Orm } from '../../runtime/db/orm.js';
import { StoredEvent } from '../../runtime/db/entities/event.js';
import { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../runtime/db/entities/webhook.js';
import type { SecretBox } from '../../runtime/secrets/secret-box.js';
import { guardedConnector, type UrlPolicy } from '../../runtime/webhooks/url-guard.js';
import { SIGNATURE_HEADER, signWebhookPayload } from '../../runtime/webhooks/signature.js';

export interface WebhookActivityDeps {
  orm: Orm;
  secrets: SecretBox;
  log: Logger;
  policy: UrlPolicy;
  timeoutMs: number;
  maxResponseBytes: number;
  userAgent: string;
}

export type AttemptResult = 'succeeded' | 'retry' | 'failed' | 'gone';

/** Reads at most `limit` bytes of a response body and discards the rest. */
async function drain(body: AsyncIterable<Buffer> & { destroy(): void }, limit: number): Promise<void> {
  let read = 0;
  for await (const chunk of body) {
    read += chunk.length;
    if (read > limit) {
      body.destroy();
      return;
    }
  }
}

/** undici's own timeouts, which end an attempt as the deadline does. */
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * A failed attempt's error as the endpoint's record shows it: a sentence, with the system's code
 * (ECONNREFUSED, …) only where it says something. A timeout is the AbortSignal's DOMException, whose
 * `code` is a legacy number (23): never shown.
 */
export function attemptError(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; code?: unknown; cause?: { message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || (typeof e.code === 'string' && TIMEOUT_CODES.has(e.code)))
    return `timed out: the endpoint did not answer within ${timeoutMs} ms`;
  const message = e.cause?.message ?? e.message ?? String(err);
  if (/^refused: /.test(message)) return `the address is refused: ${message.slice('refused: '.length)}`;
  return typeof e.code === 'string' && !message.includes(e.code) ? `${e.code}: ${message}` : message;
}

export function createWebhookActivities(deps: WebhookActivityDeps) {
  const agent = new Agent({
    // Every connection is checked, whatever the URL's form (runtime/webhooks/url-guard.ts).
    connect: guardedConnector(deps.policy, deps.timeoutMs),
    headersTimeout: deps.timeoutMs,
    bodyTimeout: deps.timeoutMs,
    keepAliveTimeout: 4000,
  });

  async function post(
    url: string,
    rawBody: string,
    headers: Record<string, string>,
  ): Promise<{ statusCode: number | null; error: string | null }> {
    try {
      const res = await request(url, {
        method: 'POST',
        body: rawBody,
        headers,
        dispatcher: agent,
        signal: AbortSignal.timeout(deps.timeoutMs),
      });
      await drain(res.body, deps.maxResponseBytes).catch(() => undefined);
      return {
        statusCode: res.statusCode,
        error: res.statusCode >= 200 && res.statusCode < 300 ? null : `receiver answered ${res.statusCode}`,
      };
    } catch (err) {
      return { statusCode: null, error: attemptError(err, deps.timeoutMs).slice(0, 500) };
    }
  }

  return {
    async attemptDelivery(input: { deliveryId: string; attempt: number; retryInS: number | null }): Promise<AttemptResult> {
      const em = deps.orm.em.fork() as EntityManager;
      const delivery = await em.findOne(WebhookDelivery, { id: input.deliveryId });
      if (!delivery) return 'gone'; // erased with its account or endpoint
      if (delivery.status === 'succeeded' || delivery.status === 'failed') return delivery.status;
      const recorded = await em.findOne(WebhookAttempt, { deliveryId: delivery.id, attempt: input.attempt });
      const [endpoint, event] = await Promise.all([
        em.findOne(WebhookEndpoint, { id: delivery.endpointId }),
        em.findOne(StoredEvent, { id: delivery.eventId }),
      ]);
      if (!endpoint || !event) return 'gone';

      let outcome: { statusCode: number | null; error: string | null; latencyMs: number };
      if (recorded) {
        // The activity is being retried after this attempt was already made and recorded.
        outcome = { statusCode: recorded.statusCode, error: recorded.error, latencyMs: recorded.latencyMs };
      } else if (!endpoint.enabled) {
        outcome = { statusCode: null, error: 'endpoint disabled', latencyMs: 0 };
      } else {
        const timestampS = Math.floor(Date.now() / 1000);
        const started = performance.now();
        const result = await post(endpoint.url, event.payload, {
          'content-type': 'application/json',
          'user-agent': deps.userAgent,
          [SIGNATURE_HEADER]: signWebhookPayload(deps.secrets.open(endpoint.secretCiphertext), event.payload, timestampS),
          'x-companion-event-id': event.id,
          'x-companion-event-type': event.type,
          'x-companion-delivery-id': delivery.id,
          'x-companion-delivery-attempt': String(input.attempt),
        });
        outcome = { ...result, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
        em.persist(
          em.create(WebhookAttempt, {
            deliveryId: delivery.id,
            attempt: input.attempt,
            at: new Date(),
            statusCode: result.statusCode,
            latencyMs: outcome.latencyMs,
            error: result.error,
            succeeded: result.error === null,
          } as WebhookAttempt),
        );
      }

      const succeeded = outcome.error === null;
      const final = succeeded || input.retryInS === null || !endpoint.enabled;
      delivery.attempts = Math.max(delivery.attempts, input.attempt);
      delivery.lastAttemptAt = new Date();
      delivery.status = succeeded ? 'succeeded' : final ? 'failed' : 'retrying';
      delivery.nextAttemptAt = final ? null : new Date(Date.now() + input.retryInS! * 1000);
      await em.flush();
      deps.log.info(
        {
          deliveryId: delivery.id,
          eventId: event.id,
          endpointId: endpoint.id,
          attempt: input.attempt,
          statusCode: outcome.statusCode,
          error: outcome.error,
        },
        succeeded ? 'webhook delivered' : 'webhook attempt failed',
      );
      return succeeded ? 'succeeded' : final ? 'failed' : 'retry';
    },
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
