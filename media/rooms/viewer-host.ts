/**
 * The room side of viewer signalling, on the node that hosts a realtime session. It owns, per
 * attached room, the NATS subscription of the session's signal subject and the list of viewers
 * (which token let each in, when its websocket's node last vouched for it). It answers relayed
 * requests straight from the room API, not through the session actor's mailbox, so a viewer
 * joining never waits behind a chat turn. It is not the websocket (the viewer-signaling route
 * on any node, through ViewerRelay) and not the room itself (media-core's AvatarRoom).
 *
 * A joining viewer is given this node's TURN server, with credentials minted for it, since media
 * flows between the browser and this node.
 *
 * Only a viewer that joined with `canSpeak` (the session's own st_ token, checked by the websocket's
 * node) may open the send direction and publish its microphone; others are answered `forbidden`
 * here too, so a relay that forgot the check still cannot let a watcher speak. The room's captions
 * (the user's words heard, the companion's reply) are pushed to every viewer.
 *
 * When the room closes (the session ended, or its media worker died) every viewer is told the
 * reason on its push subject, wherever its websocket is, and the subscription goes.
 */
import type { NatsConnection, Subscription } from 'nats';
import type { Logger } from 'pino';
import { sessionSignalSubject, viewerPushSubject } from '../../actors/session/subjects.js';
import {
  SPEAKER_METHODS,
  VIEWER_CLOSE,
  type Caption,
  type IceServer,
  type MediaParameters,
  type RelayReply,
  type RelayRequest,
  type ViewerCloseCode,
  type ViewerConsumerOptions,
  type ViewerPush,
  type ViewerRequest,
  type ViewerTransportOptions,
} from './signaling.js';

/** The viewer side of a room (media/rooms/avatar-room.ts satisfies it; see MEDIA-CONTRACT). */
export interface ViewerRoom {
  readonly rtpCapabilities: unknown;
  readonly viewerCount: number;
  createViewerTransport(viewerId: string): Promise<unknown>;
  connectViewerTransport(viewerId: string, dtlsParameters: never): Promise<unknown>;
  consume(viewerId: string, rtpCapabilities: never): Promise<unknown[]>;
  resumeConsumer(viewerId: string, consumerId: string): Promise<unknown>;
  removeViewer(viewerId: string): unknown;
  /** Whether someone on this node listens to voices in the room (else the microphone is not offered). */
  readonly acceptsVoice: boolean;
  createSpeakerTransport(viewerId: string): Promise<unknown>;
  connectSpeakerTransport(viewerId: string, dtlsParameters: never): Promise<unknown>;
  produceVoice(viewerId: string, rtpParameters: never): Promise<string>;
  pauseVoice(viewerId: string, paused: boolean): Promise<unknown>;
  on(event: 'close', listener: (reason: string) => void): unknown;
  on(event: 'caption', listener: (caption: Caption) => void): unknown;
}

/** Session end reasons (live-session.ts); any other room close reason is not a session end. */
const SESSION_END_REASONS = new Set(['explicit', 'idle', 'eviction', 'node_lost', 'error', 'account_erased', 'media_error']);

interface HostedViewer {
  tokenId: string;
  /** Joined with the session's own st_ token: may publish its microphone. */
  canSpeak: boolean;
  lastSeenMs: number;
}

interface AttachedRoom {
  room: ViewerRoom;
  sub: Subscription;
  viewers: Map<string, HostedViewer>;
  log: Logger;
}

export interface ViewerHostOptions {
  nc: NatsConnection;
  log: Logger;
  /** A viewer whose websocket's node has not vouched for it this long is removed (that node died). */
  viewerStaleMs: number;
  /** The TURN server(s) a joining viewer may relay through, with credentials minted for it; none by default. */
  iceServers?: (viewerId: string) => IceServer[];
}

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

