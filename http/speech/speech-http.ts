/**
 * What the speech, voices and demo routes share: voice and text checks, the translation of
 * speech failures into API errors (503 with Retry-After for an unavailable model server), the
 * tts.completed event (recorded before the answer), and the voice record.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Services } from '../services.js';
import { AudioTooLong as DecoderAudioTooLong, AudioUndecodable } from '../../media/speech/audio-decoder.js';
import type { SpeechService } from '../../media/speech/speech-service.js';
import { UpstreamError } from '../../media/speech/upstream-error.js';
import { builtInVoice, DEMO_VOICE_IDS, type BuiltInVoice } from '../../runtime/voices/voice-catalog.js';
import type { Pcm } from '../../media/speech/wav.js';
import { durationMs } from '../../media/speech/wav.js';
import { AudioInvalid, AudioTooLong, NotConnected, TextTooLong, UpstreamUnavailable, VoiceUnknown } from '../errors.js';

export const VoiceView = Type.Object({
  id: Type.String(),
  object: Type.Literal('voice'),
  voiceId: Type.String({ description: 'Identifier used by synthesis requests and characters' }),
  name: Type.String(),
  type: Type.Literal('built_in'),
  status: Type.Literal('active'),
  gender: Type.Union([Type.Literal('female'), Type.Literal('male')]),
  accent: Type.String(),
  language: Type.String({ description: 'BCP-47 tag of the language the voice speaks (en-US, es-ES, pt-BR, …)', examples: ['es-ES'] }),
  engine: Type.String({ description: 'piper or kokoro' }),
  sampleRate: Type.Integer({ description: 'Hz of the audio this voice produces' }),
  timestamps: Type.Union([Type.Literal('measured'), Type.Literal('interpolated')], {
    description: 'How /text-to-speech/with-timestamps gets word offsets for this voice',
  }),
  demo: Type.Boolean({ description: 'Usable by the public homepage demo' }),
});

export function voiceView(v: BuiltInVoice) {
  return {
    id: v.voiceId,
    object: 'voice' as const,
    voiceId: v.voiceId,
    name: v.name,
    type: 'built_in' as const,
    status: 'active' as const,
    gender: v.gender,
    accent: v.accent,
    language: v.language,
    engine: v.engine,
    sampleRate: v.sampleRateHz,
    timestamps: v.timing,
    demo: DEMO_VOICE_IDS.includes(v.voiceId),
  };
}

export const WavResponse = {
  description: 'A complete WAV file (RIFF, 16-bit PCM, mono)',
  content: { 'audio/wav': { schema: { type: 'string', format: 'binary' } } },
};

export function requireSpeech(services: Services): SpeechService {
  if (!services.speech) throw new NotConnected('speech');
  return services.speech;
}

export function requireVoice(voiceId: string, allowed?: readonly string[]): BuiltInVoice {
  const voice = builtInVoice(voiceId);
  if (!voice || (allowed && !allowed.includes(voiceId))) throw new VoiceUnknown(voiceId);
  return voice;
}

/** A built-in voice or an active cloned voice of the caller's account and mode. */
export async function resolveVoice(services: Services, request: FastifyRequest, voiceId: string): Promise<BuiltInVoice> {
  const p = request.principal!;
  const voice = services.voices
    ? await services.voices.resolve(request.em as EntityManager, p.userId, p.mode, voiceId)
    : builtInVoice(voiceId);
  if (!voice) throw new VoiceUnknown(voiceId);
  return voice;
}

export function requireTextLength(text: string, maxChars: number): void {
  if (text.length > maxChars) throw new TextTooLong(maxChars);
}

/** Runs a speech call and turns its failures into API errors. */
export async function speechCall<T>(reply: FastifyReply, retryAfterS: number, maxAudioS: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw speechError(err, reply, retryAfterS, maxAudioS);
  }
}

export function speechError(err: unknown, reply: FastifyReply, retryAfterS: number, maxAudioS: number): unknown {
  if (err instanceof UpstreamError) {
    reply.log.warn({ capability: err.capability, detail: err.detail }, 'speech model server unavailable');
    reply.header('Retry-After', retryAfterS);
    return new UpstreamUnavailable(err.capability);
  }
  if (err instanceof DecoderAudioTooLong) return new AudioTooLong(maxAudioS);
  if (err instanceof AudioUndecodable) return new AudioInvalid(err.message);
  return err;
}

/**
 * Records tts.completed for key-authenticated synthesis, durably (committed in PostgreSQL, with its
 * deliveries), before the response is complete: a route awaits it, so when it cannot be recorded
 * (the database down) the request fails (503 with Retry-After, through the error handler) rather
 * than answering 200 with the event lost. Delivery itself (Temporal) never delays the response: the
 * rows are committed, and the sweeper starts any workflow that could not be started now.
 */
export async function recordTtsCompleted(
  services: Services,
  request: FastifyRequest,
  voice: BuiltInVoice,
  text: string,
  pcm: Pcm,
  format: string,
): Promise<void> {
  const principal = request.principal;
  if (!principal) return;
  await services.events.emit(services.orm.em.fork() as EntityManager, {
    userId: principal.userId,
    mode: principal.mode,
    type: 'tts.completed',
    data: { voiceId: voice.voiceId, characters: text.length, durationMs: durationMs(pcm), format },
  });
}
