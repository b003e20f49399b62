/**
 * The reference page as a new user meets it (issue 43), in a real headless Chromium: /docs leads
 * to /reference, which loads from this origin alone with a clean console; "Authorize" takes a
 * pasted key, "Try it out" on "create a character" creates one (201, and it is there), and the
 * key is never stored: not in localStorage, sessionStorage, a cookie or the URL, and a reload
 * forgets it.
 */
import test from 'ava';
import { launchChromium, pageTrouble, startListeningService } from '../helpers/browser.js';
import { createAccount } from '../helpers/service.js';

test('from /docs, a pasted key creates a character with "Try it out", and the page never stores the key', async (t) => {
  t.timeout(120_000);
  const service = await startListeningService(1);
  t.teardown(() => service.close());
  const account = await createAccount(service);
  const origin = service.url!;

  const browser = await launchChromium();
  t.teardown(() => browser.close());
  const context = await browser.newContext();
  const page = await context.newPage();
  const trouble = pageTrouble(page);
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:')) elsewhere.push(url);
  });

  await page.goto(`${origin}/docs`);
  t.is(new URL(page.url()).pathname, '/reference');
  await page.locator('.information-container .title').waitFor({ timeout: 30_000 });
  t.regex(await page.locator('.information-container .title').innerText(), /Companion API/);
  t.true(await page.getByText('COMPANION_ERR_LIMIT_RATE').first().isVisible(), 'the error codes are on the page');

  // Authorize with the pasted key.
  await page.locator('button.authorize').first().click();
  await page.locator('.modal-ux input').fill(account.live);
  await page.locator('.modal-ux button.modal-btn.auth.authorize').click();
  await page.locator('.modal-ux button.btn-done').click();

  // POST /api/v1/characters: Try it out, with the example body the page fills in.
  const operation = page.locator('#operations-characters-post_api_v1_characters');
  await page.locator('#operations-tag-characters').click();
  await operation.locator('.opblock-summary').first().click();
  await operation.locator('button.try-out__btn').click();
  const body = await operation.locator('textarea.body-param__text').inputValue();
  t.regex(body, /"name": "Mira"/, 'the example body is filled in');
  await operation.locator('button.execute').click();
  const status = operation.locator('.live-responses-table tr.response .response-col_status').first();
  await status.waitFor({ timeout: 20_000 });
  t.is((await status.innerText()).trim(), '201');
  const shown = await operation.locator('.live-responses-table tr.response .response-col_description .highlight-code').first().innerText();
  const id = /"id": "(chr_[0-9A-Za-z]+)"/.exec(shown)?.[1];
  t.truthy(id, shown.slice(0, 200));
  const stored = await fetch(`${origin}/api/v1/characters/${id}`, { headers: { authorization: `Bearer ${account.live}` } });
  t.is(stored.status, 200, 'the character exists');

  // The key is in memory only.
  const storage = (await page.evaluate('JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)])')) as string;
  t.false(storage.includes(account.live), `no key in web storage: ${storage.slice(0, 200)}`);
  t.deepEqual(await context.cookies(), []);
  t.false(page.url().includes(account.live));
  await page.reload();
  await page.locator('.information-container .title').waitFor({ timeout: 30_000 });
  const authorized = await page.evaluate('JSON.stringify(window.referenceUi.authSelectors.authorized().toJS())');
  t.is(authorized, '{}', 'a reload forgets the key');

  t.deepEqual(elsewhere, [], 'nothing is loaded from another origin');
  t.deepEqual(trouble, [], 'a clean console: no CSP refusal, no failed asset');
});
