/**
 * The viewer page's script (bundled with mediasoup-client by runtime/build/bundle-viewer.ts).
 *
 * Given `#session=ses_…&token=…` (a `vt_` viewer token or the session's `st_` token) it opens
 * the signalling websocket (asking why only when it is refused), receives the companion's video and voice through a
 * mediasoup recv transport, shows the connection state, asks for the click browsers require
 * before playing sound, and with an `st_` token shows a text box that sends chat turns and a
 * microphone button: push-to-talk (hold it) or open mic (a toggle; the room's node decides where
 * each turn ends). The microphone is published through a mediasoup send transport; every turn,
 * typed or heard, and the companion's answer (sentence by sentence, as it is spoken) arrive as captions. It reconnects after a dropped connection
 * while the token is good; it stops for good when the session ends or the token is refused, and
 * says why. A browser that cannot receive WebRTC is told so once (chat and captions still work),
 * and on a page not served over HTTPS the microphone says why it cannot work.
 *
 * `window.companionViewer` exposes the state, the captions and the transport's stats for tests and embedders.
 */
import { Device, type types } from 'mediasoup-client';
import type {
  Caption,
  ViewerClientMessage,
  ViewerConsumerOptions,
  ViewerRequest,
  ViewerResponseData,
  ViewerServerMessage,
  ViewerTransportOptions,
} from '../../media/rooms/signaling.js';

type State = 'connecting' | 'waiting' | 'live' | 'reconnecting' | 'ended' | 'refused' | 'unsupported';

const SUBPROTOCOL = 'companion-signaling.v1';
/** Close codes after which reconnecting cannot help (media/rooms/signaling.ts VIEWER_CLOSE). */
const FINAL_CLOSE_CODES = new Set([4000, 4001, 4003, 4400]);
const MAX_RECONNECTS = 8;
const UNSUPPORTED =
  'This browser cannot play the stream: it has no WebRTC the page can use. Open the page in a recent Chrome, Edge, Firefox or Safari.';
const MIC_NEEDS_HTTPS =
  'The microphone needs HTTPS: browsers give it only to secure pages, and this one is plain HTTP. Serve the page over HTTPS to talk; typing works meanwhile.';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const video = $<HTMLVideoElement>('video');
const statusEl = $<HTMLDivElement>('status');
const unmuteButton = $<HTMLButtonElement>('unmute');
const chatForm = $<HTMLFormElement>('chat');
const chatInput = $<HTMLInputElement>('text');
const transcript = $<HTMLOListElement>('transcript');
const voicePanel = $<HTMLDivElement>('voice');
const micButton = $<HTMLButtonElement>('mic');
const micMode = $<HTMLSelectElement>('mic-mode');
const micNote = $<HTMLParagraphElement>('mic-note');

const params = new URLSearchParams(location.hash.slice(1));
const sessionId = params.get('session') ?? '';
const token = params.get('token') ?? '';
/**
 * `relay=1`: media only through the room's TURN server (ICE policy `relay`), to check from a browser
 * that a deployment's TURN server carries it. Always allowed and harmless: the page only gives up
 * its direct paths, and it holds the TURN credentials either way.
 */
const iceTransportPolicy: RTCIceTransportPolicy = params.get('relay') === '1' ? 'relay' : 'all';
const apiBase = `${location.origin}/api/v1`;

