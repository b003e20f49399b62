/**
 * The two servers the API-overhead benchmark compares, each run in its own process:
 *   `bare`      — a plain Fastify route, nothing else;
 *   `companion` — the full service (credential check, scope, Redis limiter, usage recording,
 *                 metrics, request logging at warn) with the same trivial handler.
 * Prints `LISTENING <url>` (and for companion `KEY <secret>` and `STACK <json>`, the URLs of its
 * stack, so that another build's companion can join it as a second node) on stdout once ready.
 *
 * The companion reads commands on stdin, one a line, and acknowledges each on stdout:
 *   `admission stubbed` — the limiter's Redis round trip is replaced by an in-process "admitted"
 *     (never a configuration of the service: it shows what the round trip costs);
 *   `admission real`    — the real limiter again.
 */
import { createInterface } from 'node:readline';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig } from '../../runtime/config.js';
import { createLogger } from '../../runtime/logger.js';
import { startService } from '../../http/server/start-service.js';
import { createUser } from '../../runtime/accounts/users.js';
import { SCOPES } from '../../runtime/accounts/scopes.js';
import type { Limiter } from '../../runtime/limits/limiter.js';

const body = { success: true, data: { pong: true } };
const which = process.argv[2];

/** Switches the limiter between its real admission and an in-process stub, on stdin's commands. */
function admissionSwitch(limiter: Limiter): void {
  const real = limiter.admit.bind(limiter);
  const unlimited = { limit: 1_000_000_000, remaining: 1_000_000_000, resetS: 60 };
  const stubbed: Limiter['admit'] = async () => ({
    verdict: 'admitted',
    rate: unlimited,
    daily: unlimited,
    monthly: { limit: null, used: 0, resetS: 60 },
  });
  createInterface({ input: process.stdin }).on('line', (line) => {
    const mode = /^admission (stubbed|real)$/.exec(line.trim())?.[1];
    if (!mode) return void process.stderr.write(`unknown command: ${line}\n`);
    limiter.admit = mode === 'stubbed' ? stubbed : real;
    process.stdout.write(`ADMISSION ${mode}\n`);
  });
}

if (which === 'bare' || which === 'bare-logged') {
  // bare-logged: the same route on Fastify given the service's logger, configured as the service
  // configures it (level warn, no request lines): what a logger alone costs Fastify.
  const app = Fastify(
    which === 'bare-logged'
      ? { loggerInstance: createLogger('warn') as FastifyBaseLogger, logController: new LogController({ disableRequestLogging: true }) }
      : {},
  );
  app.get('/api/v1/bench/ping', async () => body);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`LISTENING ${url}\n`);
  // An orderly exit, so that --cpu-prof (BENCH_PROFILE_DIR) writes this server's profile too.
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
} else if (which === 'companion') {
  const config = loadConfig({ ...process.env, PORT: '0', METRICS_PORT: '-1' }, []);
  const service = await startService(config, createLogger(config.logLevel), {
    extraRoutes: async (app) => {
      app.get('/api/v1/bench/ping', { config: { auth: { scope: 'account:read' } } }, async () => body);
    },
  });
  admissionSwitch(service.services.limiter);
  const em = service.services.orm.em.fork() as EntityManager;
  const user = await createUser(em, { email: `bench-${process.pid}-${Date.now()}@example.test`, name: 'bench', plan: 'enterprise' });
  const { secret } = await service.services.credentials.issueKey(em, { userId: user.id, name: 'bench', mode: 'live', scopes: SCOPES });
  process.stdout.write(`STACK ${JSON.stringify(service.stackUrls)}\nLISTENING ${service.url}\nKEY ${secret}\n`);
  const stop = () => void service.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  process.stderr.write('usage: servers.js bare|bare-logged|companion\n');
  process.exit(2);
}
