/**
 * Viewer access that needs no room: the viewer-token route's refusals, the signalling websocket's
 * checks at the upgrade (over a real socket, token in the subprotocol), and the viewer page.
 * Watching a room end to end is test/browser/viewer-page.test.ts.
 */
import test from 'ava';
import WebSocket from 'ws';
import type { IncomingMessage } from 'node:http';
import { startListeningService } from '../helpers/browser.js';
import { call, createAccount, envelopeOf, type TestAccount } from '../helpers/service.js';
import type { RunningService } from '../../http/server/start-service.js';
import type { FastifyInstance } from 'fastify';

let service: RunningService;
let app: FastifyInstance;
let account: TestAccount;

test.before(async () => {
  service = await startListeningService(11);
  app = service.app!;
  account = await createAccount(service);
});
test.after.always(async () => {
  await service?.close();
});

async function textSession(): Promise<{ id: string; clientToken: string }> {
  const character = await call(app, 'POST', '/api/v1/characters', { key: account.live, body: { name: 'Vee' } });
  const session = await call(app, 'POST', '/api/v1/avatars', { key: account.live, body: { characterId: character.json().data.id } });
  return session.json().data;
}

/** Opens the signalling websocket as the page does; resolves with the refusal's status and envelope, or 'open'. */
function upgrade(
  sessionId: string,
  token: string,
): Promise<{ status: number; body: { error: { code: string; message: string; statusCode: number } } } | 'open'> {
  const url = `${service.url!.replace('http', 'ws')}/api/v1/avatars/${sessionId}/signaling`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, ['companion-signaling.v1', `bearer.${token}`]);
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res: IncomingMessage) => {
      let raw = '';
      res.on('data', (c: Buffer) => (raw += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(raw) }));
    });
    ws.on('error', (err) => {
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}

test('a viewer token is issued only for an open realtime session of the caller', async (t) => {
  const session = await textSession();
  const notRealtime = await call(app, 'POST', `/api/v1/avatars/${session.id}/viewer-token`, { key: account.live });
  t.is(notRealtime.statusCode, 409);
  t.is(envelopeOf(notRealtime).code, 'COMPANION_ERR_SESSION_NOT_REALTIME');

  const unknown = await call(app, 'POST', '/api/v1/avatars/ses_nope/viewer-token', { key: account.live, body: {} });
  t.is(unknown.statusCode, 404);
  const other = await createAccount(service);
  const notYours = await call(app, 'POST', `/api/v1/avatars/${session.id}/viewer-token`, { key: other.live, body: {} });
  t.is(notYours.statusCode, 404, "another account's session does not exist for the caller");
  const badTtl = await call(app, 'POST', `/api/v1/avatars/${session.id}/viewer-token`, { key: account.live, body: { ttlSeconds: 5 } });
  t.is(badTtl.statusCode, 400);
  envelopeOf(badTtl);

  const withSt = await call(app, 'POST', `/api/v1/avatars/${session.id}/viewer-token`, { key: session.clientToken, body: {} });
  t.is(withSt.statusCode, 403);
  t.is(envelopeOf(withSt).code, 'COMPANION_ERR_AUTH_SESSION_TOKEN');

  await call(app, 'DELETE', `/api/v1/avatars/${session.id}`, { key: account.live });
  const ended = await call(app, 'POST', `/api/v1/avatars/${session.id}/viewer-token`, { key: account.live, body: {} });
  t.is(ended.statusCode, 409);
  t.is(envelopeOf(ended).code, 'COMPANION_ERR_SESSION_ENDED');
});

test('the signalling websocket checks the token at the upgrade and refuses in the envelope', async (t) => {
  const session = await textSession();
  const bad = await upgrade(session.id, `vt_live_${'Z'.repeat(32)}`);
  t.not(bad, 'open');
  if (bad === 'open') return;
  t.is(bad.status, 401);
  t.is(bad.body.error.code, 'COMPANION_ERR_AUTH_INVALID');
  t.is(bad.body.error.statusCode, 401);

  const missing = await upgrade(session.id, '');
  t.true(missing !== 'open' && missing.status === 401);

  // The session's own st_ token passes the credential check; a text session has no room to watch.
  const noRoom = await upgrade(session.id, session.clientToken);
  t.true(noRoom !== 'open' && noRoom.status === 409 && noRoom.body.error.code === 'COMPANION_ERR_SESSION_NOT_REALTIME');

  const another = await textSession();
  const wrongSession = await upgrade(another.id, session.clientToken);
  t.true(wrongSession !== 'open' && wrongSession.status === 403, 'an st_ token watches only its own session');

  // Viewer tokens: revoked and expired ones are refused at the upgrade.
  const em = service.services.orm.em.fork();
  const parent = await service.services.credentials.verify(em as never, account.live);
  const revoked = await service.services.credentials.issueViewerToken(em as never, { parent, sessionId: session.id, ttlS: 600 });
  const del = await call(app, 'DELETE', `/api/v1/sessions/${revoked.token.id}`, { key: account.live });
  t.is(del.statusCode, 200);
  t.is(del.json().data.object, 'viewer_token');
  t.is(del.json().data.status, 'revoked');
  const afterRevoke = await upgrade(session.id, revoked.secret);
  t.true(afterRevoke !== 'open' && afterRevoke.body.error.code === 'COMPANION_ERR_AUTH_REVOKED');

  const expiring = await service.services.credentials.issueViewerToken(em as never, { parent, sessionId: session.id, ttlS: 600 });
  expiring.token.expiresAt = new Date(Date.now() - 1000);
  await em.flush();
  const expired = await upgrade(session.id, expiring.secret);
  t.true(expired !== 'open' && expired.body.error.code === 'COMPANION_ERR_AUTH_EXPIRED');

  // Viewer tokens are listed on their session, not among the st_ tokens.
  const listed = await call(app, 'GET', `/api/v1/avatars/${session.id}/viewer-tokens`, { key: account.live });
  t.is(listed.statusCode, 200);
  t.deepEqual(
    (listed.json().data as Array<{ id: string; status: string }>).map((v) => [v.id, v.status]),
    [
      [expiring.token.id, 'expired'],
      [revoked.token.id, 'revoked'],
    ],
  );
  const stTokens = await call(app, 'GET', '/api/v1/sessions', { key: account.live, query: { limit: '100' } });
  t.false((stTokens.json().data as Array<{ object: string }>).some((tok) => tok.object === 'viewer_token'));
});

test('a plain GET of the signalling route runs the same checks as the upgrade', async (t) => {
  const res = await call(app, 'GET', '/api/v1/avatars/ses_nope/signaling', { key: account.live });
  t.is(res.statusCode, 404);
  envelopeOf(res);
});

test('the viewer page and its bundled script are served with a CSP that allows framing', async (t) => {
  const page = await fetch(`${service.url}/view`);
  t.is(page.status, 200);
  t.regex(page.headers.get('content-type')!, /^text\/html/);
  t.regex(page.headers.get('content-security-policy')!, /frame-ancestors \*/);
  t.regex(page.headers.get('content-security-policy')!, /connect-src 'self'/);
  const html = await page.text();
  t.true(html.includes('/view/viewer.js'));
  const script = await fetch(`${service.url}/view/viewer.js`);
  t.is(script.status, 200);
  const code = await script.text();
  t.true(code.length > 50_000, 'mediasoup-client is bundled in');
  const etag = script.headers.get('etag')!;
  const again = await fetch(`${service.url}/view/viewer.js`, { headers: { 'if-none-match': etag } });
  t.is(again.status, 304);
});
