/** Real headless Chromium (Debian's, installed by setup.sh) and a listening service for it to call. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { pino } from 'pino';
import { loadConfig } from '../../runtime/config.js';
import { startService, type RunningService, type StartOptions } from '../../http/server/start-service.js';

/** Flags for this closed network: no background calls home, no sandbox as root. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * `nice`: Chromium and every process it starts run at this niceness (`nice -n`), as a benchmark's
 * pages would on a user's own device rather than on the service's cores.
 */
export function launchChromium(extraArgs: string[] = [], options: { nice?: number } = {}): Promise<Browser> {
  let executablePath = '/usr/bin/chromium';
  if (options.nice) {
    executablePath = path.join(os.tmpdir(), `chromium-nice-${options.nice}`);
    fs.writeFileSync(executablePath, `#!/bin/sh\nexec nice -n ${options.nice} /usr/bin/chromium "$@"\n`, { mode: 0o755 });
  }
  return chromium.launch({ executablePath, args: [...FLAGS, ...extraArgs] });
}

/** An API node listening on a free port (browsers need a real address), on its own Redis database; `env` adds settings. */
export function startListeningService(
  redisDb: number,
  env: Record<string, string> = {},
  options: Pick<StartOptions, 'wrapReplyEngine'> = {},
): Promise<RunningService> {
  const config = loadConfig(
    { ...process.env, ...env, PORT: '0', METRICS_PORT: '-1', COMPANION_ROLE: 'api', REDIS_URL: `${process.env.REDIS_URL}/${redisDb}` },
    [],
  );
  return startService(config, pino({ level: 'silent' }), { migrate: false, ...options });
}

/**
 * Waits until the page's viewer reaches `state`. Polls with page.evaluate (a DevTools evaluation)
 * rather than page.waitForFunction, whose in-page eval the viewer page's CSP (script-src 'self')
 * rightly refuses.
 */
export async function waitForState(page: Page, state: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let current = '';
  while (Date.now() < deadline) {
    current = (await page.evaluate('window.companionViewer && window.companionViewer.state')) as string;
    if (current === state) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`viewer stayed '${current}', expected '${state}' within ${timeoutMs} ms`);
}

/**
 * What a person at the page's console would see go wrong from now on, one line each: errors in
 * the console (a resource the browser was answered 4xx or 5xx for, such as its favicon or a
 * websocket's handshake, is one, with its URL), uncaught exceptions, and answers of 400 or more to
 * the page's own requests, with their URLs. Call before the page loads.
 */
export function pageTrouble(page: Page): string[] {
  const trouble: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.push(`console: ${message.text()} (${message.location().url || 'no URL'})`);
  });
  page.on('pageerror', (err) => trouble.push(`uncaught: ${err.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) trouble.push(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return trouble;
}