export class ViewerHost {
  private readonly rooms = new Map<string, AttachedRoom>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: ViewerHostOptions) {
    this.sweeper = setInterval(() => this.removeStaleViewers(), Math.max(250, Math.floor(options.viewerStaleMs / 4)));
    this.sweeper.unref();
  }

  /** Opens `room` to viewers of `sessionId`: called by the session actor right after it creates the room. */
  attach(sessionId: string, room: ViewerRoom): void {
    if (this.rooms.has(sessionId)) throw new Error(`a room is attached for ${sessionId} already`);
    const log = this.options.log.child({ sessionId });
    const attached: AttachedRoom = { room, viewers: new Map(), log, sub: undefined as unknown as Subscription };
    attached.sub = this.options.nc.subscribe(sessionSignalSubject(sessionId), {
      callback: (err, msg) => {
        if (err) return;
        let request: RelayRequest;
        try {
          request = JSON.parse(new TextDecoder().decode(msg.data)) as RelayRequest;
        } catch {
          msg.respond(encode(failure('bad_request', 'undecodable relay message')));
          return;
        }
        this.handle(attached, request).then(
          (reply) => msg.respond(encode(reply)),
          (error: unknown) => {
            log.warn({ err: error, type: request.type }, 'viewer signalling request failed');
            msg.respond(encode(failure('room_error', (error as Error).message ?? 'room error')));
          },
        );
      },
    });
    this.rooms.set(sessionId, attached);
    room.on('close', (reason) => this.detach(sessionId, reason));
    room.on('caption', ({ role, text, interim }) => {
      for (const viewerId of attached.viewers.keys()) this.push(viewerId, { type: 'caption', role, text, ...(interim ? { interim } : {}) });
    });
  }

  /** Viewers in the session's room on this node (0 when it has none here). */
  viewerCount(sessionId: string): number {
    return this.rooms.get(sessionId)?.room.viewerCount ?? 0;
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const sessionId of [...this.rooms.keys()]) this.detach(sessionId, 'node_stopping');
  }

  private async handle(attached: AttachedRoom, request: RelayRequest): Promise<RelayReply> {
    const { room, viewers } = attached;
    switch (request.type) {
      case 'join':
        viewers.set(request.viewerId, { tokenId: request.tokenId, canSpeak: request.canSpeak === true, lastSeenMs: Date.now() });
        attached.log.info({ viewerId: request.viewerId, tokenId: request.tokenId }, 'viewer joined');
        return {
          ok: true,
          data: {
            routerRtpCapabilities: room.rtpCapabilities,
            acceptsVoice: room.acceptsVoice,
            iceServers: this.options.iceServers?.(request.viewerId) ?? [],
          },
        };
      case 'signal': {
        const viewer = viewers.get(request.viewerId);
        if (!viewer) return failure('not_joined', 'this viewer is not in the room');
        viewer.lastSeenMs = Date.now();
        if (SPEAKER_METHODS.has(request.request.method) && !viewer.canSpeak) {
          attached.log.warn(
            { viewerId: request.viewerId, method: request.request.method },
            'a viewer without the st_ token tried to speak',
          );
          return failure('forbidden', SPEAK_FORBIDDEN);
        }
        return { ok: true, data: await this.signal(room, request.viewerId, request.request) };
      }
      case 'leave':
        this.removeViewer(attached, request.viewerId, 'left');
        return { ok: true, data: null };
      case 'keepalive': {
        const now = Date.now();
        const missing: string[] = [];
        for (const viewerId of request.viewerIds) {
          const viewer = viewers.get(viewerId);
          if (viewer) viewer.lastSeenMs = now;
          else missing.push(viewerId);
        }
        return { ok: true, data: null, missing };
      }
      case 'revoke': {
        for (const [viewerId, viewer] of viewers) {
          if (viewer.tokenId !== request.tokenId) continue;
          this.removeViewer(attached, viewerId, 'token revoked');
          this.push(viewerId, { type: 'closed', code: VIEWER_CLOSE.tokenRevoked, reason: 'viewer token revoked' });
        }
        return { ok: true, data: null };
      }
    }
  }

  private async signal(room: ViewerRoom, viewerId: string, request: ViewerRequest): Promise<unknown> {
    switch (request.method) {
      case 'createTransport':
        return (await room.createViewerTransport(viewerId)) as ViewerTransportOptions;
      case 'connectTransport':
        await room.connectViewerTransport(viewerId, request.dtlsParameters as never);
        return {};
      case 'consume':
        return {
          consumers: (await room.consume(viewerId, request.rtpCapabilities as MediaParameters as never)) as ViewerConsumerOptions[],
        };
      case 'resumeConsumer':
        await room.resumeConsumer(viewerId, request.consumerId);
        return {};
      case 'createSendTransport':
        return (await room.createSpeakerTransport(viewerId)) as ViewerTransportOptions;
      case 'connectSendTransport':
        await room.connectSpeakerTransport(viewerId, request.dtlsParameters as never);
        return {};
      case 'produce':
        return { id: await room.produceVoice(viewerId, request.rtpParameters as never) };
      case 'pauseProducer':
        await room.pauseVoice(viewerId, request.paused);
        return {};
      default:
        throw new Error(`unknown signalling method ${(request as { method: string }).method}`);
    }
  }

  private removeViewer(attached: AttachedRoom, viewerId: string, why: string): void {
    if (!attached.viewers.delete(viewerId)) return;
    try {
      attached.room.removeViewer(viewerId);
    } catch (err) {
      attached.log.warn({ err, viewerId }, 'could not remove a viewer from the room');
    }
    attached.log.info({ viewerId, why }, 'viewer left');
  }

  private removeStaleViewers(): void {
    const oldest = Date.now() - this.options.viewerStaleMs;
    for (const attached of this.rooms.values()) {
      for (const [viewerId, viewer] of attached.viewers) {
        if (viewer.lastSeenMs < oldest) this.removeViewer(attached, viewerId, 'its node stopped vouching for it');
      }
    }
  }

  private detach(sessionId: string, reason: string): void {
    const attached = this.rooms.get(sessionId);
    if (!attached) return;
    this.rooms.delete(sessionId);
    attached.sub.unsubscribe();
    const ended = SESSION_END_REASONS.has(reason);
    const code: ViewerCloseCode = ended ? VIEWER_CLOSE.sessionEnded : VIEWER_CLOSE.roomClosed;
    const text = ended ? `session ended: ${reason}` : `room closed: ${reason}`;
    for (const viewerId of attached.viewers.keys()) this.push(viewerId, { type: 'closed', code, reason: text });
    attached.log.info({ reason, viewers: attached.viewers.size }, 'room closed to viewers');
    attached.viewers.clear();
  }

  private push(viewerId: string, message: ViewerPush): void {
    this.options.nc.publish(viewerPushSubject(viewerId), encode(message));
  }
}

/** Why a watcher's microphone request is refused (the websocket's node says the same). */
export const SPEAK_FORBIDDEN = "only the session's own st_ token may speak into its room";

function failure(code: Extract<RelayReply, { ok: false }>['error']['code'], message: string): RelayReply {
  return { ok: false, error: { code, message } };
}
