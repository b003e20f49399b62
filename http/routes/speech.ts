/**
 * Speech: POST /api/v1/text-to-speech (complete WAV), /text-to-speech/stream (chunked WAV, first
 * audio after the first short piece), /text-to-speech/with-timestamps (base64 WAV + word offsets),
 * POST /speech-to-text and /speech-to-text/stream (multipart `file` or a raw audio/* body),
 * GET /speech-to-text/health. Synthesis and transcription run in the model servers, never on the
 * event loop; an unreachable or failing model server answers 503 with Retry-After.
 *
 * Audio uploads need parsers of their own (the app accepts only JSON): multipart and audio/* are
 * registered here, in this plugin's scope only, with their own size limit.
 */
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { durationMs, wavFile, wavHeader, type Pcm } from '../../media/speech/wav.js';
import { AudioInvalid, AudioTooLarge } from '../errors.js';
import { InvalidInputError } from '../../runtime/errors.js';
import { UpstreamError } from '../../media/speech/upstream-error.js';
import { acceptRawAudio, audioContent } from '../speech/raw-audio.js';
import { AUTHED_ERRORS, errors, Ok, ok, VoiceId } from '../schemas/common.js';
import { recordTtsCompleted, requireSpeech, requireTextLength, resolveVoice, speechCall, WavResponse } from '../speech/speech-http.js';
import { SPOKEN_LANGUAGE_CODES } from '../../runtime/text/languages.js';
import type { BuiltInVoice } from '../../runtime/voices/voice-catalog.js';
import { voiceSpeaking } from '../../runtime/voices/voice-catalog.js';

const SynthesisBody = Type.Object(
  {
    text: Type.String({ minLength: 1, description: 'Text to speak; at most SPEECH_MAX_TEXT_CHARS (default 5,000) characters' }),
    voiceId: VoiceId({ description: 'A voice from GET /api/v1/voices', errorCode: 'COMPANION_ERR_SPEECH_VOICE' }),
    language: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
        maxLength: 35,
        description: `The language of the text (BCP-47; default: the voice's). Any Kokoro voice, built-in or cloned, speaks ${SPOKEN_LANGUAGE_CODES.join(', ')}, mostly in its own timbre and without its own accent; en-US-joe speaks English only.`,
        examples: ['es'],
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { text: 'Hello! Lovely day for a walk.', voiceId: 'en-US-joe' },
      { text: '¡Hola! Cuesta 12,50 €.', voiceId: 'es-ES-dora' },
    ],
  },
);

const Word = Type.Object({
  word: Type.String(),
  start: Type.Number({ description: 'Seconds from the start of the audio' }),
  end: Type.Number(),
});

const TimestampsView = Type.Object({
  voiceId: Type.String(),
  contentType: Type.Literal('audio/wav'),
  audio: Type.String({ description: 'The WAV file, base64' }),
  sampleRate: Type.Integer(),
  durationMs: Type.Integer(),
  words: Type.Array(Word),
  offsets: Type.Union([Type.Literal('measured'), Type.Literal('interpolated')], {
    description: 'measured: from the engine’s phoneme alignment; interpolated: spread over the audio by word length',
  }),
});

const TranscriptView = Type.Object({
  text: Type.String(),
  words: Type.Array(Word),
  duration: Type.Number({ description: 'Seconds of audio' }),
  language: Type.String({ description: 'ISO 639-1 code of the language heard: the one asked for, or the one detected (auto)' }),
  languageProbability: Type.Optional(Type.Number({ description: 'How sure the detection was, 0..1 (1 when the language was given)' })),
});

const HealthView = Type.Object({
  status: Type.Literal('ok'),
  model: Type.String(),
  upstream: Type.Union([Type.Literal('embedded'), Type.Literal('external')]),
  latencyMs: Type.Number(),
});

/** `?language=`: an ISO 639-1 code, or `auto` to detect it (multilingual transcribers only). */
const TranscriptionQuery = Type.Object(
  {
    language: Type.Optional(
      Type.String({
        pattern: '^([a-z]{2}|haw|yue|auto)$',
        description:
          'The language spoken: an ISO 639-1 code (en, es, de…) or auto to detect it; default en. en is heard by the English model (whisper-tiny.en, the fast one), any other code and auto by the multilingual one (whisper-base, SPEECH_STT_MULTILINGUAL_MODEL). The response says the language given or detected.',
      }),
    ),
    languageHint: Type.Optional(
      Type.String({
        pattern: '^([a-z]{2}|haw|yue)$',
        description:
          'With language=auto only: the language you expect (an ISO 639-1 code), such as the one your user spoke last. It is heard unless the detector finds another language several times likelier (SPEECH_STT_HINT_WEIGHT on the embedded transcriber), so a short clip is not misheard as a neighbouring language while a user who switches is still followed.',
      }),
    ),
  },
  { additionalProperties: false },
);

const SYNTHESIS_ERRORS = errors(400, 413, ...AUTHED_ERRORS, 503);
const TRANSCRIPTION_ERRORS = errors(400, 413, 415, ...AUTHED_ERRORS, 503);

const speechRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { services } = app;
  const { config } = services;
  const retryAfterS = config.speechRetryAfterS;
  const maxAudioBytes = config.speechMaxAudioBytes;
  const call = <T>(reply: Parameters<typeof speechCall>[0], work: () => Promise<T>) =>
    speechCall(reply, retryAfterS, config.speechMaxAudioS, work);

  await app.register(multipart, { limits: { fileSize: maxAudioBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
  // Raw uploads: any audio/* type (and octet-stream), read up to the audio limit.
  acceptRawAudio(app, maxAudioBytes);

  async function uploadedAudio(request: FastifyRequest): Promise<Buffer> {
    if (request.isMultipart()) {
      let file;
      try {
        file = await request.file();
      } catch (err) {
        throw new AudioInvalid(`the multipart body could not be read (${(err as Error).message})`);
      }
      if (!file || file.fieldname !== 'file') throw new AudioInvalid('send the audio in a multipart field named "file"');
      try {
        return await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AudioTooLarge(maxAudioBytes);
        throw err;
      }
    }
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw new AudioInvalid('send the audio as multipart (field "file") or as a raw body with an audio/* content type');
    }
    return body;
  }

  /** The voice asked for, speaking the language asked for (400 where it cannot: en-US-joe is English only). */
  async function voiceFor(body: { voiceId: string; language?: string }, request: FastifyRequest): Promise<BuiltInVoice> {
    const voice = await resolveVoice(app.services, request, body.voiceId);
    if (!body.language) return voice;
    if (!SPOKEN_LANGUAGE_CODES.includes(body.language.toLowerCase().split('-')[0]!.replace(/^cmn$/u, 'zh')))
      throw new InvalidInputError(`body/language "${body.language}": not a language spoken here (${SPOKEN_LANGUAGE_CODES.join(', ')})`);
    const speaking = voiceSpeaking(voice, body.language);
    if (
      speaking === voice &&
      voice.engine !== 'kokoro' &&
      !voice.language.toLowerCase().startsWith(body.language.toLowerCase().split('-')[0]!)
    )
      throw new InvalidInputError(`body/language "${body.language}": ${voice.voiceId} speaks ${voice.language} only`);
    return speaking;
  }

  // The embedded transcriber's models are known; an external one takes whatever language it takes.
  const englishOnly = !config.speechSttUrl && config.speechSttModel === 'whisper-tiny.en' && config.speechSttMultilingualModel === 'none';
  const transcribe = async (request: FastifyRequest, reply: Parameters<typeof speechCall>[0]) => {
    const speech = requireSpeech(services);
    const { language = 'en', languageHint } = request.query as { language?: string; languageHint?: string };
    if (languageHint && language !== 'auto')
      throw new InvalidInputError(`querystring/languageHint: applies with language=auto only (language is "${language}")`);
    if (englishOnly && language !== 'en')
      throw new InvalidInputError(
        `querystring/language "${language}": the transcriber (whisper-tiny.en) is English-only; SPEECH_STT_MULTILINGUAL_MODEL=whisper-base transcribes other languages`,
      );
    const audio = await uploadedAudio(request);
    const transcript = await call(reply, () =>
      speech.transcribe(audio, language, languageHint).catch((err: unknown) => {
        // A transcriber that refuses the language (an English-only model behind SPEECH_STT_URL)
        // refused the caller's request: that is not the transcriber being unavailable.
        if (err instanceof UpstreamError && err.status === 400 && language !== 'en')
          throw new InvalidInputError(`querystring/language "${language}": the transcriber refused it (${err.detail})`);
        throw err;
      }),
    );
    return ok(transcript);
  };

  app.post(
    '/text-to-speech',
    {
      config: { auth: { scope: 'speech:write' } },
      schema: {
        summary: 'Synthesise speech; the response body is a complete WAV file',
        tags: ['speech'],
        body: SynthesisBody,
        response: { 200: WavResponse, ...SYNTHESIS_ERRORS },
      },
    },
    async (request, reply) => {
      const speech = requireSpeech(services);
      const voice = await voiceFor(request.body, request);
      requireTextLength(request.body.text, config.speechMaxTextChars);
      const pcm = await call(reply, () => speech.synthesize(voice, request.body.text));
      await recordTtsCompleted(services, request, voice, request.body.text, pcm, 'wav');
      return reply.header('content-type', 'audio/wav').header('x-audio-duration-ms', durationMs(pcm)).send(wavFile(pcm));
    },
  );

  app.post(
    '/text-to-speech/stream',
    {
      config: { auth: { scope: 'speech:write' } },
      schema: {
        summary: 'Synthesise speech as a chunked WAV stream (header of unknown length, then PCM piece by piece)',
        tags: ['speech'],
        body: SynthesisBody,
        response: {
          200: { description: 'Chunked audio/wav', content: { 'audio/wav': { schema: { type: 'string', format: 'binary' } } } },
          ...SYNTHESIS_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const speech = requireSpeech(services);
      const voice = await voiceFor(request.body, request);
      const text = request.body.text;
      requireTextLength(text, config.speechMaxTextChars);
      const pieces = speech.stream(voice, text);
      // The first piece is awaited before the status is sent, so an unavailable model server
      // still answers 503 in the envelope rather than a broken stream.
      const first = await call(reply, () => pieces.next());
      const sampleRateHz = first.done ? voice.sampleRateHz : first.value.sampleRateHz;
      async function* body(): AsyncGenerator<Buffer> {
        const all: Pcm[] = first.done ? [] : [first.value];
        yield Buffer.concat([wavHeader(sampleRateHz), first.done ? Buffer.alloc(0) : first.value.data]);
        try {
          for await (const pcm of pieces) {
            all.push(pcm);
            yield pcm.data;
          }
        } catch (err) {
          request.log.warn({ err }, 'speech stream ended early; the client gets a truncated WAV');
          throw err;
        }
        const pcm: Pcm = { sampleRateHz, channels: 1, bitsPerSample: 16, data: Buffer.concat(all.map((p) => p.data)) };
        // Before the stream ends: if the event cannot be recorded the stream breaks off without its
        // last chunk (the client sees a failed response, not a complete one with its event lost).
        try {
          await recordTtsCompleted(services, request, voice, text, pcm, 'wav-stream');
        } catch (err) {
          request.log.warn({ err }, 'could not record tts.completed; the speech stream is broken off');
          throw err;
        }
      }
      return reply
        .header('content-type', 'audio/wav')
        .header('cache-control', 'no-store')
        .send(Readable.from(body()) as never);
    },
  );

  app.post(
    '/text-to-speech/with-timestamps',
    {
      config: { auth: { scope: 'speech:write' } },
      schema: {
        summary:
          'Synthesise speech with per-word offsets (measured by the synthesis engine; interpolated from a server that reports no timing)',
        tags: ['speech'],
        body: SynthesisBody,
        response: { 200: Ok(TimestampsView), ...SYNTHESIS_ERRORS },
      },
    },
    async (request, reply) => {
      const speech = requireSpeech(services);
      const voice = await voiceFor(request.body, request);
      requireTextLength(request.body.text, config.speechMaxTextChars);
      const timed = await call(reply, () => speech.synthesizeWithTimestamps(voice, request.body.text));
      await recordTtsCompleted(services, request, voice, request.body.text, timed.pcm, 'wav-timestamps');
      return ok({
        voiceId: voice.voiceId,
        contentType: 'audio/wav' as const,
        audio: wavFile(timed.pcm).toString('base64'),
        sampleRate: timed.pcm.sampleRateHz,
        durationMs: durationMs(timed.pcm),
        words: timed.words,
        offsets: timed.offsets,
      });
    },
  );

  const uploadLimits = { bodyLimit: maxAudioBytes + 64 * 1024 };
  // The audio is read by the parsers above, not by a schema, so the document is told here.
  const audioBody = {
    required: true,
    description: 'The audio, as multipart (field "file") or as the raw body with its audio/* type',
    content: audioContent({ multipart: true }),
  };

  app.post(
    '/speech-to-text',
    {
      ...uploadLimits,
      config: { auth: { scope: 'speech:write' }, openapiRequestBody: audioBody },
      schema: {
        summary: 'Transcribe audio sent as multipart (field "file") or as a raw audio/* body',
        tags: ['speech'],
        querystring: TranscriptionQuery,
        response: { 200: Ok(TranscriptView), ...TRANSCRIPTION_ERRORS },
      },
    },
    async (request, reply) => transcribe(request, reply),
  );

  app.post(
    '/speech-to-text/stream',
    {
      ...uploadLimits,
      config: { auth: { scope: 'speech:write' }, openapiRequestBody: audioBody },
      schema: {
        summary: 'Transcribe through the upstream transcriber; one response, not a live feed',
        tags: ['speech'],
        querystring: TranscriptionQuery,
        response: { 200: Ok(TranscriptView), ...TRANSCRIPTION_ERRORS },
      },
    },
    async (request, reply) => transcribe(request, reply),
  );

  app.get(
    '/speech-to-text/health',
    {
      config: { auth: { scope: 'voices:read' } },
      schema: {
        summary: 'Health of the upstream transcription server (503 with Retry-After when it is down)',
        tags: ['speech'],
        response: { 200: Ok(HealthView), ...errors(...AUTHED_ERRORS, 503) },
      },
    },
    async (_request, reply) => {
      const speech = requireSpeech(services);
      const started = performance.now();
      await call(reply, () => speech.stt.health(Math.min(config.speechTimeoutMs, 2000)));
      return ok({
        status: 'ok' as const,
        model: config.speechSttUrl ? 'external' : config.speechSttModel,
        upstream: config.speechSttUrl ? ('external' as const) : ('embedded' as const),
        latencyMs: Math.round((performance.now() - started) * 10) / 10,
      });
    },
  );
};

export default speechRoutes;
