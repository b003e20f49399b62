/**
 * What the companion publishes: VP8 video and Opus audio. The router offers exactly these, and
 * the encoder (media/publishing/ffmpeg-publisher.ts) sends RTP with these payload types and SSRCs
 * into the room's PlainTransports.
 */
import type { types } from 'mediasoup';

export const ROUTER_CODECS: types.RouterRtpCodecCapability[] = [
  { kind: 'audio', mimeType: 'audio/opus', clockRate: 48000, channels: 2 },
  { kind: 'video', mimeType: 'video/VP8', clockRate: 90000, parameters: {} },
];

export interface RtpStreamSpec {
  payloadType: number;
  ssrc: number;
}

export const VIDEO_STREAM: RtpStreamSpec = { payloadType: 101, ssrc: 22222222 };
export const AUDIO_STREAM: RtpStreamSpec = { payloadType: 100, ssrc: 11111111 };

export function videoProducerParameters(): types.RtpParameters {
  return {
    codecs: [
      {
        mimeType: 'video/VP8',
        payloadType: VIDEO_STREAM.payloadType,
        clockRate: 90000,
        rtcpFeedback: [],
      },
    ],
    encodings: [{ ssrc: VIDEO_STREAM.ssrc }],
  };
}

export function audioProducerParameters(): types.RtpParameters {
  return {
    codecs: [
      {
        mimeType: 'audio/opus',
        payloadType: AUDIO_STREAM.payloadType,
        clockRate: 48000,
        channels: 2,
        parameters: { 'sprop-stereo': 0 },
      },
    ],
    encodings: [{ ssrc: AUDIO_STREAM.ssrc }],
  };
}
