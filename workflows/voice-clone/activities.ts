/**
 * The activities of a clone job (workflow.ts), one module per step under steps/. Each loads the
 * voice row, does one step and records it, and is safe to run twice (a retry after a lost worker
 * redoes the step and writes the same files). Permanent failures throw cloneRefused (never
 * retried); anything else is transient and retried by the workflow's policy. Files live in the
 * voice's directory under the account's files (runtime/voices/voice-ids.ts): decoded samples,
 * reference.wav and style-v<n>.bin.
 */
import { stepContext, type VoiceCloneActivityDeps } from './context.js';
import { activateVoice } from './steps/activate-voice.js';
import { buildVoice } from './steps/build-voice.js';
import { checkReference } from './steps/check-reference.js';
import { fetchSamples } from './steps/fetch-samples.js';
import { failVoice, finishVoice } from './steps/finish-voice.js';
import { refineVoice } from './steps/refine-voice.js';
import { transcribeReference } from './steps/transcribe-reference.js';

export { heartbeating, splitReference, type VoiceCloneActivityDeps } from './context.js';

/** Binds each step to the dependencies; Temporal calls them by these names. */
export function createVoiceCloneActivities(deps: VoiceCloneActivityDeps) {
  const ctx = stepContext(deps);
  return {
    fetchSamples: (input: Parameters<typeof fetchSamples>[1]) => fetchSamples(ctx, input),
    checkReference: (input: Parameters<typeof checkReference>[1]) => checkReference(ctx, input),
    transcribeReference: (input: Parameters<typeof transcribeReference>[1]) => transcribeReference(ctx, input),
    buildVoice: (input: Parameters<typeof buildVoice>[1]) => buildVoice(ctx, input),
    activateVoice: (input: Parameters<typeof activateVoice>[1]) => activateVoice(ctx, input),
    refineVoice: (input: Parameters<typeof refineVoice>[1]) => refineVoice(ctx, input),
    finishVoice: (input: Parameters<typeof finishVoice>[1]) => finishVoice(ctx, input),
    failVoice: (input: Parameters<typeof failVoice>[1]) => failVoice(ctx, input),
  };
}

export type VoiceCloneActivities = ReturnType<typeof createVoiceCloneActivities>;
