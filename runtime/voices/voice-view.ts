/** The API's view of a cloned voice (GET /voices/:id and the voice.created event). */
import type { Voice } from '../db/entities/voice.js';

export function clonedVoiceView(v: Voice) {
  return {
    id: v.id,
    object: 'voice' as const,
    voiceId: v.id,
    name: v.name,
    description: v.description,
    labels: v.labels,
    type: 'cloned' as const,
    status: v.status,
    step: v.step,
    failureCode: v.failureCode,
    failureReason: v.failureReason,
    version: v.version,
    similarity: v.similarity,
    language: v.lang === 'en-gb' ? 'en-GB' : 'en-US',
    engine: 'kokoro',
    sampleRate: 24000,
    timestamps: 'measured' as const,
    samples: v.samples.map((s) => ({ url: s.url, bytes: s.bytes ?? null, format: s.format ?? null, durationS: s.durationS ?? null })),
    livemode: v.mode === 'live',
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
    activeAt: v.activeAt?.toISOString() ?? null,
    refinedAt: v.refinedAt?.toISOString() ?? null,
  };
}
