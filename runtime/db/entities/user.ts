import { EntitySchema } from '@mikro-orm/core';
import type { PlanId } from '../../limits/plans.js';

/** Profile settings a user can change with PATCH /api/v1/user. */
export interface UserSettings {
  timezone: string;
  language: string;
  defaultVoiceId: string | null;
  emailNotifications: boolean;
}

export const DEFAULT_USER_SETTINGS: UserSettings = {
  timezone: 'UTC',
  language: 'en',
  defaultVoiceId: null,
  emailNotifications: true,
};

/** An account holder. Owns keys, tokens and (later) characters, webhooks and sessions. */
export class User {
  id!: string;
  email!: string;
  name!: string;
  plan!: PlanId;
  settings!: UserSettings;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const UserSchema = new EntitySchema<User>({
  class: User,
  tableName: 'users',
  properties: {
    id: { type: 'string', primary: true },
    email: { type: 'string', unique: true },
    name: { type: 'string' },
    plan: { type: 'string' },
    settings: { type: 'json' },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date', onUpdate: () => new Date() },
  },
});
