/**
 * What the reference page (GET /reference) reads besides the schemas: an introduction (getting a
 * key, the envelopes, every error code, the rate-limit headers), documented once in
 * `info.description`; a description for each operation that names its credential and its
 * answers; an example for each request and response that has none, errors included (one named
 * example per code the operation can answer). Applied to the generated document by
 * http/plugins/openapi.ts; every example is checked against its schema by test/http/reference.test.ts.
 */
import { STATUS_CODES } from 'node:http';
import { codesFor, ERROR_CATALOG } from './error-catalog.js';
import * as apiErrors from './errors.js';

type Json = Record<string, unknown>;
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, Json> };
  responses?: Record<string, { description?: string; content?: Record<string, Json>; headers?: Json }>;
  'x-required-scope'?: string;
  'x-session-token'?: boolean;
  'x-viewer-token'?: boolean;
}

const EXAMPLE_TIME = '2026-01-01T12:00:00.000Z';
const PREFIX_OF_OBJECT: Record<string, string> = {
  character: 'chr',
  session: 'ses',
  api_key: 'key',
  webhook_endpoint: 'whk',
  organization: 'org',
  user: 'usr',
  session_token: 'tok',
  voice: 'vce',
  event: 'evt',
};
const PREFIX_OF_FIELD: Record<string, string> = {
  characterId: 'chr',
  sessionId: 'ses',
  keyId: 'key',
  userId: 'usr',
  organizationId: 'org',
  webhookId: 'whk',
  clientTokenId: 'tok',
  tokenId: 'tok',
  deliveryId: 'dlv',
  eventId: 'evt',
};
const exampleId = (prefix: string) => `${prefix}_4fT9kQ2mXb7LwZp1Yc3N`;

export const TAG_DESCRIPTIONS: Record<string, string> = {
  sessions:
    'Live sessions: create one (realtime for a face and a voice in the viewer page), chat with it (JSON or streamed), end it. docs/SESSIONS.md',
  characters: 'Characters: a name, an appearance the face is drawn from, a personality the replies follow, a voice. docs/CHARACTERS.md',
  viewers: 'The viewer page (/view) and its viewer tokens (vt_) and signalling websocket. docs/VIEWERS.md',
  speech: 'Speech synthesis (WAV, complete or streamed) and transcription, on self-hosted models. docs/SPEECH.md',
  voices: 'Built-in voices and voices cloned from your recordings. docs/VOICES.md',
  'session tokens': 'Browser tokens (st_) for one session, minted and revoked by your server. docs/AUTH.md',
  keys: 'Secret keys (sk_live_, sk_test_) and their scopes. docs/AUTH.md',
  webhooks: 'Signed webhook endpoints and test deliveries. docs/WEBHOOKS.md',
  account: 'Your profile, settings and account erasure. docs/API-CONVENTIONS.md',
  organizations: 'Organisations, members and roles.',
  billing: 'Plans, the current subscription and usage.',
  analytics: 'Your recorded calls, grouped by key and endpoint.',
  platform: 'Status, health and this document.',
  demo: 'Public demo synthesis (limited per address).',
  'not built yet': 'Operations the service does not connect yet: they answer 501.',
};

