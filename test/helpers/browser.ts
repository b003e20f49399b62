/** Real headless Chromium (Debian's, installed by setup.sh) and a listening service for it to call. */
import { chromium, type Browser, type Page } from 'playwright-core';
import { pino } from 'pino';
import { loadConfig } from '../../runtime/config.js';
import { startService, type RunningService } from '../../http/server/start-service.js';

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

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: [...FLAGS, ...extraArgs] });
}

/** An API node listening on a free port (browsers need a real address), on its own Redis database. */
export function startListeningService(redisDb: number): Promise<RunningService> {
  const config = loadConfig(
    { ...process.env, PORT: '0', METRICS_PORT: '-1', COMPANION_ROLE: 'api', REDIS_URL: `${process.env.REDIS_URL}/${redisDb}` },
    [],
  );
  return startService(config, pino({ level: 'silent' }), { migrate: false });
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
