/**
 * The composition root: builds a node from its roles, by COMPANION_ROLE, and closes it in reverse
 * order. Nothing in the service imports it (only its entry points and the tests do).
 *
 *   core          every node: the stack, clients and domain services (runtime/core.ts)
 *   session host  roles all and api: speech, rooms, viewer signalling, session actors (session-host-role.ts)
 *   worker        roles all and worker: the Temporal worker and the delivery sweep (workflows/worker.ts)
 *   HTTP          roles all and api: the Fastify app, health, metrics (http-role.ts)
 *
 * Shutdown runs each role's hooks, last started first: hold the embedded servers' restarts → stop
 * accepting requests and finish in-flight ones → hand hosted session actors to other nodes → close
 * media and speech → stop the sweep and the Temporal worker (activities in flight cancelled, at most
 * 5 s) → write buffered usage → close clients → stop the embedded servers.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../../runtime/config.js';
import { startCore } from '../../runtime/core.js';
import { runShutdownHooks, type ShutdownHook } from '../../runtime/shutdown.js';
import type { StackUrls } from '../../runtime/stack/local-stack.js';
import { version } from '../../runtime/version.js';
import type { ReplyEngine } from '../../actors/session/reply/reply-engine.js';
import { HttpVoiceBuilder } from '../../media/speech/voice-builder-client.js';
import { startWorkflowWorker } from '../../workflows/worker.js';
import type { Services } from '../services.js';
import { startHttp } from './http-role.js';
import { startSessionHost } from './session-host-role.js';

export interface RunningService {
  services: Services;
  app: FastifyInstance | undefined;
  /** Base URL of the HTTP API when listening. */
  url: string | undefined;
  metricsUrl: string | undefined;
  /** Where the stack this node uses answers (embedded or given): another node can join it. */
  stackUrls: StackUrls;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Listen on config.host:config.port (default true). Tests use `app.inject` instead. */
  listen?: boolean;
  /** Apply migrations (default true); the test harness applies them once. */
  migrate?: boolean;
  /** Routes added by an embedder before the app starts (the benchmarks add a probe route). */
  extraRoutes?: FastifyPluginAsync;
  /** Wraps the reply engine sessions use (the replies benchmark times each sentence through it). */
  wrapReplyEngine?: (engine: ReplyEngine) => ReplyEngine;
}

export async function startService(config: Readonly<Config>, log: Logger, options: StartOptions = {}): Promise<RunningService> {
  const hooks: ShutdownHook[] = [];
  const close = () => runShutdownHooks(hooks, log);
  try {
    const core = await startCore(config, log, {
      migrate: options.migrate,
      voiceBuilderAt: (ttsUrl) => new HttpVoiceBuilder(ttsUrl, 15 * 60_000),
    });
    hooks.push(...core.shutdown);
    // The worker starts before the session host so that, at shutdown (last started, first
    // stopped), sessions are handed to other nodes before the worker drains its activities.
    const worker = config.role !== 'api' ? await startWorkflowWorker(core) : undefined;
    if (worker) hooks.push(...worker.shutdown);
    const sessionHost = config.role !== 'worker' ? await startSessionHost(core, { wrapReplyEngine: options.wrapReplyEngine }) : undefined;
    if (sessionHost) hooks.push(...sessionHost.shutdown);
    const http = await startHttp(core, sessionHost, worker?.worker, {
      serve: config.role !== 'worker',
      listen: options.listen !== false,
      extraRoutes: options.extraRoutes,
    });
    hooks.push(...http.shutdown);
    // Pushed last, so it runs first: from the start of shutdown no embedded server is restarted (a
    // crash-looping one is neither retried nor logged again while the rest closes).
    hooks.push(['embedded supervision', async () => core.stack.holdRestarts()]);

    log.info(
      { url: http.url, metricsUrl: http.metricsUrl, role: config.role, dataDir: config.dataDir, version },
      'companion service started',
    );
    return { services: http.services, app: http.app, url: http.url, metricsUrl: http.metricsUrl, stackUrls: core.urls, close };
  } catch (err) {
    await close();
    throw err;
  }
}
