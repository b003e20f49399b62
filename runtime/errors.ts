/**
 * The domain's errors, below HTTP: services in runtime/ and actors/ throw these, and the HTTP
 * layer maps each to its API error once, in its error handler. Like
 * nats.js's errors they carry a `name` and, when they wrap a lower failure, its `cause`.
 *
 * Not here: status codes, error codes and the envelope (the HTTP layer's errors).
 */
export class DomainError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A resource that does not exist for the caller (another account's counts as absent). */
export class NotFoundError extends DomainError {
  constructor(
    readonly resource: string,
    readonly id: string,
    options?: ErrorOptions,
  ) {
    super(`no ${resource} with id ${id}`, options);
  }
}

/** The request contradicts the current state (a duplicate, the last owner, …). */
export class ConflictError extends DomainError {}

/** The caller is known but may not do this. */
export class ForbiddenError extends DomainError {}

/** The input is well formed but names something that is not valid (e.g. an unknown voice). */
export class InvalidInputError extends DomainError {}

/** A capability that is not built or not served by this node (the API answers 501). */
export class NotAvailableError extends DomainError {
  constructor(
    readonly capability: string,
    options?: ErrorOptions,
  ) {
    super(`${capability} is not connected yet`, options);
  }
}

/** What the API names when a server it depends on is down (never an address). */
export type DependencyName = 'database' | 'cache' | 'messaging' | 'workflows';

/**
 * A server the service depends on (PostgreSQL, Redis, NATS, Temporal) is unreachable right now:
 * the call may succeed when retried (the API answers 503 with Retry-After).
 */
export class DependencyUnavailableError extends DomainError {
  constructor(
    readonly dependency: DependencyName,
    options?: ErrorOptions,
  ) {
    super(`the ${dependency} is unavailable`, options);
  }
}
