/**
 * One realtime session's WebRTC room: a mediasoup router on one worker, the companion's two
 * producers (VP8 video, Opus audio) fed over PlainTransports by the session's encoder, and the
 * viewers' side (one WebRtcTransport per viewer, consumers created paused). Signalling itself is
 * not here (media/rooms/signaling.ts and the websocket route): this is the API it calls.
 *
 * The viewer holding the session's own st_ token may also speak: its page opens a second
 * WebRtcTransport (the send direction) and produces its microphone's Opus, which the room consumes
 * on a DirectTransport and announces as a `voice` (RoomVoice) for the session's listener; whether
 * a viewer may speak is decided by the signalling (viewer-host.ts), not here. `caption` passes the
 * words of the conversation to the viewers' pages.
 *
 * `close(reason)` tears everything down and emits `close` once; the room also closes by itself
 * when its worker dies (reason `media_worker_died`).
 */
import { EventEmitter } from 'node:events';
import type { types } from 'mediasoup';
import { audioProducerParameters, ROUTER_CODECS, videoProducerParameters } from './codecs.js';
import { RoomVoice } from './room-voice.js';

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

/** A line of the conversation shown to the viewers: the user's words heard, or the companion's reply. */
export interface RoomCaption {
  role: 'user' | 'companion';
  text: string;
  /** The user's words so far, while they are still speaking: the next user caption replaces them. */
  interim?: boolean;
}

/** A voice sent into the room from this process (tests and the conversation benchmark speak without a browser). */
export interface InjectedVoice {
  /** One RTP packet of Opus (payload type and SSRC of `injectedVoiceParameters`). */
  send(packet: Buffer): void;
  pause(): Promise<void>;
  resume(): Promise<void>;
  close(): void;
}

/** A turn heard in the room, with where its time went (wall-clock ms). */
export interface HeardTimings {
  text: string;
  /** The language it was heard in, when the transcriber says. */
  language?: string | undefined;
  speechEndedAt: number;
  turnEndedAt: number;
  transcribedAt: number;
}

/** A user who took the floor in the room (wall-clock ms): where the speech started, when the listener was sure. */
export interface BargeInTimings {
  speechStartedAt: number;
  detectedAt: number;
}

export class VoiceNotAccepted extends Error {
  override name = 'VoiceNotAccepted';
}

export class ViewerNotFound extends Error {
  override name = 'ViewerNotFound';
}

interface Viewer {
  transport: types.WebRtcTransport;
  consumers: Map<string, types.Consumer>;
  /** The send direction of a viewer who may speak, and its microphone once produced. */
  speaker?: { transport: types.WebRtcTransport; producer?: types.Producer };
}

/** The Opus the injected voice is sent as (the page's own parameters come from mediasoup-client). */
export const INJECTED_VOICE = { payloadType: 111, ssrc: 33333333 } as const;

