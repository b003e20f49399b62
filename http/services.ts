/**
 * What routes reach as `fastify.services`: the core every node runs (runtime/core.ts), the parts
 * of the session host role on nodes that serve sessions, and the health checks. Built once by the
 * composition root (http/server/start-service.ts).
 */
import type { Core } from '../runtime/core.js';
import type { HealthChecks } from '../runtime/health/health-checks.js';
import type { SessionClient } from '../actors/session/session-client.js';
import type { SpeechService } from '../media/speech/speech-service.js';
import type { RoomHost } from '../media/rooms/room-host.js';
import type { ViewerHost } from '../media/rooms/viewer-host.js';
import type { ViewerRelay } from '../media/rooms/viewer-relay.js';

/** The session host role's parts (http/server/session-host-role.ts). */
export interface SessionHostParts {
  speech: SpeechService;
  /** mediasoup workers and the rooms of the realtime sessions hosted here. */
  media: RoomHost;
  /** `host` answers for the rooms of sessions hosted here, `relay` carries the websockets opened here to the room's node. */
  viewers: { host: ViewerHost; relay: ViewerRelay };
  sessions: SessionClient;
}

export interface Services extends Core, Partial<SessionHostParts> {
  health: HealthChecks;
}
