/**
 * Request validation. Query strings, path parameters and headers arrive as text, so they are
 * coerced to the schema's types (`?limit=20` → 20); JSON bodies are validated strictly, so
 * `{"name": 1}` is refused instead of silently becoming "1".
 *
 * Errors are verbose (they carry the failing schema), so a schema can name the error code its
 * violation answers with `x-error-code` (the error handler reads it). The `time-zone` format is an
 * IANA time zone name the runtime knows.
 */
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { isValidTimezone } from '../runtime/accounts/users.js';

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ removeAdditional: false, useDefaults: true, allErrors: false, strict: false, verbose: true, ...options });
  addFormats.default(ajv);
  ajv.addFormat('time-zone', { type: 'string', validate: isValidTimezone });
  return ajv;
}

export function createValidatorCompiler(): FastifySchemaCompiler<FastifySchema> {
  const strict = makeAjv({ coerceTypes: false });
  const coercing = makeAjv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema as object);
}
