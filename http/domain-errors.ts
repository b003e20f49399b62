/**
 * The one place where the domain's errors (runtime/errors.ts, the session client's, the
 * credential check's) become API errors with a status and a stable code. The error handler
 * calls it for every failure, so services stay free of HTTP and routes need not translate.
 */
import { CredentialError } from '../runtime/accounts/credentials.js';
import { asDependencyFailure } from '../runtime/health/dependency-failure.js';
import { ConflictError, ForbiddenError, InvalidInputError, NotAvailableError, NotFoundError } from '../runtime/errors.js';
import { WebhookUrlRefusedError } from '../runtime/webhooks/webhook-endpoints.js';
import {
  MediaUnavailableError,
  ReplyEngineUnavailable,
  SessionBusyError,
  SessionCapacityFullError,
  RealtimeCapacityFullError,
  SessionEndedError,
  SessionJournalError,
  SessionMovingError,
  SessionNotRealtimeError,
  SessionNotRunningError,
} from '../actors/session/session-errors.js';
import {
  Conflict,
  DependencyUnavailable,
  CredentialExpired,
  CredentialInvalid,
  CredentialMissing,
  CredentialRevoked,
  Forbidden,
  NotConnected,
  ReplyEngineDown,
  ResourceNotFound,
  SessionBusy,
  SessionCapacityFull,
  RealtimeCapacityFull,
  SessionEnded,
  SessionJournal,
  SessionMoving,
  SessionNotRealtime,
  SessionNotRunning,
  UpstreamUnavailable,
  ValidationError,
  WebhookUrlRefused,
} from './errors.js';

/** The API error for a domain error, or undefined when `err` is not one (it is passed on as is). */
export function apiErrorFor(err: unknown): Error | undefined {
  if (!(err instanceof Error)) return undefined;
  if (err instanceof NotFoundError) return new ResourceNotFound(err.resource, err.id);
  if (err instanceof ConflictError) return new Conflict(err.message);
  if (err instanceof ForbiddenError) return new Forbidden(err.message);
  if (err instanceof WebhookUrlRefusedError) return new WebhookUrlRefused(err.message);
  if (err instanceof InvalidInputError) return new ValidationError(err.message);
  if (err instanceof NotAvailableError) return new NotConnected(err.capability);
  if (err instanceof SessionNotRunningError) return new SessionNotRunning();
  if (err instanceof SessionBusyError) return new SessionBusy();
  if (err instanceof SessionMovingError) return new SessionMoving();
  if (err instanceof SessionCapacityFullError) return new SessionCapacityFull();
  if (err instanceof RealtimeCapacityFullError) return new RealtimeCapacityFull();
  if (err instanceof SessionEndedError) return new SessionEnded();
  if (err instanceof SessionNotRealtimeError) return new SessionNotRealtime();
  if (err instanceof SessionJournalError) return new SessionJournal();
  if (err instanceof ReplyEngineUnavailable) return new ReplyEngineDown(err.message);
  if (err instanceof MediaUnavailableError) return new UpstreamUnavailable(`realtime media (${err.message})`);
  if (err instanceof CredentialError) {
    if (err.reason === 'missing') return new CredentialMissing();
    if (err.reason === 'revoked') return new CredentialRevoked();
    if (err.reason === 'expired') return new CredentialExpired();
    return new CredentialInvalid();
  }
  // Last: a dependency that is down (PostgreSQL, Redis, NATS, Temporal), however it was raised.
  const down = asDependencyFailure(err);
  if (down) return new DependencyUnavailable(down.dependency);
  return undefined;
}
