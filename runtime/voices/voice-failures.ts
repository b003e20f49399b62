/**
 * Why a clone job failed: a stable code (part of the API contract, `failureCode` on the voice)
 * and a sentence for people (`failureReason`). Activities throw `CloneRefused` for a permanent
 * failure; the workflow records it and ends. Anything else is transient and retried.
 */
import { ApplicationFailure } from '@temporalio/common';

export const FAILURE_CODES = {
  sample_not_found: 'a sample URL answered 404 or 410',
  sample_refused: 'a sample URL (or a redirect) points at an address the service may not call',
  sample_unreachable: 'a sample URL could not be fetched after several tries',
  sample_too_large: 'a sample is larger than VOICE_SAMPLE_MAX_BYTES',
  sample_too_long: 'a sample is longer than VOICE_SAMPLE_MAX_S seconds',
  sample_not_audio: 'a sample is not audio (by its first bytes)',
  sample_undecodable: 'a sample could not be decoded',
  too_little_speech: 'less speech than VOICE_MIN_SPEECH_S seconds in all samples',
  silent: 'the samples are (almost) silent',
  clipping: 'the samples are clipped (too loud when recorded)',
  too_noisy: 'too much background noise',
  not_speech: 'the samples do not sound like speech',
  several_speakers: 'the samples hold more than one speaker',
  build_failed: 'the voice could not be built',
} as const;

/** Thrown by an activity whose voice was deleted meanwhile: the workflow ends quietly. */
export const VOICE_DELETED = 'voice_deleted';

export type FailureCode = keyof typeof FAILURE_CODES;

/** A permanent failure of a clone job: never retried. */
export function cloneRefused(code: FailureCode, reason: string): ApplicationFailure {
  return ApplicationFailure.nonRetryable(reason, code);
}

export function isFailureCode(value: unknown): value is FailureCode {
  return typeof value === 'string' && value in FAILURE_CODES;
}
