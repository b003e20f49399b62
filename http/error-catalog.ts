/**
 * Every `error.code` the API answers, with its status and when: the list the reference page
 * (GET /reference) shows once, and the named error examples of each operation in the OpenAPI
 * document (http/openapi-examples.ts). test/http/reference.test.ts fails when a code in the
 * sources is missing here, so the list cannot fall behind the errors the service throws.
 */

export interface ErrorCodeEntry {
  code: string;
  status: number;
  when: string;
  /** The operations that can answer it, by path; every operation when absent. */
  paths?: RegExp;
  /** Only on operations that take a credential (true) or only on public ones (false). */
  credentialed?: boolean;
  /** A message as the service writes it, for codes whose message names the case (the others' is fixed in errors.ts). */
  message?: string;
}

const SESSION = /^\/api\/v1\/(avatars|sessions)/;
const SPEECH = /^\/api\/v1\/(text-to-speech|speech-to-text|voices|demo)/;

export const ERROR_CATALOG: readonly ErrorCodeEntry[] = [
  {
    code: 'COMPANION_ERR_REQUEST_INVALID',
    status: 400,
    message: "body must have required property 'name'",
    when: 'A parameter, query string or body breaks its schema (the message names the field), an unknown query parameter or body field, malformed JSON, a NUL character or lone surrogate in any string, an empty id.',
  },
  {
    code: 'COMPANION_ERR_WEBHOOK_URL',
    status: 400,
    message: 'url must use https or http',
    when: 'A webhook URL refused by the SSRF guard: not http(s), carries credentials, does not resolve, or resolves to a refused address.',
    paths: /^\/api\/v1\/webhooks/,
  },
  {
    code: 'COMPANION_ERR_SPEECH_VOICE',
    status: 400,
    when: 'The voiceId is not a built-in voice or an active cloned voice of the account.',
    paths: /^\/api\/v1\/(text-to-speech|characters|avatars|voices)/,
  },
  {
    code: 'COMPANION_ERR_SPEECH_AUDIO_INVALID',
    status: 400,
    when: 'The audio cannot be decoded, or a voice sample holds too little speech or several speakers (the message says what was measured).',
    paths: SPEECH,
  },
  { code: 'COMPANION_ERR_SPEECH_AUDIO_TOO_LONG', status: 400, when: 'The audio is longer than the limit in the message.', paths: SPEECH },
  { code: 'COMPANION_ERR_AUTH_MISSING', status: 401, when: 'No credential: send `Authorization: Bearer <key>`.', credentialed: true },
  { code: 'COMPANION_ERR_AUTH_INVALID', status: 401, when: 'A malformed or unknown credential.', credentialed: true },
  { code: 'COMPANION_ERR_AUTH_REVOKED', status: 401, when: 'A revoked key, or the token of a session that has ended.', credentialed: true },
  { code: 'COMPANION_ERR_AUTH_EXPIRED', status: 401, when: 'An expired session (st_) or viewer (vt_) token.', credentialed: true },
  { code: 'COMPANION_ERR_AUTH_SCOPE', status: 403, when: "The key lacks the operation's scope (`x-required-scope`).", credentialed: true },
  {
    code: 'COMPANION_ERR_AUTH_SESSION_TOKEN',
    status: 403,
    when: 'A session token (st_) on an operation that does not take one (`x-session-token: false`).',
    credentialed: true,
  },
  {
    code: 'COMPANION_ERR_AUTH_VIEWER_TOKEN',
    status: 403,
    when: 'A viewer token (vt_) on any operation but the viewer signalling websocket.',
    credentialed: true,
  },
  {
    code: 'COMPANION_ERR_FORBIDDEN',
    status: 403,
    when: "A rule refuses the action: a role in an organisation, a scope the key may not grant, account erasure with a test key, a session token used on another session's route.",
    credentialed: true,
  },
  {
    code: 'COMPANION_ERR_NOT_FOUND',
    status: 404,
    when: "No such resource, or one you cannot see (another account's, another mode's); a malformed id too.",
  },
  {
    code: 'COMPANION_ERR_ROUTE_NOT_FOUND',
    status: 404,
    message: 'no route GET /api/v1/charactres',
    when: 'No such route, or no such method on it.',
  },
  { code: 'COMPANION_ERR_REQUEST_TIMEOUT', status: 408, when: 'The request was not received in time.' },
  { code: 'COMPANION_ERR_CONFLICT', status: 409, when: 'The call conflicts with the current state: already a member, the last owner.' },
  {
    code: 'COMPANION_ERR_IDEMPOTENCY_IN_PROGRESS',
    status: 409,
    when: 'A request with this Idempotency-Key is still running; retry when it has answered.',
  },
  {
    code: 'COMPANION_ERR_ERASURE_BLOCKED',
    status: 409,
    when: 'Account erasure refused: you are the only owner of an organisation with other members.',
    paths: /^\/api\/v1\/user\/account/,
  },
  { code: 'COMPANION_ERR_SESSION_NOT_RUNNING', status: 409, when: 'No node runs the live session right now.', paths: SESSION },
  { code: 'COMPANION_ERR_SESSION_ENDED', status: 409, when: 'Chat on, or a token for, a live session that has ended.', paths: SESSION },
  {
    code: 'COMPANION_ERR_SESSION_NOT_REALTIME',
    status: 409,
    when: 'A viewer token or the viewer websocket for a session created without `"realtime": true`.',
    paths: SESSION,
  },
  { code: 'COMPANION_ERR_REQUEST_TOO_LARGE', status: 413, when: 'A body over the limit (BODY_LIMIT_BYTES, 1 MiB by default).' },
  {
    code: 'COMPANION_ERR_SPEECH_TEXT_TOO_LONG',
    status: 413,
    when: 'Text to synthesise is longer than the limit in the message.',
    paths: SPEECH,
  },
  { code: 'COMPANION_ERR_SPEECH_AUDIO_TOO_LARGE', status: 413, when: 'Audio larger than the limit in the message.', paths: SPEECH },
  { code: 'COMPANION_ERR_REQUEST_URI_TOO_LONG', status: 414, when: 'A path parameter over 100 characters.' },
  {
    code: 'COMPANION_ERR_REQUEST_MEDIA_TYPE',
    status: 415,
    when: 'A body of a content type the operation does not take; the message lists those it does.',
  },
  {
    code: 'COMPANION_ERR_IDEMPOTENCY_MISMATCH',
    status: 422,
    when: 'This Idempotency-Key was used with a different request; use a new key for a new request.',
  },
  {
    code: 'COMPANION_ERR_UPGRADE_REQUIRED',
    status: 426,
    when: 'A plain HTTP request to the viewer signalling websocket.',
    paths: /\/signal/,
  },
  {
    code: 'COMPANION_ERR_LIMIT_RATE',
    status: 429,
    when: "The key's per-minute rate limit; Retry-After says when to retry.",
    credentialed: true,
  },
  {
    code: 'COMPANION_ERR_LIMIT_DAILY',
    status: 429,
    when: "The key's daily quota; Retry-After counts to the next UTC midnight.",
    credentialed: true,
  },
  {
    code: 'COMPANION_ERR_LIMIT_MONTHLY',
    status: 429,
    message: 'monthly API allowance of the Pro plan is exhausted',
    when: "The plan's monthly allowance is spent.",
    credentialed: true,
  },
  { code: 'COMPANION_ERR_LIMIT_IP', status: 429, when: 'Too many requests from this address to a public operation.', credentialed: false },
  {
    code: 'COMPANION_ERR_SESSION_CAPACITY',
    status: 429,
    when: 'The deployment is at its live-session capacity (SESSION_CAPACITY).',
    paths: /^\/api\/v1\/avatars$/,
  },
  {
    code: 'COMPANION_ERR_REALTIME_CAPACITY',
    status: 429,
    when: 'This node streams as many realtime sessions as it can at full quality; retry later or on another node.',
    paths: /^\/api\/v1\/avatars$/,
  },
  { code: 'COMPANION_ERR_REQUEST_HEADERS_TOO_LARGE', status: 431, when: 'Request headers over 16 KiB.' },
  {
    code: 'COMPANION_ERR_INTERNAL',
    status: 500,
    when: 'An unexpected failure. It carries no details: the log has them under the request id.',
  },
  {
    code: 'COMPANION_ERR_NOT_CONNECTED',
    status: 501,
    when: 'A capability that is not connected yet (adding a payment method).',
  },
  {
    code: 'COMPANION_ERR_DEPENDENCY_UNAVAILABLE',
    status: 503,
    when: 'A server the call needs is down: the message names it (database, cache, messaging, workflows), never by address.',
  },
  {
    code: 'COMPANION_ERR_SHUTTING_DOWN',
    status: 503,
    when: 'The request reached a node that is shutting down; retry (the connection is closed).',
  },
  {
    code: 'COMPANION_ERR_UPSTREAM_UNAVAILABLE',
    status: 503,
    when: 'A model server (speech, replies) is unavailable.',
    paths: /^\/api\/v1\//,
  },
  { code: 'COMPANION_ERR_SESSION_BUSY', status: 503, when: 'The live session did not answer in time; try again.', paths: SESSION },
  {
    code: 'COMPANION_ERR_SESSION_MOVING',
    status: 503,
    when: "The live session's node stopped answering and another node is taking it over.",
    paths: SESSION,
  },
  { code: 'COMPANION_ERR_REPLY_ENGINE', status: 503, when: 'The reply engine of a live session is unreachable or failed.', paths: SESSION },
  {
    code: 'COMPANION_ERR_SESSION_JOURNAL',
    status: 503,
    when: 'A chat turn was answered but could not be recorded; the session is unchanged and open, try again.',
    paths: SESSION,
  },
  { code: 'COMPANION_ERR_NOT_READY', status: 503, when: '`GET /health?probe=readiness` with a dependency down.', paths: /^\/health$/ },
  {
    code: 'COMPANION_ERR_VIEWER_NOT_BUILT',
    status: 503,
    when: 'The viewer page is not built on this node (`npm run build`).',
    paths: /^\/view/,
  },
];

/** The codes an operation can answer with `status`, most general first. */
export function codesFor(status: number, path: string, credentialed: boolean): ErrorCodeEntry[] {
  return ERROR_CATALOG.filter(
    (entry) =>
      entry.status === status &&
      (entry.paths === undefined || entry.paths.test(path)) &&
      (entry.credentialed === undefined || entry.credentialed === credentialed),
  );
}
