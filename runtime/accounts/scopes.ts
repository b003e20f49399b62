/**
 * Scope names. Every authenticated route names exactly one scope in its route config
 * (`config.auth`); docs/AUTH.md tabulates them and the OpenAPI document carries each route's
 * scope as `x-required-scope`.
 */
export const SCOPES = [
  'account:read', // GET /user, GET /billing/current
  'account:write', // PATCH /user, DELETE /user/account, POST /billing/payment-methods
  'keys:read',
  'keys:write',
  'organizations:read',
  'organizations:write',
  'analytics:read',
  'tokens:read', // GET /sessions
  'tokens:write', // POST /sessions/token, DELETE /sessions/:id
  'sessions:read', // GET /avatars/:id, GET /developer-sessions
  'sessions:write', // POST /avatars, DELETE /avatars/:id, viewer tokens
  'sessions:chat', // POST /avatars/:id/chat (st_ tokens carry it)
  'sessions:watch', // the viewer's signalling websocket (st_ and vt_ tokens carry it)
  'characters:read',
  'characters:write',
  'webhooks:read',
  'webhooks:write',
  'speech:write', // synthesis and transcription
  'voices:read',
  'voices:write',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** The scopes of an `st_` browser token: only what a browser needs to talk to and watch its session. */
export const SESSION_TOKEN_SCOPES: readonly Scope[] = ['sessions:chat', 'sessions:watch'];

/** The scopes of a `vt_` viewer token: subscribe-only, it can watch its session's room and nothing else. */
export const VIEWER_TOKEN_SCOPES: readonly Scope[] = ['sessions:watch'];
