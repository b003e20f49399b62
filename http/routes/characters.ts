/**
 * Characters: GET/POST /api/v1/characters, GET/PATCH/DELETE /api/v1/characters/:id. A character
 * carries appearance (what the renderer draws), personality (what the reply engine says) and a
 * bound voice. Emits character.created, character.updated (changed field names only) and
 * character.deleted through the event bus, in the same transaction as the change.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../runtime/ids.js';
import { Character, type Appearance, type Personality } from '../../runtime/db/entities/character.js';
import { paginate } from '../../runtime/db/paginate.js';
import { applyCharacterPatch } from '../../runtime/characters/character-changes.js';
import { BUILT_IN_VOICES, DEFAULT_VOICE_ID, isBuiltInVoice } from '../../media/speech/voice-catalog.js';
import type { VoiceResolver } from '../../runtime/voices/voice-resolver.js';
import { ResourceNotFound, ValidationError } from '../errors.js';
import { AUTHED_ERRORS, errors, IdParams, List, ListQuery, Ok, ok, Timestamp } from '../schemas/common.js';

const Color = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'Hex colour, #rrggbb' });
const enumOf = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

const STYLES = ['realistic', 'cartoon', 'anime', 'pixel'] as const;
const FACES = ['oval', 'round', 'square', 'heart'] as const;
const HAIR = ['short', 'long', 'curly', 'ponytail', 'bun', 'bald'] as const;

const AppearanceFields = {
  style: enumOf(STYLES),
  faceShape: enumOf(FACES),
  skinColor: Color,
  eyeColor: Color,
  hairStyle: enumOf(HAIR),
  hairColor: Color,
  backgroundColor: Color,
  imageUrl: Type.Union([Type.String({ format: 'uri', pattern: '^https://', maxLength: 2048 }), Type.Null()], {
    description: 'Optional https reference picture',
  }),
};
const PersonalityFields = {
  description: Type.String({ maxLength: 2000 }),
  traits: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 20 }),
  systemPrompt: Type.String({ maxLength: 8000, description: 'Instructions for the reply engine' }),
  greeting: Type.String({ maxLength: 500, description: 'First line the companion says in a session' }),
};

const AppearanceView = Type.Object(AppearanceFields);
const PersonalityView = Type.Object(PersonalityFields);
const AppearanceInput = Type.Partial(Type.Object(AppearanceFields, { additionalProperties: false }));
const PersonalityInput = Type.Partial(Type.Object(PersonalityFields, { additionalProperties: false }));

const CharacterView = Type.Object({
  id: Type.String(),
  object: Type.Literal('character'),
  name: Type.String(),
  appearance: AppearanceView,
  personality: PersonalityView,
  voiceId: Type.String(),
  livemode: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

const Name = Type.String({ minLength: 1, maxLength: 100 });
const VoiceId = Type.String({
  minLength: 1,
  maxLength: 64,
  description: `A built-in voice (${BUILT_IN_VOICES.map((v) => v.voiceId).join(', ')}) or an active cloned voice (vce_…)`,
});

const CreateBody = Type.Object(
  { name: Name, appearance: Type.Optional(AppearanceInput), personality: Type.Optional(PersonalityInput), voiceId: Type.Optional(VoiceId) },
  { additionalProperties: false },
);
const PatchBody = Type.Object(
  {
    name: Type.Optional(Name),
    appearance: Type.Optional(AppearanceInput),
    personality: Type.Optional(PersonalityInput),
    voiceId: Type.Optional(VoiceId),
  },
  { additionalProperties: false, minProperties: 1 },
);

const DEFAULT_APPEARANCE: Appearance = {
  style: 'realistic',
  faceShape: 'oval',
  skinColor: '#e0ac69',
  eyeColor: '#5b3a29',
  hairStyle: 'short',
  hairColor: '#2c1b10',
  backgroundColor: '#1f2937',
  imageUrl: null,
};

function defaultPersonality(name: string): Personality {
  return {
    description: '',
    traits: [],
    systemPrompt: `You are ${name}, a friendly companion. Keep replies short and conversational.`,
    greeting: `Hi, I'm ${name}. What shall we talk about?`,
  };
}

export function characterView(c: Character) {
  return {
    id: c.id,
    object: 'character' as const,
    name: c.name,
    appearance: c.appearance,
    personality: c.personality,
    voiceId: c.voiceId,
    livemode: c.mode === 'live',
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** A built-in voice, or an active cloned voice of the same account and mode. */
async function requireVoice(
  voices: VoiceResolver | undefined,
  em: EntityManager,
  p: { userId: string; mode: Character['mode'] },
  voiceId: string | undefined,
): Promise<void> {
  if (voiceId === undefined) return;
  const usable = voices ? await voices.isUsable(em, p.userId, p.mode, voiceId) : isBuiltInVoice(voiceId);
  if (!usable) throw new ValidationError(`body/voiceId "${voiceId}" is not a known voice`);
}

const characterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { events, voices } = app.services;

  async function load(em: EntityManager, id: string, userId: string, mode: Character['mode']): Promise<Character> {
    const character = await em.findOne(Character, { id, userId, mode });
    if (!character) throw new ResourceNotFound('character', id);
    return character;
  }

  app.get(
    '/characters',
    {
      config: { auth: { scope: 'characters:read' } },
      schema: {
        summary: 'List characters',
        tags: ['characters'],
        querystring: ListQuery,
        response: { 200: List(CharacterView), ...errors(400, 404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const p = request.principal!;
      const page = await paginate(request.em, Character, { userId: p.userId, mode: p.mode }, request.query, 'character');
      return { success: true as const, data: page.data.map(characterView), has_more: page.has_more };
    },
  );

  app.post(
    '/characters',
    {
      config: { auth: { scope: 'characters:write' } },
      schema: {
        summary: 'Create a character',
        tags: ['characters'],
        body: CreateBody,
        response: { 201: Ok(CharacterView), ...errors(400, ...AUTHED_ERRORS) },
      },
    },
    async (request, reply) => {
      const p = request.principal!;
      await requireVoice(voices, request.em as EntityManager, p, request.body.voiceId);
      const now = new Date();
      const { character, deliveries } = await request.em.transactional(async (tx) => {
        const created = tx.create(Character, {
          id: newId('chr'),
          userId: p.userId,
          mode: p.mode,
          name: request.body.name,
          appearance: { ...DEFAULT_APPEARANCE, ...(request.body.appearance as Partial<Appearance>) },
          personality: { ...defaultPersonality(request.body.name), ...(request.body.personality as Partial<Personality>) },
          voiceId: request.body.voiceId ?? DEFAULT_VOICE_ID,
          createdAt: now,
          updatedAt: now,
        });
        await tx.persistAndFlush(created);
        const recorded = await events.record(tx as EntityManager, {
          userId: p.userId,
          mode: p.mode,
          type: 'character.created',
          data: { object: characterView(created) },
        });
        return { character: created, deliveries: recorded.deliveries };
      });
      await events.dispatch(deliveries);
      return reply.code(201).send(ok(characterView(character)));
    },
  );

  app.get(
    '/characters/:id',
    {
      config: { auth: { scope: 'characters:read' } },
      schema: {
        summary: 'Fetch one character',
        tags: ['characters'],
        params: IdParams,
        response: { 200: Ok(CharacterView), ...errors(404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const p = request.principal!;
      return ok(characterView(await load(request.em, request.params.id, p.userId, p.mode)));
    },
  );

  app.patch(
    '/characters/:id',
    {
      config: { auth: { scope: 'characters:write' } },
      schema: {
        summary: 'Update name, appearance, personality or voice (partial; nested objects merge)',
        tags: ['characters'],
        params: IdParams,
        body: PatchBody,
        response: { 200: Ok(CharacterView), ...errors(400, 404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const p = request.principal!;
      await requireVoice(voices, request.em as EntityManager, p, request.body.voiceId);
      const { character, deliveries } = await request.em.transactional(async (tx) => {
        const found = await load(tx as EntityManager, request.params.id, p.userId, p.mode);
        const changedFields = applyCharacterPatch(found, request.body as Parameters<typeof applyCharacterPatch>[1]);
        if (changedFields.length === 0) return { character: found, deliveries: [] };
        found.updatedAt = new Date();
        await tx.flush();
        const recorded = await events.record(tx as EntityManager, {
          userId: p.userId,
          mode: p.mode,
          type: 'character.updated',
          data: { id: found.id, changedFields },
        });
        return { character: found, deliveries: recorded.deliveries };
      });
      await events.dispatch(deliveries);
      return ok(characterView(character));
    },
  );

  app.delete(
    '/characters/:id',
    {
      config: { auth: { scope: 'characters:write' } },
      schema: {
        summary: 'Delete a character',
        tags: ['characters'],
        params: IdParams,
        response: {
          200: Ok(Type.Object({ id: Type.String(), object: Type.Literal('character'), deleted: Type.Literal(true) })),
          ...errors(404, ...AUTHED_ERRORS),
        },
      },
    },
    async (request) => {
      const p = request.principal!;
      const deliveries = await request.em.transactional(async (tx) => {
        const found = await load(tx as EntityManager, request.params.id, p.userId, p.mode);
        await tx.removeAndFlush(found);
        const recorded = await events.record(tx as EntityManager, {
          userId: p.userId,
          mode: p.mode,
          type: 'character.deleted',
          data: { id: found.id, deleted: true },
        });
        return recorded.deliveries;
      });
      await events.dispatch(deliveries);
      return ok({ id: request.params.id, object: 'character' as const, deleted: true as const });
    },
  );
};

export default characterRoutes;
