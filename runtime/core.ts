/**
 * The core every node runs, whatever its role: the stack (embedded or given), the clients opened
 * once (PostgreSQL through the ORM, Redis, NATS, Temporal) and the domain services built on them
 * (credentials and limits, usage, events, characters, webhooks, cloned voices). The roles above it
 * (session host, workflow worker, HTTP) take what they need from it; it knows none of them.
 */
import { Redis } from 'ioredis';
import { connect as connectNats, type NatsConnection } from 'nats';
import { Client as TemporalClient, Connection as TemporalConnection } from '@temporalio/client';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { CredentialService } from './accounts/credentials.js';
import { migrate, openOrm, type Orm } from './db/orm.js';
import { Limiter } from './limits/limiter.js';
import { PlanCatalog } from './limits/plans.js';
import { LocalStack, type StackUrls } from './stack/local-stack.js';
import { UsageRecorder } from './usage/usage-recorder.js';
import { ClonedVoiceService } from './voices/cloned-voices.js';
import { publicReason } from './health/dependency-failure.js';
import { NatsLink } from './health/nats-link.js';
import { EventBus } from './events/event-bus.js';
import { SecretBox } from './secrets/secret-box.js';
import { CharacterService } from './characters/character-service.js';
import { WebhookEndpointService } from './webhooks/webhook-endpoints.js';
import { VoiceResolver } from './voices/voice-resolver.js';
import type { VoiceBuilder } from './voices/voice-builder.js';
import { withShutdownHooks, type ShutdownHook } from './shutdown.js';

export interface Core {
  config: Readonly<Config>;
  log: Logger;
  /** The embedded servers this node started (or none: every URL was given). */
  stack: LocalStack;
  /** Where the stack answers: another node can join it. */
  urls: StackUrls;
  orm: Orm;
  redis: Redis;
  nats: NatsConnection;
  /** Whether NATS is connected now: session calls fail at once while it is not. */
  natsLink: NatsLink;
  temporal: TemporalClient;
  plans: PlanCatalog;
  limiter: Limiter;
  credentials: CredentialService;
  usage: UsageRecorder;
  events: EventBus;
  secrets: SecretBox;
  characters: CharacterService;
  clonedVoices: ClonedVoiceService;
  webhooks: WebhookEndpointService;
  /** The voice builder (clone jobs) and the resolver of cloned voices: wherever the synthesis server's URL is known. */
  voiceBuilder: VoiceBuilder | undefined;
  voices: VoiceResolver | undefined;
}

export interface CoreOptions {
  /** Apply migrations (default true); the test harness applies them once. */
  migrate?: boolean | undefined;
  /** The client of the synthesis server's voice builder (media/speech/voice-builder-client.ts). */
  voiceBuilderAt?: ((ttsUrl: string) => VoiceBuilder & { close(): Promise<void> }) | undefined;
}

export function startCore(config: Readonly<Config>, log: Logger, options: CoreOptions = {}): Promise<Core & { shutdown: ShutdownHook[] }> {
  return withShutdownHooks(log, async (hooks) => {
    // A worker-only node runs no routes and hosts no sessions, so it needs no model servers.
    const parts = config.role === 'worker' ? (['natsUrl', 'redisUrl', 'databaseUrl', 'temporalAddress'] as const) : undefined;
    const stack = await LocalStack.start(config, log, parts);
    hooks.push(['embedded stack', () => stack.stop()]);
    const { urls } = stack;

    const orm = await openOrm(urls.databaseUrl, log);
    hooks.push(['database', () => orm.close()]);
    if (options.migrate !== false) await migrate(orm, log);

    // While Redis is down, a command fails within about a second (reconnects every 250 ms, two
    // tries), so callers get a prompt 503 rather than a wait; ioredis reconnects by itself.
    // No auto-pipelining: the limiter already sends one script run per credential per turn of the
    // event loop (limiter.ts), and ioredis's per-tick Pipeline on top of that cost 2.5 µs of a
    // 31 µs request (docs/BENCHMARKS.md, API overhead); other commands are rare.
    const redis = new Redis(urls.redisUrl, {
      enableAutoPipelining: false,
      maxRetriesPerRequest: 2,
      lazyConnect: true,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 50, 250),
    });
    redis.on('error', (err: Error) => log.debug({ err: publicReason(err) }, 'redis connection error'));
    await redis.connect();
    hooks.push(['redis', () => redis.quit()]);

    // A dead server is noticed at once (socket closed) or by two missed pings 5 s apart (a hung one).
    const nats = await connectNats({
      servers: urls.natsUrl,
      name: `companion-${process.pid}`,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      pingInterval: 5000,
      maxPingOut: 2,
    });
    hooks.push(['nats', () => nats.drain()]);

    const temporalConnection = await TemporalConnection.connect({ address: urls.temporalAddress });
    hooks.push(['temporal client', () => temporalConnection.close()]);
    const temporal = new TemporalClient({ connection: temporalConnection, namespace: config.temporalNamespace });

    const plans = new PlanCatalog(config.planLimitOverrides);
    const limiter = new Limiter(redis);
    const usage = new UsageRecorder(orm, log, config.usageFlushIntervalMs, config.usageBatchMax);
    hooks.push(['usage recorder', () => usage.close()]);
    const secrets = SecretBox.load(config.secretKey, config.dataDir);
    const events = new EventBus(orm, temporal, config.temporalTaskQueue, config.webhookRetryScheduleS, log);
    hooks.push(['webhook dispatch', () => events.close()]);

    // The voice builder lives in the synthesis server: present wherever its URL is known.
    const voiceBuilder = urls.speechTtsUrl && options.voiceBuilderAt ? options.voiceBuilderAt(urls.speechTtsUrl) : undefined;
    if (voiceBuilder) hooks.push(['voice builder', () => voiceBuilder.close()]);

    return {
      config,
      log,
      stack,
      urls,
      orm,
      redis,
      nats,
      natsLink: new NatsLink(nats, log),
      temporal,
      plans,
      limiter,
      credentials: new CredentialService(plans, limiter, config.credentialCacheMs),
      usage,
      events,
      secrets,
      characters: new CharacterService(events),
      clonedVoices: new ClonedVoiceService({ config, temporal, events, log, builder: () => voiceBuilder }),
      webhooks: new WebhookEndpointService(events, secrets, {
        allowLoopback: config.webhookAllowLoopback,
        allowPrivate: config.webhookAllowPrivate,
      }),
      voiceBuilder,
      voices: voiceBuilder ? new VoiceResolver(voiceBuilder, config.dataDir) : undefined,
    };
  });
}
