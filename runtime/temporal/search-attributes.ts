/**
 * Search attributes that let an SRE find a workflow by business id in the Temporal CLI or UI:
 *   temporal workflow list --query 'CompanionEventId="evt_…"'
 * They are registered on the embedded server at start (runtime/stack/embedded-servers.ts); on an
 * external cluster register them once (docs/OPERATIONS.md).
 */
import { defineSearchAttributeKey, SearchAttributeType, type SearchAttributePair } from '@temporalio/common';

export const CompanionEventId = defineSearchAttributeKey('CompanionEventId', SearchAttributeType.KEYWORD);
export const CompanionEventType = defineSearchAttributeKey('CompanionEventType', SearchAttributeType.KEYWORD);
export const CompanionAccountId = defineSearchAttributeKey('CompanionAccountId', SearchAttributeType.KEYWORD);
export const CompanionWebhookId = defineSearchAttributeKey('CompanionWebhookId', SearchAttributeType.KEYWORD);
export const CompanionVoiceId = defineSearchAttributeKey('CompanionVoiceId', SearchAttributeType.KEYWORD);

export function deliverySearchAttributes(delivery: {
  eventId: string;
  eventType: string;
  userId: string;
  endpointId: string;
}): SearchAttributePair[] {
  return [
    { key: CompanionEventId, value: delivery.eventId },
    { key: CompanionEventType, value: delivery.eventType },
    { key: CompanionAccountId, value: delivery.userId },
    { key: CompanionWebhookId, value: delivery.endpointId },
  ];
}

/** A voice-clone job: `temporal workflow list --query 'CompanionVoiceId="vce_…"'`. */
export function voiceCloneSearchAttributes(voice: { id: string; userId: string }): SearchAttributePair[] {
  return [
    { key: CompanionVoiceId, value: voice.id },
    { key: CompanionAccountId, value: voice.userId },
  ];
}
