/**
 * The OpenAPI 3.1 document, generated from the route schemas and served at
 * /api/v1/openapi.json. Each operation names the scope it requires (`x-required-scope`) and
 * whether browser session tokens are accepted (`x-session-token`).
 */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { ErrorEnvelope, PARSER_ERRORS, errors } from '../schemas/common.js';
import type { RouteAuth } from '../types.js';
import { addReference } from '../openapi-reference.js';

export default fp(
  async function openapi(app: FastifyInstance, opts: { version: string }) {
    app.addSchema(ErrorEnvelope);
    // Request bodies a route documents itself (config.openapiRequestBody), by "method path".
    const requestBodies = new Map<string, NonNullable<FastifyContextConfig['openapiRequestBody']>>();
    app.addHook('onRoute', (route) => {
      const body = route.config?.openapiRequestBody;
      if (!body) return;
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      for (const method of [route.method].flat()) requestBodies.set(`${method.toLowerCase()} ${path}`, body);
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Companion API',
          version: opts.version,
          description: 'Live AI companion sessions, speech, characters, keys, usage and signed webhooks.',
        },
        components: {
          securitySchemes: {
            bearer: {
              type: 'http',
              scheme: 'bearer',
              description: 'sk_live_/sk_test_ secret key, st_ session token or vt_ viewer token where noted',
            },
          },
        },
      },
      transformObject: (documentObject) => {
        const openapiObject = (documentObject as { openapiObject: Record<string, unknown> }).openapiObject;
        const paths = (openapiObject as { paths?: Record<string, Record<string, { requestBody?: Record<string, unknown> }>> }).paths ?? {};
        for (const [key, body] of requestBodies) {
          const [method = '', path = ''] = key.split(' ');
          const operation = paths[path]?.[method];
          if (!operation) continue;
          const content = { ...(operation.requestBody?.content as object | undefined), ...body.content };
          operation.requestBody = { ...operation.requestBody, ...body, content };
        }
        // What the reference page shows besides the schemas: descriptions, examples, every error code.
        return addReference(openapiObject);
      },
      refResolver: { buildLocalReference: (json, _base, _fragment, i) => (json.$id as string | undefined) ?? `def-${i}` },
      transform: ({ schema, url, route }) => {
        const auth = route.config?.auth as RouteAuth | undefined;
        const out = { ...(schema as Record<string, unknown>) };
        // Answers of Node's HTTP parser, before any route is chosen (http/plugins/edge.ts,
        // clientErrorHandler): every operation can get them, so every operation declares them.
        out.response = { ...errors(...PARSER_ERRORS), ...(out.response as object | undefined) };
        if (auth && auth !== 'public') {
          out.security = [{ bearer: [] }];
          out['x-required-scope'] = auth.scope;
          out['x-session-token'] = Boolean(auth.sessionToken);
          out['x-viewer-token'] = Boolean(auth.viewerToken);
        } else {
          out.security = [];
        }
        return { schema: out as never, url };
      },
    });
  },
  { name: 'openapi' },
);
