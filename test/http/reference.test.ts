/**
 * The reference page and what it reads (issue 43): GET /reference serves Swagger UI from this
 * origin under a CSP that allows nothing else, /docs and /api/v1/docs lead to it, and the OpenAPI
 * document gives every operation a description and an example of each request and answer, errors
 * included, each one valid against its schema. Every COMPANION_ERR_* code the sources can answer
 * is in the error catalog and in the document's introduction, with the rate-limit headers.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { projectRoot } from '../../runtime/paths.js';
import { ERROR_CATALOG } from '../../http/error-catalog.js';
import { call, startTestService, type TestService } from '../helpers/service.js';

let service: TestService;
type Json = Record<string, unknown>;
let document: Json;

test.before(async () => {
  service = await startTestService();
  document = (await call(service.app, 'GET', '/api/v1/openapi.json')).json();
});
test.after.always(async () => {
  await service?.close();
});

test('GET /reference is Swagger UI served from this origin, under a CSP that allows only this origin', async (t) => {
  const page = await call(service.app, 'GET', '/reference');
  t.is(page.statusCode, 200);
  t.regex(String(page.headers['content-type']), /^text\/html/);
  const csp = String(page.headers['content-security-policy']);
  t.regex(csp, /default-src 'none'/);
  t.regex(csp, /script-src 'self'(;|$)/, 'no inline script, no eval, no other origin');
  t.regex(csp, /connect-src 'self'(;|$)/, '"Try it out" calls this API only');
  t.regex(csp, /frame-ancestors 'none'/);
  t.notRegex(csp, /https?:|\*/, 'no other origin anywhere');
  t.notRegex(page.body, /<script>|https?:\/\//, 'no inline script and no absolute address in the page');
  const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  t.deepEqual(assets.sort(), [
    '/reference/favicon.png',
    '/reference/reference.js',
    '/reference/swagger-ui-bundle.js',
    '/reference/swagger-ui.css',
  ]);
  for (const asset of assets) {
    const res = await call(service.app, 'GET', asset);
    t.is(res.statusCode, 200, asset);
    t.is(res.headers['x-content-type-options'], 'nosniff');
    const again = await call(service.app, 'GET', asset, { headers: { 'if-none-match': String(res.headers.etag) } });
    t.is(again.statusCode, 304, `${asset} is revalidated by its ETag`);
  }
  const plain = await call(service.app, 'GET', '/reference/swagger-ui-bundle.js');
  const gzipped = await call(service.app, 'GET', '/reference/swagger-ui-bundle.js', { headers: { 'accept-encoding': 'gzip, br' } });
  t.is(gzipped.headers['content-encoding'], 'gzip');
  t.true(gzipped.rawPayload.length < plain.rawPayload.length / 2, `${gzipped.rawPayload.length} of ${plain.rawPayload.length} bytes`);
  t.true(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload), 'the same script');
  t.not(gzipped.headers.etag, plain.headers.etag, 'each encoding has its own ETag');
  const init = (await call(service.app, 'GET', '/reference/reference.js')).body;
  t.regex(init, /persistAuthorization: false/, 'the pasted key is never stored');
  t.regex(init, /validatorUrl: null/, 'no badge from validator.swagger.io');
  t.regex(init, /url: "\/api\/v1\/openapi.json"/);
});

