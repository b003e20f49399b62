/**
 * Raw audio uploads (any `audio/*` type, and `application/octet-stream`): the body is read into a
 * Buffer up to `maxBytes`, refused with AudioTooLarge (413) as soon as the declared or received
 * length passes it. Used by transcription and by voice-clone uploads.
 *
 * In the scope of routes that take uploads, a body of any other type is refused with a 415 that
 * lists what the route takes (its documented request body), not the app-wide "send application/json".
 */
import type { FastifyContentTypeParser, FastifyInstance, FastifyRequest } from 'fastify';
import { AudioTooLarge, UnsupportedMediaType } from '../errors.js';

export function acceptRawAudio(app: FastifyInstance, maxBytes: number): void {
  const parse: FastifyContentTypeParser = (request, payload, done) => {
    if (Number(request.headers['content-length']) > maxBytes) return done(new AudioTooLarge(maxBytes), undefined);
    const chunks: Buffer[] = [];
    let bytes = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      bytes += chunk.length;
      if (bytes > maxBytes) {
        failed = true;
        done(new AudioTooLarge(maxBytes), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!failed) done(null, Buffer.concat(chunks));
    });
    payload.on('error', (err: Error) => {
      if (!failed) done(err, undefined);
    });
  };
  app.addContentTypeParser(/^audio\//, parse);
  app.addContentTypeParser('application/octet-stream', parse);
  // Only types no other parser takes get here (fastify tries the catch-all last).
  app.addContentTypeParser('*', (request, _payload, done) => done(unsupported(request), undefined));
}

/** 415 naming the type sent and the types this route takes (from its documented body, else JSON). */
function unsupported(request: FastifyRequest): Error {
  const sent = request.headers['content-type']?.split(';')[0]?.trim() || 'none';
  const content = request.routeOptions.config.openapiRequestBody?.content;
  const accepted = content ? Object.keys(content) : ['application/json'];
  const list = accepted.length === 1 ? accepted[0]! : `${accepted.slice(0, -1).join(', ')} or ${accepted.at(-1)}`;
  return new UnsupportedMediaType(sent, list);
}

/**
 * The OpenAPI content of a body read by these parsers (the document cannot learn it from a schema):
 * raw audio/* or octet-stream, and multipart with a `file` field where the route takes it. The
 * examples stand for a file's bytes; a real upload sends the file.
 */
export function audioContent(options: { multipart: boolean }): Record<string, unknown> {
  const audio = { type: 'string', contentMediaType: 'audio/*', description: 'WAV, WebM/Opus, Ogg, MP3 or FLAC' };
  const raw = { schema: audio, example: 'RIFF…WAVEfmt … (the bytes of a WAV file)' };
  return {
    ...(options.multipart
      ? {
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: audio }, required: ['file'] },
            example: { file: 'RIFF…WAVEfmt … (the bytes of a WAV file)' },
          },
        }
      : {}),
    'audio/*': raw,
    'application/octet-stream': raw,
  };
}
