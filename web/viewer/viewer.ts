/**
 * The viewer page's script (bundled with mediasoup-client by runtime/build/bundle-viewer.ts).
 *
 * Given `#session=ses_…&token=…` (a `vt_` viewer token or the session's `st_` token) it checks
 * the token, opens the signalling websocket, receives the companion's video and voice through a
 * mediasoup recv transport, shows the connection state, asks for the click browsers require
 * before playing sound, and with an `st_` token shows a text box that sends chat turns. It
 * reconnects after a dropped connection while the token is good; it stops for good when the
 * session ends or the token is refused, and says why.
 *
 * `window.companionViewer` exposes the state and the transport's stats for tests and embedders.
 */
import { Device, type types } from 'mediasoup-client';
import type {
  ViewerClientMessage,
  ViewerConsumerOptions,
  ViewerRequest,
  ViewerResponseData,
  ViewerServerMessage,
  ViewerTransportOptions,
} from '../../media/rooms/signaling.js';

type State = 'connecting' | 'waiting' | 'live' | 'reconnecting' | 'ended' | 'refused';

const SUBPROTOCOL = 'companion-signaling.v1';
/** Close codes after which reconnecting cannot help (media/rooms/signaling.ts VIEWER_CLOSE). */
const FINAL_CLOSE_CODES = new Set([4000, 4001, 4003, 4400]);
const MAX_RECONNECTS = 8;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const video = $<HTMLVideoElement>('video');
const statusEl = $<HTMLDivElement>('status');
const unmuteButton = $<HTMLButtonElement>('unmute');
const chatForm = $<HTMLFormElement>('chat');
const chatInput = $<HTMLInputElement>('text');
const transcript = $<HTMLOListElement>('transcript');

const params = new URLSearchParams(location.hash.slice(1));
const sessionId = params.get('session') ?? '';
const token = params.get('token') ?? '';
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
  /** The recv transport's WebRTC stats as plain objects (inbound-rtp video: framesDecoded, frameWidth, …). */
  async stats(): Promise<Array<Record<string, unknown>>> {
    if (!this.transport) return [];
    const report = await this.transport.getStats();
    return [...report.values()].map((s) => ({ ...s }) as Record<string, unknown>);
  },
  /** RMS (0..1) of the companion's voice right now; null until sound is on (click to unmute). */
  audioLevel(): number | null {
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

function say(role: 'user' | 'companion' | 'error', text: string): void {
  const li = document.createElement('li');
  li.className = role;
  li.textContent = text;
  transcript.append(li);
  transcript.scrollTop = transcript.scrollHeight;
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

/** One signalling connection; resolves when it closes, with its code and reason. */
function connect(): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/api/v1/avatars/${encodeURIComponent(sessionId)}/signaling`, [
      SUBPROTOCOL,
      `bearer.${token}`,
    ]);
    const waiting = new Map<number, { resolve(data: unknown): void; reject(err: Error): void }>();
    let nextId = 1;
    let final: { code: number; reason: string } | null = null;

    const request = <M extends ViewerRequest['method']>(request: Extract<ViewerRequest, { method: M }>): Promise<ViewerResponseData[M]> => {
      const id = nextId++;
      ws.send(JSON.stringify({ ...request, id } as ViewerClientMessage));
      return new Promise((resolve, reject) => waiting.set(id, { resolve: resolve as (d: unknown) => void, reject }));
    };

    const join = async (routerRtpCapabilities: types.RtpCapabilities) => {
      const device = new Device();
      await device.load({ routerRtpCapabilities });
      const options: ViewerTransportOptions = await request({ method: 'createTransport' });
      const transport = device.createRecvTransport(options as unknown as types.TransportOptions);
      viewer.transport = transport;
      transport.on('connect', ({ dtlsParameters }, callback, errback) => {
        request({ method: 'connectTransport', dtlsParameters: dtlsParameters as unknown as Record<string, unknown> }).then(
          () => callback(),
          errback,
        );
      });
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
      else if (!video.muted) startAudioMeter();
    };

    ws.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as ViewerServerMessage;
      if ('notification' in message) {
        if (message.notification === 'ready') {
          viewer.viewerId = message.viewerId;
          viewer.joins += 1;
          setState('waiting', 'Connecting media…');
          chatForm.hidden = !message.canChat;
          join(message.routerRtpCapabilities as unknown as types.RtpCapabilities).catch((err: Error) => {
            say('error', `Could not start the stream: ${err.message}`);
            ws.close(4999, 'media setup failed');
          });
        } else if (message.notification === 'closed') {
          final = { code: message.code, reason: message.reason };
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
      viewer.transport?.close();
      viewer.transport = null;
      resolve(final ?? { code: event.code, reason: event.reason });
    });
  });
}

function startAudioMeter(): void {
  if (viewer.audio || viewer.stream.getAudioTracks().length === 0) return;
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  context.createMediaStreamSource(viewer.stream).connect(analyser);
  void context.resume();
  viewer.audio = { context, analyser };
}

unmuteButton.addEventListener('click', () => {
  video.muted = false;
  void video.play();
  unmuteButton.hidden = true;
  startAudioMeter();
});

chatForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const text = chatInput.value.trim();
  if (!text) return;
  chatInput.value = '';
  chatInput.disabled = true;
  say('user', text);
  fetch(`${apiBase}/avatars/${encodeURIComponent(sessionId)}/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  })
    .then(async (res) => {
      const body = (await res.json()) as { success: boolean; data?: { reply: { text: string } }; error?: { message: string } };
      say(body.success ? 'companion' : 'error', body.success ? body.data!.reply.text : body.error!.message);
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
    // A plain GET of the websocket route runs the same checks as the upgrade and says why it
    // refuses (a browser's WebSocket only ever reports "closed").
    const reason = await fetch(`${apiBase}/avatars/${encodeURIComponent(sessionId)}/signaling`, {
      headers: { authorization: `Bearer ${token}` },
    }).then(refusal, () => null);
    if (reason) {
      viewer.closeReason = reason;
      setState('refused', reason);
      return;
    }
    const joinsBefore = viewer.joins;
    const closed = await connect();
    failures = viewer.joins > joinsBefore ? 0 : failures + 1; // it was in the room: count failures afresh
    if (FINAL_CLOSE_CODES.has(closed.code)) {
      viewer.closeCode = closed.code;
      viewer.closeReason = closed.reason;
      video.srcObject = null;
      unmuteButton.hidden = true;
      chatForm.hidden = true;
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