export class AvatarRoom extends EventEmitter<{
  close: [reason: RoomCloseReason];
  viewers: [count: number];
  listening: [];
  voice: [voice: RoomVoice];
  caption: [caption: RoomCaption];
}> {
  private readonly viewers = new Map<string, Viewer>();
  private closedWith: RoomCloseReason | undefined;
  /** Where the voices are consumed for the listener (one per room, made with the first voice). */
  private voiceTransport: Promise<types.DirectTransport> | undefined;
  /** Whether someone on this node listens to voices in this room (set by the session's media). */
  acceptsVoice = false;
  /**
   * The clock feeding this room (the session's frame pacer): its frame count and jitter, for the
   * benchmarks; whether the companion is speaking and when each sentence starts, for the tests.
   */
  frameClock:
    | {
        readonly frames: number;
        readonly speaking: boolean;
        readonly voicing: boolean;
        readonly skipped: number;
        readonly underrunTicks: number;
        jitter(lastTicks?: number): { p50Ms: number; p99Ms: number; maxMs: number; nominalMs: number };
        on(event: 'utteranceStart', listener: (sentence: string) => void): unknown;
        on(event: 'utteranceGrows', listener: (rest: string) => void): unknown;
      }
    | undefined;
  /** The encoder's process ids (video, audio), for the benchmark's CPU figures. */
  encoderPids: number[] = [];
  /** What hears this room's voices (media/listening/voice-listener.ts), for the conversation benchmark's timings. */
  voiceListener:
    | {
        on(event: 'heard', listener: (heard: HeardTimings) => void): unknown;
        on(event: 'bargeIn', listener: (bargeIn: BargeInTimings) => void): unknown;
        on(event: 'hearing', listener: (heard: { text: string; language?: string | undefined }) => void): unknown;
        on(event: 'resumed', listener: () => void): unknown;
      }
    | undefined;

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

  /** Transports (the encoder's two, one or two per viewer, the voices' one), for metrics. */
  get transportCount(): number {
    if (this.closed) return 0;
    let speakers = 0;
    for (const v of this.viewers.values()) if (v.speaker) speakers++;
    return this.plainTransports.length + this.viewers.size + speakers + (this.voiceTransport ? 1 : 0);
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
    const transport = await this.createWebRtcTransport({ sessionId: this.sessionId, viewerId });
    this.viewers.set(viewerId, { transport, consumers: new Map() });
    transport.on('dtlsstatechange', (state) => {
      if (state === 'failed' || state === 'closed') this.removeViewer(viewerId);
    });
    this.emit('viewers', this.viewers.size);
    return transportInfo(transport);
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
    // A viewer now hears the companion: what waits for an audience (the greeting) can start.
    if (consumer.kind === 'audio') this.emit('listening');
  }

  /** The send direction of a viewer who may speak (replacing its previous one, if any). */
  async createSpeakerTransport(viewerId: string): Promise<ViewerTransportInfo> {
    const viewer = this.viewer(viewerId);
    if (!this.acceptsVoice) throw new VoiceNotAccepted('nobody listens to voices in this room');
    viewer.speaker?.transport.close();
    delete viewer.speaker;
    const transport = await this.createWebRtcTransport({ sessionId: this.sessionId, viewerId, direction: 'send' });
    if (this.viewers.get(viewerId) !== viewer) {
      transport.close(); // the viewer left while its transport was being made
      throw new ViewerNotFound(`no viewer ${viewerId} in this room`);
    }
    viewer.speaker = { transport };
    return transportInfo(transport);
  }

  async connectSpeakerTransport(viewerId: string, dtlsParameters: types.DtlsParameters): Promise<void> {
    await this.speaker(viewerId).transport.connect({ dtlsParameters });
  }

  /**
   * The viewer's microphone (audio only: mediasoup refuses what the router cannot take), consumed
   * for the listener at once; a viewer has one voice, a new one replaces it. Returns the producer id.
   */
  async produceVoice(viewerId: string, rtpParameters: types.RtpParameters): Promise<string> {
    const speaker = this.speaker(viewerId);
    speaker.producer?.close();
    const producer = await speaker.transport.produce({ kind: 'audio', rtpParameters, appData: { sessionId: this.sessionId, viewerId } });
    speaker.producer = producer;
    await this.hear(viewerId, producer);
    return producer.id;
  }

  /** Push-to-talk released or the microphone turned off (pause), or on again (resume). */
  async pauseVoice(viewerId: string, paused: boolean): Promise<void> {
    const producer = this.speaker(viewerId).producer;
    if (!producer) throw new ViewerNotFound(`viewer ${viewerId} has no microphone in this room`);
    await (paused ? producer.pause() : producer.resume());
  }

  /** Speaks into the room from this process, through the same path as a viewer's microphone. */
  async injectVoice(): Promise<InjectedVoice> {
    this.assertOpen();
    const transport = await this.router.createDirectTransport();
    try {
      const producer = await transport.produce({
        kind: 'audio',
        rtpParameters: {
          codecs: [{ mimeType: 'audio/opus', payloadType: INJECTED_VOICE.payloadType, clockRate: 48000, channels: 2 }],
          encodings: [{ ssrc: INJECTED_VOICE.ssrc }],
        },
      });
      await this.hear('injected', producer);
      return {
        send: (packet) => producer.send(packet),
        pause: () => producer.pause(),
        resume: () => producer.resume(),
        close: () => transport.close(),
      };
    } catch (err) {
      transport.close();
      throw err;
    }
  }

  /** Shows a line of the conversation to the viewers (viewer-host.ts pushes it to their pages). */
  caption(caption: RoomCaption): void {
    if (!this.closed) this.emit('caption', caption);
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
    viewer.speaker?.transport.close(); // its microphone's producer, and so the listener's consumer, close with it
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

  /** Consumes a voice on the room's DirectTransport and announces it to the listener. */
  private async hear(viewerId: string, producer: types.Producer): Promise<void> {
    if (!this.acceptsVoice) throw new VoiceNotAccepted('nobody listens to voices in this room');
    this.voiceTransport ??= this.router.createDirectTransport();
    const transport = await this.voiceTransport;
    const consumer = await transport.consume({ producerId: producer.id, rtpCapabilities: this.router.rtpCapabilities });
    this.emit('voice', new RoomVoice(viewerId, consumer));
  }

  private speaker(viewerId: string): NonNullable<Viewer['speaker']> {
    const speaker = this.viewer(viewerId).speaker;
    if (!speaker) throw new ViewerNotFound(`viewer ${viewerId} has no send transport in this room`);
    return speaker;
  }

  /** A viewer's transport, either direction: UDP preferred, TCP for networks that block it. */
  private createWebRtcTransport(appData: types.AppData): Promise<types.WebRtcTransport> {
    const { ip, announcedAddress, portRange } = this.listen;
    const base = { ip, portRange, ...(announcedAddress ? { announcedAddress } : {}) };
    return this.router.createWebRtcTransport({
      listenInfos: [
        { ...base, protocol: 'udp' },
        { ...base, protocol: 'tcp' },
      ],
      enableUdp: true,
      enableTcp: true,
      preferUdp: true,
      appData,
    });
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

/** What a browser needs to open its side of a transport. */
function transportInfo(transport: types.WebRtcTransport): ViewerTransportInfo {
  const { id, iceParameters, iceCandidates, dtlsParameters } = transport;
  return { id, iceParameters, iceCandidates, dtlsParameters };
}

export class RoomClosed extends Error {
  override name = 'RoomClosed';
}
