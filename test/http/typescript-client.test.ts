/**
 * The typed TypeScript client (clients/typescript, issue 43) against the live document and a real
 * service: the types generated from GET /api/v1/openapi.json now are the committed ones (so the
 * document and the client cannot drift apart: a route changed without `npm run generate` fails
 * here), the package builds with them, and a realistic flow runs through it: a key of its own →
 * a character → a realtime session and its viewer token → a reply streamed sentence by sentence →
 * speech synthesised (whole and streamed) and heard back → the end, after which the session refuses chat with its code.
 */
import test from 'ava';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { projectRoot } from '../../runtime/paths.js';
import { CompanionError, createCompanionClient, ok, type ChatEvent } from '../../clients/typescript/src/index.js';
import { createAccount, startTestService, type TestAccount, type TestService } from '../helpers/service.js';

const CLIENT_DIR = path.join(projectRoot, 'clients/typescript');
let service: TestService;
let account: TestAccount;
let baseUrl: string;

test.before(async () => {
  service = await startTestService({ REDIS_URL: `${process.env.REDIS_URL}/1`, MEDIA_PERFORMER: 'test-pattern' });
  account = await createAccount(service);
  baseUrl = await service.app.listen({ host: '127.0.0.1', port: 0 });
});
test.after.always(async () => {
  await service?.close();
});

