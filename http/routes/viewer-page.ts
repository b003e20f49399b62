/**
 * The viewer page: GET /view (HTML) and GET /view/viewer.js (the esbuild bundle with
 * mediasoup-client), built into dist/web/viewer by runtime/build/bundle-viewer.ts.
 *
 * It sits outside /api/v1 on purpose: it is a document for people and iframes, not part of the
 * versioned JSON API. It carries no data and takes no credential; the token travels in the URL
 * fragment (`/view#session=ses_…&token=vt_…`), which browsers never send to a server, and the
 * page's own calls go to /api/v1 with it. So like /health it has no access check and no limit.
 * A CSP keeps the page to its own origin; `frame-ancestors` is VIEWER_FRAME_ANCESTORS.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { viewerBuildDir } from '../../runtime/build/bundle-viewer.js';
import { ViewerPageMissing } from '../errors.js';
import { errors } from '../schemas/common.js';

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

function load(file: string, type: string, cacheControl: string): Asset | undefined {
  const full = path.join(viewerBuildDir, file);
  if (!fs.existsSync(full)) return undefined;
  const body = fs.readFileSync(full);
  return { body, type, cacheControl, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

const viewerPageRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app.services;
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    "media-src 'self' blob: mediastream:",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${config.viewerFrameAncestors}`,
  ].join('; ');
  // Read once: the files change only with a build, which restarts the service.
  const assets: Record<string, Asset | undefined> = {
    page: load('index.html', 'text/html; charset=utf-8', 'no-cache'),
    script: load('viewer.js', 'text/javascript; charset=utf-8', 'public, max-age=300'),
    map: load('viewer.js.map', 'application/json', 'public, max-age=300'),
  };

  const serve = (name: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const asset = assets[name];
    if (!asset) throw new ViewerPageMissing();
    reply.header('content-type', asset.type).header('cache-control', asset.cacheControl).header('etag', asset.etag);
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
    if (name === 'page') reply.header('content-security-policy', csp);
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    return reply.send(asset.body);
  };

  // Each answers its own media type (not JSON, apart from the source map), as the document says.
  const schema = (summary: string, type: string, body: object) => ({
    summary,
    tags: ['viewers'],
    response: {
      200: { description: summary, content: { [type]: { schema: body } } },
      304: Type.Null({ description: 'Not modified (If-None-Match)' }),
      ...errors(503),
    },
  });
  const text = { type: 'string' };
  app.get(
    '/view',
    { schema: schema('The viewer page (HTML): /view#session=ses_…&token=vt_… or st_…; see docs/VIEWERS.md', 'text/html', text) },
    serve('page'),
  );
  app.get(
    '/view/viewer.js',
    { schema: schema("The viewer page's script (mediasoup-client bundled at build time)", 'text/javascript', text) },
    serve('script'),
  );
  app.get(
    '/view/viewer.js.map',
    {
      schema: schema("The script's source map", 'application/json', {
        type: 'object',
        properties: { version: { type: 'integer' }, mappings: { type: 'string' } },
        required: ['version', 'mappings'],
      }),
    },
    serve('map'),
  );
};

export default viewerPageRoutes;