function introduction(): string {
  const rows = ERROR_CATALOG.map((e) => `| ${e.status} | \`${e.code}\` | ${e.when.replaceAll('|', '\\|')} |`).join('\n');
  return `Live AI companion sessions, speech, characters, keys, usage and signed webhooks.

## Getting started

1. Get a secret key on the machine that runs the service: \`npm run -s cli -- bootstrap --email you@example.com\`
   prints an \`sk_live_…\` key.
2. Click **Authorize** and paste it. The page keeps it in memory only: it is never stored, and a reload forgets it.
3. Open an operation (say **POST /api/v1/characters**), click **Try it out**, then **Execute**.

A typed TypeScript client (\`clients/typescript\`) and runnable examples in TypeScript, Python and a web
page (\`examples/\`) ship with the service. Every call answers \`X-Request-Id\`; quote it when reporting a problem.

## Credentials

\`Authorization: Bearer <credential>\`. A secret key (\`sk_live_…\`, \`sk_test_…\`) is for servers; each operation
names the scope it needs (\`x-required-scope\`). The chat operation also takes its session's browser token
(\`st_…\`, \`x-session-token: true\`); a viewer token (\`vt_…\`) only opens the viewer page. Operations outside
\`/api/v1\` and those marked public take none.

## Envelopes

\`\`\`
{ "success": true, "data": { … } }
{ "success": true, "data": [ … ], "has_more": false }      paginated lists: ?limit=1..100&starting_after=<last id>
{ "success": false, "error": { "message": "this key lacks the scope keys:write", "statusCode": 403,
  "timestamp": "2026-01-01T12:00:00.000Z", "code": "COMPANION_ERR_AUTH_SCOPE", "requestId": "req_…" } }
\`\`\`

## Errors

Every answer of 400 or more carries the error envelope, whichever layer sends it. Match on \`error.code\`,
which is stable, not on \`message\`. \`requestId\` is the request's id (also \`X-Request-Id\`). A 503 says when
to retry: a \`Retry-After\` header in seconds and the same number as \`error.retryAfterS\`. Each operation's
responses show the codes it can answer as named examples. Every code:

| Status | \`error.code\` | When |
|---|---|---|
${rows}

## Rate limits

A call with a secret key is counted against the key's per-minute rate and daily quota and the plan's
monthly allowance. A call that reaches the limiter answers, admitted or refused:

\`\`\`
RateLimit-Policy: "minute";q=<requests per minute>;w=60, "day";q=<daily quota>;w=86400
RateLimit: "minute";r=<remaining>;t=<seconds to next minute>, "day";r=<remaining>;t=<seconds to UTC midnight>
X-RateLimit-Limit: <requests per minute>
X-RateLimit-Remaining: <remaining this minute>
X-RateLimit-Reset: <Unix epoch seconds when the minute window resets>
\`\`\`

A refusal is a 429 (\`COMPANION_ERR_LIMIT_RATE\`, \`_DAILY\`, \`_MONTHLY\`) with \`Retry-After\` in seconds, counted
to the reset of the window that refused. Public operations are limited per client address and answer
\`RateLimit-Policy: "address";q=<per minute>;w=60\` and \`RateLimit: "address";r=<remaining>;t=<seconds>\`
(429 \`COMPANION_ERR_LIMIT_IP\`). Calls refused with 401 or 403 carry no limit headers.

## Retries

Creating POSTs take an \`Idempotency-Key\` header: a retry with the same key and body replays the first
answer (\`Idempotent-Replayed: true\`) instead of creating twice.

## Streams and audio

\`POST /api/v1/avatars/{id}/chat\` with \`Accept: text/event-stream\` streams the reply as server-sent events: one
\`sentence\` event per sentence, then a \`reply\` event with the whole answer (or an \`error\` event with the
envelope). Speech synthesis answers \`audio/wav\` bytes; transcription takes an audio body or a multipart upload.
`;
}

