/** GET /api/v1/openapi.json — the generated OpenAPI 3.1 document (public). */
import type { FastifyPluginAsync } from 'fastify';
import { errors } from '../schemas/common.js';

const openapiDocument: FastifyPluginAsync = async (app) => {
  app.get(
    '/openapi.json',
    {
      config: { auth: 'public' },
      schema: { summary: 'This API as an OpenAPI 3.1 document', tags: ['platform'], response: errors(429) },
    },
    async (_request, reply) => reply.type('application/json').send(app.swagger()),
  );
};

export default openapiDocument;
