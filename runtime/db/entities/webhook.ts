import { EntitySchema } from '@mikro-orm/core';
import type { Mode } from './credentials.js';

/**
 * A registered receiver. The signing secret must be usable for signing, so it cannot be a hash:
 * it is stored encrypted (AES-256-GCM, runtime/secrets/secret-box.ts) and shown once.
 */
export class WebhookEndpoint {
  id!: string;
  userId!: string;
  mode!: Mode;
  url!: string;
  description!: string;
  events!: string[];
  enabled!: boolean;
  secretCiphertext!: string;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
  secretRotatedAt: Date | null = null;
}

export type DeliveryStatus = 'pending' | 'retrying' | 'succeeded' | 'failed';

/** One event to one endpoint, driven by one Temporal workflow (`webhook-<eventId>-<endpointId>`). */
export class WebhookDelivery {
  id!: string;
  endpointId!: string;
  eventId!: string;
  eventType!: string;
  userId!: string;
  mode!: Mode;
  workflowId!: string;
  status: DeliveryStatus = 'pending';
  attempts = 0;
  /** When the workflow was started; null until then (the dispatcher picks such rows up). */
  dispatchedAt: Date | null = null;
  createdAt: Date = new Date();
  lastAttemptAt: Date | null = null;
  nextAttemptAt: Date | null = null;
}

export class WebhookAttempt {
  id!: string;
  deliveryId!: string;
  attempt!: number;
  at!: Date;
  statusCode: number | null = null;
  latencyMs!: number;
  error: string | null = null;
  succeeded!: boolean;
}

export const WebhookEndpointSchema = new EntitySchema<WebhookEndpoint>({
  class: WebhookEndpoint,
  tableName: 'webhook_endpoints',
  properties: {
    id: { type: 'string', primary: true },
    userId: { type: 'string' },
    mode: { type: 'string' },
    url: { type: 'string' },
    description: { type: 'string' },
    events: { type: 'string[]' },
    enabled: { type: 'boolean' },
    secretCiphertext: { type: 'string' },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date' },
    secretRotatedAt: { type: 'Date', nullable: true },
  },
});

export const WebhookDeliverySchema = new EntitySchema<WebhookDelivery>({
  class: WebhookDelivery,
  tableName: 'webhook_deliveries',
  properties: {
    id: { type: 'string', primary: true },
    endpointId: { type: 'string' },
    eventId: { type: 'string' },
    eventType: { type: 'string' },
    userId: { type: 'string' },
    mode: { type: 'string' },
    workflowId: { type: 'string' },
    status: { type: 'string' },
    attempts: { type: 'integer' },
    dispatchedAt: { type: 'Date', nullable: true },
    createdAt: { type: 'Date' },
    lastAttemptAt: { type: 'Date', nullable: true },
    nextAttemptAt: { type: 'Date', nullable: true },
  },
});

export const WebhookAttemptSchema = new EntitySchema<WebhookAttempt>({
  class: WebhookAttempt,
  tableName: 'webhook_attempts',
  properties: {
    id: { type: 'bigint', primary: true, autoincrement: true },
    deliveryId: { type: 'string' },
    attempt: { type: 'integer' },
    at: { type: 'Date' },
    statusCode: { type: 'integer', nullable: true },
    latencyMs: { type: 'float' },
    error: { type: 'string', nullable: true },
    succeeded: { type: 'boolean' },
  },
});
