/**
 * The seven events (spec: Events) and the body every delivery carries:
 *
 *   { "id": "evt_…", "object": "event", "type": "<type>", "created": <unix seconds>,
 *     "livemode": <true for live-mode data>, "test": <true only for POST /webhooks/:id/test>,
 *     "data": { … } }
 *
 * `data` by type (docs/WEBHOOKS.md has examples):
 *   character.created  { object: <character> }
 *   character.updated  { id, changedFields: ["name", "appearance.hairColor", …] }  — names, never values
 *   character.deleted  { id, deleted: true }
 *   session.started    { object: <session> }                  — emitted by live sessions
 *   session.ended      { id, reason: "explicit"|"idle"|"eviction"|"node_lost"|"error"|"account_erased"|"media_error", endedAt, turns }
 *   tts.completed      { voiceId, characters, durationMs, format } — emitted by speech synthesis
 *   voice.created      { object: <voice> }                    — emitted by voices and cloning
 */
export const EVENT_TYPES = [
  'session.started',
  'session.ended',
  'character.created',
  'character.updated',
  'character.deleted',
  'tts.completed',
  'voice.created',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export interface EventBody {
  id: string;
  object: 'event';
  type: EventType;
  created: number;
  livemode: boolean;
  test: boolean;
  data: Record<string, unknown>;
}
