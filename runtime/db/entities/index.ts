import { ApiKeySchema, SessionTokenSchema } from './credentials.js';
import { MembershipSchema, OrganizationSchema } from './organization.js';
import { UserSchema } from './user.js';
import { CharacterSchema } from './character.js';
import { LiveSessionSchema } from './live-session.js';
import { VoiceSchema } from './voice.js';
import { StoredEventSchema } from './event.js';
import { WebhookAttemptSchema, WebhookDeliverySchema, WebhookEndpointSchema } from './webhook.js';

export const entities = [
  UserSchema,
  OrganizationSchema,
  MembershipSchema,
  ApiKeySchema,
  SessionTokenSchema,
  CharacterSchema,
  StoredEventSchema,
  WebhookEndpointSchema,
  WebhookDeliverySchema,
  WebhookAttemptSchema,
  LiveSessionSchema,
  VoiceSchema,
];

export * from './credentials.js';
export * from './organization.js';
export * from './user.js';
export * from './character.js';
export * from './event.js';
export * from './webhook.js';
export * from './live-session.js';
export * from './voice.js';
