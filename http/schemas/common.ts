/** Shapes shared by every route: the success and error envelopes, pagination, ids. */
import { Type, type TSchema } from '@sinclair/typebox';
import { BUILT_IN_VOICES, DEFAULT_VOICE_ID } from '../../runtime/voices/voice-catalog.js';
import { CursorId, ID_OF } from './ids.js';

export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Object({
      message: Type.String(),
      statusCode: Type.Integer(),
      timestamp: Type.String({ format: 'date-time' }),
      code: Type.String({ description: 'Stable error code, e.g. COMPANION_ERR_AUTH_SCOPE' }),
      requestId: Type.Optional(Type.String()),
      retryAfterS: Type.Optional(Type.Integer({ description: 'On 503: seconds to wait before retrying (also in Retry-After)' })),
    }),
  },
  { $id: 'ErrorEnvelope', title: 'ErrorEnvelope' },
);

export const ErrorRef = Type.Ref('ErrorEnvelope');

/** Error responses of a route, by status: `errors(400, 401, 404)`. */
export function errors(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorRef]));
}

/** What Node's HTTP parser answers on any request, before a route is chosen: headers too large. */
export const PARSER_ERRORS = [431] as const;

/** The error statuses every credentialed route can answer. */
export const AUTHED_ERRORS = [401, 403, 429] as const;

export function Ok<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Literal(true), data });
}

export function List<T extends TSchema>(item: T) {
  return Type.Object({
    success: Type.Literal(true),
    data: Type.Array(item),
    has_more: Type.Boolean({ description: 'More items follow the last one; pass its id as starting_after' }),
  });
}

/**
 * A voice id as the server reads it: a built-in voice or a cloned voice (`vce_…`). Whether a cloned
 * voice exists and is the caller's is checked by the route. `errorCode` is the code a malformed id
 * answers with (x-error-code, read by the error handler); REQUEST_INVALID by default.
 */
export function VoiceId(options: { description?: string; errorCode?: string; idOf?: string } = {}) {
  const builtIn = BUILT_IN_VOICES.map((v) => v.voiceId);
  return Type.String({
    pattern: `^(?:${builtIn.join('|')}|vce_[0-9A-Za-z]{1,60})$`,
    description: options.description ?? `A built-in voice (${builtIn.join(', ')}) or a cloned voice of the account (vce_…)`,
    examples: [DEFAULT_VOICE_ID],
    ...(options.errorCode ? { 'x-error-code': options.errorCode } : {}),
    ...(options.idOf ? { [ID_OF]: options.idOf } : {}),
  });
}

export const ListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  starting_after: Type.Optional(CursorId()),
});

export const Timestamp = Type.String({ format: 'date-time' });
export const NullableTimestamp = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}
