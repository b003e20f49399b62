/**
 * Writes src/schema.ts, the types of every operation, from the Companion OpenAPI document:
 *   npm run generate                                   # from http://localhost:3000/api/v1/openapi.json
 *   npm run generate -- https://companion.example.com  # from another instance
 *   npm run generate -- ./openapi.json                 # from a saved document
 * The service's test suite (test/http/typescript-client.test.ts) generates the same file from the
 * live document with generateSchema() and fails when it differs from the committed one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const SCHEMA_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src', 'schema.ts');

const BANNER = `/**
 * The Companion API's operations and schemas, generated from its OpenAPI document by
 * clients/typescript/generate.mjs (openapi-typescript). Do not edit: run \`npm run generate\`.
 */

`;

/** The TypeScript declarations of an OpenAPI document (an object, as GET /api/v1/openapi.json answers it). */
export async function generateSchema(document) {
  const ast = await openapiTS(structuredClone(document), { silent: true });
  return BANNER + astToString(ast);
}

async function readDocument(source) {
  if (!/^https?:\/\//.test(source)) return JSON.parse(fs.readFileSync(source, 'utf8'));
  const url = source.endsWith('.json') ? source : `${source.replace(/\/$/, '')}/api/v1/openapi.json`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const source = process.argv[2] ?? 'http://localhost:3000';
  fs.writeFileSync(SCHEMA_FILE, await generateSchema(await readDocument(source)));
  process.stdout.write(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)} from ${source}\n`);
}