const viewer = {
  state: 'connecting' as State,
  /** The close code and reason when the state is `ended` or `refused`. */
  closeCode: null as number | null,
  closeReason: '',
  viewerId: null as string | null,
  /** Times this page joined the room (1 + reconnects). */
  joins: 0,
  transport: null as types.Transport | null,
  stream: new MediaStream(),
  audio: null as { context: AudioContext; analyser: AnalyserNode } | null,
  /** The lines of the conversation the room sent (the user's words heard, the companion's answers). */
  captions: [] as Caption[],
  /** The user's words so far while they speak (live caption), '' otherwise. */
  interim: '',
  /** The microphone: its mode, whether it sends now, and why it could not start (if it could not). */
  mic: { mode: 'push' as 'push' | 'open', on: false, error: null as string | null },
  /** The recv transport's WebRTC stats as plain objects (inbound-rtp video: framesDecoded, frameWidth, …). */
  async stats(): Promise<Array<Record<string, unknown>>> {
    if (!this.transport) return [];
    const report = await this.transport.getStats();
    return [...report.values()].map((s) => ({ ...s }) as Record<string, unknown>);
  },
  /**
   * RMS (0..1) of the companion's voice right now; null until sound is on (click to unmute). The
   * meter starts on the first call: on a page nobody reads it from, no audio graph runs for it.
   */
  audioLevel(): number | null {
    if (video.muted) return null;
    this.audio ??= audioMeter(this.stream);
    if (!this.audio) return null;
    const samples = new Float32Array(this.audio.analyser.fftSize);
    this.audio.analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const s of samples) sum += s * s;
    return Math.sqrt(sum / samples.length);
  },
};
(window as unknown as { companionViewer: typeof viewer }).companionViewer = viewer;

function setState(state: State, text: string): void {
  viewer.state = state;
  statusEl.dataset.state = state;
  statusEl.textContent = text;
  document.body.dataset.state = state;
}

function say(role: 'user' | 'companion' | 'error', text: string): HTMLLIElement {
  const li = document.createElement('li');
  li.className = role;
  li.textContent = text;
  transcript.append(li);
  transcript.scrollTop = transcript.scrollHeight;
  return li;
}

/** The caption line the companion's next sentence joins (its answer arrives sentence by sentence). */
let companionCaption: HTMLLIElement | null = null;
/** The user's words so far while they speak: the next user caption, interim or final, takes this line. */
let interimCaption: HTMLLIElement | null = null;

function showCaption(caption: Caption): void {
  if (caption.role === 'user') {
    if (caption.interim || interimCaption) {
      interimCaption ??= say('user', '');
      interimCaption.textContent = caption.text;
      interimCaption.classList.add('caption');
      interimCaption.classList.toggle('interim', caption.interim === true);
      transcript.scrollTop = transcript.scrollHeight;
      viewer.interim = caption.interim ? caption.text : '';
      if (caption.interim) return;
      interimCaption = null;
      companionCaption = null;
      viewer.captions.push(caption);
      return;
    }
  }
  viewer.captions.push(caption);
  if (caption.role === 'companion' && companionCaption) {
    companionCaption.textContent = `${companionCaption.textContent ?? ''} ${caption.text}`;
    transcript.scrollTop = transcript.scrollHeight;
    return;
  }
  const li = say(caption.role, caption.text);
  li.classList.add('caption');
  companionCaption = caption.role === 'companion' ? li : null;
}

type Request = <M extends ViewerRequest['method']>(request: Extract<ViewerRequest, { method: M }>) => Promise<ViewerResponseData[M]>;

/** The signalling connection now open, for the microphone (which starts on the user's first press). */
let current: { device: Device; request: Request; iceServers: RTCIceServer[] } | null = null;

/** A transport's options from the room, with the TURN server the room's node gave this page. */
function transportOptions(options: ViewerTransportOptions, iceServers: RTCIceServer[]): types.TransportOptions {
  return { ...(options as unknown as types.TransportOptions), iceServers, iceTransportPolicy };
}

/**
 * The microphone, published through a send transport on the user's first press and then paused
 * and resumed: push-to-talk sends while the button is held, open mic until it is clicked again.
 * A pause also tells the room's node that the turn is over (push-to-talk released).
 */
