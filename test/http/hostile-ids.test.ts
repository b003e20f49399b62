/**
 * Ids a caller types are checked against their grammar at the edge (http/schemas/ids.ts) before
 * any lookup (issue 39, items 1 and 2): on every route of the OpenAPI document, a malformed id is
 * a 404 in the envelope, like an id of nothing, and no such id reaches NATS, whose connection
 * every account on the node shares. One account's hostile calls leave another's traffic untouched.
 */
import test from 'ava';
import {
  call,
  captureLogs,
  createAccount,
  envelopeOf,
  idPrefixOf,
  startTestService,
  type TestAccount,
  type TestService,
} from '../helpers/service.js';

let service: TestService;
let hostile: TestAccount;
let neighbour: TestAccount;
let logs: ReturnType<typeof captureLogs>;

test.before(async () => {
  logs = captureLogs('info');
  service = await startTestService({ SESSION_CAPACITY: '40', PUBLIC_REQUESTS_PER_MINUTE: '100000' }, logs.logger);
  hostile = await createAccount(service, { plan: 'enterprise' });
  neighbour = await createAccount(service, { plan: 'enterprise' });
});
test.after.always(async () => {
  await service?.close();
});

/**
 * What the independent check sent, and the neighbours of each: separators and wildcards of NATS
 * subjects, protocol breakers (space, CR/LF, NUL), path tricks, SQL, non-ASCII, and overlong ids.
 * `%s` stands for the id's own prefix, so each value is otherwise shaped like an id of its route.
 */
const HOSTILE = [
  '%s_x y',
  '%s_x\ny',
  '%s_x\r\nPUB avatar.session.x 2',
  '%s_*',
  '%s_>',
  '%s_a.b',
  '%s_a.*.>',
  "%s_' OR '1'='1",
  '%s_😀',
  '%s_a\tb',
  '..%2F..%2Fadmin%2Fkeys',
  '%s_' + 'a'.repeat(61),
  '%s_',
  '*',
  '>',
];

/** Every operation of the document with a path parameter, as [method, template, parameter names]. */
async function operationsWithIds(): Promise<Array<[string, string, string[]]>> {
  const doc = (await call(service.app, 'GET', '/api/v1/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
  const out: Array<[string, string, string[]]> = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    const params = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (params.length === 0) continue;
    for (const method of Object.keys(operations)) out.push([method.toUpperCase(), template, params]);
  }
  return out;
}

function urlWith(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]!).replace(/%25/g, '%'));
}

test('the document gives every path id its grammar', async (t) => {
  const doc = (await call(service.app, 'GET', '/api/v1/openapi.json')).json() as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; schema: { pattern?: string } }> }>>;
  };
  let seen = 0;
  for (const [template, operations] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(operations))
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'path') {
          seen++;
          t.truthy(parameter.schema.pattern, `${method} ${template} {${parameter.name}} has no pattern`);
          t.false(new RegExp(parameter.schema.pattern!).test('ses_x y'), `${method} ${template}: its pattern admits a space`);
        }
  t.true(seen >= 20, `only ${seen} path ids in the document`);
});

test('a malformed id is a 404 in the envelope on every route, and NATS never sees it', async (t) => {
  const operations = await operationsWithIds();
  t.true(operations.length >= 20, `only ${operations.length} operations with ids`);
  const org = (await call(service.app, 'POST', '/api/v1/organizations', { key: hostile.live, body: { name: 'Hostile Org' } })).json().data;
  let calls = 0;
  for (const [method, template, params] of operations) {
    for (const param of params) {
      for (const shape of HOSTILE) {
        const value = shape.replace('%s', idPrefixOf(template.replace(/\{(\w+)\}/g, ':$1'), param));
        const values: Record<string, string> = { id: org.id, userId: hostile.userId, [param]: value };
        const url = urlWith(template, values);
        const body = method === 'POST' || method === 'PATCH' ? { text: 'hello', name: 'x' } : undefined;
        const res = await call(service.app, method, url, { key: hostile.live, body });
        calls++;
        const label = `${method} ${template} {${param}} = ${JSON.stringify(value)} → ${res.statusCode} ${res.body.slice(0, 160)}`;
        t.is(res.statusCode, 404, label);
        const error = envelopeOf(res);
        t.true(['COMPANION_ERR_NOT_FOUND', 'COMPANION_ERR_ROUTE_NOT_FOUND'].includes(error.code), label);
      }
    }
  }
  t.log(`${calls} calls with hostile ids on ${operations.length} operations`);
  t.deepEqual(
    logs.lines.filter((l) => /NATS connection/.test(l.msg ?? '')).map((l) => l.msg),
    [],
    'the NATS connection never dropped',
  );
});

