/**
 * Credentials: issuing, verifying and revoking secret keys (`sk_live_`, `sk_test_`), browser
 * session tokens (`st_`) and viewer tokens (`vt_`, watch one session's room and nothing else). Secrets are stored only as SHA-256 digests and compared in constant
 * time. Verified credentials are cached per node for `credentialCacheMs`; revocation is seen by
 * every node at once because the limiter checks Redis revocation markers on every call.
 *
 * Not here: scope checks and HTTP concerns (the HTTP layer's access plugin), limits (limits/limiter.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { digestsEqual, newId, newSecret, sha256Hex } from '../ids.js';
import { ApiKey, SessionToken, type Mode, type SessionTokenKind } from '../db/entities/credentials.js';
import { Organization } from '../db/entities/organization.js';
import { User } from '../db/entities/user.js';
import type { Limiter } from '../limits/limiter.js';
import { paginate, type Page } from '../db/paginate.js';
import { NotFoundError } from '../errors.js';
import type { PlanCatalog, PlanId } from '../limits/plans.js';
import { SESSION_TOKEN_SCOPES, VIEWER_TOKEN_SCOPES, type Scope } from './scopes.js';

export type CredentialKind = 'secret_key' | 'session_token' | 'viewer_token';

/** Who is calling, resolved from a credential. */
export interface Principal {
  kind: CredentialKind;
  /** The key's or the token's id. */
  credentialId: string;
  /** The key whose limits and usage the call counts against (for st_, the key that minted it). */
  keyId: string;
  userId: string;
  organizationId: string | null;
  mode: Mode;
  scopes: ReadonlySet<string>;
  plan: PlanId;
  /** Whose monthly allowance is spent: the key's organisation, else its user. */
  allowanceSubject: string;
  dailyQuota: number;
  /** For st_ and vt_ tokens: the live session the token is bound to. */
  sessionId: string | null;
  expiresAt: Date | null;
}

export type VerifyFailure = 'missing' | 'malformed' | 'unknown' | 'revoked' | 'expired';

export class CredentialError extends Error {
  constructor(readonly reason: VerifyFailure) {
    super(reason);
  }
}

const SECRET_KEY = /^sk_(live|test)_[0-9A-Za-z]{32}$/;
const SESSION_TOKEN = /^st_(live|test)_[0-9A-Za-z]{32}$/;
const VIEWER_TOKEN = /^vt_(live|test)_[0-9A-Za-z]{32}$/;

/** The table row kind each token prefix must resolve to. */
const TOKEN_KINDS: Record<SessionTokenKind, CredentialKind> = { session: 'session_token', viewer: 'viewer_token' };

interface CacheEntry {
  principal: Principal;
  until: number;
}

export interface IssuedKey {
  key: ApiKey;
  secret: string;
}

export interface IssuedToken {
  token: SessionToken;
  secret: string;
}

class CacheMiss {
  constructor(
    readonly digest: string,
    readonly tokenKind: SessionTokenKind | null,
  ) {}
}

