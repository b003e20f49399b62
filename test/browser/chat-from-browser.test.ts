/**
 * A page on another origin, in a real headless Chromium, chats with a live session using only the
 * st_ token its server handed it — the browser never sees a secret key.
 */
import test from 'ava';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchChromium, startListeningService } from '../helpers/browser.js';
import { createAccount } from '../helpers/service.js';

test('a browser page chats with its session using the st_ token and sees replies in character', async (t) => {
  const service = await startListeningService(7);
  t.teardown(() => service.close());
  const account = await createAccount(service);
  const api = service.url!;
  const post = async (path: string, body: unknown) =>
    (
      await fetch(`${api}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.live}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json() as Promise<{ data: { id: string; clientToken: string } }>;
  const character = await post('/api/v1/characters', {
    name: 'Pip',
    personality: { description: 'A cheerful robot guide', traits: ['cheerful'] },
  });
  const session = await post('/api/v1/avatars', { characterId: character.data.id });

  // The customer's page: served from its own origin, given only the session id and st_ token.
  const page = `<!doctype html><meta charset="utf-8"><title>chat</title><ul id="log"></ul><script>
    const say = async (text) => {
      const res = await fetch(${JSON.stringify(api)} + '/api/v1/avatars/${session.data.id}/chat', {
        method: 'POST', headers: { authorization: 'Bearer ${session.data.clientToken}', 'content-type': 'application/json' },
        body: JSON.stringify({ text }) });
      const body = await res.json();
      const li = document.createElement('li');
      li.textContent = res.status + ' ' + (body.success ? body.data.reply.text : body.error.code);
      document.getElementById('log').append(li);
    };
    (async () => { await say('Who are you?'); await say('Thanks!'); document.title = 'done'; })();
  </script>`;
  const site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  t.teardown(() => site.close());

  const browser = await launchChromium();
  t.teardown(() => browser.close());
  const tab = await browser.newPage();
  await tab.goto(`http://localhost:${(site.address() as AddressInfo).port}/`); // localhost ≠ 127.0.0.1: a cross-origin call
  await tab.waitForFunction("document.title === 'done'", undefined, { timeout: 20_000 });
  const lines = await tab.locator('#log li').allTextContents();
  t.is(lines.length, 2);
  t.regex(lines[0]!, /^200 /);
  t.true(lines[0]!.includes('Pip') && lines[0]!.includes('cheerful robot guide'), lines[0]);
  t.regex(lines[1]!, /^200 /);
  t.false(page.includes(account.live), 'the page holds no secret key');

  await fetch(`${api}/api/v1/avatars/${session.data.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${account.live}` } });
  await tab.reload();
  await tab.waitForFunction("document.title === 'done'", undefined, { timeout: 20_000 });
  const after = await tab.locator('#log li').allTextContents();
  t.regex(after[0]!, /^401 COMPANION_ERR_AUTH_REVOKED$/, 'the token stops working when the session ends');
});
