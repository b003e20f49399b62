/**
 * The API reference page: GET /reference, Swagger UI (swagger-ui-dist, served from node_modules,
 * nothing from a CDN) reading /api/v1/openapi.json. /docs and /api/v1/docs redirect to it.
 *
 * Like /view it is a document for people, outside the versioned API, with no credential and no
 * limit. "Try it out" sends the key the reader pastes into "Authorize" from the page itself;
 * the page keeps it in memory only (persistAuthorization off: nothing in localStorage, no cookie),
 * so a reload forgets it. The CSP allows the page's own origin and nothing else: scripts and
 * styles from here (Swagger UI sets inline style attributes), calls to this API, and blob: for
 * the audio and images a call answers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { errors } from '../schemas/common.js';

export const REFERENCE_PATH = '/reference';

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Companion API reference</title>
<link rel="icon" type="image/png" href="${REFERENCE_PATH}/favicon.png">
<link rel="stylesheet" href="${REFERENCE_PATH}/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="${REFERENCE_PATH}/swagger-ui-bundle.js"></script>
<script src="${REFERENCE_PATH}/reference.js"></script>
</body>
</html>
`;

// No inline script: the page's CSP allows scripts from this origin only.
const INIT = `"use strict";
window.referenceUi = SwaggerUIBundle({
  url: "/api/v1/openapi.json",
  dom_id: "#reference",
  // Off: Swagger UI's deep links log a console error for every operation id with an underscore.
  deepLinking: false,
  // The pasted key lives in this page's memory only.
  persistAuthorization: false,
  // No badge fetched from validator.swagger.io.
  validatorUrl: null,
  displayRequestDuration: true,
  docExpansion: "none",
  filter: true,
  showExtensions: true,
  tryItOutEnabled: false,
  defaultModelsExpandDepth: 0,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout"
});
`;

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
  /** Compressed on first request (Swagger UI's 1.7 MB script is about 0.5 MB gzipped). */
  gzipped?: Buffer;
}

function asset(body: Buffer, type: string): Asset {
  return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** Text worth compressing, when the browser takes gzip (every browser does). */
function wantsGzip(request: FastifyRequest, asset: Asset): boolean {
  return !asset.type.startsWith('image/') && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
}

const referencePageRoutes: FastifyPluginAsync = async (app) => {
  const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const file = (name: string, type: string) => asset(fs.readFileSync(path.join(dist, name)), type);
  // Read once: the files change only with an install, which restarts the service.
  const assets: Record<string, Asset> = {
    page: asset(Buffer.from(PAGE), 'text/html; charset=utf-8'),
    init: asset(Buffer.from(INIT), 'text/javascript; charset=utf-8'),
    bundle: file('swagger-ui-bundle.js', 'text/javascript; charset=utf-8'),
    css: file('swagger-ui.css', 'text/css; charset=utf-8'),
    // The style sheet names its source map: served, so a reader's DevTools finds it.
    cssMap: file('swagger-ui.css.map', 'application/json'),
    icon: file('favicon-32x32.png', 'image/png'),
  };

  const serve = (name: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const found = assets[name]!;
    const gzip = wantsGzip(request, found);
    // Each encoding is its own representation, with its own ETag.
    const etag = gzip ? `${found.etag.slice(0, -1)}-gz"` : found.etag;
    reply
      .header('content-type', found.type)
      .header('cache-control', name === 'page' ? 'no-cache' : 'public, max-age=300')
      .header('etag', etag)
      .header('vary', 'accept-encoding');
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
    if (name === 'page') reply.header('content-security-policy', CSP);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (!gzip) return reply.send(found.body);
    found.gzipped ??= gzipSync(found.body);
    return reply.header('content-encoding', 'gzip').send(found.gzipped);
  };

  const schema = (summary: string, type: string, body: object) => ({
    summary,
    tags: ['platform'],
    response: {
      200: { description: summary, content: { [type]: { schema: body } } },
      304: Type.Null({ description: 'Not modified (If-None-Match)' }),
    },
  });
  const text = { type: 'string' };
  const binary = { type: 'string', format: 'binary' };
  app.get(REFERENCE_PATH, { schema: schema('This API reference (HTML, Swagger UI)', 'text/html', text) }, serve('page'));
  app.get(`${REFERENCE_PATH}/reference.js`, { schema: schema("The reference page's settings", 'text/javascript', text) }, serve('init'));
  app.get(`${REFERENCE_PATH}/swagger-ui-bundle.js`, { schema: schema('Swagger UI', 'text/javascript', text) }, serve('bundle'));
  app.get(`${REFERENCE_PATH}/swagger-ui.css`, { schema: schema("Swagger UI's style sheet", 'text/css', text) }, serve('css'));
  app.get(
    `${REFERENCE_PATH}/swagger-ui.css.map`,
    {
      schema: schema("The style sheet's source map", 'application/json', { type: 'object', properties: { version: { type: 'integer' } } }),
    },
    serve('cssMap'),
  );
  app.get(`${REFERENCE_PATH}/favicon.png`, { schema: schema("The reference page's icon", 'image/png', binary) }, serve('icon'));

  // The addresses people try first lead to the page.
  // (Under /api/v1 a public route is limited per address: 429.)
  const redirect = (limited: boolean) => ({
    summary: 'Redirects to the API reference page (/reference)',
    tags: ['platform'],
    response: {
      301: Type.Null({ description: 'Moved permanently to /reference (Location header)' }),
      ...(limited ? errors(429) : {}),
    },
  });
  const toReference = async (_request: FastifyRequest, reply: FastifyReply) => reply.redirect(REFERENCE_PATH, 301);
  app.get('/docs', { schema: redirect(false) }, toReference);
  app.get('/api/v1/docs', { config: { auth: 'public' }, schema: redirect(true) }, toReference);
};

export default referencePageRoutes;
