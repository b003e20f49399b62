/**
 * Starts the service in-process against the real servers the harness started (their URLs are in
 * the environment) and gives tests accounts, keys and a small request helper.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { pino, type Logger } from 'pino';
import { loadConfig } from '../../runtime/config.js';
import { REDACTED_PATHS } from '../../runtime/logger.js';
import { startService, type RunningService, type StartOptions } from '../../http/server/start-service.js';
import { createUser } from '../../runtime/accounts/users.js';
import { SCOPES, type Scope } from '../../runtime/accounts/scopes.js';
import type { PlanId } from '../../runtime/limits/plans.js';
import { randomBase62 } from '../../runtime/ids.js';

export interface TestService extends RunningService {
  app: FastifyInstance;
}

export async function startTestService(
  env: Record<string, string> = {},
  log?: Logger,
  options: Pick<StartOptions, 'extraRoutes' | 'wrapReplyEngine'> = {},
): Promise<TestService> {
  const config = loadConfig(
    {
      ...process.env,
      // Services in one test process share a task queue (and so a worker configuration).
      TEMPORAL_TASK_QUEUE: `companion-test-${process.pid}`,
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_RETRY_SCHEDULE_S: '1,1,2,2,2',
      WEBHOOK_TIMEOUT_MS: '3000',
      ...env,
      METRICS_PORT: '-1',
    },
    [],
  );
  const logger = log ?? pino({ level: config.logLevel, redact: REDACTED_PATHS });
  const service = await startService(config, logger, { listen: false, migrate: false, ...options });
  return service as TestService;
}

/** One parsed line of the service's log. */
export type LogLine = { level: number; msg?: string; err?: { stack?: string; message?: string }; [field: string]: unknown };

/**
 * A logger for `startTestService` that keeps every line the service writes (level `debug` and
 * up), parsed, so a test can assert what the service logs.
 */
export function captureLogs(level = 'debug'): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino({ level, redact: REDACTED_PATHS }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return { logger, lines };
}

export interface TestAccount {
  userId: string;
  email: string;
  live: string;
  test: string;
  liveKeyId: string;
  testKeyId: string;
}

export async function createAccount(
  service: RunningService,
  options: { plan?: PlanId; scopes?: readonly Scope[]; dailyQuota?: number; organizationId?: string } = {},
): Promise<TestAccount> {
  const em = service.services.orm.em.fork() as EntityManager;
  const email = `user-${randomBase62(10).toLowerCase()}@example.test`;
  const user = await createUser(em, { email, name: 'Test User', plan: options.plan ?? 'pro' });
  const issue = (mode: 'live' | 'test') =>
    service.services.credentials.issueKey(em, {
      userId: user.id,
      name: `${mode} key`,
      mode,
      scopes: options.scopes ?? SCOPES,
      dailyQuota: options.dailyQuota ?? null,
      organizationId: options.organizationId ?? null,
    });
  const live = await issue('live');
  const test = await issue('test');
  return { userId: user.id, email, live: live.secret, test: test.secret, liveKeyId: live.key.id, testKeyId: test.key.id };
}

export interface CallOptions {
  key?: string | undefined;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export function call(app: FastifyInstance, method: string, url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
  return app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(options.query ? { query: options.query } : {}),
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

/**
 * Rate windows are fixed UTC minutes, so calls on both sides of an edge count in two windows. A
 * test that expects its calls to fill one window starts with at least 20 s of it left.
 */
export async function clearOfMinuteEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** Asserts the spec's error envelope and returns its error object. */
export function envelopeOf(res: LightMyRequestResponse): { message: string; statusCode: number; timestamp: string; code: string } {
  const body = res.json() as { success: boolean; error: { message: string; statusCode: number; timestamp: string; code: string } };
  if (body.success !== false) throw new Error(`expected an error envelope, got ${res.body}`);
  if (body.error.statusCode !== res.statusCode) throw new Error(`envelope statusCode ${body.error.statusCode} ≠ HTTP ${res.statusCode}`);
  if (Number.isNaN(Date.parse(body.error.timestamp))) throw new Error(`timestamp is not a date: ${body.error.timestamp}`);
  if (typeof body.error.message !== 'string' || body.error.message.length === 0) throw new Error('empty message');
  return body.error;
}

/** The id prefix of each record route's `:id` (`:userId` is always a user). */
const ROUTE_ID_PREFIX: Array<[string, string]> = [
  ['/api/v1/avatars/', 'ses'],
  ['/api/v1/characters/', 'chr'],
  ['/api/v1/admin/keys/', 'key'],
  ['/api/v1/webhooks/', 'whk'],
  ['/api/v1/organizations/', 'org'],
  ['/api/v1/sessions/', 'tok'],
  ['/api/v1/voices/', 'vce'],
];

/** The prefix of ids that path parameter `param` of route `url` takes. */
export function idPrefixOf(url: string, param: string): string {
  if (param === 'userId') return 'usr';
  return ROUTE_ID_PREFIX.find(([root]) => url.startsWith(root))?.[1] ?? 'xxx';
}

/** Replaces path parameters with a well-formed id of nothing (`ses_missing`, …). */
export function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_, param: string) => `${idPrefixOf(url, param)}_missing`);
}
