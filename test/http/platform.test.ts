import test from 'ava';
import { Writable } from 'node:stream';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { pino } from 'pino';
import { call, clearOfMinuteEdge, createAccount, envelopeOf, startTestService, type TestService } from '../helpers/service.js';
import { REDACTED_PATHS } from '../../runtime/logger.js';
import { projectRoot } from '../../runtime/paths.js';

let service: TestService;
const logLines: string[] = [];

test.before(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // Its own Redis database: the per-address counters of the public routes are per minute, and
  // other files' calls from the same address in the same minute must not count against its 5.
  service = await startTestService(
    { PUBLIC_REQUESTS_PER_MINUTE: '5', REDIS_URL: `${process.env.REDIS_URL}/10` },
    pino({ level: 'debug', redact: REDACTED_PATHS }, sink),
  );
});
test.after.always(async () => {
  await service?.close();
});

test('GET /health reports liveness and the readiness of each dependency', async (t) => {
  const res = await call(service.app, 'GET', '/health');
  t.is(res.statusCode, 200);
  const body = res.json();
  t.true(body.live);
  t.true(body.ready);
  for (const dep of ['postgres', 'redis', 'nats', 'temporal']) t.is(body.checks[dep].status, 'up', dep);
  t.like(body.media, { status: 'up', workers: 1, live: 1, rooms: 0 }, 'the mediasoup worker pool of a node hosting sessions');
  t.is((await call(service.app, 'GET', '/health', { query: { probe: 'readiness' } })).statusCode, 200);
});

test('GET /api/v1/status is public, cached for 15 s and limited per address', async (t) => {
  await clearOfMinuteEdge();
  const first = await call(service.app, 'GET', '/api/v1/status', { headers: { 'x-forwarded-for': '10.0.0.1' } });
  t.is(first.statusCode, 200);
  t.is(first.json().data.status, 'operational', first.body);
  t.regex(String(first.headers['cache-control']), /^public, max-age=1[0-5]$/);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const second = await call(service.app, 'GET', '/api/v1/status');
  t.is(second.json().data.generatedAt, first.json().data.generatedAt, 'served from the cache');
  t.true(Number(second.headers.age) >= 1);

  const answers = [];
  for (let i = 0; i < 6; i++) answers.push((await call(service.app, 'GET', '/api/v1/status')).statusCode);
  t.true(answers.includes(429)); // 5 per minute per address (two calls above already counted)
  const refused = await call(service.app, 'GET', '/api/v1/status');
  t.is(refused.statusCode, 429);
  t.is(envelopeOf(refused).code, 'COMPANION_ERR_LIMIT_IP');
  t.true(Number(refused.headers['retry-after']) >= 1);
});

test('the OpenAPI 3.1 document lists every registered route with its scope', async (t) => {
  const res = await call(service.app, 'GET', '/api/v1/openapi.json');
  t.is(res.statusCode, 200);
  const doc = res.json();
  t.is(doc.openapi, '3.1.0');
  for (const route of service.app.routeTable) {
    const openapiPath = route.url.replace(/:(\w+)/g, '{$1}');
    const operation = doc.paths[openapiPath]?.[route.method.toLowerCase()];
    t.truthy(operation, `${route.method} ${route.url} missing from the document`);
    if (typeof route.auth === 'object') t.is(operation['x-required-scope'], route.auth.scope);
    for (const status of Object.keys(operation?.responses ?? {})) t.truthy(operation.responses[status]);
  }
  t.truthy(doc.paths['/api/v1/admin/keys'].post.requestBody);
  t.truthy(doc.components.schemas.ErrorEnvelope ?? JSON.stringify(doc).includes('ErrorEnvelope'));
});

test('credentials never reach the logs', async (t) => {
  const account = await createAccount(service);
  await call(service.app, 'GET', '/api/v1/user', { key: account.live });
  await call(service.app, 'POST', '/api/v1/admin/keys', { key: account.live, body: { name: 'logged?' } });
  await call(service.app, 'GET', '/api/v1/user', { key: `${account.live}x` }); // malformed: refused
  const all = logLines.join('');
  t.true(all.includes('"route":"/api/v1/user"'), 'requests are logged');
  t.false(all.includes(account.live));
  t.false(all.includes(account.live.slice(8)));
  t.false(/sk_live_[0-9A-Za-z]{32}/.test(all));
});

test('the CLI bootstraps a user with a live and a test key that work', async (t) => {
  const email = `cli-${Date.now()}@example.test`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(projectRoot, 'dist/runtime/cli.js'), 'bootstrap', '--email', email, '--plan', 'pro'],
    {
      env: { ...process.env },
    },
  );
  const live = /live key\s+key_\w+\s+(sk_live_\w+)/.exec(stdout)?.[1];
  const testKey = /test key\s+key_\w+\s+(sk_test_\w+)/.exec(stdout)?.[1];
  t.truthy(live);
  t.truthy(testKey);
  const me = await call(service.app, 'GET', '/api/v1/user', { key: live });
  t.is(me.statusCode, 200);
  t.is(me.json().data.email, email);
  t.is(me.json().data.plan, 'pro');
  t.is((await call(service.app, 'GET', '/api/v1/user', { key: testKey })).statusCode, 200);
});

test('the CLI prints its usage for --help (exit 0) and for an unknown option (exit 2), without a stack trace', async (t) => {
  const cli = path.join(projectRoot, 'dist/runtime/cli.js');
  const run = (...args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [cli, ...args], { env: { ...process.env } }, (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr }),
      );
    });
  const help = await run('--help');
  t.is(help.code, 0, help.stderr);
  t.regex(help.stdout, /^usage:/);
  t.regex(help.stdout, /cli bootstrap --email EMAIL/);
  t.is(help.stderr, '');

  const unknown = await run('--bogus');
  t.is(unknown.code, 2);
  t.regex(unknown.stderr, /Unknown option '--bogus'/);
  t.regex(unknown.stderr, /usage:/);
  t.notRegex(unknown.stderr, /ERR_PARSE_ARGS|\n\s+at /, 'no error code or stack trace');
});
