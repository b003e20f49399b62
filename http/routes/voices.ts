/**
 * Voices: the built-in voices (runtime/voices/voice-catalog.ts) and the account's cloned voices
 * (docs/VOICES.md). POST /voices answers 202 with the voice `pending` and starts its clone
 * workflow (workflows/voice-clone/); the client polls GET /voices/:id until `active` or `failed`
 * (with `failureCode` and `failureReason`). DELETE removes the voice, its files and its job;
 * characters bound to it fall back to the default voice and get character.updated.
 *
 * Samples come by URL (JSON), as a multipart upload (fields name, description; one to five
 * `file` parts) or as one raw audio/* body (name in the query).
 *
 * Idempotency-Key: the route opts in to the idempotency plugin (the same key replays the first
 * answer for 24 hours), and the key also makes the voice id (and so the workflow id) a function of
 * (account, mode, key), so even past those 24 hours a repeat finds the same voice and job.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BUILT_IN_VOICES, builtInVoice, DEFAULT_VOICE_ID, voiceHasLanguage } from '../../runtime/voices/voice-catalog.js';
import { clonedVoiceView } from '../../runtime/voices/voice-view.js';
import { checkWebhookUrl, UrlRefused } from '../../runtime/webhooks/url-guard.js';
import { AudioTooLarge, ValidationError } from '../errors.js';
import { acceptRawAudio } from '../speech/raw-audio.js';
import { AUTHED_ERRORS, errors, ListQuery, Ok, ok, VoiceId } from '../schemas/common.js';
import { voiceView, VoiceView } from '../speech/speech-http.js';

/** A built-in voice or a cloned one (vce_…); anything else is no voice (404). */
const VoiceParams = Type.Object({ id: VoiceId({ idOf: 'voice' }) });

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const ClonedVoiceView = Type.Object({
  id: Type.String(),
  object: Type.Literal('voice'),
  voiceId: Type.String({ description: 'Identifier used by synthesis requests and characters' }),
  name: Type.String(),
  description: Type.String(),
  labels: Type.Record(Type.String(), Type.String()),
  type: Type.Literal('cloned'),
  status: Type.Union([Type.Literal('pending'), Type.Literal('active'), Type.Literal('failed')]),
  step: Type.String({ description: 'Where the clone job is: queued, fetching, checking, transcribing, building, …' }),
  failureCode: Nullable(Type.String({ description: 'Stable reason code when failed (docs/VOICES.md)' })),
  failureReason: Nullable(Type.String()),
  version: Type.Integer({ description: 'Current version of the voice; synthesis uses it' }),
  similarity: Nullable(Type.Number({ description: 'Speaker-embedding cosine between held-out reference audio and a synthesis' })),
  language: Type.String(),
  engine: Type.String(),
  sampleRate: Type.Integer(),
  timestamps: Type.Literal('measured', { description: 'Word and phoneme offsets of /text-to-speech/with-timestamps are measured' }),
  samples: Type.Array(
    Type.Object({
      url: Nullable(Type.String()),
      bytes: Nullable(Type.Integer()),
      format: Nullable(Type.String()),
      durationS: Nullable(Type.Number()),
    }),
  ),
  livemode: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  activeAt: Nullable(Type.String()),
  refinedAt: Nullable(Type.String()),
});

const AnyVoice = Type.Union([VoiceView, ClonedVoiceView]);

const ListVoicesQuery = Type.Object({
  ...ListQuery.properties,
  kind: Type.Optional(Type.Union([Type.Literal('built_in'), Type.Literal('cloned')], { description: 'Only this kind of voice' })),
  language: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
      maxLength: 35,
      description:
        'Only voices of this language (BCP-47): a bare code matches every region (es → es-ES, en → en-US and en-GB), a tag with a region only itself (pt-BR). Any Kokoro voice can also speak another language (`language` of the synthesis routes).',
      examples: ['es', 'fr', 'pt-BR'],
    }),
  ),
});

const CreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    labels: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 100 }), { maxProperties: 20 })),
    samples: Type.Array(
      Type.Object(
        {
          url: Type.String({
            pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\s]+',
            maxLength: 2048,
            description: 'Absolute http(s) URL without credentials; hosts on refused addresses as for webhooks',
          }),
        },
        { additionalProperties: false },
      ),
      {
        minItems: 1,
        maxItems: 5,
        description: 'Reference clips by URL (http or https), about 10 s of clean speech in all',
      },
    ),
  },
  { additionalProperties: false },
);

const UploadQuery = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
});

const IdempotencyKey = /^[\x21-\x7e]{1,255}$/;
const MAX_FILES = 5;

const voiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, clonedVoices } = app.services;
  const maxBytes = config.voiceSampleMaxBytes;

  // Direct uploads: multipart (up to five `file` parts) or a raw audio/* (or octet-stream) body.
  await app.register(multipart, { limits: { fileSize: maxBytes, files: MAX_FILES, fields: 5, fieldSize: 1024, parts: MAX_FILES + 5 } });
  acceptRawAudio(app, maxBytes);

  /** Reads a multipart body: text fields and the `file` parts, each up to the sample limit. */
  async function readMultipart(request: FastifyRequest): Promise<{ fields: Record<string, string>; files: Buffer[] }> {
    const fields: Record<string, string> = {};
    const files: Buffer[] = [];
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file')
            throw new ValidationError(`multipart: the audio goes in fields named "file", not "${part.fieldname}"`);
          files.push(await part.toBuffer());
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
    } catch (err) {
      if (err instanceof ValidationError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AudioTooLarge(maxBytes);
      throw new ValidationError(`the multipart body could not be read (${(err as Error).message})`);
    }
    return { fields, files };
  }

  app.get(
    '/voices',
    {
      config: { auth: { scope: 'voices:read' } },
      schema: {
        summary: 'List voices: the built-in ones (first page only) and the account’s cloned voices, newest first',
        tags: ['voices'],
        querystring: ListVoicesQuery,
        response: {
          200: Type.Object({ success: Type.Literal(true), data: Type.Array(AnyVoice), has_more: Type.Boolean() }),
          ...errors(400, 404, ...AUTHED_ERRORS),
        },
      },
    },
    async (request) => {
      const p = request.principal!;
      const { kind, language, ...page } = request.query;
      const inLanguage = (voiceLanguage: string) => !language || voiceHasLanguage(voiceLanguage, language);
      const builtIn = kind !== 'cloned' && !page.starting_after ? BUILT_IN_VOICES.filter((v) => inLanguage(v.language)).map(voiceView) : [];
      if (kind === 'built_in') return { success: true as const, data: builtIn, has_more: false };
      const own = await clonedVoices.list(request.em, p, page);
      const cloned = own.data.map(clonedVoiceView).filter((v) => inLanguage(v.language));
      return { success: true as const, data: [...builtIn, ...cloned], has_more: own.has_more };
    },
  );

  app.post(
    '/voices',
    {
      bodyLimit: MAX_FILES * maxBytes + 64 * 1024,
      config: { auth: { scope: 'voices:write' }, idempotent: true, openapiRequestBody: createRequestBody(maxBytes) },
      schema: {
        summary:
          'Clone a voice from reference clips: JSON with sample URLs, a multipart upload (`file` parts) or a raw audio/* body (name in the query); answers 202 pending',
        tags: ['voices'],
        querystring: UploadQuery,
        response: { 202: Ok(ClonedVoiceView), ...errors(400, 413, ...AUTHED_ERRORS) },
      },
    },
    async (request, reply) => {
      const p = request.principal!;
      let uploads: Buffer[] = [];
      let input: { name: string; description: string; labels: Record<string, string>; urls: Array<string | null> };
      if (request.isMultipart() || Buffer.isBuffer(request.body)) {
        let fields: Record<string, string> = {};
        if (request.isMultipart()) ({ fields, files: uploads } = await readMultipart(request));
        else uploads = [request.body as Buffer];
        const name = fields.name ?? request.query.name;
        const description = fields.description ?? request.query.description ?? '';
        if (!name || name.length > 100) throw new ValidationError('name (1–100 characters) is required with an audio upload');
        if (description.length > 1000) throw new ValidationError('description is longer than 1000 characters');
        if (uploads.length === 0) throw new ValidationError('send the audio in one to five multipart fields named "file"');
        if (uploads.some((u) => u.length === 0)) throw new ValidationError('an audio upload is empty');
        input = { name, description, labels: {}, urls: uploads.map(() => null) };
      } else {
        const body = parseCreateBody(request.body);
        for (const [i, sample] of body.samples.entries()) {
          try {
            await checkWebhookUrl(sample.url, { allowLoopback: config.webhookAllowLoopback, allowPrivate: config.webhookAllowPrivate });
          } catch (err) {
            if (err instanceof UrlRefused) throw new ValidationError(`body/samples/${i}/url: ${err.message}`);
            throw err;
          }
        }
        input = { name: body.name, description: body.description ?? '', labels: body.labels ?? {}, urls: body.samples.map((s) => s.url) };
      }
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !IdempotencyKey.test(key)))
        throw new ValidationError('the Idempotency-Key header must be 1–255 printable characters');
      const voice = await clonedVoices.create(request.em, p, { ...input, uploads, idempotencyKey: key });
      return reply.code(202).send(ok(clonedVoiceView(voice)));
    },
  );

  app.get(
    '/voices/:id',
    {
      config: { auth: { scope: 'voices:read' } },
      schema: {
        summary: 'Fetch one voice (a cloned voice shows its job’s step, status, version and similarity)',
        tags: ['voices'],
        params: VoiceParams,
        response: { 200: Ok(AnyVoice), ...errors(404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const p = request.principal!;
      const builtIn = builtInVoice(request.params.id);
      if (builtIn) return ok(voiceView(builtIn));
      return ok(clonedVoiceView(await clonedVoices.get(request.em, p, request.params.id)));
    },
  );

  app.delete(
    '/voices/:id',
    {
      config: { auth: { scope: 'voices:write' } },
      schema: {
        summary: `Delete a cloned voice, its files and its job; characters using it fall back to ${DEFAULT_VOICE_ID}`,
        tags: ['voices'],
        params: VoiceParams,
        response: {
          200: Ok(Type.Object({ id: Type.String(), object: Type.Literal('voice'), deleted: Type.Literal(true) })),
          ...errors(404, ...AUTHED_ERRORS),
        },
      },
    },
    async (request) => {
      const p = request.principal!;
      await clonedVoices.delete(request.em, p, request.params.id);
      return ok({ id: request.params.id, object: 'voice' as const, deleted: true as const });
    },
  );
};

/** POST /voices's three bodies, for the OpenAPI document (they are read by parsers, not a schema). */
function createRequestBody(maxBytes: number) {
  const audio = { type: 'string', contentMediaType: 'audio/*', description: `WAV, WebM/Opus, Ogg, MP3 or FLAC, up to ${maxBytes} bytes` };
  const clip = 'RIFF…WAVEfmt … (the bytes of a WAV file)';
  return {
    required: true,
    description: 'Sample URLs (JSON), a multipart upload (one to five `file` parts), or one raw audio/* body with `?name=`',
    content: {
      'application/json': {
        schema: CreateBody,
        example: {
          name: 'Narrator',
          description: 'Warm, calm',
          labels: { use: 'audiobooks' },
          samples: [{ url: 'https://example.com/clip.wav' }],
        },
      },
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 100 },
            description: { type: 'string', maxLength: 1000 },
            file: { type: 'array', items: audio, minItems: 1, maxItems: MAX_FILES },
          },
          required: ['name', 'file'],
        },
        example: { name: 'Narrator', file: [clip] },
      },
      'audio/*': { schema: audio, example: clip },
      'application/octet-stream': { schema: audio, example: clip },
    },
  };
}

/** The JSON body, validated here because the same route also takes uploads. */
function parseCreateBody(body: unknown): Static<typeof CreateBody> {
  if (body === null || typeof body !== 'object') throw new ValidationError('send JSON {name, samples: [{url}]} or a raw audio/* body');
  const first = Value.Errors(CreateBody, body).First();
  if (first) throw new ValidationError(`body${first.path} ${first.message}`);
  return body as Static<typeof CreateBody>;
}

export default voiceRoutes;