const HEADERS: Record<string, { description: string; schema: Json }> = {
  'X-Request-Id': {
    description: "The request's id (yours when you sent a well-formed one); also error.requestId",
    schema: { type: 'string' },
  },
  RateLimit: {
    description: "Remaining calls and seconds to each window's reset (draft-ietf-httpapi-ratelimit-headers)",
    schema: { type: 'string' },
  },
  'RateLimit-Policy': { description: 'The windows and their quotas', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before retrying (429 and 503)', schema: { type: 'string' } },
};

/** Values tried, in order, for a string whose pattern the field's name does not match. */
const PATTERN_CANDIDATES = ['#6b3a1e', 'en-US-joe', 'en', 'es', 'sk_live_4fT9kQ2mXb7LwZp1Yc3N', 'example'];

/** Examples of the answers that are not JSON, by media type. */
const TEXT_EXAMPLES: Record<string, string> = {
  'text/event-stream':
    'event: sentence\ndata: {"index":0,"text":"I\'m Mira, the lighthouse keeper."}\n\n' +
    'event: reply\ndata: {"success":true,"data":{"sessionId":"ses_4fT9kQ2mXb7LwZp1Yc3N","exchange":1,"reply":{"text":"I\'m Mira, the lighthouse keeper.","sentences":["I\'m Mira, the lighthouse keeper."],"interrupted":false},"session":{…}}}\n\n',
  'text/html': '<!doctype html><html lang="en"><meta charset="utf-8">…',
  'text/javascript': '"use strict";(()=>{…})();',
};

/** A value that its schema accepts, from the schema's own examples and defaults where it has them. */
function sample(schema: unknown, doc: Json, field = '', depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 12) return null;
  let s = schema as Json;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.split('/').pop()!;
    s = ((doc.components as Json | undefined)?.schemas as Record<string, Json> | undefined)?.[name] ?? {};
  }
  if ('example' in s) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if ('const' in s) return s.const;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum)) return s.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const variants = s[key] as Json[] | undefined;
    if (variants?.length) {
      const chosen = variants.find((v) => v.type !== 'null') ?? variants[0];
      return sample(chosen, doc, field, depth + 1);
    }
  }
  if (Array.isArray(s.allOf)) {
    return Object.assign({}, ...(s.allOf as Json[]).map((part) => sample(part, doc, field, depth + 1) as object));
  }
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : (s.type as string | undefined);
  switch (type ?? (s.properties ? 'object' : undefined)) {
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, Json>;
      const out: Json = {};
      const objectKind = ((properties.object as Json | undefined)?.const as string | undefined) ?? field;
      for (const [name, property] of Object.entries(properties)) {
        out[name] =
          name === 'id' && objectKind && PREFIX_OF_OBJECT[objectKind]
            ? exampleId(PREFIX_OF_OBJECT[objectKind])
            : sample(property, doc, name, depth + 1);
      }
      return out;
    }
    case 'array': {
      const item = sample(s.items, doc, field, depth + 1);
      return Array.from({ length: Math.max(1, Number(s.minItems ?? 1)) }, () => item);
    }
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return sampleString(s, field);
    default:
      return null;
  }
}

function sampleString(s: Json, field: string): string {
  if (s.format === 'date-time') return EXAMPLE_TIME;
  if (s.format === 'uri') return 'https://example.com/hooks/companion';
  if (s.format === 'email') return 'you@example.com';
  if (s.format === 'binary' || s.contentMediaType) return '<binary>';
  const prefix = PREFIX_OF_FIELD[field];
  if (prefix) return exampleId(prefix);
  const fromPattern = typeof s.pattern === 'string' ? /^\^\(?:?([a-z]{2,4})_/.exec(s.pattern)?.[1] : undefined;
  if (fromPattern) return exampleId(fromPattern);
  const text = field === 'name' ? 'Mira' : field === 'text' ? 'Hello! Who are you?' : field || 'string';
  if (typeof s.pattern === 'string') {
    const pattern = new RegExp(s.pattern);
    if (!pattern.test(text)) return PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate)) ?? text;
  }
  const min = Number(s.minLength ?? 0);
  return text.length >= min ? text.slice(0, Number(s.maxLength ?? text.length)) : text.padEnd(min, 'x');
}

/** The messages that name no case, as the service writes them: the errors of errors.ts without a %s. */
const FIXED_MESSAGES = new Map(
  Object.values(apiErrors).flatMap((value): Array<[string, string]> => {
    if (typeof value !== 'function' || !(value.prototype instanceof Error)) return [];
    const error = new (value as new () => Error & { code?: string })();
    return error.code && !error.message.includes('%') ? [[error.code, error.message]] : [];
  }),
);

