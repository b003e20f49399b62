/** GET/PATCH /api/v1/user — the caller's profile and settings. */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getUser, updateUser } from '../../runtime/accounts/users.js';
import { User } from '../../runtime/db/entities/user.js';
import { AUTHED_ERRORS, errors, Ok, ok, Timestamp, VoiceId } from '../schemas/common.js';

const Settings = Type.Object({
  timezone: Type.String({ description: 'IANA time zone, e.g. Europe/Paris' }),
  language: Type.String({ description: 'BCP 47 language tag' }),
  defaultVoiceId: Type.Union([Type.String(), Type.Null()]),
  emailNotifications: Type.Boolean(),
});

const UserView = Type.Object({
  id: Type.String(),
  object: Type.Literal('user'),
  email: Type.String(),
  name: Type.String(),
  plan: Type.String(),
  settings: Settings,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

const PatchUser = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    settings: Type.Optional(
      Type.Object(
        {
          timezone: Type.Optional(
            Type.String({
              format: 'time-zone',
              maxLength: 64,
              description: 'An IANA time zone name the server knows, e.g. Europe/Paris or UTC',
              examples: ['Europe/Paris'],
            }),
          ),
          language: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$', description: 'BCP 47 language tag' })),
          defaultVoiceId: Type.Optional(Type.Union([VoiceId(), Type.Null()])),
          emailNotifications: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    examples: [{ name: 'Ada', settings: { timezone: 'Europe/Paris', language: 'en-GB', emailNotifications: false } }],
  },
);

function userView(user: User) {
  return {
    id: user.id,
    object: 'user' as const,
    email: user.email,
    name: user.name,
    plan: user.plan,
    settings: user.settings,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user',
    {
      config: { auth: { scope: 'account:read' } },
      schema: { summary: 'Profile and settings', tags: ['account'], response: { 200: Ok(UserView), ...errors(...AUTHED_ERRORS) } },
    },
    async (request) => ok(userView(await getUser(request.em, request.principal!.userId))),
  );

  app.patch(
    '/user',
    {
      config: { auth: { scope: 'account:write' } },
      schema: {
        summary: 'Change name or settings',
        tags: ['account'],
        body: PatchUser,
        response: { 200: Ok(UserView), ...errors(400, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const user = await getUser(request.em, request.principal!.userId);
      return ok(userView(await updateUser(request.em, user, request.body)));
    },
  );
};

export default userRoutes;
