/**
 * The composition root: starts (or connects to) the stack, opens every client once, builds the
 * HTTP app and the Temporal worker according to the role, and closes all of it in order.
 *
 * Shutdown order (closers run in reverse order of registration): stop accepting requests and
 * finish in-flight ones → stop the webhook sweeper and the Temporal worker → hand hosted session
 * actors to other nodes → write buffered usage → close clients → stop the embedded servers.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Redis } from 'ioredis';
import { connect as connectNats } from 'nats';
import { Client as TemporalClient, Connection as TemporalConnection } from '@temporalio/client';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type http from 'node:http';
import type { Logger } from 'pino';
import { buildApp } from '../http/app.js';
import type { Config } from './config.js';
import { CredentialService } from './accounts/credentials.js';
import { migrate, openOrm } from './db/orm.js';
import { HealthChecks } from './health/health-checks.js';
import { Limiter } from './limits/limiter.js';
import { PlanCatalog } from './limits/plans.js';
import { metricsAddress, startMetricsServer } from './metrics-server.js';
import type { Services } from './services.js';
import { LocalStack, type StackUrls } from './stack/local-stack.js';
import { registerStackMetrics } from './stack/stack-metrics.js';
import { UsageRecorder } from './usage/usage-recorder.js';
import { ClonedVoiceService } from './voices/cloned-voices.js';
import { version } from './version.js';
import { publicReason } from './health/dependency-failure.js';
import { NatsLink } from './health/nats-link.js';
import { EventBus } from './events/event-bus.js';
import { SecretBox } from './secrets/secret-box.js';
import { CharacterService } from './characters/character-service.js';
import { WebhookEndpointService } from './webhooks/webhook-endpoints.js';
import { startWorker, type RunningWorker } from './temporal/worker.js';
import { createWebhookActivities } from '../workflows/webhook-delivery/activities.js';
import { SessionClient } from '../actors/session/session-client.js';
import { SessionCapacity } from '../actors/session/capacity.js';
import { createReplyEngine } from '../actors/session/reply/create-reply-engine.js';
import type { ReplyEngine } from '../actors/session/reply/reply-engine.js';
import { SpeechService } from '../media/speech/speech-service.js';
import { isBuiltInVoice } from '../media/speech/voice-catalog.js';
import { HttpVoiceBuilder } from '../media/speech/voice-builder-client.js';
import { VoiceResolver } from './voices/voice-resolver.js';
import { voiceCloneActivities } from '../workflows/voice-clone/wiring.js';
import { RoomHost } from '../media/rooms/room-host.js';
import { registerMediaMetrics } from '../media/rooms/media-metrics.js';
import { createPerformerFactory } from '../media/publishing/performer-factory.js';
import { SessionMediaOpener } from '../media/publishing/session-media.js';
import { ViewerHost } from '../media/rooms/viewer-host.js';
import { ViewerRelay } from '../media/rooms/viewer-relay.js';

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
  const closers: Array<[string, () => Promise<unknown>]> = [];
  const closeAll = async () => {
    for (const [name, close] of closers.reverse()) {
      try {
        await close();
      } catch (err) {
        log.error({ err, part: name }, 'error while shutting down');
      }
    }
    closers.length = 0;
  };

  try {
    // A worker-only node runs no routes, so it needs no speech model servers.
    const parts = config.role === 'worker' ? (['natsUrl', 'redisUrl', 'databaseUrl', 'temporalAddress'] as const) : undefined;
    const stack = await LocalStack.start(config, log, parts);
    closers.push(['embedded stack', () => stack.stop()]);
    const { urls } = stack;

    let worker: RunningWorker | undefined; // started below on nodes that run workflows
    const orm = await openOrm(urls.databaseUrl, log);
    closers.push(['database', () => orm.close()]);
    if (options.migrate !== false) await migrate(orm, log);

    // While Redis is down, a command fails within about a second (reconnects every 250 ms, two
    // tries), so callers get a prompt 503 rather than a wait; ioredis reconnects by itself.
    // No auto-pipelining: the limiter already sends one script run per credential per turn of the
    // event loop (limiter.ts), and ioredis's per-tick Pipeline on top of that cost 2.5 µs of a
    // 31 µs request in the API-overhead benchmark (README); other commands are rare.
    const redis = new Redis(urls.redisUrl, {
      enableAutoPipelining: false,
      maxRetriesPerRequest: 2,
      lazyConnect: true,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 50, 250),
    });
    redis.on('error', (err: Error) => log.debug({ err: publicReason(err) }, 'redis connection error'));
    await redis.connect();
    closers.push(['redis', () => redis.quit()]);

    // A dead server is noticed at once (socket closed) or by two missed pings 5 s apart (a hung one).
    const nats = await connectNats({
      servers: urls.natsUrl,
      name: `companion-${process.pid}`,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      pingInterval: 5000,
      maxPingOut: 2,
    });
    const natsLink = new NatsLink(nats, log);
    closers.push(['nats', () => nats.drain()]);

    const temporalConnection = await TemporalConnection.connect({ address: urls.temporalAddress });
    closers.push(['temporal client', () => temporalConnection.close()]);
    const temporal = new TemporalClient({ connection: temporalConnection, namespace: config.temporalNamespace });

    const plans = new PlanCatalog(config.planLimitOverrides);
    const limiter = new Limiter(redis);
    const usage = new UsageRecorder(orm, log, config.usageFlushIntervalMs, config.usageBatchMax);
    closers.push(['usage recorder', () => usage.close()]);
    const secrets = SecretBox.load(config.secretKey, config.dataDir);
    const events = new EventBus(orm, temporal, config.temporalTaskQueue, config.webhookRetryScheduleS, log);
    closers.push(['webhook dispatch', () => events.close()]);
    const services: Services = {
      config,
      log,
      orm,
      redis,
      nats,
      temporal,
      plans,
      limiter,
      credentials: new CredentialService(plans, limiter, config.credentialCacheMs),
      usage,
      health: new HealthChecks({
        orm,
        redis,
        nats,
        temporal,
        namespace: config.temporalNamespace,
        // The embedded servers, and the in-process Temporal worker, supervised the same way.
        embedded: () => [...stack.status(), ...(worker ? [worker.status()] : [])],
        // API nodes call the model servers; an external REPLY_ENGINE_URL is not probed (its health route is its own).
        ...(config.role !== 'worker'
          ? { models: { speechSynthesis: urls.speechTtsUrl, speechTranscription: urls.speechSttUrl, languageModel: urls.llmUrl } }
          : {}),
      }),
      events,
      secrets,
      characters: new CharacterService(events),
      clonedVoices: new ClonedVoiceService({ config, temporal, events, log, builder: () => services.voiceBuilder }),
      webhooks: new WebhookEndpointService(events, secrets, {
        allowLoopback: config.webhookAllowLoopback,
        allowPrivate: config.webhookAllowPrivate,
      }),
      sessionCapacity: new SessionCapacity(redis, config.sessionCapacity, config.sessionCapacityPolicy),
      sessions: undefined,
      speech: undefined,
      voiceBuilder: undefined,
      voices: undefined,
      media: undefined,
      viewers: undefined,
    };
    // The voice builder lives in the synthesis server: present wherever its URL is known.
    const voiceBuilder = urls.speechTtsUrl ? new HttpVoiceBuilder(urls.speechTtsUrl, 15 * 60_000) : undefined;
    if (voiceBuilder) {
      closers.push(['voice builder', () => voiceBuilder.close()]);
      services.voiceBuilder = voiceBuilder;
      services.voices = new VoiceResolver(voiceBuilder, config.dataDir);
    }

    // API nodes (roles all and api) serve speech and host session actors; workers do neither.
    if (config.role !== 'worker') {
      const speech = new SpeechService({
        ttsUrl: urls.speechTtsUrl,
        sttUrl: urls.speechSttUrl,
        timeoutMs: config.speechTimeoutMs,
        maxResponseBytes: config.speechMaxResponseBytes,
        ffmpegPath: config.ffmpegPath,
        maxAudioS: config.speechMaxAudioS,
      });
      services.speech = speech;
      closers.push(['speech clients', () => speech.close()]);

      // A viewer's websocket node vouches for it every 5 s; the room's node drops it after 20 s of silence.
      const viewers = {
        host: new ViewerHost({ nc: nats, log: log.child({ part: 'viewers' }), viewerStaleMs: 20_000 }),
        relay: new ViewerRelay({ nc: nats, log: log.child({ part: 'viewers' }), requestTimeoutMs: 10_000, keepaliveMs: 5_000 }),
      };
      services.viewers = viewers;
      closers.push(['viewer signalling', async () => (viewers.relay.close(), viewers.host.close())]);
      // The mediasoup workers start with the node that hosts the sessions (their rooms live here).
      const media = await RoomHost.start({
        pool: { size: config.mediaWorkers, workerBin: config.mediasoupWorkerBin },
        listen: {
          ip: config.rtcListenIp,
          announcedAddress: config.rtcAnnouncedAddress,
          portRange: { min: config.rtcMinPort, max: config.rtcMaxPort },
        },
        log: log.child({ part: 'media' }),
      });
      services.media = media;
      closers.push(['media workers', () => media.close()]);

      const sessions = await SessionClient.start(
        {
          orm,
          events,
          capacity: services.sessionCapacity,
          limiter,
          credentials: services.credentials,
          engine: (options.wrapReplyEngine ?? ((e: ReplyEngine) => e))(createReplyEngine(config, urls.llmUrl)),
          memoryTurns: config.sessionMemoryTurns,
          viewers: viewers.host,
          log,
          media: new SessionMediaOpener({
            rooms: media,
            settings: {
              ffmpegPath: config.ffmpegPath,
              defaultFps: config.mediaDefaultFps,
              width: config.mediaVideoWidth,
              height: config.mediaVideoHeight,
              videoKbps: config.mediaVideoKbps,
            },
            createPerformer: createPerformerFactory(config.mediaPerformer, speech, orm, services.voices),
            log: log.child({ part: 'media' }),
          }),
        },
        nats,
        {
          idleTimeoutMs: config.sessionIdleTimeoutMs,
          leaseMs: config.sessionNodeLeaseMs,
          scanIntervalMs: config.sessionScanIntervalMs,
          link: natsLink,
          tokenTtlS: config.sessionTokenTtlS,
          isKnownVoice: (em, p, voiceId) =>
            services.voices ? services.voices.isUsable(em, p.userId, p.mode, voiceId) : Promise.resolve(isBuiltInVoice(voiceId)),
        },
      );
      services.sessions = sessions;
      // Sessions hosted here are handed to other nodes (not ended) when this node stops.
      closers.push(['session actors', () => sessions.close()]);
    }

    if (config.role !== 'api') {
      worker = await startWorker({
        address: urls.temporalAddress,
        namespace: config.temporalNamespace,
        taskQueue: config.temporalTaskQueue,
        log,
        activities: {
          ...(voiceBuilder && urls.speechSttUrl
            ? voiceCloneActivities(config, { orm, events, log, builder: voiceBuilder, sttUrl: urls.speechSttUrl })
            : {}),
          ...createWebhookActivities({
            orm,
            secrets,
            log,
            policy: { allowLoopback: config.webhookAllowLoopback, allowPrivate: config.webhookAllowPrivate },
            timeoutMs: config.webhookTimeoutMs,
            maxResponseBytes: config.webhookMaxResponseBytes,
            userAgent: `Companion-Webhooks/${version}`,
          }),
        },
      });
      const started = worker;
      closers.push(['temporal worker', () => started.close()]);
      // Deliveries recorded while Temporal was unreachable are started here once it answers.
      const sweeper = setInterval(() => {
        events.dispatchPending().catch((err) => log.warn({ err }, 'webhook dispatch sweep failed'));
      }, config.webhookSweepIntervalMs);
      sweeper.unref();
      closers.push(['webhook sweeper', async () => clearInterval(sweeper)]);
    }

    let app: FastifyInstance | undefined;
    let url: string | undefined;
    let metricsServer: http.Server | undefined;
    if (config.role !== 'worker') {
      const registry = new Registry();
      collectDefaultMetrics({ register: registry });
      if (services.media) registerMediaMetrics(registry, services.media);
      registerStackMetrics(registry, stack, worker);
      app = await buildApp({ services, registry, version });
      if (options.extraRoutes) await app.register(options.extraRoutes);
      const builtApp = app;
      closers.push(['http', () => builtApp.close()]);
      if (options.listen !== false) {
        url = await app.listen({ host: config.host, port: config.port });
        if (config.metricsPort >= 0) {
          metricsServer = await startMetricsServer(registry, config.metricsHost, config.metricsPort);
          const server = metricsServer;
          closers.push(['metrics', () => new Promise((resolve) => server.close(resolve))]);
        }
      } else {
        await app.ready();
      }
    }

    const metricsUrl = metricsServer ? metricsAddress(metricsServer) : undefined;
    log.info({ url, metricsUrl, role: config.role, dataDir: config.dataDir, version }, 'companion service started');
    return { services, app, url, metricsUrl, stackUrls: urls, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
