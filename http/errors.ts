/**
 * Every error the API can answer, made once, grouped by area. The code (`COMPANION_ERR_…`) is
 * part of the API contract and is returned as `error.code` beside the spec's envelope fields.
 * Handlers and services throw these; they never throw a bare Error for a client mistake.
 */
import createError from '@fastify/error';

export interface EnvelopeError {
  success: false;
  error: { message: string; statusCode: number; timestamp: string; code: string; requestId?: string; retryAfterS?: number };
}

/** The error envelope; a 503 carries `retryAfterS`, the same number as its Retry-After header. */
export function envelope(statusCode: number, message: string, code: string, requestId?: string, retryAfterS?: number): EnvelopeError {
  return {
    success: false,
    error: {
      message,
      statusCode,
      timestamp: new Date().toISOString(),
      code,
      ...(requestId ? { requestId } : {}),
      ...(retryAfterS !== undefined ? { retryAfterS } : {}),
    },
  };
}

// Request shape
export const ValidationError = createError<[string]>('COMPANION_ERR_REQUEST_INVALID', '%s', 400);
export const NotFoundRoute = createError<[string, string]>('COMPANION_ERR_ROUTE_NOT_FOUND', 'no route %s %s', 404);
export const UpgradeRequired = createError(
  'COMPANION_ERR_UPGRADE_REQUIRED',
  'this route is a websocket: connect with "Upgrade: websocket" (see docs/VIEWERS.md)',
  426,
);
/** A body of a type the route does not take; the message lists those it does. */
export const UnsupportedMediaType = createError<[string, string]>(
  'COMPANION_ERR_REQUEST_MEDIA_TYPE',
  'unsupported content type %s; send %s',
  415,
);

// Authentication and authorisation
export const CredentialMissing = createError('COMPANION_ERR_AUTH_MISSING', 'missing credential: send "Authorization: Bearer <key>"', 401);
export const CredentialInvalid = createError('COMPANION_ERR_AUTH_INVALID', 'invalid credential', 401);
export const CredentialRevoked = createError('COMPANION_ERR_AUTH_REVOKED', 'this credential has been revoked', 401);
export const CredentialExpired = createError('COMPANION_ERR_AUTH_EXPIRED', 'this session token has expired', 401);
export const ScopeMissing = createError<[string]>('COMPANION_ERR_AUTH_SCOPE', 'this key lacks the scope %s', 403);
export const SessionTokenNotAccepted = createError(
  'COMPANION_ERR_AUTH_SESSION_TOKEN',
  'session tokens (st_) are not accepted on this route; use a secret key from your server',
  403,
);
export const ViewerTokenNotAccepted = createError(
  'COMPANION_ERR_AUTH_VIEWER_TOKEN',
  'viewer tokens (vt_) only open the viewer (its signalling websocket); they are accepted on no other route',
  403,
);
export const Forbidden = createError<[string]>('COMPANION_ERR_FORBIDDEN', '%s', 403);

// Limits
export const RateLimited = createError('COMPANION_ERR_LIMIT_RATE', 'rate limit exceeded for this key', 429);
export const DailyQuotaExceeded = createError('COMPANION_ERR_LIMIT_DAILY', 'daily quota exceeded for this key', 429);
export const MonthlyAllowanceExhausted = createError<[string]>(
  'COMPANION_ERR_LIMIT_MONTHLY',
  'monthly API allowance of the %s plan is exhausted',
  429,
);
export const PublicRateLimited = createError('COMPANION_ERR_LIMIT_IP', 'too many requests from this address', 429);

// Resources
export const ResourceNotFound = createError<[string, string]>('COMPANION_ERR_NOT_FOUND', 'no %s with id %s', 404);
export const Conflict = createError<[string]>('COMPANION_ERR_CONFLICT', '%s', 409);

// Idempotency-Key (http/plugins/idempotency.ts)
export const IdempotencyInProgress = createError(
  'COMPANION_ERR_IDEMPOTENCY_IN_PROGRESS',
  'a request with this Idempotency-Key is still running; retry when it has answered',
  409,
);
export const IdempotencyMismatch = createError(
  'COMPANION_ERR_IDEMPOTENCY_MISMATCH',
  'this Idempotency-Key was used with a different request; use a new key for a new request',
  422,
);

// Webhooks
export const WebhookUrlRefused = createError<[string]>('COMPANION_ERR_WEBHOOK_URL', '%s', 400);

// Account
export const ErasureBlocked = createError<[string]>('COMPANION_ERR_ERASURE_BLOCKED', '%s', 409);

// Live sessions
export const SessionNotRunning = createError('COMPANION_ERR_SESSION_NOT_RUNNING', 'no node is running this session', 409);
export const SessionBusy = createError('COMPANION_ERR_SESSION_BUSY', 'the session did not answer in time; try again', 503);
export const SessionMoving = createError(
  'COMPANION_ERR_SESSION_MOVING',
  'the session is moving to another node (its node stopped answering); retry after the time in Retry-After',
  503,
);
export const SessionCapacityFull = createError('COMPANION_ERR_SESSION_CAPACITY', 'the deployment is at its live-session capacity', 429);
export const RealtimeCapacityFull = createError(
  'COMPANION_ERR_REALTIME_CAPACITY',
  'this node hosts as many realtime sessions as it can stream at full quality; retry later or on another node',
  429,
);
export const SessionEnded = createError('COMPANION_ERR_SESSION_ENDED', 'this session has ended', 409);
export const SessionJournal = createError('COMPANION_ERR_SESSION_JOURNAL', 'the turn could not be recorded; try again', 503);
export const ReplyEngineDown = createError<[string]>('COMPANION_ERR_REPLY_ENGINE', '%s', 503);
export const SessionNotRealtime = createError(
  'COMPANION_ERR_SESSION_NOT_REALTIME',
  'this session has no room to watch: create it with "realtime": true',
  409,
);

// Speech
export const TextTooLong = createError<[number]>('COMPANION_ERR_SPEECH_TEXT_TOO_LONG', 'text is longer than %s characters', 413);
export const AudioTooLarge = createError<[number]>('COMPANION_ERR_SPEECH_AUDIO_TOO_LARGE', 'audio is larger than %s bytes', 413);
export const AudioTooLong = createError<[number]>('COMPANION_ERR_SPEECH_AUDIO_TOO_LONG', 'audio is longer than %s seconds', 400);
export const AudioInvalid = createError<[string]>('COMPANION_ERR_SPEECH_AUDIO_INVALID', '%s', 400);
export const VoiceUnknown = createError<[string]>('COMPANION_ERR_SPEECH_VOICE', 'voiceId "%s" is not a known voice', 400);

// Capabilities
export const NotConnected = createError<[string]>('COMPANION_ERR_NOT_CONNECTED', '%s is not connected yet', 501);
export const DependencyUnavailable = createError<[string]>(
  'COMPANION_ERR_DEPENDENCY_UNAVAILABLE',
  'the %s is unavailable right now; retry after the time in Retry-After',
  503,
);
export const ShuttingDown = createError(
  'COMPANION_ERR_SHUTTING_DOWN',
  'this node is shutting down; retry (another node, or this one once it is back)',
  503,
);
export const UpstreamUnavailable = createError<[string]>('COMPANION_ERR_UPSTREAM_UNAVAILABLE', '%s is unavailable', 503);
export const ViewerPageMissing = createError(
  'COMPANION_ERR_VIEWER_NOT_BUILT',
  'the viewer page is not built on this node: run `npm run build` (or scripts/setup.sh)',
  503,
);
export const Internal = createError('COMPANION_ERR_INTERNAL', 'internal error', 500);
