import { EntitySchema } from '@mikro-orm/core';

/** Stripe-style modes: test and live credentials see disjoint data and quotas. */
export type Mode = 'live' | 'test';

/**
 * A secret key (`sk_live_…`/`sk_test_…`). Only the SHA-256 of the secret is stored; the secret
 * itself is shown once, in the response that creates the key.
 */
export class ApiKey {
  id!: string;
  userId!: string;
  organizationId: string | null = null;
  name!: string;
  mode!: Mode;
  secretHash!: string;
  /** Last four characters of the secret, so a user can tell keys apart. */
  lastFour!: string;
  scopes!: string[];
  /** Calls per UTC day; null means the plan's default. */
  dailyQuota: number | null = null;
  createdAt: Date = new Date();
  lastUsedAt: Date | null = null;
  revokedAt: Date | null = null;
}

/** `session`: an `st_` browser token (chat and watch); `viewer`: a `vt_` viewer token (watch only). */
export type SessionTokenKind = 'session' | 'viewer';

/**
 * A short-lived browser token (`st_…`) minted by a customer's server with a secret key, bound to
 * one live session, or a viewer token (`vt_…`) for that session's room. Its calls count against
 * the key that minted it.
 */
export class SessionToken {
  id!: string;
  kind: SessionTokenKind = 'session';
  userId!: string;
  apiKeyId!: string;
  mode!: Mode;
  secretHash!: string;
  sessionId: string | null = null;
  scopes!: string[];
  expiresAt!: Date;
  createdAt: Date = new Date();
  revokedAt: Date | null = null;
}

export const ApiKeySchema = new EntitySchema<ApiKey>({
  class: ApiKey,
  tableName: 'api_keys',
  properties: {
    id: { type: 'string', primary: true },
    userId: { type: 'string' },
    organizationId: { type: 'string', nullable: true },
    name: { type: 'string' },
    mode: { type: 'string' },
    secretHash: { type: 'string', unique: true },
    lastFour: { type: 'string' },
    scopes: { type: 'string[]' },
    dailyQuota: { type: 'integer', nullable: true },
    createdAt: { type: 'Date' },
    lastUsedAt: { type: 'Date', nullable: true },
    revokedAt: { type: 'Date', nullable: true },
  },
});

export const SessionTokenSchema = new EntitySchema<SessionToken>({
  class: SessionToken,
  tableName: 'session_tokens',
  properties: {
    id: { type: 'string', primary: true },
    userId: { type: 'string' },
    apiKeyId: { type: 'string' },
    kind: { type: 'string' },
    mode: { type: 'string' },
    secretHash: { type: 'string', unique: true },
    sessionId: { type: 'string', nullable: true },
    scopes: { type: 'string[]' },
    expiresAt: { type: 'Date' },
    createdAt: { type: 'Date' },
    revokedAt: { type: 'Date', nullable: true },
  },
});
