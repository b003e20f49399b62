/**
 * Durable delivery of one event to one endpoint. Each attempt is an activity that signs, POSTs
 * and records the attempt; between failed attempts the workflow sleeps on a durable timer to the
 * retry schedule it was started with, so a delivery survives restarts of the service and of the
 * Temporal server. Activity retries cover only infrastructure failures (database down, worker
 * lost), never an HTTP failure of the receiver, which is an attempt of its own.
 *
 * Workflow id: `webhook-<eventId>-<endpointId>`; search attributes CompanionEventId, …
 */
import { proxyActivities, sleep } from '@temporalio/workflow';
import type { WebhookActivities } from './activities.js';
import type { DeliverWebhookInput, DeliverWebhookWorkflow, DeliveryOutcome } from '../../runtime/temporal/workflow-contracts.js';

const { attemptDelivery } = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

export type { DeliverWebhookInput, DeliveryOutcome };

export const deliverWebhook: DeliverWebhookWorkflow = async function deliverWebhook(input: DeliverWebhookInput): Promise<DeliveryOutcome> {
  for (let attempt = 1; ; attempt++) {
    const waitS = input.retryScheduleS[attempt - 1];
    const result = await attemptDelivery({ deliveryId: input.deliveryId, attempt, retryInS: waitS ?? null });
    if (result !== 'retry') return result;
    await sleep(waitS! * 1000);
  }
};