test('/docs and /api/v1/docs redirect to /reference', async (t) => {
  for (const url of ['/docs', '/api/v1/docs', '/docs/']) {
    const res = await call(service.app, 'GET', url);
    t.is(res.statusCode, 301, url);
    t.is(res.headers.location, '/reference', url);
  }
});

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
interface Media {
  schema?: Json;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  description?: string;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media>; headers?: Json }>;
}
function operations(): Array<[string, Operation]> {
  return Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${p}`, op]),
  );
}

/** Each example of a media type, named, with the schema it must satisfy. */
function examplesOf(media: Media): Array<[string, unknown]> {
  if ('example' in media) return [['example', media.example]];
  return Object.entries(media.examples ?? {}).map(([name, { value }]) => [name, value]);
}

test('every operation has a description, and an example of each request body and each answer, errors included', (t) => {
  const ops = operations();
  t.true(ops.length > 60, `${ops.length} operations`);
  for (const [name, op] of ops) {
    t.true((op.description ?? '').length > 20, `${name} has a description`);
    for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
      t.true(examplesOf(media).length > 0, `${name} request ${type} has an example`);
    }
    for (const [status, response] of Object.entries(op.responses)) {
      for (const [type, media] of Object.entries(response.content ?? {})) {
        t.true(examplesOf(media).length > 0, `${name} ${status} ${type} has an example`);
        if (Number(status) >= 400 && media.schema?.$ref === '#/components/schemas/ErrorEnvelope') {
          for (const [code, value] of examplesOf(media)) {
            const error = (value as { error: { code: string; statusCode: number } }).error;
            t.is(error.code, code, `${name} ${status}: an example per code, named by it`);
            t.is(error.statusCode, Number(status), `${name} ${status} ${code}`);
            t.true(
              ERROR_CATALOG.some((e) => e.code === code && e.status === Number(status)),
              `${name} ${status} ${code} is in the catalog at that status`,
            );
          }
        }
      }
      t.truthy(response.headers?.['X-Request-Id'], `${name} ${status} documents X-Request-Id`);
    }
  }
});

test('every example is valid against its schema', (t) => {
  let checked = 0;
  const invalid: string[] = [];
  for (const [name, op] of operations()) {
    const medias = [
      ...Object.entries(op.requestBody?.content ?? {}).map(([type, media]) => [`request ${type}`, media] as const),
      ...Object.entries(op.responses).flatMap(([status, r]) =>
        Object.entries(r.content ?? {}).map(([type, m]) => [`${status} ${type}`, m] as const),
      ),
    ];
    for (const [where, media] of medias) {
      if (!media.schema) continue;
      // A fresh validator each time: component schemas carry their own $id. The document's
      // components ride along, so "#/components/schemas/…" resolves as it does in the document.
      const ajv = new Ajv2020({ strict: false, allErrors: false });
      addFormats.default(ajv);
      ajv.addFormat('time-zone', true);
      const validate = ajv.compile({ ...media.schema, components: document.components });
      for (const [exampleName, value] of examplesOf(media)) {
        checked++;
        if (!validate(value)) invalid.push(`${name} ${where} ${exampleName}: ${ajv.errorsText(validate.errors)}`);
      }
    }
  }
  t.deepEqual(invalid, []);
  t.true(checked > 200, `${checked} examples checked`);
});

test('the error examples carry the messages the service answers', async (t) => {
  const list = (document.paths as Record<string, Record<string, Operation>>)['/api/v1/characters']!.get!;
  const example = (status: string, code: string) =>
    (list.responses[status]!.content!['application/json']!.examples![code]!.value as { error: { message: string } }).error.message;
  const missing = await call(service.app, 'GET', '/api/v1/characters');
  t.is(example('401', 'COMPANION_ERR_AUTH_MISSING'), missing.json().error.message);
  const invalid = await call(service.app, 'GET', '/api/v1/characters', { key: 'sk_live_nothing' });
  t.is(example('401', 'COMPANION_ERR_AUTH_INVALID'), invalid.json().error.message);
  t.is(example('403', 'COMPANION_ERR_AUTH_SCOPE'), 'this key lacks the scope characters:read', 'the scope of the operation');
});

/** Every COMPANION_ERR_* literal in the service's sources. */
function codesInSources(): Set<string> {
  const codes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts'))
        for (const m of fs.readFileSync(full, 'utf8').matchAll(/COMPANION_ERR_[A-Z0-9_]+/g)) codes.add(m[0]);
    }
  };
  for (const dir of ['http', 'runtime', 'actors', 'media', 'workflows']) walk(path.join(projectRoot, dir));
  return codes;
}

test('the reference lists every error code the service answers, once, with the envelope and the rate-limit headers', (t) => {
  const catalog = ERROR_CATALOG.map((e) => e.code);
  t.is(new Set(catalog).size, catalog.length, 'each code once');
  const inSources = codesInSources();
  t.deepEqual([...inSources].filter((code) => !catalog.includes(code)).sort(), [], 'every code in the sources is in http/error-catalog.ts');
  t.deepEqual(catalog.filter((code) => !inSources.has(code)).sort(), [], 'the catalog has no code the service never answers');

  const intro = String((document.info as Json).description);
  for (const entry of ERROR_CATALOG) t.true(intro.includes(`| ${entry.status} | \`${entry.code}\` |`), entry.code);
  t.regex(intro, /"success": false, "error": \{ "message"/, 'the envelope');
  for (const header of [
    'RateLimit-Policy:',
    'RateLimit:',
    'X-RateLimit-Limit:',
    'X-RateLimit-Remaining:',
    'X-RateLimit-Reset:',
    'Retry-After',
  ]) {
    t.true(intro.includes(header), header);
  }
  t.deepEqual(Object.keys((document.components as Json).headers as Json).sort(), [
    'RateLimit',
    'RateLimit-Policy',
    'Retry-After',
    'X-Request-Id',
  ]);
  const character = (document.paths as Record<string, Record<string, Operation>>)['/api/v1/characters']!.post!;
  t.truthy(character.responses['201']!.headers!.RateLimit, 'a credentialed success documents RateLimit');
  t.truthy(character.responses['429']!.headers!['Retry-After'], 'a 429 documents Retry-After');
});
