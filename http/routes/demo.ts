/**
 * The public homepage demo: GET /api/v1/demo/voices and POST /api/v1/demo/tts, without
 * credentials. Synthesis for anyone is bounded three ways: a tight per-address limit (5 a
 * minute), a short text (DEMO_MAX_TEXT_CHARS) and a few voices (DEMO_VOICE_IDS). No event is
 * emitted: there is no account.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BUILT_IN_VOICES, DEMO_VOICE_IDS, isBuiltInVoice } from '../../runtime/voices/voice-catalog.js';
import { wavFile } from '../../media/speech/wav.js';
import { errors } from '../schemas/common.js';
import { requireSpeech, requireTextLength, requireVoice, speechCall, voiceView, VoiceView, WavResponse } from '../speech/speech-http.js';

export const DEMO_MAX_TEXT_CHARS = 300;
export const DEMO_REQUESTS_PER_MINUTE = 5;

const DemoBody = Type.Object(
  {
    text: Type.String({ minLength: 1, description: `At most ${DEMO_MAX_TEXT_CHARS} characters` }),
    voiceId: Type.String({
      enum: DEMO_VOICE_IDS.filter(isBuiltInVoice),
      description: 'One of GET /api/v1/demo/voices',
      'x-error-code': 'COMPANION_ERR_SPEECH_VOICE',
    }),
  },
  { additionalProperties: false, examples: [{ text: 'Hi, nice to meet you!', voiceId: 'en-US-joe' }] },
);

const demoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { services } = app;

  app.get(
    '/demo/voices',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Voices the homepage demo may use (public)',
        tags: ['demo'],
        response: { 200: Type.Object({ success: Type.Literal(true), data: Type.Array(VoiceView) }), ...errors(429) },
      },
    },
    async () => ({ success: true as const, data: BUILT_IN_VOICES.filter((v) => DEMO_VOICE_IDS.includes(v.voiceId)).map(voiceView) }),
  );

  app.post(
    '/demo/tts',
    {
      // The homepage demo synthesises for anyone: a tight per-address limit (spec: Demo synthesis).
      config: { auth: 'public', publicPerMinute: DEMO_REQUESTS_PER_MINUTE },
      schema: {
        summary: `Homepage demo synthesis (public; ${DEMO_REQUESTS_PER_MINUTE} requests a minute per address); a WAV file`,
        tags: ['demo'],
        body: DemoBody,
        response: { 200: WavResponse, ...errors(400, 413, 429, 503) },
      },
    },
    async (request, reply) => {
      const speech = requireSpeech(services);
      const voice = requireVoice(request.body.voiceId, DEMO_VOICE_IDS);
      requireTextLength(request.body.text, DEMO_MAX_TEXT_CHARS);
      const config = services.config;
      const pcm = await speechCall(reply, config.speechRetryAfterS, config.speechMaxAudioS, () =>
        speech.synthesize(voice, request.body.text),
      );
      return reply.header('content-type', 'audio/wav').send(wavFile(pcm));
    },
  );
};

export default demoRoutes;
