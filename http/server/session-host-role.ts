/**
 * The session host role (COMPANION_ROLE all or api): speech through the model servers, the
 * mediasoup workers and this node's rooms, viewer signalling, and the session actors with their
 * realtime media. Returns its parts and its own shutdown hooks.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Core } from '../../runtime/core.js';
import { withShutdownHooks, type ShutdownHook } from '../../runtime/shutdown.js';
import type { SessionHostParts } from '../services.js';
import { isBuiltInVoice } from '../../runtime/voices/voice-catalog.js';
import { SessionCapacity } from '../../actors/session/capacity.js';
import { SessionClient } from '../../actors/session/session-client.js';
import { createReplyEngine } from '../../actors/session/reply/create-reply-engine.js';
import type { ReplyEngine } from '../../actors/session/reply/reply-engine.js';
import { SpeechService } from '../../media/speech/speech-service.js';
import { RoomHost } from '../../media/rooms/room-host.js';
import { ViewerHost } from '../../media/rooms/viewer-host.js';
import { ViewerRelay } from '../../media/rooms/viewer-relay.js';
import { turnCredentials } from '../../media/rooms/turn-credentials.js';
import { createPerformerFactory } from '../../media/publishing/performer-factory.js';
import { SessionMediaOpener } from '../../media/publishing/session-media.js';
import { roomTranscriber } from '../../media/listening/room-transcriber.js';

export function startSessionHost(
  core: Core,
  options: { wrapReplyEngine?: ((engine: ReplyEngine) => ReplyEngine) | undefined } = {},
): Promise<SessionHostParts & { shutdown: ShutdownHook[] }> {
  const { config, log, urls, orm, nats } = core;
  return withShutdownHooks(log, async (hooks) => {
    const speech = new SpeechService({
      ttsUrl: urls.speechTtsUrl,
      sttUrl: urls.speechSttUrl,
      timeoutMs: config.speechTimeoutMs,
      maxResponseBytes: config.speechMaxResponseBytes,
      ffmpegPath: config.ffmpegPath,
      maxAudioS: config.speechMaxAudioS,
    });
    hooks.push(['speech clients', () => speech.close()]);

    // A viewer's websocket node vouches for it every 5 s; the room's node drops it after 20 s of silence.
    const viewers = {
      host: new ViewerHost({
        nc: nats,
        log: log.child({ part: 'viewers' }),
        viewerStaleMs: 20_000,
        // Media flows between the page and this node: its viewers relay through this node's TURN server.
        iceServers: (viewerId) => (urls.turn ? [turnCredentials(urls.turn, viewerId, config.turnCredentialTtlS)] : []),
      }),
      relay: new ViewerRelay({ nc: nats, log: log.child({ part: 'viewers' }), requestTimeoutMs: 10_000, keepaliveMs: 5_000 }),
    };
    hooks.push(['viewer signalling', async () => (viewers.relay.close(), viewers.host.close())]);

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
    hooks.push(['media workers', () => media.close()]);

    const engine = createReplyEngine(config, urls.llmUrl);
    // Before the node takes sessions: done beside a first spoken turn, its compiling would hold the
    // event loop that decodes the user's voice.
    await engine
      .warmUp?.()
      .then((ms) => log.info({ ms: Math.round(ms) }, 'reply engine warmed up'))
      .catch((err: unknown) => log.warn({ err }, 'the reply engine could not warm up; its first turn is slower'));
    const sessions = await SessionClient.start(
      {
        orm,
        events: core.events,
        capacity: new SessionCapacity(core.redis, config.sessionCapacity, config.sessionCapacityPolicy),
        limiter: core.limiter,
        credentials: core.credentials,
        engine: options.wrapReplyEngine ? options.wrapReplyEngine(engine) : engine,
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
            maxRooms: config.realtimeSessionsPerNode,
          },
          createPerformer: createPerformerFactory(config.mediaPerformer, speech, (s) =>
            core.voices ? core.voices.resolve(orm.em.fork() as EntityManager, s.userId, s.mode, s.voiceId) : Promise.resolve(undefined),
          ),
          log: log.child({ part: 'media' }),
          listening: {
            ffmpegPath: config.ffmpegPath,
            endOfTurnMs: config.voiceEndOfTurnMs,
            bargeInMs: config.voiceBargeInMs,
            interimMs: config.voiceInterimMs,
            transcribe: roomTranscriber(speech.stt, log.child({ part: 'listening' })),
            turnCheck: {
              pauseMs: config.voiceTurnCheckMs,
              waitMs: config.voiceTurnWaitMs,
              completeAbove: config.voiceTurnCompletePercent / 100,
              // A model that answers later than the silence bound is no use: fall back to it.
              complete: config.voiceTurnModel ? (wav) => speech.stt.turnComplete(wav, { timeoutMs: config.voiceEndOfTurnMs }) : undefined,
            },
            log: log.child({ part: 'listening' }),
          },
        }),
      },
      nats,
      {
        idleTimeoutMs: config.sessionIdleTimeoutMs,
        leaseMs: config.sessionNodeLeaseMs,
        scanIntervalMs: config.sessionScanIntervalMs,
        link: core.natsLink,
        tokenTtlS: config.sessionTokenTtlS,
        isKnownVoice: (em, p, voiceId) =>
          core.voices ? core.voices.isUsable(em, p.userId, p.mode, voiceId) : Promise.resolve(isBuiltInVoice(voiceId)),
      },
    );
    // Sessions hosted here are handed to other nodes (not ended) when this node stops.
    hooks.push(['session actors', () => sessions.close()]);
    return { speech, media, viewers, sessions };
  });
}
