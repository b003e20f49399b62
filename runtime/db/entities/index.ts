import { ApiKeySchema, SessionTokenSchema } from './credentials.js';
import { MembershipSchema, OrganizationSchema } from './organization.js';
import { UsageEventSchema } from './usage-event.js';
import { UserSchema } from './user.js';

export const entities = [UserSchema, OrganizationSchema, MembershipSchema, ApiKeySchema, SessionTokenSchema, UsageEventSchema];

export * from './credentials.js';
export * from './organization.js';
export * from './usage-event.js';
export * from './user.js';
