/**
 * The steps of a clone job as its Temporal history records them (what an SRE sees in the
 * workflow's history): per activity, its attempt, how long it waited for a worker (queued) and how
 * long it ran. The clone benchmark prints them next to each time to `active`.
 */
import { Connection, WorkflowClient } from '@temporalio/client';
import { defaultPayloadConverter } from '@temporalio/common';
import { tsToMs } from '@temporalio/common/lib/time.js';

export interface StepTime {
  step: string;
  attempt: number;
  queuedMs: number;
  ranMs: number;
  failed: boolean;
  /** What the activity returned (a refinement round: the version it made and what that improved). */
  result?: unknown;
}

export async function cloneStepTimes(address: string, namespace: string, workflowId: string): Promise<StepTime[]> {
  const connection = await Connection.connect({ address });
  try {
    const history = await new WorkflowClient({ connection, namespace }).getHandle(workflowId).fetchHistory();
    const scheduled = new Map<string, { step: string; at: number }>();
    const started = new Map<string, { at: number; attempt: number }>();
    const steps: StepTime[] = [];
    for (const event of history.events ?? []) {
      const id = String(event.eventId);
      const at = event.eventTime ? tsToMs(event.eventTime) : 0;
      const end =
        event.activityTaskCompletedEventAttributes ?? event.activityTaskFailedEventAttributes ?? event.activityTaskTimedOutEventAttributes;
      if (event.activityTaskScheduledEventAttributes) {
        scheduled.set(id, { step: event.activityTaskScheduledEventAttributes.activityType?.name ?? '?', at });
      } else if (event.activityTaskStartedEventAttributes) {
        started.set(id, { at, attempt: event.activityTaskStartedEventAttributes.attempt ?? 1 });
      } else if (end) {
        const from = scheduled.get(String(end.scheduledEventId));
        const run = started.get(String(end.startedEventId));
        if (!from || !run) continue;
        // A retried activity's history holds only its last attempt: queuedMs then includes the
        // failed attempts and their backoff.
        steps.push({
          step: from.step,
          attempt: run.attempt,
          queuedMs: run.at - from.at,
          ranMs: at - run.at,
          failed: !event.activityTaskCompletedEventAttributes,
          result: resultOf(event.activityTaskCompletedEventAttributes?.result?.payloads?.[0]),
        });
      }
    }
    return steps;
  } finally {
    await connection.close();
  }
}

function resultOf(payload: Parameters<typeof defaultPayloadConverter.fromPayload>[0] | undefined): unknown {
  if (!payload) return undefined;
  try {
    return defaultPayloadConverter.fromPayload(payload);
  } catch {
    return undefined;
  }
}

/** "fetchSamples 0.1, checkReference 0.9 (attempt 2), …" in seconds, for the steps up to `active`. */
export function formatSteps(steps: StepTime[], until = 'activateVoice'): string {
  const shown: string[] = [];
  let queuedMs = 0;
  for (const s of steps) {
    queuedMs += s.queuedMs;
    shown.push(`${s.step} ${(s.ranMs / 1000).toFixed(1)}${s.attempt > 1 ? ` (attempt ${s.attempt})` : ''}${s.failed ? ' failed' : ''}`);
    if (s.step === until) break;
  }
  return `${shown.join(', ')}; waiting for a worker ${(queuedMs / 1000).toFixed(1)} s`;
}