const mic = {
  transport: null as types.Transport | null,
  producer: null as types.Producer | null,
  track: null as MediaStreamTrack | null,
  /** Changes are applied one after another (a quick press and release waits for the set-up). */
  chain: Promise.resolve(),

  set(on: boolean): void {
    viewer.mic.on = on;
    micButton.setAttribute('aria-pressed', String(on));
    micButton.textContent = on ? '🎙 Listening…' : viewer.mic.mode === 'push' ? '🎤 Hold to talk' : '🎤 Open mic';
    this.chain = this.chain
      .then(() => this.apply())
      .catch((err: Error) => {
        viewer.mic.error = err.message;
        say('error', `Microphone: ${err.message}`);
      });
  },

  async apply(): Promise<void> {
    const want = viewer.mic.on;
    if (want && !this.producer) await this.start();
    const producer = this.producer;
    if (!producer || !current || producer.paused === !want) return;
    if (want) producer.resume();
    else producer.pause();
    await current.request({ method: 'pauseProducer', paused: !want });
  },

  async start(): Promise<void> {
    if (!current) throw new Error('not connected');
    const { device, request, iceServers } = current;
    // Echo cancellation only: the browser's noise suppression and gain control adapt over the first
    // seconds the microphone is open and deform the first words said into it, which the transcriber
    // then mishears; they add nothing it needs later (docs/BENCHMARKS.md#the-microphones-processing).
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: false, autoGainControl: false, channelCount: 1 },
    });
    this.track = stream.getAudioTracks()[0] ?? null;
    if (!this.track) throw new Error('no microphone');
    const options: ViewerTransportOptions = await request({ method: 'createSendTransport' });
    const transport = device.createSendTransport(transportOptions(options, iceServers));
    this.transport = transport;
    relayConnect(transport, request, 'connectSendTransport');
    transport.on('produce', ({ rtpParameters }, callback, errback) => {
      request({ method: 'produce', kind: 'audio', rtpParameters: rtpParameters as unknown as Record<string, unknown> }).then(
        ({ id }) => callback({ id }),
        errback,
      );
    });
    this.producer = await transport.produce({ track: this.track, stopTracks: false, codecOptions: { opusStereo: false, opusDtx: false } });
  },

  /** The connection closed: its transport is gone; the next press starts again on the new one. */
  reset(): void {
    this.transport?.close();
    this.transport = null;
    this.producer = null;
    this.track?.stop();
    this.track = null;
    if (viewer.mic.on) this.set(false);
  },
};

/**
 * A mediasoup-client Device for this browser. The library picks its WebRTC handler from
 * navigator.userAgentData, which browsers give only to secure pages, or else from "Chrome/NN" in
 * the User-Agent; headless Chromium says "HeadlessChrome/NN", so on a plain-HTTP page it found no
 * handler although receiving WebRTC works there. A Chromium it does not recognise gets the handler
 * of its version; a browser without RTCPeerConnection is unsupported outright.
 */
function createDevice(): Device {
  const unsupported = () => Object.assign(new Error('device not supported'), { name: 'UnsupportedError' });
  if (typeof RTCPeerConnection === 'undefined') throw unsupported();
  try {
    return new Device();
  } catch (err) {
    const chromium = /Chrom(?:e|ium)\/(\d+)/.exec(navigator.userAgent);
    if ((err as Error).name !== 'UnsupportedError' || !chromium || Number(chromium[1]) < 111 || typeof RTCRtpTransceiver === 'undefined')
      throw err;
    return new Device({ handlerName: 'Chrome111' });
  }
}

/** Why this page can have no microphone, or null: browsers give getUserMedia only to secure pages (HTTPS, or localhost). */
function microphoneRefusal(): string | null {
  if (!window.isSecureContext) return MIC_NEEDS_HTTPS;
  if (!('mediaDevices' in navigator)) return 'This browser gives the page no microphone; typing works.';
  return null;
}

/** A transport's DTLS parameters go to the room over signalling when mediasoup-client connects it. */
function relayConnect(transport: types.Transport, request: Request, method: 'connectTransport' | 'connectSendTransport'): void {
  transport.on('connect', ({ dtlsParameters }, callback, errback) => {
    request({ method, dtlsParameters: dtlsParameters as unknown as Record<string, unknown> }).then(() => callback(), errback);
  });
}

/** Why the signalling route refuses this page's token, or null when it would accept it (426) or cannot be asked. */
function refusalOfSignaling(): Promise<string | null> {
  return fetch(`${apiBase}/avatars/${encodeURIComponent(sessionId)}/signaling`, {
    headers: { authorization: `Bearer ${token}` },
  }).then(refusal, () => null);
}

/** The envelope's message of a refused call, or null when the call was accepted. */
async function refusal(res: Response): Promise<string | null> {
  if (res.ok || res.status === 426) return null;
  try {
    const body = (await res.json()) as { error?: { message?: string } };
    return body.error?.message ?? `refused (${res.status})`;
  } catch {
    return `refused (${res.status})`;
  }
}

