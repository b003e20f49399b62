/**
 * What can go wrong with a live session, as the session client reports it. Failures of the actor
 * runtime (ActorNotRunning, ActorBusy) are kept as the `cause`.
 */
import { DomainError } from '../../runtime/errors.js';

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
