/**
 * One realtime session's WebRTC room: a mediasoup router on one worker, the companion's two
 * producers (VP8 video, Opus audio) fed over PlainTransports by the session's encoder, and the
 * viewers' side (one WebRtcTransport per viewer, consumers created paused). Signalling itself is
 * not here (media/rooms/signaling.ts and the websocket route): this is the API it calls.
 *
 * `close(reason)` tears everything down and emits `close` once; the room also closes by itself
 * when its worker dies (reason `media_worker_died`).
 */
import { EventEmitter } from 'node:events';
import type { types } from 'mediasoup';
import { audioProducerParameters, ROUTER_CODECS, videoProducerParameters } from './codecs.js';

export interface RtcListen {
  /** Address the viewers' WebRTC sockets listen on. */
  ip: string;
  /** Address put in ICE candidates when the listen address is not reachable (NAT, cloud). */
  announcedAddress: string | undefined;
  portRange: { min: number; max: number };
}

export interface RoomVideo {
  width: number;
  height: number;
  fps: number;
}

export interface AvatarRoomOptions {
  worker: types.Worker;
  sessionId: string;
  listen: RtcListen;
  video: RoomVideo;
}

/** Where the encoder sends its RTP (loopback; mediasoup learns the source from the first packet). */
export interface PublishTarget {
  ip: string;
  port: number;
  /** Where RTCP goes (the encoder sends it from its own socket, so it gets its own port). */
  rtcpPort?: number;
}

export interface ViewerTransportInfo {
  id: string;
  iceParameters: types.IceParameters;
  iceCandidates: types.IceCandidate[];
  dtlsParameters: types.DtlsParameters;
}

export interface ViewerConsumerInfo {
  id: string;
  producerId: string;
  kind: types.MediaKind;
  rtpParameters: types.RtpParameters;
}

/** What session.started and GET /avatars/:id say about the room. */
export interface RoomDescription {
  id: string;
  video: { codec: 'VP8'; width: number; height: number; fps: number };
  audio: { codec: 'opus'; sampleRate: 48000 };
}

export type RoomCloseReason = 'session_ended' | 'media_worker_died' | 'encoder_failed' | string;

export class ViewerNotFound extends Error {
  override name = 'ViewerNotFound';
}

interface Viewer {
  transport: types.WebRtcTransport;
  consumers: Map<string, types.Consumer>;
}

export class AvatarRoom extends EventEmitter<{ close: [reason: RoomCloseReason]; viewers: [count: number] }> {
  private readonly viewers = new Map<string, Viewer>();
  private closedWith: RoomCloseReason | undefined;
  /** The clock feeding this room (the session's frame pacer): its frame count and jitter, for the benchmark. */
  frameClock: { readonly frames: number; jitter(): { p50Ms: number; p99Ms: number; maxMs: number; nominalMs: number } } | undefined;
  /** The encoder's process id, for the benchmark's CPU figures. */
  encoderPid: number | undefined;

  private constructor(
    readonly sessionId: string,
    private readonly router: types.Router,
    private readonly listen: RtcListen,
    readonly video: RoomVideo,
    readonly workerPid: number,
    readonly videoTarget: PublishTarget,
    readonly audioTarget: PublishTarget,
    readonly producers: { video: types.Producer; audio: types.Producer },
    private readonly plainTransports: types.PlainTransport[],
  ) {
    super();
    router.on('workerclose', () => this.close('media_worker_died'));
  }

  static async create(options: AvatarRoomOptions): Promise<AvatarRoom> {
    const { worker, sessionId, listen, video } = options;
    const router = await worker.createRouter({ mediaCodecs: ROUTER_CODECS, appData: { sessionId } });
    try {
      // The encoder runs on this node: its RTP arrives on loopback, and `comedia` takes the
      // encoder's source address from its first packet (as mediasoup-demo's broadcaster does).
      // RTCP gets its own port: ffmpeg sends it from a second socket, and with one muxed port
      // comedia could latch onto that socket and then ignore the RTP.
      const plain = () =>
        router.createPlainTransport({
          listenInfo: { protocol: 'udp', ip: '127.0.0.1', portRange: listen.portRange },
          rtcpListenInfo: { protocol: 'udp', ip: '127.0.0.1', portRange: listen.portRange },
          rtcpMux: false,
          comedia: true,
        });
      const videoIn = await plain();
      const audioIn = await plain();
      const videoProducer = await videoIn.produce({ kind: 'video', rtpParameters: videoProducerParameters(), appData: { sessionId } });
      const audioProducer = await audioIn.produce({ kind: 'audio', rtpParameters: audioProducerParameters(), appData: { sessionId } });
      return new AvatarRoom(
        sessionId,
        router,
        listen,
        video,
        worker.pid,
        { ip: '127.0.0.1', port: videoIn.tuple.localPort, rtcpPort: videoIn.rtcpTuple!.localPort },
        { ip: '127.0.0.1', port: audioIn.tuple.localPort, rtcpPort: audioIn.rtcpTuple!.localPort },
        { video: videoProducer, audio: audioProducer },
        [videoIn, audioIn],
      );
    } catch (err) {
      router.close();
      throw err;
    }
  }

  get id(): string {
    return this.router.id;
  }

