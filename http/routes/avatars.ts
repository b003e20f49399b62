/**
 * Live sessions: POST /api/v1/avatars, GET/DELETE /api/v1/avatars/:id,
 * POST /api/v1/avatars/:id/chat (secret key, or that session's st_ token), and
 * GET /api/v1/developer-sessions. Each maps onto a message to the session's actor, wherever in
 * the cluster it runs.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { SessionClient } from '../../actors/session/session-client.js';
import { sessionsOf } from '../plugins/services.js';
import { envelopeFor } from '../plugins/error-handler.js';
import { streamEvents, wantsEventStream } from '../event-stream.js';
import { AUTHED_ERRORS, errors, List, ListQuery, NullableTimestamp, Ok, ok, Timestamp, VoiceId } from '../schemas/common.js';
import { CharacterId, SessionParams } from '../schemas/ids.js';

const RoomSchema = Type.Object({
  id: Type.String(),
  video: Type.Object({ codec: Type.Literal('VP8'), width: Type.Integer(), height: Type.Integer(), fps: Type.Integer() }),
  audio: Type.Object({ codec: Type.Literal('opus'), sampleRate: Type.Literal(48000) }),
});

export const SessionSchema = Type.Object({
  id: Type.String(),
  object: Type.Literal('session'),
  state: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
  characterId: Type.String(),
  character: Type.Object({ id: Type.String(), name: Type.String() }),
  voice: Type.String(),
  realtime: Type.Boolean(),
  target_fps: Type.Integer(),
  turns: Type.Integer({ description: 'Turns so far, user and companion each counting one' }),
  viewers: Type.Integer(),
  replyEngine: Type.String({ description: 'What produces the replies' }),
  livemode: Type.Boolean(),
  createdAt: Timestamp,
  lastActivityAt: Timestamp,
  endedAt: NullableTimestamp,
  endReason: Type.Union([Type.String(), Type.Null()], {
    description: 'explicit, idle, eviction, node_lost, error, account_erased, media_error',
  }),
  room: Type.Union([RoomSchema, Type.Null()], { description: 'The WebRTC room of an open realtime session' }),
});

const CreateBody = Type.Object(
  {
    characterId: CharacterId(),
    voice: Type.Optional(VoiceId({ description: "A built-in or cloned voice id; default: the character's voice" })),
    realtime: Type.Optional(Type.Boolean({ default: false, description: 'Publish the companion (video and voice) into a WebRTC room' })),
    target_fps: Type.Optional(Type.Integer({ minimum: 1, maximum: 30, description: 'Video frame rate; default MEDIA_DEFAULT_FPS (12)' })),
  },
  { additionalProperties: false, examples: [{ characterId: 'chr_4fT9kQ2mXb7LwZp1', realtime: false }] },
);

const Created = Type.Intersect([
  SessionSchema,
  Type.Object({
    clientToken: Type.String({ description: 'st_ token for this session, to hand to a browser' }),
    clientTokenId: Type.String(),
    clientTokenExpiresAt: Timestamp,
  }),
]);

const ChatBody = Type.Object(
  { text: Type.String({ minLength: 1, maxLength: 4000 }) },
  { additionalProperties: false, examples: [{ text: 'What is your name?' }] },
);
const ChatReply = Type.Object({
  sessionId: Type.String(),
  exchange: Type.Integer({ description: 'Which exchange (a user turn and its reply) this is: 1 for the first' }),
  reply: Type.Object({
    text: Type.String(),
    sentences: Type.Array(Type.String()),
    interrupted: Type.Boolean({
      description: 'A newer user turn cut this reply short: text is only what was delivered (in a realtime session, what was heard)',
    }),
  }),
  session: SessionSchema,
});

const ChatEvents = Type.String({
  description:
    'With Accept: text/event-stream, server-sent events: one `sentence` event per sentence as it is produced ' +
    '(data {"index":0,"text":"…"}), then one `reply` event whose data is the JSON response, or an `error` event whose data is the error envelope.',
});

const avatarRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const client = (): SessionClient => sessionsOf(app);

  // The routes on one session look it up once, here, after the access check: the caller's own
  // session (404 otherwise; 403 for an st_ token of another session).
  app.decorateRequest('liveSession', null);
  const loadSession = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    request.liveSession = await client().authorize(request.em, request.principal!, request.params.id);
  };

  app.post(
    '/avatars',
    {
      config: { auth: { scope: 'sessions:write' }, idempotent: true },
      schema: {
        summary: 'Create a live session (returns an st_ client token)',
        tags: ['sessions'],
        body: CreateBody,
        response: { 201: Ok(Created), ...errors(400, 404, 501, 503, ...AUTHED_ERRORS) },
      },
    },
    async (request, reply) => {
      const { session, clientToken } = await client().create(request.em, request.principal!, request.body);
      return reply
        .code(201)
        .send(
          ok({ ...session, clientToken: clientToken.token, clientTokenId: clientToken.id, clientTokenExpiresAt: clientToken.expiresAt }),
        );
    },
  );

  app.get(
    '/avatars/:id',
    {
      config: { auth: { scope: 'sessions:read' } },
      preHandler: loadSession,
      schema: {
        summary: 'Session state, character, voice, turns, timestamps, viewers',
        tags: ['sessions'],
        params: SessionParams,
        response: { 200: Ok(SessionSchema), ...errors(404, 503, ...AUTHED_ERRORS) },
      },
    },
    async (request) => ok(await client().get(request.em, request.liveSession!)),
  );

  app.delete(
    '/avatars/:id',
    {
      config: { auth: { scope: 'sessions:write' } },
      preHandler: loadSession,
      schema: {
        summary: 'End the session (idempotent); releases capacity',
        tags: ['sessions'],
        params: SessionParams,
        response: { 200: Ok(SessionSchema), ...errors(404, 503, ...AUTHED_ERRORS) },
      },
    },
    async (request) => ok(await client().end(request.em, request.liveSession!)),
  );

  app.post(
    '/avatars/:id/chat',
    {
      config: { auth: { scope: 'sessions:chat', sessionToken: true } },
      schema: {
        summary: "Send a user turn; the companion's reply comes back (accepts this session's st_ token)",
        description:
          'JSON by default. With `Accept: text/event-stream` the reply streams sentence by sentence as server-sent events, ' +
          'then a final `reply` event with the whole reply and the session record. A new turn while the companion is still ' +
          'answering interrupts it (barge-in): the earlier reply ends with `interrupted: true`.',
        tags: ['sessions'],
        params: SessionParams,
        body: ChatBody,
        response: {
          200: {
            description: "The companion's reply",
            content: { 'application/json': { schema: Ok(ChatReply) }, 'text/event-stream': { schema: ChatEvents } },
          },
          ...errors(400, 404, 409, 503, ...AUTHED_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const sessionId = request.params.id;
      const answer = (result: Awaited<ReturnType<SessionClient['chat']>>) =>
        ok({ sessionId, exchange: result.reply.exchange, reply: result.reply, session: result.session });
      if (!wantsEventStream(request)) return answer(await client().chat(request.em, request.principal!, sessionId, request.body.text));
      return streamEvents(
        reply,
        async (stream) => {
          const result = await client().chat(request.em, request.principal!, sessionId, request.body.text, (e) =>
            stream.send('sentence', { index: e.index, text: e.sentence }),
          );
          return { event: 'reply', data: answer(result) };
        },
        (err) => envelopeFor(err, request.id),
      );
    },
  );

  app.get(
    '/developer-sessions',
    {
      config: { auth: { scope: 'sessions:read' } },
      schema: {
        summary: "The account's live sessions (state=open by default; state=all for ended ones too)",
        tags: ['sessions'],
        querystring: Type.Object({
          ...ListQuery.properties,
          state: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('closed'), Type.Literal('all')], { default: 'open' })),
        }),
        response: { 200: List(SessionSchema), ...errors(400, 404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await client().list(request.em, request.principal!, request.query, request.query.state ?? 'open')),
    }),
  );
};

export default avatarRoutes;
