/**
 * Voices: GET /api/v1/voices and GET /api/v1/voices/:id for the built-in voices
 * (media/speech/voice-catalog.ts). Cloned voices (POST, DELETE) come with voice cloning and
 * still answer 501 from not-built.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BUILT_IN_VOICES, builtInVoice } from '../../media/speech/voice-catalog.js';
import { ResourceNotFound } from '../errors.js';
import { AUTHED_ERRORS, errors, IdParams, List, Ok, ok } from '../schemas/common.js';
import { voiceView, VoiceView } from '../speech/speech-http.js';

const voiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/voices',
    {
      config: { auth: { scope: 'voices:read' } },
      schema: {
        summary: 'List voices (built-in; cloned voices come with voice cloning)',
        tags: ['voices'],
        response: { 200: List(VoiceView), ...errors(...AUTHED_ERRORS) },
      },
    },
    async () => ({ success: true as const, data: BUILT_IN_VOICES.map(voiceView), has_more: false }),
  );

  app.get(
    '/voices/:id',
    {
      config: { auth: { scope: 'voices:read' } },
      schema: {
        summary: 'Fetch one voice',
        tags: ['voices'],
        params: IdParams,
        response: { 200: Ok(VoiceView), ...errors(404, ...AUTHED_ERRORS) },
      },
    },
    async (request) => {
      const voice = builtInVoice(request.params.id);
      if (!voice) throw new ResourceNotFound('voice', request.params.id);
      return ok(voiceView(voice));
    },
  );
};

export default voiceRoutes;
