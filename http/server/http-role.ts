/**
 * The HTTP role (COMPANION_ROLE all or api): the health checks, the Prometheus registry, the
 * Fastify app with every route, its listener and the internal metrics listener. A worker-only
 * node builds the services bag but serves nothing. Returns its own shutdown hooks.
 */
import fs from 'node:fs';
import type http from 'node:http';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Core } from '../../runtime/core.js';
import { HealthChecks } from '../../runtime/health/health-checks.js';
import { metricsAddress, startMetricsServer } from '../../runtime/metrics-server.js';
import { withShutdownHooks, type ShutdownHook } from '../../runtime/shutdown.js';
import { registerStackMetrics } from '../../runtime/stack/stack-metrics.js';
import type { RunningWorker } from '../../runtime/temporal/worker.js';
import { version } from '../../runtime/version.js';
import { registerMediaMetrics } from '../../media/rooms/media-metrics.js';
import { buildApp } from '../app.js';
import type { Services, SessionHostParts } from '../services.js';

export interface HttpRole {
  services: Services;
  app: FastifyInstance | undefined;
  url: string | undefined;
  metricsUrl: string | undefined;
  shutdown: ShutdownHook[];
}

export function startHttp(
  core: Core,
  sessionHost: SessionHostParts | undefined,
  worker: RunningWorker | undefined,
  options: { serve: boolean; listen: boolean; extraRoutes?: FastifyPluginAsync | undefined },
): Promise<HttpRole> {
  const { config, urls, stack } = core;
  return withShutdownHooks(core.log, async (hooks) => {
    const services: Services = {
      ...core,
      ...(sessionHost ?? {}),
      health: new HealthChecks({
        orm: core.orm,
        redis: core.redis,
        nats: core.nats,
        temporal: core.temporal,
        namespace: config.temporalNamespace,
        // The embedded servers, and the in-process Temporal worker, supervised the same way.
        embedded: () => [...stack.status(), ...(worker ? [worker.status()] : [])],
        // API nodes call the model servers; an external REPLY_ENGINE_URL is not probed (its health route is its own).
        ...(sessionHost
          ? { models: { speechSynthesis: urls.speechTtsUrl, speechTranscription: urls.speechSttUrl, languageModel: urls.llmUrl } }
          : {}),
        // Nodes that host rooms give their viewers the TURN server.
        turn:
          sessionHost && urls.turn
            ? { mode: config.turn === 'external' ? 'external' : 'embedded', urls: urls.turn.urls, probe: urls.turn.probe }
            : undefined,
      }),
    };
    if (!options.serve) return { services, app: undefined, url: undefined, metricsUrl: undefined };

    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    if (sessionHost) registerMediaMetrics(registry, sessionHost.media);
    registerStackMetrics(registry, stack, worker);
    const app = await buildApp({ services, registry, version, tls: config.tls && readTls(config.tls) });
    hooks.push(['http', () => app.close()]);
    if (options.extraRoutes) await app.register(options.extraRoutes);
    if (!options.listen) {
      await app.ready();
      return { services, app, url: undefined, metricsUrl: undefined };
    }
    const url = await app.listen({ host: config.host, port: config.port });
    let metricsServer: http.Server | undefined;
    if (config.metricsPort >= 0) {
      const server = await startMetricsServer(registry, config.metricsHost, config.metricsPort);
      metricsServer = server;
      hooks.push(['metrics', () => new Promise((resolve) => server.close(resolve))]);
    }
    return { services, app, url, metricsUrl: metricsServer ? metricsAddress(metricsServer) : undefined };
  });
}

/** The PEM files of TLS_CERT_FILE and TLS_KEY_FILE; a file that cannot be read stops the start, named. */
function readTls(files: { certFile: string; keyFile: string }): { cert: Buffer; key: Buffer } {
  const read = (variable: string, file: string) => {
    try {
      return fs.readFileSync(file);
    } catch (err) {
      throw new Error(`${variable} cannot be read: ${(err as Error).message}`);
    }
  };
  return { cert: read('TLS_CERT_FILE', files.certFile), key: read('TLS_KEY_FILE', files.keyFile) };
}