export class CredentialService {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly plans: PlanCatalog,
    private readonly limiter: Limiter,
    private readonly cacheMs: number,
  ) {}

  /**
   * Resolves a bearer credential to a principal, or throws CredentialError. `em` may be a
   * function, so that a cache hit does not fork an entity manager.
   */
  async verify(em: EntityManager | (() => EntityManager), credential: string | undefined, now = Date.now()): Promise<Principal> {
    const checked = this.check(credential, now);
    if (!(checked instanceof CacheMiss)) return checked;
    const manager = typeof em === 'function' ? em() : em;
    const { digest, tokenKind } = checked;
    const principal = tokenKind ? await this.loadToken(manager, digest, tokenKind, now) : await this.loadKey(manager, digest);
    if (this.cacheMs > 0) {
      if (this.cache.size > 50_000) this.cache.clear(); // bounded: a flood of distinct valid keys cannot grow it
      this.cache.set(digest, { principal, until: now + this.cacheMs });
    }
    return principal;
  }

  /**
   * What verify() answers without the database: the cached principal of a credential verified
   * recently, or undefined when it must be loaded. Throws CredentialError as verify() does.
   * Lets the request path skip a promise per call.
   */
  verifyCached(credential: string | undefined, now = Date.now()): Principal | undefined {
    const checked = this.check(credential, now);
    return checked instanceof CacheMiss ? undefined : checked;
  }

  /** The cached principal of a well-formed credential, or what loading it takes. */
  private check(credential: string | undefined, now: number): Principal | CacheMiss {
    if (credential === undefined) throw new CredentialError('missing');
    // ck_live_ was never issued: it falls through to "malformed" like any other unknown prefix.
    const isKey = SECRET_KEY.test(credential);
    const tokenKind: SessionTokenKind | null = SESSION_TOKEN.test(credential) ? 'session' : VIEWER_TOKEN.test(credential) ? 'viewer' : null;
    if (!isKey && !tokenKind) throw new CredentialError('malformed');
    const digest = sha256Hex(credential);

    const cached = this.cache.get(digest);
    if (cached && cached.until > now) {
      if (cached.principal.expiresAt && cached.principal.expiresAt.getTime() <= now) {
        this.cache.delete(digest);
        throw new CredentialError('expired');
      }
      return cached.principal;
    }
    return new CacheMiss(digest, isKey ? null : tokenKind);
  }

  private async loadKey(em: EntityManager, digest: string): Promise<Principal> {
    const key = await em.findOne(ApiKey, { secretHash: digest });
    if (!key || !digestsEqual(key.secretHash, digest)) throw new CredentialError('unknown');
    if (key.revokedAt) throw new CredentialError('revoked');
    return this.principalForKey(em, key);
  }

  private async loadToken(em: EntityManager, digest: string, kind: SessionTokenKind, now: number): Promise<Principal> {
    const token = await em.findOne(SessionToken, { secretHash: digest });
    // The prefix is part of the hashed secret, so a kind mismatch cannot happen by accident; it
    // is checked anyway so that a vt_ secret can never act as an st_ one.
    if (!token || !digestsEqual(token.secretHash, digest) || token.kind !== kind) throw new CredentialError('unknown');
    if (token.revokedAt) throw new CredentialError('revoked');
    if (token.expiresAt.getTime() <= now) throw new CredentialError('expired');
    const key = await em.findOne(ApiKey, { id: token.apiKeyId });
    if (!key || key.revokedAt) throw new CredentialError('revoked');
    const parent = await this.principalForKey(em, key);
    return {
      ...parent,
      kind: TOKEN_KINDS[token.kind],
      credentialId: token.id,
      scopes: new Set(token.scopes),
      sessionId: token.sessionId,
      expiresAt: token.expiresAt,
    };
  }

  private async principalForKey(em: EntityManager, key: ApiKey): Promise<Principal> {
    const user = await em.findOneOrFail(User, { id: key.userId });
    const org = key.organizationId ? await em.findOne(Organization, { id: key.organizationId }) : null;
    const plan = this.plans.get(org?.plan ?? user.plan);
    return {
      kind: 'secret_key',
      credentialId: key.id,
      keyId: key.id,
      userId: key.userId,
      organizationId: org?.id ?? null,
      mode: key.mode,
      scopes: new Set(key.scopes),
      plan: plan.id,
      allowanceSubject: org?.id ?? user.id,
      dailyQuota: key.dailyQuota ?? plan.dailyCallsPerKey,
      sessionId: null,
      expiresAt: null,
    };
  }

  async issueKey(
    em: EntityManager,
    input: {
      userId: string;
      name: string;
      mode: Mode;
      scopes: readonly Scope[];
      dailyQuota?: number | null;
      organizationId?: string | null;
    },
  ): Promise<IssuedKey> {
    const secret = newSecret(`sk_${input.mode}_`);
    const key = em.create(ApiKey, {
      id: newId('key'),
      userId: input.userId,
      organizationId: input.organizationId ?? null,
      name: input.name,
      mode: input.mode,
      secretHash: sha256Hex(secret),
      lastFour: secret.slice(-4),
      scopes: [...input.scopes],
      dailyQuota: input.dailyQuota ?? null,
      createdAt: new Date(),
      lastUsedAt: null,
      revokedAt: null,
    });
    await em.persistAndFlush(key);
    return { key, secret };
  }

  async revokeKey(em: EntityManager, key: ApiKey): Promise<void> {
    if (!key.revokedAt) {
      key.revokedAt = new Date();
      await em.flush();
    }
    await this.limiter.markRevoked(key.id);
    this.forget((p) => p.keyId === key.id);
  }

  async issueSessionToken(em: EntityManager, input: { parent: Principal; sessionId: string | null; ttlS: number }): Promise<IssuedToken> {
    return this.issueToken(em, 'session', input);
  }

  /** A `vt_` viewer token: watches `sessionId`'s room (sessions:watch) and can do nothing else. */
  async issueViewerToken(em: EntityManager, input: { parent: Principal; sessionId: string; ttlS: number }): Promise<IssuedToken> {
    return this.issueToken(em, 'viewer', input);
  }

  private async issueToken(
    em: EntityManager,
    kind: SessionTokenKind,
    input: { parent: Principal; sessionId: string | null; ttlS: number },
  ): Promise<IssuedToken> {
    const secret = newSecret(`${kind === 'viewer' ? 'vt' : 'st'}_${input.parent.mode}_`);
    const token = em.create(SessionToken, {
      id: newId(kind === 'viewer' ? 'vtk' : 'tok'),
      kind,
      userId: input.parent.userId,
      apiKeyId: input.parent.keyId,
      mode: input.parent.mode,
      secretHash: sha256Hex(secret),
      sessionId: input.sessionId,
      scopes: [...(kind === 'viewer' ? VIEWER_TOKEN_SCOPES : SESSION_TOKEN_SCOPES)],
      expiresAt: new Date(Date.now() + input.ttlS * 1000),
      createdAt: new Date(),
      revokedAt: null,
    });
    await em.persistAndFlush(token);
    return { token, secret };
  }

  /** The account's st_ tokens that still work (unexpired, unrevoked), newest first. */
  listActiveSessionTokens(
    em: EntityManager,
    owner: Pick<Principal, 'userId' | 'mode'>,
    query: { limit?: number | undefined; starting_after?: string | undefined },
  ): Promise<Page<SessionToken>> {
    const where = { userId: owner.userId, mode: owner.mode, kind: 'session' as const, revokedAt: null, expiresAt: { $gt: new Date() } };
    return paginate(em, SessionToken, where, query, 'session_token');
  }

  /** Revokes the account's session or viewer token `id` (idempotent), or NotFoundError. */
  async revokeSessionTokenById(em: EntityManager, owner: Pick<Principal, 'userId' | 'mode'>, id: string): Promise<SessionToken> {
    const token = await em.findOne(SessionToken, { id, userId: owner.userId, mode: owner.mode });
    if (!token) throw new NotFoundError('session_token', id);
    await this.revokeSessionToken(em, token);
    return token;
  }

  async revokeSessionToken(em: EntityManager, token: SessionToken): Promise<void> {
    if (!token.revokedAt) {
      token.revokedAt = new Date();
      await em.flush();
    }
    await this.limiter.markRevokedUntil(token.id, token.expiresAt);
    this.forget((p) => p.credentialId === token.id);
  }

  /** Drops cached principals (this node); other nodes see revocation through the limiter. */
  forget(match: (principal: Principal) => boolean): void {
    for (const [digest, entry] of this.cache) if (match(entry.principal)) this.cache.delete(digest);
  }
}
