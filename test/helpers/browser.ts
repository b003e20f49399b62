/** Real headless Chromium (Debian's, installed by setup.sh) and a listening service for it to call. */
import { chromium, type Browser } from 'playwright-core';
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