/** One signalling connection; resolves when it closes, with its code and reason, and whether it ever opened. */
function connect(): Promise<{ code: number; reason: string; opened: boolean }> {
  return new Promise((resolve) => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/api/v1/avatars/${encodeURIComponent(sessionId)}/signaling`, [
      SUBPROTOCOL,
      `bearer.${token}`,
    ]);
    const waiting = new Map<number, { resolve(data: unknown): void; reject(err: Error): void }>();
    let nextId = 1;
    let final: { code: number; reason: string } | null = null;
    let opened = false;
    ws.addEventListener('open', () => (opened = true));

    const request: Request = (request) => {
      const id = nextId++;
      ws.send(JSON.stringify({ ...request, id } as ViewerClientMessage));
      return new Promise((resolve, reject) => waiting.set(id, { resolve: resolve as (d: unknown) => void, reject }));
    };

    const join = async (routerRtpCapabilities: types.RtpCapabilities, iceServers: RTCIceServer[]) => {
      const device = createDevice();
      await device.load({ routerRtpCapabilities });
      current = { device, request, iceServers };
      const options: ViewerTransportOptions = await request({ method: 'createTransport' });
      const transport = device.createRecvTransport(transportOptions(options, iceServers));
      viewer.transport = transport;
      relayConnect(transport, request, 'connectTransport');
      transport.on('connectionstatechange', (state) => {
        if (state === 'connected') setState('live', 'Live');
        else if (state === 'disconnected') setState('reconnecting', 'Connection unstable…');
        else if (state === 'failed') ws.close(4999, 'media connection failed');
      });
      const { consumers } = await request({
        method: 'consume',
        rtpCapabilities: device.rtpCapabilities as unknown as Record<string, unknown>,
      });
      viewer.stream = new MediaStream();
      for (const c of consumers as ViewerConsumerOptions[]) {
        const consumer = await transport.consume({
          id: c.id,
          producerId: c.producerId,
          kind: c.kind,
          rtpParameters: c.rtpParameters as unknown as types.RtpParameters,
        });
        viewer.stream.addTrack(consumer.track);
        await request({ method: 'resumeConsumer', consumerId: c.id });
      }
      video.srcObject = viewer.stream;
      video.play().catch(() => undefined); // muted autoplay is allowed; sound waits for the click
      if (video.muted && viewer.stream.getAudioTracks().length > 0) unmuteButton.hidden = false;
    };

    ws.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as ViewerServerMessage;
      if ('notification' in message) {
        if (message.notification === 'ready') {
          viewer.viewerId = message.viewerId;
          viewer.joins += 1;
          setState('waiting', 'Connecting media…');
          chatForm.hidden = !message.canChat;
          voicePanel.hidden = !message.canSpeak;
          join(message.routerRtpCapabilities as unknown as types.RtpCapabilities, message.iceServers).catch((err: Error) => {
            if (err.name === 'UnsupportedError') {
              // Reconnecting cannot give the browser WebRTC: say so once, and keep the websocket
              // for what works without media (captions, and chat with an st_ token).
              unmuteButton.hidden = true;
              voicePanel.hidden = true;
              setState('unsupported', UNSUPPORTED);
              return;
            }
            say('error', `Could not start the stream: ${err.message}`);
            ws.close(4999, 'media setup failed');
          });
        } else if (message.notification === 'closed') {
          final = { code: message.code, reason: message.reason };
        } else if (message.notification === 'caption') {
          showCaption({ role: message.role, text: message.text, ...(message.interim ? { interim: true } : {}) });
        }
        return;
      }
      const pending = waiting.get(message.id);
      if (!pending) return;
      waiting.delete(message.id);
      if (message.ok) pending.resolve(message.data);
      else pending.reject(new Error(message.error.message));
    });

    ws.addEventListener('close', (event) => {
      for (const pending of waiting.values()) pending.reject(new Error('signalling closed'));
      current = null;
      mic.reset();
      viewer.transport?.close();
      viewer.transport = null;
      resolve({ ...(final ?? { code: event.code, reason: event.reason }), opened });
    });
  });
}

/** A level meter on the stream's audio, or null when it has none yet. */
function audioMeter(stream: MediaStream): { context: AudioContext; analyser: AnalyserNode } | null {
  if (stream.getAudioTracks().length === 0) return null;
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  context.createMediaStreamSource(stream).connect(analyser);
  void context.resume();
  return { context, analyser };
}

unmuteButton.addEventListener('click', () => {
  video.muted = false;
  void video.play();
  unmuteButton.hidden = true;
});

// A page the browser gives no microphone shows why, with the button disabled.
const micRefusal = microphoneRefusal();
if (micRefusal) {
  viewer.mic.error = micRefusal;
  micButton.disabled = true;
  micMode.disabled = true;
  micNote.textContent = micRefusal;
  micNote.hidden = false;
}

// Push-to-talk sends while the button (or the space bar on it) is held; open mic toggles on click.
micMode.addEventListener('change', () => {
  viewer.mic.mode = micMode.value === 'open' ? 'open' : 'push';
  mic.set(false);
});
micButton.addEventListener('pointerdown', (event) => {
  if (viewer.mic.mode !== 'push') return;
  micButton.setPointerCapture(event.pointerId);
  mic.set(true);
});
for (const type of ['pointerup', 'pointercancel'] as const)
  micButton.addEventListener(type, () => {
    if (viewer.mic.mode === 'push' && viewer.mic.on) mic.set(false);
  });
micButton.addEventListener('keydown', (event) => {
  if (event.key !== ' ' || event.repeat || viewer.mic.mode !== 'push') return;
  event.preventDefault();
  mic.set(true);
});
micButton.addEventListener('keyup', (event) => {
  if (event.key === ' ' && viewer.mic.mode === 'push') mic.set(false);
});
micButton.addEventListener('click', () => {
  if (viewer.mic.mode === 'open') mic.set(!viewer.mic.on);
});

chatForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const text = chatInput.value.trim();
  if (!text) return;
  chatInput.value = '';
  chatInput.disabled = true;
  // The turn and the reply come back as captions (the reply sentence by sentence as it is spoken),
  // on this page and every other one watching; only a refusal is shown from the answer.
  fetch(`${apiBase}/avatars/${encodeURIComponent(sessionId)}/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  })
    .then(async (res) => {
      const body = (await res.json()) as { success: boolean; error?: { message: string } };
      if (!body.success) say('error', body.error!.message);
    })
    .catch((err: Error) => say('error', err.message))
    .finally(() => {
      chatInput.disabled = false;
      chatInput.focus();
    });
});

