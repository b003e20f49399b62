/**
 * Recognises the failures of a dependency that is down, as the clients' libraries raise them
 * (ioredis, pg and MikroORM, nats.js, the Temporal client), so the API answers 503 with
 * Retry-After instead of a 500. A failure that names no dependency (a bug, a constraint
 * violation) is not one of these and stays a 500.
 */
import { DependencyUnavailableError, type DependencyName } from '../errors.js';

/** Network failures of a socket to any server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** nats.js ErrorCode values that mean the connection is not usable now. */
const NATS_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_DRAINING', 'CONNECTION_REFUSED', 'CONNECTION_TIMEOUT', 'DISCONNECT']);
/** PostgreSQL SQLSTATEs of a server that is gone or not accepting work (class 08, shutdown, too many clients). */
const PG_UNAVAILABLE = /^(08...|57P0[1-3]|53300)$/;
const PG_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|not queryable|terminating connection due to/i;

interface Failure {
  name?: string;
  message?: string;
  code?: string | number;
  cause?: unknown;
  errno?: number;
  syscall?: string;
}

function chain(err: unknown): Failure[] {
  const out: Failure[] = [];
  let current: unknown = err;
  for (let i = 0; i < 5 && current && typeof current === 'object'; i++) {
    out.push(current as Failure);
    current = (current as Failure).cause;
  }
  return out;
}

/** The dependency whose outage caused `err`, if it is such a failure. */
export function failedDependency(err: unknown): DependencyName | undefined {
  if (err instanceof DependencyUnavailableError) return err.dependency;
  for (const e of chain(err)) {
    const name = e.name ?? e.constructor?.name ?? '';
    const message = e.message ?? '';
    const code = typeof e.code === 'string' ? e.code : undefined;
    // ioredis: queued commands fail after the reconnection attempts, or on a closed connection.
    if (name === 'MaxRetriesPerRequestError' || message === 'Connection is closed.' || message.includes('enableOfflineQueue'))
      return 'cache';
    if (name === 'NatsError' && code && NATS_CODES.has(code)) return 'messaging';
    // The Temporal client: gRPC UNAVAILABLE (14) or DEADLINE_EXCEEDED (4) from a server that is down.
    if ((name === 'ServiceError' || name === 'ConnectionError') && /UNAVAILABLE|DEADLINE_EXCEEDED|connect/i.test(message))
      return 'workflows';
    if (typeof e.code === 'number' && (e.code === 14 || e.code === 4) && /UNAVAILABLE|DEADLINE/i.test(message)) return 'workflows';
    // pg and MikroORM (its DriverException keeps the driver's code and message).
    if (code && PG_UNAVAILABLE.test(code)) return 'database';
    if (PG_MESSAGES.test(message)) return 'database';
    if (name === 'ConnectionException' || name === 'KnexTimeoutError') return 'database';
    // A bare socket failure that got this far comes from the database driver (knex, pg): the
    // other clients wrap theirs (ioredis, nats.js and Temporal errors are matched above).
    if (code && NETWORK_CODES.has(code)) return 'database';
  }
  return undefined;
}

/** `err` as a DependencyUnavailableError when it is a dependency's outage, else undefined. */
export function asDependencyFailure(err: unknown): DependencyUnavailableError | undefined {
  if (err instanceof DependencyUnavailableError) return err;
  const dependency = failedDependency(err);
  return dependency ? new DependencyUnavailableError(dependency, { cause: err }) : undefined;
}

/** A short reason for a failed probe or call that names no internal host or port. */
export function publicReason(err: unknown): string {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection reset';
    if (code === 'ETIMEDOUT' || e.name === 'TimeoutError') return 'timed out';
    if (code && NATS_CODES.has(code)) return 'not connected';
  }
  const message = (err as Failure | undefined)?.message ?? 'unavailable';
  // Whatever else it says, never an address: hosts, ports and URLs are cut out.
  return message
    .replace(/[a-z]+:\/\/\S+/gi, '<address>')
    .replace(/\b\d{1,3}(\.\d{1,3}){3}(:\d+)?\b/g, '<address>')
    .replace(/\[[0-9a-f:]+\](:\d+)?/gi, '<address>')
    .replace(/\blocalhost(:\d+)?\b/gi, '<address>')
    .slice(0, 200);
}
