/**
 * The websocket side of viewer signalling, on any node: it carries a viewer's requests over NATS
 * to the node hosting the session's room (ViewerHost answers them), receives that node's pushes
 * for the viewer, and vouches for its open websockets with a keepalive so the host can drop
 * viewers of a node that died. It does not know about HTTP (the viewer-signaling route owns
 * the websocket) nor about mediasoup (the host's room does).
 *
 * Failures map as the session client's do: no responders means no node hosts the room
 * (`host_unreachable`), a timeout means it did not answer in time (`host_busy`).
 */
import { ErrorCode, type NatsConnection, type NatsError, type Subscription } from 'nats';
import type { Logger } from 'pino';
import { sessionSignalSubject, viewerPushSubject } from '../../actors/session/subjects.js';
import { newId } from '../../runtime/ids.js';
import {
  VIEWER_CLOSE,
  type Caption,
  type IceServer,
  type MediaParameters,
  type RelayReply,
  type RelayRequest,
  type ViewerPush,
  type ViewerRequest,
} from './signaling.js';

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const decode = <T>(bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as T;

export type RelayFailure = Extract<RelayReply, { ok: false }>;
type ClosedPush = Extract<ViewerPush, { type: 'closed' }>;

/** Joining failed: the reply says why (no room on any node, host busy, refused). */
export class ViewerJoinRefused extends Error {
  constructor(readonly failure: RelayFailure) {
    super(failure.error.message);
  }
}

export interface ViewerRelayOptions {
  nc: NatsConnection;
  log: Logger;
  /** How long one relayed request may take before the viewer is told the host is busy. */
  requestTimeoutMs: number;
  /** How often this node vouches for its viewers (well under the host's viewerStaleMs). */
  keepaliveMs: number;
}

/** What the room's node pushes to a viewer: its end, or a line of the conversation. */
export interface ViewerPushHandlers {
  onClosed(push: ClosedPush): void;
  onCaption(caption: Caption): void;
}

/** One viewer's signalling path from this node to the room. */
export class ViewerConnection {
  private closed = false;

  constructor(
    private readonly relay: ViewerRelay,
    readonly sessionId: string,
    readonly viewerId: string,
    readonly tokenId: string,
    readonly routerRtpCapabilities: MediaParameters,
    /** The room's node listens to voices (the page may offer the microphone to an st_ viewer). */
    readonly acceptsVoice: boolean,
    /** The room's node's TURN server, with this viewer's credentials. */
    readonly iceServers: IceServer[],
    private readonly sub: Subscription,
    private readonly onClosed: (push: ClosedPush) => void,
  ) {}

  request(request: ViewerRequest): Promise<RelayReply> {
    return this.relay.send(this.sessionId, { type: 'signal', viewerId: this.viewerId, request });
  }

  /** The websocket closed: leave the room (best effort; the keepalive covers a lost message). */
  leave(): void {
    if (!this.dispose()) return;
    this.relay.send(this.sessionId, { type: 'leave', viewerId: this.viewerId }).catch(() => undefined);
  }

  /** The host (or this node, on losing the host) ended this viewer. */
  end(push: ClosedPush): void {
    if (!this.dispose()) return;
    this.onClosed(push);
  }

  private dispose(): boolean {
    if (this.closed) return false;
    this.closed = true;
    this.sub.unsubscribe();
    this.relay.forget(this);
    return true;
  }
}

export class ViewerRelay {
  private readonly bySession = new Map<string, Set<ViewerConnection>>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: ViewerRelayOptions) {
    this.timer = setInterval(() => void this.keepalive(), options.keepaliveMs);
    this.timer.unref();
  }

  /**
   * Puts a viewer in the session's room, wherever it is hosted; pushes for it reach `handlers`.
   * `canSpeak`: the viewer's credential is the session's own st_ token (it may publish its microphone).
   */
  async join(sessionId: string, tokenId: string, canSpeak: boolean, handlers: ViewerPushHandlers): Promise<ViewerConnection> {
    const viewerId = newId('vwr');
    // A close can arrive before the join's answer has been handled: it is kept and delivered then.
    const joined: { connection?: ViewerConnection; early?: ClosedPush } = {};
    // Subscribed before joining, so a push sent right after the join cannot be missed.
    const sub = this.options.nc.subscribe(viewerPushSubject(viewerId), {
      callback: (err, msg) => {
        if (err) return;
        try {
          const push = decode<ViewerPush>(msg.data);
          if (push.type === 'caption') {
            const { role, text, interim } = push;
            if (joined.connection) handlers.onCaption({ role, text, ...(interim ? { interim } : {}) });
          } else if (joined.connection) joined.connection.end(push);
          else joined.early = push;
        } catch (error) {
          this.options.log.warn({ err: error, viewerId }, 'undecodable viewer push');
        }
      },
    });
    const reply = await this.send(sessionId, { type: 'join', viewerId, tokenId, canSpeak });
    if (!reply.ok) {
      sub.unsubscribe();
      throw new ViewerJoinRefused(reply);
    }
    const { routerRtpCapabilities, acceptsVoice, iceServers } = reply.data as {
      routerRtpCapabilities: MediaParameters;
      acceptsVoice?: boolean;
      iceServers?: IceServer[];
    };
    const connection = (joined.connection = new ViewerConnection(
      this,
      sessionId,
      viewerId,
      tokenId,
      routerRtpCapabilities,
      acceptsVoice === true,
      iceServers ?? [],
      sub,
      (push) => handlers.onClosed(push),
    ));
    let viewers = this.bySession.get(sessionId);
    if (!viewers) this.bySession.set(sessionId, (viewers = new Set()));
    viewers.add(connection);
    const early = joined.early;
    if (early) setImmediate(() => connection.end(early));
    return connection;
  }

  /** Disconnects the viewers a revoked token let in (no-op when the session has no room). */
  async revokeToken(sessionId: string, tokenId: string): Promise<void> {
    await this.send(sessionId, { type: 'revoke', tokenId });
  }

  /** Viewer websockets open on this node. */
  get connectionCount(): number {
    let n = 0;
    for (const viewers of this.bySession.values()) n += viewers.size;
    return n;
  }

  close(): void {
    clearInterval(this.timer);
    for (const viewers of [...this.bySession.values()])
      for (const viewer of [...viewers]) viewer.end({ type: 'closed', code: VIEWER_CLOSE.hostLost, reason: 'this node is stopping' });
  }

  /** @internal */
  forget(connection: ViewerConnection): void {
    const viewers = this.bySession.get(connection.sessionId);
    viewers?.delete(connection);
    if (viewers?.size === 0) this.bySession.delete(connection.sessionId);
  }

  /** @internal One relayed request; never throws for NATS failures, which become replies. */
  async send(sessionId: string, request: RelayRequest): Promise<RelayReply> {
    try {
      const res = await this.options.nc.request(sessionSignalSubject(sessionId), encode(request), {
        timeout: this.options.requestTimeoutMs,
      });
      return decode<RelayReply>(res.data);
    } catch (err) {
      const code = (err as NatsError).code;
      if (code === ErrorCode.NoResponders)
        return { ok: false, error: { code: 'host_unreachable', message: "no node is hosting this session's room" } };
      if (code === ErrorCode.Timeout)
        return {
          ok: false,
          error: { code: 'host_busy', message: `the session's room did not answer within ${this.options.requestTimeoutMs} ms` },
        };
      throw err;
    }
  }

  private async keepalive(): Promise<void> {
    for (const [sessionId, viewers] of [...this.bySession]) {
      const reply = await this.send(sessionId, { type: 'keepalive', viewerIds: [...viewers].map((v) => v.viewerId) }).catch(
        (err: unknown): RelayReply => ({ ok: false, error: { code: 'room_error', message: (err as Error).message } }),
      );
      if (reply.ok) {
        const missing = new Set(reply.missing ?? []);
        for (const viewer of [...viewers])
          if (missing.has(viewer.viewerId))
            viewer.end({ type: 'closed', code: VIEWER_CLOSE.roomClosed, reason: 'the room no longer has this viewer' });
      } else if (reply.error.code === 'host_unreachable') {
        // The room's node is gone (or the room closed and its push was lost): nobody will answer again.
        for (const viewer of [...viewers])
          viewer.end({ type: 'closed', code: VIEWER_CLOSE.hostLost, reason: "the node hosting the session's room was lost" });
      } else {
        this.options.log.warn({ sessionId, error: reply.error }, 'viewer keepalive failed; retrying at the next beat');
      }
    }
  }
}
