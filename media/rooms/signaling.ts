/**
 * The viewer signalling protocol, one union per direction (as mediasoup-demo's protoo messages):
 *
 *   browser ⇄ any node     websocket `GET /api/v1/avatars/:id/signaling` (ViewerClientMessage in,
 *                          ViewerServerMessage out), JSON text frames;
 *   any node ⇄ host node   NATS request/reply on the session's signal subject (RelayRequest in,
 *                          RelayReply out), and a per-viewer subject the host publishes
 *                          ViewerPush on (actors/session/subjects.ts spells both).
 *
 * The mediasoup parameter objects pass through untouched, so they are typed as opaque JSON here;
 * the room (mediasoup) and the page (mediasoup-client) give them their real types. This file has
 * no imports, so the browser bundle shares it.
 */

/** A mediasoup parameter object (RtpCapabilities, DtlsParameters, …), relayed as it is. */
export type MediaParameters = Record<string, unknown>;

/** What `createTransport` answers: a WebRtcTransport's client-side options. */
export interface ViewerTransportOptions {
  id: string;
  iceParameters: MediaParameters;
  iceCandidates: MediaParameters[];
  dtlsParameters: MediaParameters;
}

/** One paused consumer: resume it after the browser has its track. */
export interface ViewerConsumerOptions {
  id: string;
  producerId: string;
  kind: 'audio' | 'video';
  rtpParameters: MediaParameters;
}

/**
 * A TURN server the page may relay its media through (RTCIceServer): the TURN server of the room's
 * node, with credentials minted for this viewer (media/rooms/turn-credentials.ts).
 */
export interface IceServer {
  urls: string[];
  username: string;
  credential: string;
}

/** Requests a viewer's page sends, each with the data it is answered with. */
export type ViewerRequest =
  | { method: 'createTransport' } // → ViewerTransportOptions
  | { method: 'connectTransport'; dtlsParameters: MediaParameters } // → {}
  | { method: 'consume'; rtpCapabilities: MediaParameters } // → { consumers: ViewerConsumerOptions[] }
  | { method: 'resumeConsumer'; consumerId: string } // → {}
  | SpeakerRequest;

/**
 * The microphone: only the session's own st_ token may send these (`ready.canSpeak`); any other
 * credential is answered `forbidden`, by the websocket's node and again by the room's node.
 */
export type SpeakerRequest =
  | { method: 'createSendTransport' } // → ViewerTransportOptions (the send direction)
  | { method: 'connectSendTransport'; dtlsParameters: MediaParameters } // → {}
  | { method: 'produce'; kind: 'audio'; rtpParameters: MediaParameters } // → { id } (the microphone's producer)
  /** Push-to-talk released or the microphone off (`paused: true`: the turn in progress ends now), or on again. */
  | { method: 'pauseProducer'; paused: boolean }; // → {}

export const SPEAKER_METHODS: ReadonlySet<string> = new Set(['createSendTransport', 'connectSendTransport', 'produce', 'pauseProducer']);

export interface ViewerResponseData {
  createTransport: ViewerTransportOptions;
  connectTransport: Record<string, never>;
  consume: { consumers: ViewerConsumerOptions[] };
  resumeConsumer: Record<string, never>;
  createSendTransport: ViewerTransportOptions;
  connectSendTransport: Record<string, never>;
  produce: { id: string };
  pauseProducer: Record<string, never>;
}

/** Browser → node. `id` is the page's own counter; the answer carries it back. */
export type ViewerClientMessage = ViewerRequest & { id: number };

/** Why a viewer's websocket closes: the code (4000–4999, application range) and the reason. */
export const VIEWER_CLOSE = {
  /** The session ended; the reason text is `session ended: <explicit|idle|eviction|…>`. */
  sessionEnded: 4000,
  /** The viewer's token was revoked. */
  tokenRevoked: 4001,
  /** The node hosting the room stopped answering. */
  hostLost: 4002,
  /** The room closed without the session ending (e.g. its media worker died). */
  roomClosed: 4003,
  /** The page broke the protocol (undecodable or unknown message). */
  protocolError: 4400,
} as const;

export type ViewerCloseCode = (typeof VIEWER_CLOSE)[keyof typeof VIEWER_CLOSE];

/** The error codes a signalling request can be answered with. */
export type SignalingErrorCode = 'bad_request' | 'not_joined' | 'room_error' | 'host_unreachable' | 'host_busy' | 'forbidden';

/** A line of the conversation: the user's words heard by the room, or the companion's reply. */
export interface Caption {
  role: 'user' | 'companion';
  text: string;
  /** The user's words so far, while they are still speaking: the next user caption replaces them. */
  interim?: boolean;
}

/** Node → browser. */
export type ViewerServerMessage =
  /** First message after the upgrade: the viewer is in the room and may create its transport. */
  | {
      notification: 'ready';
      viewerId: string;
      sessionId: string;
      routerRtpCapabilities: MediaParameters;
      /** True for an st_ token: the page may show the chat box. */
      canChat: boolean;
      /** True for an st_ token when the room's node listens to voices: the page may show the microphone. */
      canSpeak: boolean;
      /** For the page's transports: the room's TURN server, for networks that reach the SFU no other way (empty: none). */
      iceServers: IceServer[];
    }
  /** A line of the conversation, for the captions (every viewer of the room gets it). */
  | ({ notification: 'caption' } & Caption)
  /** Last message before the websocket closes with the same code and reason. */
  | { notification: 'closed'; code: ViewerCloseCode; reason: string }
  | { id: number; ok: true; data: ViewerResponseData[keyof ViewerResponseData] }
  | { id: number; ok: false; error: { code: SignalingErrorCode; message: string } };

/** Any node → the node hosting the room (NATS request; answered with RelayReply). */
export type RelayRequest =
  /**
   * A viewer connected on some node; pushes for it go to its own subject. `canSpeak`: its
   * credential is the session's own st_ token (the websocket's node checked it), so it may publish.
   * Answered with `{ routerRtpCapabilities, acceptsVoice, iceServers }`.
   */
  | { type: 'join'; viewerId: string; tokenId: string; canSpeak: boolean }
  | { type: 'signal'; viewerId: string; request: ViewerRequest }
  /** The viewer's websocket closed: remove it from the room. */
  | { type: 'leave'; viewerId: string }
  /** The node still holds these viewers' websockets; viewers not seen for a while are removed. */
  | { type: 'keepalive'; viewerIds: string[] }
  /** A token was revoked: its viewers are removed and told so. */
  | { type: 'revoke'; tokenId: string };

export type RelayReply =
  | { ok: true; data: unknown; missing?: string[] }
  | { ok: false; error: { code: SignalingErrorCode; message: string } };

/** The host node → the node holding a viewer's websocket (NATS publish). */
export type ViewerPush = { type: 'closed'; code: ViewerCloseCode; reason: string } | ({ type: 'caption' } & Caption);
