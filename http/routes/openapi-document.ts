/** GET /api/v1/openapi.json — the generated OpenAPI 3.1 document (public). */
import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { errors } from '../schemas/common.js';

const openapiDocument: FastifyPluginAsync = async (app) => {
  app.get(
    '/openapi.json',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'This API as an OpenAPI 3.1 document',
        tags: ['platform'],
        response: {
          200: Type.Object(
            {
              openapi: Type.String(),
              info: Type.Object({ title: Type.String(), version: Type.String() }, { additionalProperties: true }),
              paths: Type.Object({}, { additionalProperties: true }),
            },
            { additionalProperties: true, description: 'The OpenAPI 3.1 document' },
          ),
          ...errors(429),
        },
      },
    },
    async (_request, reply) => reply.type('application/json').send(app.swagger()),
  );
};

export default openapiDocument;
