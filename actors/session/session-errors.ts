/**
 * What can go wrong with a live session, as the session client reports it. Failures of the actor
 * runtime (ActorNotRunning, ActorBusy) are kept as the `cause`.
 */
import { DomainError, InvalidInputError, NotFoundError } from '../../runtime/errors.js';
import type { SessionErrorCode } from './messages.js';

/** No node hosts the session (and none could adopt it). */
export class SessionNotRunningError extends DomainError {
  constructor(options?: ErrorOptions) {
    super('no node is running this session', options);
  }
}

/** The session's actor did not answer in time. */
export class SessionBusyError extends DomainError {
  constructor(options?: ErrorOptions) {
    super('the session did not answer in time; try again', options);
  }
}

/** The session's node died or handed it over, and another node is taking it: retry in seconds. */
export class SessionMovingError extends DomainError {
  constructor(options?: ErrorOptions) {
    super('the session is moving to another node; retry in a moment', options);
  }
}

/** The deployment-wide session cap is reached and the policy refuses. */
export class SessionCapacityFullError extends DomainError {
  constructor() {
    super('the deployment is at its live-session capacity');
  }
}

/** This node hosts as many realtime sessions as it can hold at full quality. */
export class RealtimeCapacityFullError extends DomainError {
  constructor() {
    super('this node hosts as many realtime sessions as it can stream at full quality; retry later or on another node');
  }
}

/** The session has ended; it takes no more turns or tokens. */
export class SessionEndedError extends DomainError {
  constructor() {
    super('this session has ended');
  }
}

/** A text session has no room, so nobody can watch it. */
export class SessionNotRealtimeError extends DomainError {
  constructor() {
    super('this session has no room to watch');
  }
}

/** Realtime media cannot be served on this node right now (no media worker, the room failed to open). */
export class MediaUnavailableError extends DomainError {}

/** The reply engine could not produce a reply (unreachable, failed, broken stream). */
export class ReplyEngineUnavailable extends DomainError {}

/** The turn was answered but could not be journalled; the session is unchanged and stays open. */
export class SessionJournalError extends DomainError {
  constructor(options?: ErrorOptions) {
    super('the turn could not be recorded; try again', options);
  }
}

/** The one translation of an actor's refusal (its reply's code) into the domain's error. */
export function sessionRefusal(sessionId: string, code: SessionErrorCode, message: string): DomainError {
  switch (code) {
    case 'not_found':
      return new NotFoundError('session', sessionId);
    case 'closed':
      return new SessionEndedError();
    case 'invalid_input':
      return new InvalidInputError(`body/${message}`);
    case 'journal_failed':
      return new SessionJournalError();
    case 'media_unavailable':
      return new MediaUnavailableError(message);
    case 'engine_unavailable':
      return new ReplyEngineUnavailable(message);
  }
}
