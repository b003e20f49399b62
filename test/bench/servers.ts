/**
 * The two servers the API-overhead benchmark compares, each run in its own process:
 *   `bare`      — a plain Fastify route, nothing else;
 *   `companion` — the full service (credential check, scope, Redis limiter, usage recording,
 *                 metrics, request logging at warn) with the same trivial handler;
 *   `companion-no-admission` — the same, with the limiter's Redis round trip replaced by an
 *                 in-process "admitted" (never a configuration of the service: it shows what the
 *                 round trip costs, and what the rest of the request path costs without it).
 * Prints `LISTENING <url>` (and for companion `KEY <secret>`) on stdout once ready.
 */
import Fastify from 'fastify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig } from '../../runtime/config.js';
import { createLogger } from '../../runtime/logger.js';
import { startService } from '../../runtime/service.js';
import { createUser } from '../../runtime/accounts/users.js';
import { SCOPES } from '../../runtime/accounts/scopes.js';

const body = { success: true, data: { pong: true } };
const which = process.argv[2];

if (which === 'bare') {
  const app = Fastify();
  app.get('/api/v1/bench/ping', async () => body);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`LISTENING ${url}\n`);
  // An orderly exit, so that --cpu-prof (BENCH_PROFILE_DIR) writes this server's profile too.
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
} else if (which === 'companion' || which === 'companion-no-admission') {
  const config = loadConfig({ ...process.env, PORT: '0', METRICS_PORT: '-1' }, []);
  const service = await startService(config, createLogger(config.logLevel), {
    extraRoutes: async (app) => {
      app.get('/api/v1/bench/ping', { config: { auth: { scope: 'account:read' } } }, async () => body);
    },
  });
  if (which === 'companion-no-admission') {
    const unlimited = { limit: 1_000_000_000, remaining: 1_000_000_000, resetS: 60 };
    service.services.limiter.admit = async () => ({
      verdict: 'admitted',
      rate: unlimited,
      daily: unlimited,
      monthly: { limit: null, used: 0, resetS: 60 },
    });
  }
  const em = service.services.orm.em.fork() as EntityManager;
  const user = await createUser(em, { email: `bench-${Date.now()}@example.test`, name: 'bench', plan: 'enterprise' });
  const { secret } = await service.services.credentials.issueKey(em, { userId: user.id, name: 'bench', mode: 'live', scopes: SCOPES });
  process.stdout.write(`LISTENING ${service.url}\nKEY ${secret}\n`);
  const stop = () => void service.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  process.stderr.write('usage: servers.js bare|companion|companion-no-admission\n');
  process.exit(2);
}
