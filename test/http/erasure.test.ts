import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { call, createAccount, envelopeOf, startTestService, type TestAccount, type TestService } from '../helpers/service.js';
import { Receiver } from '../helpers/receiver.js';
import { accountFilesDir } from '../../runtime/files/account-files.js';

let service: TestService;

test.before(async () => {
  service = await startTestService({ WEBHOOK_RETRY_SCHEDULE_S: '30,30' });
});
test.after.always(async () => {
  await service?.close();
});

const TABLES_WITH_USER = [
  'api_keys',
  'session_tokens',
  'memberships',
  'characters',
  'events',
  'webhook_endpoints',
  'webhook_deliveries',
  'usage_batches',
];

async function rowsOf(userId: string): Promise<Record<string, number>> {
  const conn = service.services.orm.em.getConnection();
  const out: Record<string, number> = {};
  for (const table of TABLES_WITH_USER) {
    out[table] = ((await conn.execute(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = ?`, [userId]))[0] as { n: number }).n;
  }
  // usage_batches holds several calls per row: the erasure report counts calls.
  out.usage_calls = (
    (await conn.execute('SELECT coalesce(sum(calls), 0)::int AS n FROM usage_batches WHERE user_id = ?', [userId]))[0] as { n: number }
  ).n;
  out.users = ((await conn.execute('SELECT count(*)::int AS n FROM users WHERE id = ?', [userId]))[0] as { n: number }).n;
  return out;
}

async function redisKeysOf(ids: string[]): Promise<string[]> {
  const keys = await service.services.redis.keys('cmp:*');
  return keys.filter((k) => ids.some((id) => k.includes(id)));
}

/** An account with something in every store: rows, a file, Redis counters, a running workflow. */
async function populated(): Promise<{ account: TestAccount; orgId: string; file: string; receiver: Receiver }> {
  const account = await createAccount(service);
  const receiver = new Receiver();
  receiver.respond = () => 500; // the delivery keeps retrying: its workflow is running
  await receiver.start();
  await call(service.app, 'POST', '/api/v1/webhooks', { key: account.live, body: { url: receiver.url, events: ['character.created'] } });
  await call(service.app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'One' } });
  await call(service.app, 'POST', '/api/v1/characters', { key: account.test, body: { name: 'Two' } });
  const org = await call(service.app, 'POST', '/api/v1/organizations', { key: account.live, body: { name: 'Solo' } });
  const em = service.services.orm.em.fork();
  const parent = await service.services.credentials.verify(em as never, account.live);
  await service.services.credentials.issueSessionToken(em as never, { parent, sessionId: null, ttlS: 600 });
  const dir = accountFilesDir(service.services.config.dataDir, account.userId);
  fs.mkdirSync(path.join(dir, 'voices'), { recursive: true });
  const file = path.join(dir, 'voices', 'sample.wav');
  fs.writeFileSync(file, Buffer.alloc(4321));
  await receiver.waitFor((r) => r.length >= 1);
  await service.services.usage.flush();
  return { account, orgId: org.json().data.id, file, receiver };
}

test('a dry run reports exactly what would be erased and changes nothing', async (t) => {
  const { account, file, receiver } = await populated();
  t.teardown(() => receiver.stop());
  const before = await rowsOf(account.userId);
  const res = await call(service.app, 'DELETE', '/api/v1/user/account', { key: account.live, query: { dryRun: 'true' } });
  t.is(res.statusCode, 200);
  const report = res.json().data;
  t.true(report.dryRun);
  t.false(report.erased);
  t.is(report.records.apiKeys, 2);
  t.is(report.records.sessionTokens, 1);
  t.is(report.records.characters, 2);
  t.is(report.records.webhookEndpoints, 1);
  t.is(report.records.organizations, 1);
  t.is(report.records.usageEvents, before.usage_calls);
  t.deepEqual(report.files, [{ path: file, bytes: 4321 }]);
  t.is(report.fileBytes, 4321);
  t.true(report.redisKeys >= 1);
  t.is(report.runningWorkflows, 1);
  t.deepEqual(report.blockers, []);

  const after = await rowsOf(account.userId);
  after.usage_batches = before.usage_batches!; // the dry-run call itself is recorded as usage
  after.usage_calls = before.usage_calls!;
  t.deepEqual(after, before);
  t.true(fs.existsSync(file));
  t.is((await call(service.app, 'GET', '/api/v1/user', { key: account.live })).statusCode, 200);
});

test('erasure leaves nothing of the account in PostgreSQL, Redis or the data directory, and the old key gets 401', async (t) => {
  const { account, orgId, file, receiver } = await populated();
  t.teardown(() => receiver.stop());
  const viaTest = await call(service.app, 'DELETE', '/api/v1/user/account', { key: account.test });
  t.is(viaTest.statusCode, 403, 'a test key cannot erase the account');

  const workflows: string[] = [];
  for await (const wf of service.services.temporal.workflow.list({ query: `CompanionAccountId = "${account.userId}"` }))
    workflows.push(wf.workflowId);
  t.is(workflows.length, 1);

  const res = await call(service.app, 'DELETE', '/api/v1/user/account', { key: account.live });
  t.is(res.statusCode, 200);
  t.true(res.json().data.erased);

  const rowsLeft = await rowsOf(account.userId);
  t.deepEqual(rowsLeft, Object.fromEntries(Object.keys(rowsLeft).map((table) => [table, 0])));
  const orgs = await service.services.orm.em.getConnection().execute('SELECT count(*)::int AS n FROM organizations WHERE id = ?', [orgId]);
  t.is((orgs[0] as { n: number }).n, 0);
  t.false(fs.existsSync(file));
  t.false(fs.existsSync(accountFilesDir(service.services.config.dataDir, account.userId)));

  const left = await redisKeysOf([account.userId, account.liveKeyId, account.testKeyId, orgId]);
  // Only the short-lived revocation markers remain, and they expire by themselves.
  t.true(
    left.every((k) => k.startsWith('cmp:revoked:')),
    left.join(', '),
  );
  for (const key of left) t.true((await service.services.redis.ttl(key)) <= 120);

  const description = await service.services.temporal.workflow.getHandle(workflows[0]!).describe();
  t.is(description.status.name, 'TERMINATED');

  const again = await call(service.app, 'DELETE', '/api/v1/user/account', { key: account.live });
  t.is(again.statusCode, 401);
  t.is((await call(service.app, 'GET', '/api/v1/user', { key: account.test })).statusCode, 401);
  // Running the erasure again finds nothing and changes nothing.
  const { AccountEraser } = await import('../../runtime/accounts/erasure.js');
  const rerun = await new AccountEraser(service.services).erase(account.userId, false);
  t.is(rerun.records.users, 0);
});

test('erasure is refused while the user is the only owner of an organisation with other members', async (t) => {
  const owner = await createAccount(service);
  const member = await createAccount(service);
  const org = (await call(service.app, 'POST', '/api/v1/organizations', { key: owner.live, body: { name: 'Shared' } })).json().data;
  await call(service.app, 'POST', `/api/v1/organizations/${org.id}/members`, { key: owner.live, body: { email: member.email } });
  const dry = await call(service.app, 'DELETE', '/api/v1/user/account', { key: owner.live, query: { dryRun: 'true' } });
  t.is(dry.json().data.blockers.length, 1);
  const real = await call(service.app, 'DELETE', '/api/v1/user/account', { key: owner.live });
  t.is(real.statusCode, 409);
  t.regex(envelopeOf(real).message, /only owner/);
  t.is((await call(service.app, 'GET', '/api/v1/user', { key: owner.live })).statusCode, 200);
});