test('the committed types are those of the live document, and the package builds with them', async (t) => {
  t.timeout(120_000);
  const document = (await (await fetch(`${baseUrl}/api/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
  const generator = (await import(pathToFileURL(path.join(CLIENT_DIR, 'generate.mjs')).href)) as {
    generateSchema(document: unknown): Promise<string>;
    SCHEMA_FILE: string;
  };
  const live = await generator.generateSchema(document);
  const committed = fs.readFileSync(generator.SCHEMA_FILE, 'utf8');
  const liveLines = live.split('\n');
  const firstDifference = committed.split('\n').findIndex((line, i) => line !== liveLines[i]);
  // Written beside the run's data, so a failure here is fixed by copying it over.
  const written = path.join(process.env.COMPANION_DATA_DIR ?? os.tmpdir(), 'schema.ts');
  fs.mkdirSync(path.dirname(written), { recursive: true });
  fs.writeFileSync(written, live);
  t.true(
    live === committed,
    `clients/typescript/src/schema.ts differs from the live document's types from line ${firstDifference + 1} ` +
      `(live: ${JSON.stringify(liveLines[firstDifference])}): copy ${written} over it, or run ` +
      '`cd clients/typescript && npm run generate` with the service running',
  );
  for (const route of Object.keys(document.paths)) t.true(live.includes(`\n    "${route}": {`), `the client has ${route}`);

  // The package as it is published: its own tsconfig, against the live document's types.
  const build = fs.mkdtempSync(path.join(os.tmpdir(), 'companion-client-'));
  t.teardown(() => fs.rmSync(build, { recursive: true, force: true }));
  fs.cpSync(path.join(CLIENT_DIR, 'src'), path.join(build, 'src'), { recursive: true });
  fs.writeFileSync(path.join(build, 'src', 'schema.ts'), live);
  fs.copyFileSync(path.join(CLIENT_DIR, 'tsconfig.json'), path.join(build, 'tsconfig.json'));
  // Its dependencies resolve from the project's node_modules, as in the workspace.
  fs.symlinkSync(path.join(projectRoot, 'node_modules'), path.join(build, 'node_modules'));
  const tsc = path.join(projectRoot, 'node_modules/typescript/bin/tsc');
  const result = await promisify(execFile)(process.execPath, [tsc, '-p', path.join(build, 'tsconfig.json')]).catch(
    (err: { stdout: string }) => err,
  );
  t.is('stdout' in result ? result.stdout : '', '', 'the package compiles');
  t.true(fs.existsSync(path.join(build, 'dist', 'index.js')) && fs.existsSync(path.join(build, 'dist', 'schema.d.ts')));

  // A user's program against the built declarations (dist/*.d.ts, what the package ships): the
  // calls are typed, so a wrong body or an unknown path does not compile.
  fs.writeFileSync(
    path.join(build, 'consumer.ts'),
    [
      "import { createCompanionClient, ok } from './dist/index.js';",
      "const companion = createCompanionClient({ baseUrl: 'http://localhost:3000', apiKey: 'sk_test_x' });",
      "export const made = ok(companion.POST('/api/v1/characters', { body: { name: 'Mira' } })).then(({ data }) => data.id.toUpperCase());",
      '// @ts-expect-error a name is a string',
      "companion.POST('/api/v1/characters', { body: { name: 1 } });",
      '// @ts-expect-error no such operation',
      "companion.GET('/api/v1/no-such-route');",
      '',
    ].join('\n'),
  );
  const consumer = await promisify(execFile)(process.execPath, [
    tsc,
    '--noEmit',
    '--strict',
    '--module',
    'nodenext',
    '--target',
    'es2022',
    '--lib',
    'es2023,dom',
    path.join(build, 'consumer.ts'),
  ]).catch((err: { stdout: string }) => err);
  t.is('stdout' in consumer ? consumer.stdout : '', '', 'a program using the built package type-checks, and its mistakes do not');

  const pkg = JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    dependencies: Record<string, string>;
  };
  t.is(pkg.name, '@companion/client');
  t.regex(pkg.version, /^\d+\.\d+\.\d+$/);
  const fetchVersion = (
    JSON.parse(fs.readFileSync(path.join(projectRoot, 'node_modules/openapi-fetch/package.json'), 'utf8')) as { version: string }
  ).version;
  t.is(pkg.dependencies['openapi-fetch'], fetchVersion, 'the package pins the openapi-fetch the project tests it with');
});

test('a flow through the client: key → character → realtime session → chat streamed → speech → end', async (t) => {
  t.timeout(120_000);
  const admin = createCompanionClient({ baseUrl, apiKey: account.live });
  const { data: key } = await ok(
    admin.POST('/api/v1/admin/keys', {
      body: { name: 'client test', scopes: ['characters:write', 'sessions:write', 'sessions:read', 'sessions:chat', 'speech:write'] },
    }),
  );
  t.regex(key.secret, /^sk_live_/);
  const companion = createCompanionClient({ baseUrl, apiKey: key.secret });

  const { data: character } = await ok(
    companion.POST('/api/v1/characters', {
      body: { name: 'Mira', personality: { description: 'A cheerful lighthouse keeper', greeting: '' } },
    }),
  );
  t.regex(character.id, /^chr_/);

  const created = await companion.POST('/api/v1/avatars', { body: { characterId: character.id, realtime: true } });
  t.is(created.response.status, 201);
  const session = created.data!.data;
  t.true(session.realtime);
  t.truthy(session.room, 'a realtime session has a room');
  t.regex(created.response.headers.get('ratelimit') ?? '', /"minute";r=\d+/, 'the rate-limit headers the reference documents');

  const { data: viewer } = await ok(
    companion.POST('/api/v1/avatars/{id}/viewer-token', { params: { path: { id: session.id } }, body: {} }),
  );
  t.regex(viewer.viewerUrl, new RegExp(`/view#session=${session.id}&token=vt_live_`));

  const events: ChatEvent[] = [];
  for await (const event of companion.chatStream(session.id, 'Hi! Who are you?')) events.push(event);
  const last = events.at(-1);
  t.is(last?.type, 'reply');
  const reply = last?.type === 'reply' ? last.reply : undefined;
  const sentences = events.flatMap((e) => (e.type === 'sentence' ? [e.text] : []));
  t.true(sentences.length >= 1, 'sentences arrive before the reply');
  t.deepEqual(sentences, reply?.reply.sentences, 'the streamed sentences are the reply');
  t.true(reply?.reply.text.includes('Mira'), reply?.reply.text);
  t.is(reply?.exchange, 1);

  const wav = await companion.synthesize({ text: 'Good morning, and welcome aboard.', voiceId: 'en-US-joe' });
  t.is(Buffer.from(wav.subarray(0, 4)).toString('latin1'), 'RIFF', 'speech comes back as WAV bytes');
  const pieces: Uint8Array[] = [];
  for await (const piece of await companion.synthesizeStream({ text: 'One moment, please.', voiceId: 'en-US-joe' })) pieces.push(piece);
  const streamed = Buffer.concat(pieces);
  t.is(streamed.subarray(0, 4).toString('latin1'), 'RIFF', 'streamed speech: a WAV header, then the audio');
  t.true(streamed.length > 44 + 4000, `${streamed.length} bytes streamed`);
  const transcript = await companion.transcribe(wav, 'audio/wav');
  t.regex(transcript.text.toLowerCase(), /good morning/, transcript.text);

  const { data: ended } = await ok(companion.DELETE('/api/v1/avatars/{id}', { params: { path: { id: session.id } } }));
  t.is(ended.state, 'closed');
  const refused = await t.throwsAsync(async () => {
    for await (const event of companion.chatStream(session.id, 'Still there?')) t.fail(`no event after the end: ${JSON.stringify(event)}`);
  });
  t.true(refused instanceof CompanionError);
  t.is((refused as CompanionError).code, 'COMPANION_ERR_SESSION_ENDED');
  t.is((refused as CompanionError).status, 409);

  const wrongScope = await t.throwsAsync(ok(companion.GET('/api/v1/admin/keys')));
  t.is((wrongScope as CompanionError).code, 'COMPANION_ERR_AUTH_SCOPE', 'a refusal carries its stable code');
});