  get closed(): boolean {
    return this.closedWith !== undefined;
  }

  get closeReason(): RoomCloseReason | undefined {
    return this.closedWith;
  }

  get rtpCapabilities(): types.RtpCapabilities {
    return this.router.rtpCapabilities;
  }

  get viewerCount(): number {
    return this.viewers.size;
  }

  /** Transports (the encoder's two and one per viewer), for metrics. */
  get transportCount(): number {
    return this.closed ? 0 : this.plainTransports.length + this.viewers.size;
  }

  get consumerCount(): number {
    let n = 0;
    for (const v of this.viewers.values()) n += v.consumers.size;
    return n;
  }

  describe(): RoomDescription {
    return {
      id: this.id,
      video: { codec: 'VP8', width: this.video.width, height: this.video.height, fps: this.video.fps },
      audio: { codec: 'opus', sampleRate: 48000 },
    };
  }

  /** A WebRTC transport for a viewer (replacing the viewer's previous one, if any). */
  async createViewerTransport(viewerId: string): Promise<ViewerTransportInfo> {
    this.assertOpen();
    this.removeViewer(viewerId);
    const { ip, announcedAddress, portRange } = this.listen;
    const base = { ip, portRange, ...(announcedAddress ? { announcedAddress } : {}) };
    const transport = await this.router.createWebRtcTransport({
      listenInfos: [
        { ...base, protocol: 'udp' },
        { ...base, protocol: 'tcp' },
      ],
      enableUdp: true,
      enableTcp: true,
      preferUdp: true,
      appData: { sessionId: this.sessionId, viewerId },
    });
    this.viewers.set(viewerId, { transport, consumers: new Map() });
    transport.on('dtlsstatechange', (state) => {
      if (state === 'failed' || state === 'closed') this.removeViewer(viewerId);
    });
    this.emit('viewers', this.viewers.size);
    return {
      id: transport.id,
      iceParameters: transport.iceParameters,
      iceCandidates: transport.iceCandidates,
      dtlsParameters: transport.dtlsParameters,
    };
  }

  async connectViewerTransport(viewerId: string, dtlsParameters: types.DtlsParameters): Promise<void> {
    await this.viewer(viewerId).transport.connect({ dtlsParameters });
  }

  /** Consumers of the companion's video and audio, paused until `resumeConsumer`. */
  async consume(viewerId: string, rtpCapabilities: types.RtpCapabilities): Promise<ViewerConsumerInfo[]> {
    const viewer = this.viewer(viewerId);
    const result: ViewerConsumerInfo[] = [];
    for (const producer of [this.producers.video, this.producers.audio]) {
      if (!this.router.canConsume({ producerId: producer.id, rtpCapabilities })) continue;
      const consumer = await viewer.transport.consume({ producerId: producer.id, rtpCapabilities, paused: true });
      viewer.consumers.set(consumer.id, consumer);
      consumer.on('transportclose', () => viewer.consumers.delete(consumer.id));
      consumer.on('producerclose', () => viewer.consumers.delete(consumer.id));
      result.push({ id: consumer.id, producerId: producer.id, kind: consumer.kind, rtpParameters: consumer.rtpParameters });
    }
    return result;
  }

  async resumeConsumer(viewerId: string, consumerId: string): Promise<void> {
    const consumer = this.viewer(viewerId).consumers.get(consumerId);
    if (!consumer) throw new ViewerNotFound(`no consumer ${consumerId} for viewer ${viewerId}`);
    await consumer.resume();
  }

  /**
   * Sends one of the companion's tracks as plain RTP to `remote` (a UDP socket): how the tests
   * and the media benchmark watch what leaves the SFU without a browser.
   */
  async mirrorTo(kind: types.MediaKind, remote: PublishTarget): Promise<{ close(): void }> {
    this.assertOpen();
    const transport = await this.router.createPlainTransport({
      listenInfo: { protocol: 'udp', ip: '127.0.0.1', portRange: this.listen.portRange },
      rtcpMux: true,
      comedia: false,
    });
    await transport.connect({ ip: remote.ip, port: remote.port });
    await transport.consume({ producerId: this.producers[kind].id, rtpCapabilities: this.router.rtpCapabilities });
    return { close: () => transport.close() };
  }

  removeViewer(viewerId: string): void {
    const viewer = this.viewers.get(viewerId);
    if (!viewer) return;
    this.viewers.delete(viewerId);
    viewer.transport.close();
    this.emit('viewers', this.viewers.size);
  }

  /** Closes the router (and so every transport, producer and consumer); emits `close` once. */
  close(reason: RoomCloseReason): void {
    if (this.closedWith !== undefined) return;
    this.closedWith = reason;
    this.viewers.clear();
    if (!this.router.closed) this.router.close();
    this.emit('close', reason);
  }

  private viewer(viewerId: string): Viewer {
    this.assertOpen();
    const viewer = this.viewers.get(viewerId);
    if (!viewer) throw new ViewerNotFound(`no viewer ${viewerId} in this room`);
    return viewer;
  }

  private assertOpen(): void {
    if (this.closedWith !== undefined) throw new RoomClosed(`the room is closed (${this.closedWith})`);
  }
}

export class RoomClosed extends Error {
  override name = 'RoomClosed';
}
