import test from 'ava';
import { call, createAccount, envelopeOf, startTestService, type TestService } from '../helpers/service.js';

let service: TestService;

test.before(async () => {
  service = await startTestService();
});
test.after.always(async () => {
  await service?.close();
});

test('a user reads and changes their profile settings', async (t) => {
  const account = await createAccount(service);
  const me = await call(service.app, 'GET', '/api/v1/user', { key: account.live });
  t.is(me.json().data.email, account.email);
  t.is(me.json().data.settings.timezone, 'UTC');
  const changed = await call(service.app, 'PATCH', '/api/v1/user', {
    key: account.live,
    body: { name: 'Ada', settings: { timezone: 'Europe/Paris', emailNotifications: false } },
  });
  t.is(changed.statusCode, 200);
  t.is(changed.json().data.name, 'Ada');
  t.deepEqual(changed.json().data.settings, { timezone: 'Europe/Paris', language: 'en', defaultVoiceId: null, emailNotifications: false });
  const bad = await call(service.app, 'PATCH', '/api/v1/user', { key: account.live, body: { settings: { timezone: 'Mars/Olympus' } } });
  t.is(bad.statusCode, 400);
  t.regex(envelopeOf(bad).message, /timezone/);
  t.is((await call(service.app, 'PATCH', '/api/v1/user', { key: account.live, body: {} })).statusCode, 400);
});

test('organisations have owners, admins and members with enforced roles', async (t) => {
  const owner = await createAccount(service);
  const admin = await createAccount(service);
  const member = await createAccount(service);
  const org = (await call(service.app, 'POST', '/api/v1/organizations', { key: owner.live, body: { name: 'Team' } })).json().data;
  t.is(org.role, 'owner');
  t.is(org.sharedQuota.monthlyApiCalls, 5000);

  const addAdmin = await call(service.app, 'POST', `/api/v1/organizations/${org.id}/members`, {
    key: owner.live,
    body: { email: admin.email, role: 'admin' },
  });
  t.is(addAdmin.statusCode, 201);
  const addMember = await call(service.app, 'POST', `/api/v1/organizations/${org.id}/members`, {
    key: admin.live,
    body: { email: member.email },
  });
  t.is(addMember.statusCode, 201);
  t.deepEqual(
    addMember.json().data.members.map((m: { role: string }) => m.role),
    ['owner', 'admin', 'member'],
  );
  t.is(
    (await call(service.app, 'POST', `/api/v1/organizations/${org.id}/members`, { key: admin.live, body: { email: member.email } }))
      .statusCode,
    409,
  );

  // A member cannot manage; an admin cannot make owners; the last owner stays.
  const byMember = await call(service.app, 'PATCH', `/api/v1/organizations/${org.id}/members/${admin.userId}`, {
    key: member.live,
    body: { role: 'member' },
  });
  t.is(byMember.statusCode, 403);
  const adminMakesOwner = await call(service.app, 'PATCH', `/api/v1/organizations/${org.id}/members/${member.userId}`, {
    key: admin.live,
    body: { role: 'owner' },
  });
  t.is(adminMakesOwner.statusCode, 403);
  const lastOwner = await call(service.app, 'PATCH', `/api/v1/organizations/${org.id}/members/${owner.userId}`, {
    key: owner.live,
    body: { role: 'admin' },
  });
  t.is(lastOwner.statusCode, 409);
  const promote = await call(service.app, 'PATCH', `/api/v1/organizations/${org.id}/members/${member.userId}`, {
    key: owner.live,
    body: { role: 'admin' },
  });
  t.is(promote.statusCode, 200);

  const seenByMember = (await call(service.app, 'GET', '/api/v1/organizations', { key: member.live })).json().data;
  t.is(seenByMember.length, 1);
  t.is(seenByMember[0].role, 'admin');
  const outsider = await createAccount(service);
  t.is(
    (await call(service.app, 'POST', `/api/v1/organizations/${org.id}/members`, { key: outsider.live, body: { email: outsider.email } }))
      .statusCode,
    404,
  );
});

test('plans are public and the current subscription shows this month’s usage', async (t) => {
  const plans = await call(service.app, 'GET', '/api/v1/billing/plans');
  t.is(plans.statusCode, 200);
  const byId = Object.fromEntries(plans.json().data.map((p: { id: string; monthlyApiCalls: number | null }) => [p.id, p.monthlyApiCalls]));
  t.deepEqual(byId, { free: 5000, pro: 50000, enterprise: null });

  const account = await createAccount(service, { plan: 'free' });
  await call(service.app, 'GET', '/api/v1/user', { key: account.live });
  const current = await call(service.app, 'GET', '/api/v1/billing/current', { key: account.live });
  t.is(current.statusCode, 200);
  const sub = current.json().data;
  t.is(sub.plan.id, 'free');
  t.is(sub.usage.apiCalls, 2);
  t.is(sub.usage.remaining, 4998);
  t.is(sub.paymentMethod, null);
  // The period is the calendar month in UTC, its bounds exact (no millisecond fraction).
  const now = new Date();
  t.is(sub.currentPeriod.start, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString());
  t.is(sub.currentPeriod.end, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());
  t.regex(sub.currentPeriod.end, /T00:00:00\.000Z$/);
});
