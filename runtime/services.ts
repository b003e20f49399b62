/**
 * The service's long-lived parts, built once by runtime/service.ts (the composition root) and
 * handed to the HTTP layer (routes reach them as `fastify.services`) and to account erasure.
 * The Temporal worker's activities and the session actors get the few parts they need directly.
 */
import type { NatsConnection } from 'nats';
import type { Redis } from 'ioredis';
import type { Client as TemporalClient } from '@temporalio/client';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Orm } from './db/orm.js';
import type { CredentialService } from './accounts/credentials.js';
import type { Limiter } from './limits/limiter.js';
import type { PlanCatalog } from './limits/plans.js';
import type { UsageRecorder } from './usage/usage-recorder.js';
import type { HealthChecks } from './health/health-checks.js';
import type { EventBus } from './events/event-bus.js';
import type { SecretBox } from './secrets/secret-box.js';
import type { CharacterService } from './characters/character-service.js';
import type { WebhookEndpointService } from './webhooks/webhook-endpoints.js';
import type { SessionClient } from '../actors/session/session-client.js';
import type { SessionCapacity } from '../actors/session/capacity.js';
import type { SpeechService } from '../media/speech/speech-service.js';
import type { VoiceBuilder } from '../media/speech/voice-builder-client.js';
import type { ClonedVoiceService } from './voices/cloned-voices.js';
import type { VoiceResolver } from './voices/voice-resolver.js';
import type { RoomHost } from '../media/rooms/room-host.js';
import type { ViewerHost } from '../media/rooms/viewer-host.js';
import type { ViewerRelay } from '../media/rooms/viewer-relay.js';

export interface Services {
  config: Readonly<Config>;
  log: Logger;
  orm: Orm;
  redis: Redis;
  nats: NatsConnection;
  temporal: TemporalClient;
  plans: PlanCatalog;
  limiter: Limiter;
  credentials: CredentialService;
  usage: UsageRecorder;
  health: HealthChecks;
  events: EventBus;
  secrets: SecretBox;
  characters: CharacterService;
  clonedVoices: ClonedVoiceService;
  webhooks: WebhookEndpointService;
  /** The deployment-wide cap on open sessions (Redis), on every node. */
  sessionCapacity: SessionCapacity;
  /** Live sessions: present on nodes that serve the API (roles `all` and `api`). */
  sessions: SessionClient | undefined;
  /** Speech synthesis and transcription through the model servers: on nodes that serve the API. */
  speech: SpeechService | undefined;
  /** The voice builder (clone jobs) and the resolver of cloned voices: on nodes that serve the API. */
  voiceBuilder: VoiceBuilder | undefined;
  voices: VoiceResolver | undefined;
  /** mediasoup workers and the rooms of the realtime sessions hosted here: on nodes that host sessions. */
  media: RoomHost | undefined;
  /**
   * Viewer signalling, on nodes that serve the API: `host` answers for the rooms of sessions
   * hosted here, `relay` carries the websockets opened here to whichever node hosts the room.
   */
  viewers: { host: ViewerHost; relay: ViewerRelay } | undefined;
}
