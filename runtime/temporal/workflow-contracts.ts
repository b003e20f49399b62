/**
 * The workflows the domain starts, by name and signature. They are implemented in workflows/
 * (which checks each function against its type here) and started by the services below them
 * (event-bus.ts, cloned-voices.ts) by name, so nothing in runtime/ imports workflow code.
 */

export interface DeliverWebhookInput {
  deliveryId: string;
  /** Seconds to wait before retry n (after attempt n failed); its length is the number of retries. */
  retryScheduleS: number[];
}

export type DeliveryOutcome = 'succeeded' | 'failed' | 'gone';

/** workflows/webhook-delivery/workflow.ts */
export type DeliverWebhookWorkflow = (input: DeliverWebhookInput) => Promise<DeliveryOutcome>;
export const DELIVER_WEBHOOK_WORKFLOW = 'deliverWebhook';

export interface CloneVoiceInput {
  voiceId: string;
  refineRounds: number;
  refineIterations: number;
  refineMaxSeconds: number;
}

export type CloneOutcome = 'active' | 'failed' | 'deleted';

/** workflows/voice-clone/workflow.ts */
export type CloneVoiceWorkflow = (input: CloneVoiceInput) => Promise<CloneOutcome>;
export const CLONE_VOICE_WORKFLOW = 'cloneVoice';
