/**
 * The one path every feature emits events through. `record` stores the event and one delivery
 * row per subscribed, enabled endpoint of the same account and mode, inside the caller's
 * transaction; `dispatch` then starts one Temporal workflow per delivery. A delivery whose
 * workflow could not be started (Temporal down, process killed in between) keeps
 * `dispatched_at = null` and is started by the sweeper (`dispatchPending`, run by workers).
 * `dispatch` runs in the background: a request never waits on Temporal.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client as TemporalClient } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Logger } from 'pino';
import { newId } from '../ids.js';
import type { Orm } from '../db/orm.js';
import type { Mode } from '../db/entities/credentials.js';
import { StoredEvent } from '../db/entities/event.js';
import { WebhookDelivery, WebhookEndpoint } from '../db/entities/webhook.js';
import { DELIVER_WEBHOOK_WORKFLOW, type DeliverWebhookWorkflow } from '../temporal/workflow-contracts.js';
import { deliverySearchAttributes } from '../temporal/search-attributes.js';
import type { EventBody, EventType } from './event-types.js';
import { withinDeadline } from '../temporal/bounded-call.js';

export interface EmitInput {
  userId: string;
  mode: Mode;
  type: EventType;
  data: Record<string, unknown>;
  /** Deliver only to this endpoint, whatever it subscribes to (test deliveries). */
  onlyEndpointId?: string;
  test?: boolean;
}

export interface Recorded {
  event: StoredEvent;
  deliveries: WebhookDelivery[];
}

export function webhookWorkflowId(eventId: string, endpointId: string): string {
  return `webhook-${eventId}-${endpointId}`;
}

/** How long one workflow start may take, and how long starts are left to the sweeper after a failure. */
const START_TIMEOUT_MS = 5000;
const SKIP_AFTER_FAILURE_MS = 5000;

export class EventBus {
  private readonly inFlight = new Set<Promise<void>>();
  private downUntil = 0;

  constructor(
    private readonly orm: Orm,
    private readonly temporal: TemporalClient,
    private readonly taskQueue: string,
    private readonly retryScheduleS: readonly number[],
    private readonly log: Logger,
  ) {}

  /** Stores the event and its deliveries with `em` (flushes; commit is the caller's). */
  async record(em: EntityManager, input: EmitInput): Promise<Recorded> {
    const id = newId('evt');
    const createdAt = new Date();
    const body: EventBody = {
      id,
      object: 'event',
      type: input.type,
      created: Math.floor(createdAt.getTime() / 1000),
      livemode: input.mode === 'live',
      test: input.test ?? false,
      data: input.data,
    };
    const event = em.create(StoredEvent, {
      id,
      userId: input.userId,
      mode: input.mode,
      type: input.type,
      payload: JSON.stringify(body),
      createdAt,
    });
    await em.persistAndFlush(event);
    const endpoints = input.onlyEndpointId
      ? await em.find(WebhookEndpoint, { id: input.onlyEndpointId, userId: input.userId, mode: input.mode })
      : await em.find(WebhookEndpoint, { userId: input.userId, mode: input.mode, enabled: true, events: { $contains: [input.type] } });
    const deliveries = endpoints.map((endpoint) =>
      em.create(WebhookDelivery, {
        id: newId('dlv'),
        endpointId: endpoint.id,
        eventId: id,
        eventType: input.type,
        userId: input.userId,
        mode: input.mode,
        workflowId: webhookWorkflowId(id, endpoint.id),
        status: 'pending',
        attempts: 0,
        dispatchedAt: null,
        createdAt,
        lastAttemptAt: null,
        nextAttemptAt: null,
      }),
    );
    if (deliveries.length > 0) await em.persistAndFlush(deliveries);
    return { event, deliveries };
  }

  /**
   * Starts the delivery workflows in the background and returns at once: a request never waits
   * on Temporal (its rows are committed already). Failures are logged and left to the sweeper;
   * after one, starts are skipped for a few seconds (the sweeper will start those too), so an
   * outage does not pile up calls that are bound to fail.
   */
  async dispatch(deliveries: readonly WebhookDelivery[]): Promise<void> {
    if (deliveries.length === 0 || Date.now() < this.downUntil) return;
    const work: Promise<void> = this.start(deliveries)
      .catch((err: unknown) => this.log.warn({ err }, 'webhook dispatch failed; the sweeper will retry'))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  /** Waits (at most `timeoutMs`) for background starts, before the Temporal client closes. */
  async close(timeoutMs = 5000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }

  private async start(deliveries: readonly WebhookDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    const started: string[] = [];
    await Promise.all(
      deliveries.map(async (delivery) => {
        try {
          // Bounded: with Temporal down the client would otherwise retry for a long time.
          await withinDeadline(this.temporal, START_TIMEOUT_MS, () =>
            this.temporal.workflow.start<DeliverWebhookWorkflow>(DELIVER_WEBHOOK_WORKFLOW, {
              taskQueue: this.taskQueue,
              workflowId: delivery.workflowId,
              args: [{ deliveryId: delivery.id, retryScheduleS: [...this.retryScheduleS] }],
              typedSearchAttributes: deliverySearchAttributes(delivery),
            }),
          );
          started.push(delivery.id);
        } catch (err) {
          if (err instanceof WorkflowExecutionAlreadyStartedError) started.push(delivery.id);
          else {
            this.downUntil = Date.now() + SKIP_AFTER_FAILURE_MS;
            this.log.warn({ err, deliveryId: delivery.id }, 'could not start a webhook delivery; the sweeper will retry');
          }
        }
      }),
    );
    if (started.length === 0) return;
    try {
      await this.orm.em.fork().nativeUpdate(WebhookDelivery, { id: { $in: started }, dispatchedAt: null }, { dispatchedAt: new Date() });
    } catch (err) {
      // Harmless: the sweeper will find the workflow already started and mark the row then.
      this.log.warn({ err }, 'could not mark webhook deliveries dispatched');
    }
  }

  /** Records in its own transaction, then dispatches: for emitters with nothing else to commit. */
  async emit(em: EntityManager, input: EmitInput): Promise<Recorded> {
    const recorded = await em.transactional((tx) => this.record(tx as EntityManager, input));
    await this.dispatch(recorded.deliveries);
    return recorded;
  }

  /** Starts workflows for deliveries recorded but never dispatched (older than `graceMs`). */
  async dispatchPending(graceMs = 10_000): Promise<number> {
    const em = this.orm.em.fork();
    const pending = await em.find(
      WebhookDelivery,
      { dispatchedAt: null, createdAt: { $lt: new Date(Date.now() - graceMs) } },
      { limit: 500, orderBy: { createdAt: 'asc' } },
    );
    await this.start(pending);
    return pending.length;
  }
}