async function run(): Promise<void> {
  if (!sessionId || !/^(vt|st)_(live|test)_/.test(token)) {
    setState('refused', 'This link is incomplete: it needs #session=…&token=…');
    return;
  }
  for (let failures = 0; ; ) {
    const joinsBefore = viewer.joins;
    const closed = await connect();
    // A refused upgrade reaches a browser's WebSocket only as a close that never opened: a plain
    // GET of the route runs the same checks and says why. Asked only then, as its answer when the
    // checks pass is a 426, an error in the console of a page that works.
    const reason = closed.opened ? null : await refusalOfSignaling();
    if (reason) {
      viewer.closeReason = reason;
      setState('refused', reason);
      return;
    }
    failures = viewer.joins > joinsBefore ? 0 : failures + 1; // it was in the room: count failures afresh
    if (FINAL_CLOSE_CODES.has(closed.code)) {
      viewer.closeCode = closed.code;
      viewer.closeReason = closed.reason;
      video.srcObject = null;
      unmuteButton.hidden = true;
      chatForm.hidden = true;
      voicePanel.hidden = true;
      setState('ended', closed.code === 4000 ? 'The session has ended' : closed.reason || 'Disconnected');
      return;
    }
    if (failures > MAX_RECONNECTS) {
      viewer.closeCode = closed.code;
      viewer.closeReason = closed.reason;
      setState('ended', 'Disconnected');
      return;
    }
    setState('reconnecting', 'Reconnecting…');
    await new Promise((r) => setTimeout(r, Math.min(500 * 2 ** failures, 10_000)));
  }
}

setState('connecting', 'Connecting…');
void run();
