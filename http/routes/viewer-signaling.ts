/**
 * GET /api/v1/avatars/:id/signaling — the viewer's websocket, on any node. The credential (a
 * `vt_` viewer token, the session's `st_` token, or a secret key with `sessions:watch`) is checked
 * at the upgrade like on every route (401/403/404/409/429 answer the upgrade request in the
 * envelope), sent as `Authorization: Bearer …` or, from a browser, as the subprotocol entry
 * `bearer.<token>` beside `companion-signaling.v1`. A plain GET without an upgrade answers 426.
 *
 * Once open, the socket speaks media/rooms/signaling.ts: the node relays each request over NATS to
 * the node hosting the session's room (ViewerRelay → ViewerHost) and forwards the answers. When the
 * session ends, the token is revoked or the room's node is lost, the page gets a final `closed`
 * message and the socket closes with the same code and reason. A socket that drops leaves the room.
 *
 * Only the session's own st_ token may publish (the microphone's send transport and producer): a
 * vt_ token or a secret key is answered `forbidden` in the signalling envelope, here and again by
 * the room's node. Another session's st_ never gets this far (the upgrade refuses it).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { WebSocket } from 'ws';
import type { LiveSession } from '../../runtime/db/entities/live-session.js';
import {
  SPEAKER_METHODS,
  VIEWER_CLOSE,
  type ViewerClientMessage,
  type ViewerCloseCode,
  type ViewerRequest,
  type ViewerServerMessage,
} from '../../media/rooms/signaling.js';
import { ViewerJoinRefused, type ViewerConnection } from '../../media/rooms/viewer-relay.js';
import { SPEAK_FORBIDDEN } from '../../media/rooms/viewer-host.js';
import { NotConnected, SessionEnded, SessionNotRealtime, UpgradeRequired } from '../errors.js';
import { AUTHED_ERRORS, errors } from '../schemas/common.js';
import { SessionParams } from '../schemas/ids.js';

/** The subprotocol the page offers (with `bearer.<token>`) and the node selects. */
export const SIGNALING_SUBPROTOCOL = 'companion-signaling.v1';

/** Browsers and proxies drop idle websockets; a ping also finds pages that vanished without a close. */
const PING_INTERVAL_MS = 15_000;
/** A close reason is at most 123 bytes on the wire. */
const closeReason = (reason: string) => Buffer.from(reason).subarray(0, 123).toString();

declare module 'fastify' {
  interface FastifyRequest {
    viewerSession?: LiveSession;
  }
}

/** Checks a page's message: one of the requests, with the fields it needs. */
function parseClientMessage(raw: string): ViewerClientMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const m = value as Record<string, unknown>;
  if (!Number.isSafeInteger(m.id)) return undefined;
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  const id = m.id as number;
  switch (m.method) {
    case 'createTransport':
      return { id, method: 'createTransport' };
    case 'connectTransport':
      return isObject(m.dtlsParameters) ? { id, method: 'connectTransport', dtlsParameters: m.dtlsParameters as never } : undefined;
    case 'consume':
      return isObject(m.rtpCapabilities) ? { id, method: 'consume', rtpCapabilities: m.rtpCapabilities as never } : undefined;
    case 'resumeConsumer':
      return typeof m.consumerId === 'string' && m.consumerId.length <= 100
        ? { id, method: 'resumeConsumer', consumerId: m.consumerId }
        : undefined;
    case 'createSendTransport':
      return { id, method: 'createSendTransport' };
    case 'connectSendTransport':
      return isObject(m.dtlsParameters) ? { id, method: 'connectSendTransport', dtlsParameters: m.dtlsParameters as never } : undefined;
    case 'produce':
      return m.kind === 'audio' && isObject(m.rtpParameters)
        ? { id, method: 'produce', kind: 'audio', rtpParameters: m.rtpParameters as never }
        : undefined;
    case 'pauseProducer':
      return typeof m.paused === 'boolean' ? { id, method: 'pauseProducer', paused: m.paused } : undefined;
    default:
      return undefined;
  }
}

const viewerSignalingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const services = () => {
    const { sessions, viewers } = app.services;
    if (!sessions || !viewers) throw new NotConnected('viewer signalling on this node (COMPANION_ROLE=worker)');
    return { sessions, viewers };
  };

  app.route({
    method: 'GET',
    url: '/avatars/:id/signaling',
    config: { auth: { scope: 'sessions:watch', sessionToken: true, viewerToken: true, subprotocolCredential: true } },
    schema: {
      summary: "The viewer's signalling websocket (vt_ or this session's st_ token; upgrade required)",
      description:
        'Open with `new WebSocket(url, ["companion-signaling.v1", "bearer." + token])`. Messages: media/rooms/signaling.ts; ' +
        'see docs/VIEWERS.md. Refusals answer the upgrade request in the error envelope.',
      tags: ['viewers'],
      params: SessionParams,
      response: errors(404, 409, 426, 501, ...AUTHED_ERRORS),
    },
    preHandler: async (request) => {
      const { sessions } = services();
      const { id } = request.params as { id: string };
      const session = await sessions.authorize(request.em, request.principal!, id);
      if (session.state !== 'open') throw new SessionEnded();
      if (!session.realtime) throw new SessionNotRealtime();
      request.viewerSession = session;
    },
    handler: async () => {
      throw new UpgradeRequired();
    },
    wsHandler: (socket: WebSocket, request) => {
      const { viewers } = services();
      const session = request.viewerSession!;
      const principal = request.principal!;
      // The upgrade let an st_ token in only for its own session (sessions.authorize): it may speak.
      const canSpeak = principal.kind === 'session_token';
      const log = request.log.child({ sessionId: session.id });
      let connection: ViewerConnection | undefined;
      let closed = false;
      const pending: string[] = [];

      const send = (message: ViewerServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const closeWith = (code: ViewerCloseCode, reason: string) => {
        if (closed) return;
        closed = true;
        send({ notification: 'closed', code, reason });
        socket.close(code, closeReason(reason));
      };

      const handle = async (raw: string) => {
        const message = parseClientMessage(raw);
        if (!message) return closeWith(VIEWER_CLOSE.protocolError, 'unknown or malformed signalling message');
        const { id, ...request } = message;
        if (SPEAKER_METHODS.has(request.method) && !canSpeak)
          return send({ id, ok: false, error: { code: 'forbidden', message: SPEAK_FORBIDDEN } });
        const reply = await connection!.request(request as ViewerRequest);
        send(reply.ok ? { id, ok: true, data: reply.data as never } : { id, ok: false, error: reply.error });
      };

      // Messages may arrive before the join finishes; they wait for it.
      socket.on('message', (data, isBinary) => {
        const raw = isBinary ? '' : data.toString();
        if (!connection) pending.push(raw);
        else handle(raw).catch((err) => log.warn({ err }, 'signalling message failed'));
      });

      let alive = true;
      socket.on('pong', () => (alive = true));
      const pinger = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, PING_INTERVAL_MS);
      pinger.unref();

      socket.on('close', () => {
        closed = true;
        clearInterval(pinger);
        connection?.leave();
      });

      viewers.relay
        .join(session.id, principal.credentialId, canSpeak, {
          onClosed: (push) => closeWith(push.code, push.reason),
          onCaption: (caption) => send({ notification: 'caption', ...caption }),
        })
        .then(
          (joined) => {
            connection = joined;
            if (closed) return joined.leave(); // the page went away while joining
            log.info({ viewerId: joined.viewerId, via: principal.kind }, 'viewer connected');
            send({
              notification: 'ready',
              viewerId: joined.viewerId,
              sessionId: session.id,
              routerRtpCapabilities: joined.routerRtpCapabilities,
              canChat: principal.kind === 'session_token',
              canSpeak: canSpeak && joined.acceptsVoice,
              iceServers: joined.iceServers,
            });
            for (const raw of pending.splice(0)) handle(raw).catch((err) => log.warn({ err }, 'signalling message failed'));
          },
          (err: unknown) => {
            if (!(err instanceof ViewerJoinRefused)) log.error({ err }, 'viewer join failed');
            const reason = err instanceof ViewerJoinRefused ? err.failure.error.message : 'could not join the room';
            closeWith(VIEWER_CLOSE.hostLost, reason);
          },
        );
    },
  });
};

export default viewerSignalingRoutes;