test("one account's hostile calls leave another account's sessions untouched", async (t) => {
  const characterOf = async (account: TestAccount) =>
    (await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Neighbour' } })).json().data.id as string;
  const character = await characterOf(neighbour);
  const before = logs.lines.length;
  let stop = false;
  let hostileCalls = 0;
  const attack = (async () => {
    const ids = ['ses_x y', 'ses_x\ny', "ses_'; DROP TABLE live_sessions; --", 'ses_*', 'ses_>', 'ses_😀', 'ses_a.b'];
    while (!stop) {
      const id = ids[hostileCalls % ids.length]!;
      const res = await call(service.app, 'POST', `/api/v1/avatars/${encodeURIComponent(id)}/chat`, {
        key: hostile.live,
        body: { text: 'hi' },
      });
      if (res.statusCode !== 404) throw new Error(`a hostile call answered ${res.statusCode}: ${res.body}`);
      hostileCalls++;
    }
  })();
  const statuses: number[] = [];
  try {
    for (let i = 0; i < 10; i++) {
      const created = await call(service.app, 'POST', '/api/v1/avatars', { key: neighbour.live, body: { characterId: character } });
      statuses.push(created.statusCode);
      if (created.statusCode !== 201) continue;
      const id = created.json().data.id as string;
      const chat = await call(service.app, 'POST', `/api/v1/avatars/${id}/chat`, {
        key: neighbour.live,
        body: { text: 'What is your name?' },
      });
      statuses.push(chat.statusCode);
      const ended = await call(service.app, 'DELETE', `/api/v1/avatars/${id}`, { key: neighbour.live });
      statuses.push(ended.statusCode);
    }
  } finally {
    stop = true;
    await attack;
  }
  t.log(`${hostileCalls} hostile calls beside the neighbour's 30`);
  t.true(hostileCalls >= 30, `only ${hostileCalls} hostile calls ran beside the neighbour's traffic`);
  t.deepEqual(statuses, Array.from({ length: 10 }, () => [201, 200, 200]).flat(), "the neighbour's creates, chats and ends all succeeded");
  const warnings = logs.lines.slice(before).filter((l) => l.level >= 40);
  t.deepEqual(
    warnings.map((l) => l.msg),
    [],
    'nothing went wrong on the node while it was attacked',
  );
});

test('a malformed id is a 404 before the body is read: a body that is not JSON changes nothing', async (t) => {
  for (const url of ['/api/v1/avatars/ses_a.%2A.%3E/viewer-token', '/api/v1/avatars/ses_x%20y/chat', '/api/v1/characters/chr_%3E']) {
    const res = await service.app.inject({
      method: url.includes('characters') ? 'PATCH' : 'POST',
      url,
      headers: { authorization: `Bearer ${hostile.live}`, 'content-type': 'application/json' },
      payload: '\u00ff\u00fe,{',
    });
    t.is(res.statusCode, 404, `${url}: ${res.body}`);
    t.is(envelopeOf(res).code, 'COMPANION_ERR_NOT_FOUND');
  }
  // A well-formed id of nothing with the same body is still the body's 400.
  const res = await service.app.inject({
    method: 'POST',
    url: '/api/v1/avatars/ses_missing/chat',
    headers: { authorization: `Bearer ${hostile.live}`, 'content-type': 'application/json' },
    payload: '\u00ff\u00fe,{',
  });
  t.is(res.statusCode, 400);
});
