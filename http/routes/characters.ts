/**
 * Characters: GET/POST /api/v1/characters, GET/PATCH/DELETE /api/v1/characters/:id. A character
 * carries appearance (what the renderer draws), personality (what the reply engine says) and a
 * bound voice. The CharacterService (runtime/characters/) stores them and emits their events;
 * these routes keep the schemas and the voice check.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Appearance, Personality } from '../../runtime/db/entities/character.js';
import type { CharacterPatch } from '../../runtime/characters/character-changes.js';
import { characterView } from '../../runtime/characters/character-service.js';
import { BUILT_IN_VOICES, DEFAULT_VOICE_ID, isBuiltInVoice } from '../../runtime/voices/voice-catalog.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mode } from '../../runtime/db/entities/credentials.js';
import type { VoiceResolver } from '../../runtime/voices/voice-resolver.js';
import { ValidationError } from '../errors.js';
import { canonicalLanguage, DEFAULT_LANGUAGE } from '../../runtime/characters/languages.js';
import { AUTHED_ERRORS, errors, List, ListQuery, Ok, ok, Timestamp, VoiceId } from '../schemas/common.js';
import { CharacterParams } from '../schemas/ids.js';

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
  language: Type.String({ description: 'BCP-47 tag of the language the character speaks, e.g. "en", "es", "pt-BR"' }),
  languageFixed: Type.Boolean({
    description: 'true: every reply is in `language`; false: each reply follows the language the user speaks',
  }),
  livemode: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Voice = VoiceId({
  description: `A built-in voice (${BUILT_IN_VOICES.map((v) => v.voiceId).join(', ')}) or an active cloned voice (vce_…)`,
});

/** Well-formed BCP-47 is checked here; that ICU knows the language, by requireLanguage(). */
const Language = Type.String({
  minLength: 2,
  maxLength: 35,
  pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$',
  description: `BCP-47 tag of the language the character speaks and its persona is written in ("es", "fr", "pt-BR"); default "${DEFAULT_LANGUAGE}"`,
});
const LanguageFixed = Type.Boolean({
  description:
    "true: every reply is in `language`, whatever the user speaks; false (default): each reply follows the language of the user's turn",
});

const CreateBody = Type.Object(
  {
    name: Name,
    appearance: Type.Optional(AppearanceInput),
    personality: Type.Optional(PersonalityInput),
    voiceId: Type.Optional(Voice),
    language: Type.Optional(Language),
    languageFixed: Type.Optional(LanguageFixed),
  },
  {
    additionalProperties: false,
    examples: [
      {
        name: 'Mira',
        appearance: { style: 'cartoon', hairStyle: 'long', hairColor: '#8b4513', backgroundColor: '#bfe3ff' },
        personality: {
          description: 'A cheerful lighthouse keeper',
          traits: ['cheerful', 'curious'],
          systemPrompt: 'You are Mira, a cheerful lighthouse keeper. Answer in one or two short sentences.',
          greeting: 'Ahoy! Welcome to my lighthouse.',
        },
        voiceId: 'en-US-slt',
      },
      {
        name: 'Lucía',
        personality: {
          description: 'Panadera de Sevilla',
          systemPrompt: 'Eres Lucía, una panadera de Sevilla. Hornea pan de aceite cada mañana.',
          greeting: '¡Hola! Pasa, que el pan está recién hecho.',
        },
        language: 'es',
      },
    ],
  },
);
const PatchBody = Type.Object(
  {
    name: Type.Optional(Name),
    appearance: Type.Optional(AppearanceInput),
    personality: Type.Optional(PersonalityInput),
    voiceId: Type.Optional(Voice),
    language: Type.Optional(Language),
    languageFixed: Type.Optional(LanguageFixed),
  },
  { additionalProperties: false, minProperties: 1, examples: [{ personality: { greeting: 'Good evening, traveller.' } }] },
);

/** A built-in voice, or an active cloned voice of the same account and mode. */
async function requireVoice(
  voices: VoiceResolver | undefined,
  em: EntityManager,
  p: { userId: string; mode: Mode },
  voiceId: string | undefined,
): Promise<void> {
  if (voiceId === undefined) return;
  const usable = voices ? await voices.isUsable(em, p.userId, p.mode, voiceId) : isBuiltInVoice(voiceId);
  if (!usable) throw new ValidationError(`body/voiceId "${voiceId}" is not a known voice`);
}

/** The language written the one way ("ES-mx" → "es-MX"), or a 400 for a tag of no known language. */
function requireLanguage(language: string | undefined): string | undefined {
  if (language === undefined) return undefined;
  const canonical = canonicalLanguage(language);
  if (!canonical)
    throw new ValidationError(`body/language "${language}" is not a BCP-47 tag of a known language (e.g. "en", "es", "pt-BR")`);
  return canonical;
}

const characterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { characters, voices } = app.services;

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
      const page = await characters.list(request.em, request.principal!, request.query);
      return { success: true as const, data: page.data.map(characterView), has_more: page.has_more };
    },
  );

  app.post(
    '/characters',
    {
      config: { auth: { scope: 'characters:write' }, idempotent: true },
      schema: {
        summary: 'Create a character',
        tags: ['characters'],
        body: CreateBody,
        response: { 201: Ok(CharacterView), ...errors(400, ...AUTHED_ERRORS) },
      },
    },
    async (request, reply) => {
      const language = requireLanguage(request.body.language);
      await requireVoice(voices, request.em as EntityManager, request.principal!, request.body.voiceId);
      const character = await characters.create(request.em, request.principal!, {
        name: request.body.name,
        appearance: request.body.appearance as Partial<Appearance> | undefined,
        personality: request.body.personality as Partial<Personality> | undefined,
        voiceId: request.body.voiceId ?? DEFAULT_VOICE_ID,
        language,
        languageFixed: request.body.languageFixed,
      });
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
        params: CharacterParams,
        response: { 200: Ok(CharacterView), ...errors(404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => ok(characterView(await characters.find(request.em, request.principal!, request.params.id))),
  );

  app.patch(
    '/characters/:id',
    {
      config: { auth: { scope: 'characters:write' } },
      schema: {
        summary: 'Update name, appearance, personality, voice or language (partial; nested objects merge)',
        tags: ['characters'],
        params: CharacterParams,
        body: PatchBody,
        response: { 200: Ok(CharacterView), ...errors(400, 404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const language = requireLanguage(request.body.language);
      await requireVoice(voices, request.em as EntityManager, request.principal!, request.body.voiceId);
      const character = await characters.update(request.em, request.principal!, request.params.id, {
        ...(request.body as CharacterPatch),
        language,
      });
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
        params: CharacterParams,
        response: {
          200: Ok(Type.Object({ id: Type.String(), object: Type.Literal('character'), deleted: Type.Literal(true) })),
          ...errors(404, ...AUTHED_ERRORS),
        },
      },
    },
    async (request) => {
      await characters.delete(request.em, request.principal!, request.params.id);
      return ok({ id: request.params.id, object: 'character' as const, deleted: true as const });
    },
  );
};

export default characterRoutes;
