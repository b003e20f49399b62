/** Builds the clone activities from the service's configuration and parts (workflows/worker.ts). */
import type { Logger } from 'pino';
import type { Config } from '../../runtime/config.js';
import type { Orm } from '../../runtime/db/orm.js';
import type { EventBus } from '../../runtime/events/event-bus.js';
import { AudioDecoder } from '../../media/speech/audio-decoder.js';
import { SttClient } from '../../media/speech/stt-client.js';
import type { VoiceBuilder } from '../../runtime/voices/voice-builder.js';
import { SampleFetcher } from '../../runtime/voices/sample-fetcher.js';
import { version } from '../../runtime/version.js';
import { createVoiceCloneActivities } from './activities.js';

export function voiceCloneActivities(
  config: Readonly<Config>,
  parts: { orm: Orm; events: EventBus; log: Logger; builder: VoiceBuilder; sttUrl: string },
) {
  return createVoiceCloneActivities({
    orm: parts.orm,
    events: parts.events,
    log: parts.log,
    builder: parts.builder,
    fetcher: new SampleFetcher({
      policy: { allowLoopback: config.webhookAllowLoopback, allowPrivate: config.webhookAllowPrivate },
      maxBytes: config.voiceSampleMaxBytes,
      timeoutMs: config.voiceSampleFetchTimeoutMs,
      userAgent: `Companion-Voices/${version}`,
    }),
    decoder: new AudioDecoder(config.ffmpegPath, config.voiceSampleMaxS),
    stt: new SttClient({ baseUrl: parts.sttUrl, timeoutMs: config.speechTimeoutMs, maxResponseBytes: config.speechMaxResponseBytes }),
    dataDir: config.dataDir,
    minSpeechS: config.voiceMinSpeechS,
  });
}