function errorExamples(status: number, path: string, credentialed: boolean, requiredScope: string | undefined): Json {
  const entries = codesFor(status, path, credentialed);
  const examples: Json = {};
  for (const entry of entries.length ? entries : codesFor(status, '', credentialed).slice(0, 1)) {
    const message =
      entry.code === 'COMPANION_ERR_AUTH_SCOPE' && requiredScope
        ? `this key lacks the scope ${requiredScope}`
        : (entry.message ?? FIXED_MESSAGES.get(entry.code) ?? entry.when);
    examples[entry.code] = {
      summary: entry.code,
      value: {
        success: false,
        error: {
          message,
          statusCode: status,
          timestamp: EXAMPLE_TIME,
          code: entry.code,
          requestId: 'req_Kq3xY7Bz0aZ1',
          ...(status === 503 ? { retryAfterS: 2 } : {}),
        },
      },
    };
  }
  return examples;
}

function describe(op: Operation, method: string, path: string): string {
  const credentialed = (op.security?.length ?? 0) > 0;
  const credential = !credentialed
    ? 'None: a public operation.'
    : `A secret key with the scope \`${op['x-required-scope']}\`` +
      (op['x-session-token'] ? ", or this session's browser token (`st_…`)" : '') +
      (op['x-viewer-token'] ? ', or a viewer token (`vt_…`)' : '') +
      '.';
  const statuses = Object.keys(op.responses ?? {});
  const ok = statuses.filter((s) => Number(s) < 400);
  const failing = statuses.filter((s) => Number(s) >= 400);
  return [
    `${op.summary ?? `${method.toUpperCase()} ${path}`}.`,
    `**Credential:** ${credential}`,
    `**Answers:** ${ok.join(', ') || 'no success status'}; errors ${failing.join(', ')}, in the error envelope (their codes are in the responses below and in "Errors" at the top).`,
  ].join('\n\n');
}

const isEnvelope = (schema: unknown) => (schema as Json | undefined)?.$ref === '#/components/schemas/ErrorEnvelope';

/** Adds the introduction, tags, headers, descriptions and examples the document lacks. */
export function addReference(doc: Json): Json {
  const info = (doc.info ?? {}) as Json;
  doc.info = { ...info, description: introduction() };
  const components = (doc.components ?? {}) as Json;
  doc.components = { ...components, headers: { ...(components.headers as Json | undefined), ...HEADERS } };
  const usedTags = new Set<string>();
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== 'object' || !op.responses) continue;
      op.tags?.forEach((tag) => usedTags.add(tag));
      op.description ??= describe(op, method, path);
      const credentialed = (op.security?.length ?? 0) > 0;
      // Credentialed calls and public ones under /api/v1 pass the limiter; /health, /view and /reference do not.
      const limited = credentialed || path.startsWith('/api/v1/');
      for (const media of Object.values(op.requestBody?.content ?? {})) {
        if (!('example' in media) && !('examples' in media) && media.schema) media.example = sample(media.schema, doc);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        const code = Number(status);
        // Fastify's placeholder says nothing: the status's name does, and where an error's codes are.
        if (!response.description || response.description === 'Default Response') {
          const enveloped = Object.values(response.content ?? {}).some((media) => isEnvelope(media.schema));
          const name = STATUS_CODES[code] ?? (code >= 400 ? 'Error' : 'Success');
          response.description = enveloped ? `${name}: the error envelope (its codes under Examples)` : name;
        }
        response.headers = {
          'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
          ...(limited && code < 400 ? { RateLimit: { $ref: '#/components/headers/RateLimit' } } : {}),
          ...(limited && code < 400 ? { 'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' } } : {}),
          ...((limited && code === 429) || code === 503 ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : {}),
          ...response.headers,
        };
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if ('example' in media || 'examples' in media) continue;
          if (code >= 400 && isEnvelope(media.schema)) media.examples = errorExamples(code, path, credentialed, op['x-required-scope']);
          else if (TEXT_EXAMPLES[type]) media.example = TEXT_EXAMPLES[type];
          else if (media.schema) media.example = sample(media.schema, doc);
        }
      }
    }
  }
  const existing = ((doc.tags as Array<{ name: string }> | undefined) ?? []).map((t) => t.name);
  doc.tags = [
    ...((doc.tags as Json[] | undefined) ?? []),
    ...[...usedTags].filter((t) => !existing.includes(t)).map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
  ];
  return doc;
}
