/**
 * One clone job per voice: fetched → checked → transcribed → built → registered → active
 * (voice.created), then refinement rounds in the same workflow, each one activity, so the voice
 * is usable early and improves after. A permanent failure (cloneRefused: a reason code) ends the
 * voice `failed`; transient failures retry with backoff, and when the retries run out the voice
 * fails with the code of the step. Everything is durable: a worker or Temporal-server restart
 * resumes at the step it was in.
 *
 * Workflow id: `voice-clone-<voiceId>`; search attributes CompanionVoiceId, CompanionAccountId.
 */
import { ActivityFailure, ApplicationFailure, proxyActivities, type RetryPolicy } from '@temporalio/workflow';
import type { VoiceCloneActivities } from './activities.js';
import type { CloneOutcome, CloneVoiceInput, CloneVoiceWorkflow } from '../../runtime/temporal/workflow-contracts.js';

const retry: RetryPolicy = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 4 };
// Long activities heartbeat every 5 s (activities.ts): a lost worker is noticed within 30 s.
const steps = proxyActivities<VoiceCloneActivities>({ startToCloseTimeout: '3 minutes', heartbeatTimeout: '30 seconds', retry });
const refining = proxyActivities<VoiceCloneActivities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { ...retry, maximumAttempts: 2 },
});

export type { CloneOutcome, CloneVoiceInput };

// Mirrors runtime/voices/voice-failures.ts (workflow code imports no Node modules).
const STEP_FAILURE: Record<string, string> = {
  fetchSamples: 'sample_unreachable',
  checkReference: 'build_failed',
  transcribeReference: 'build_failed',
  buildVoice: 'build_failed',
  activateVoice: 'build_failed',
};

export const cloneVoice: CloneVoiceWorkflow = async function cloneVoice(input: CloneVoiceInput): Promise<CloneOutcome> {
  const { voiceId } = input;
  let step = 'fetchSamples';
  try {
    await steps.fetchSamples({ voiceId });
    step = 'checkReference';
    await steps.checkReference({ voiceId });
    step = 'transcribeReference';
    await steps.transcribeReference({ voiceId });
    step = 'buildVoice';
    await steps.buildVoice({ voiceId });
    step = 'activateVoice';
    await steps.activateVoice({ voiceId, refining: input.refineRounds > 0 });
  } catch (err) {
    const cause = err instanceof ActivityFailure ? err.cause : undefined;
    const type = cause instanceof ApplicationFailure ? cause.type : undefined;
    if (type === 'voice_deleted') return 'deleted';
    const permanent = cause instanceof ApplicationFailure && cause.nonRetryable;
    const code = permanent && type ? type : STEP_FAILURE[step]!;
    const reason = permanent ? cause.message : `${step} kept failing: ${cause?.message ?? String(err)}`;
    await steps.failVoice({ voiceId, code, reason });
    return 'failed';
  }
  for (let round = 1; round <= input.refineRounds; round++) {
    try {
      await refining.refineVoice({ voiceId, round, iterations: input.refineIterations, maxSeconds: input.refineMaxSeconds });
    } catch (err) {
      // The voice is usable already; a failed refinement only stops improving it.
      const cause = err instanceof ActivityFailure ? err.cause : undefined;
      if (cause instanceof ApplicationFailure && cause.type === 'voice_deleted') return 'deleted';
      break;
    }
  }
  try {
    await steps.finishVoice({ voiceId });
  } catch {
    return 'deleted';
  }
  return 'active';
};
