/**
 * Account erasure (DELETE /api/v1/user/account). A dry run reports exactly what would go and
 * changes nothing. A real run: refuses while the user is the only owner of an organisation that
 * has other members; revokes every key and token on every node at once; terminates the
 * account's running workflows; deletes its rows in one transaction; unlinks its files; deletes
 * its Redis counters. Running it again finds nothing and changes nothing.
 *
 * Open live sessions are ended first (reason `account_erased`, with their session.ended event
 * recorded before the account's rows go), through the sessions' one end path; if one cannot be
 * ended now (its node is busy or moving), erasure stops there with the error and can be run again.
 */
import fs from 'node:fs';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Core } from '../core.js';
import type { SessionEndReason } from '../db/entities/live-session.js';
import { accountFilesDir, listAccountFiles, type FileEntry } from '../files/account-files.js';
import { LiveSession } from '../db/entities/live-session.js';
import { accountIdempotencyKeys } from '../idempotency/idempotency-keys.js';

export interface ErasureReport {
  userId: string;
  dryRun: boolean;
  records: Record<string, number>;
  files: FileEntry[];
  fileBytes: number;
  redisKeys: number;
  runningWorkflows: number;
  blockers: string[];
}

async function count(em: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const rows = await em.getConnection().execute(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return (rows[0] as { n: number }).n;
}

/** API calls recorded for the user (usage_batches holds several per row). */
async function callsRecorded(em: EntityManager, userId: string): Promise<number> {
  const rows = await em.getConnection().execute('SELECT coalesce(sum(calls), 0)::int AS n FROM usage_batches WHERE user_id = ?', [userId]);
  return (rows[0] as { n: number }).n;
}

/** How erasure ends a session: the live-session client (actors/session/session-client.ts), where sessions are served. */
export interface SessionEnder {
  end(em: EntityManager, session: LiveSession, reason: SessionEndReason): Promise<unknown>;
}

export type ErasureDeps = Pick<Core, 'orm' | 'temporal' | 'config' | 'credentials' | 'limiter' | 'redis'> & {
  sessions?: SessionEnder | undefined;
};

export class AccountEraser {
  constructor(private readonly services: ErasureDeps) {}

  async erase(userId: string, dryRun: boolean): Promise<ErasureReport> {
    const { orm, temporal, config, credentials, limiter } = this.services;
    const em = orm.em.fork() as EntityManager;
    const conn = em.getConnection();

    const keyIds = (await conn.execute('SELECT id FROM api_keys WHERE user_id = ?', [userId])).map((r) => (r as { id: string }).id);
    const tokenIds = (await conn.execute('SELECT id FROM session_tokens WHERE user_id = ?', [userId])).map((r) => (r as { id: string }).id);
    // Organisations the user is the only member of go with the account.
    const soleOrgIds = (
      await conn.execute(
        `SELECT organization_id AS id FROM memberships m WHERE user_id = ?
           AND NOT EXISTS (SELECT 1 FROM memberships o WHERE o.organization_id = m.organization_id AND o.user_id <> m.user_id)`,
        [userId],
      )
    ).map((r) => (r as { id: string }).id);
    const blockers = (
      await conn.execute(
        `SELECT o.name FROM memberships m JOIN organizations o ON o.id = m.organization_id
          WHERE m.user_id = ? AND m.role = 'owner'
            AND NOT EXISTS (SELECT 1 FROM memberships x WHERE x.organization_id = m.organization_id AND x.user_id <> m.user_id AND x.role = 'owner')
            AND EXISTS (SELECT 1 FROM memberships y WHERE y.organization_id = m.organization_id AND y.user_id <> m.user_id)`,
        [userId],
      )
    ).map((r) => `you are the only owner of organization "${(r as { name: string }).name}": make another member owner first`);

    const records: Record<string, number> = {
      users: await count(em, 'users WHERE id = ?', [userId]),
      apiKeys: keyIds.length,
      sessionTokens: tokenIds.length,
      memberships: await count(em, 'memberships WHERE user_id = ?', [userId]),
      organizations: soleOrgIds.length,
      characters: await count(em, 'characters WHERE user_id = ?', [userId]),
      webhookEndpoints: await count(em, 'webhook_endpoints WHERE user_id = ?', [userId]),
      webhookDeliveries: await count(em, 'webhook_deliveries WHERE user_id = ?', [userId]),
      webhookAttempts: await count(em, 'webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.user_id = ?', [
        userId,
      ]),
      events: await count(em, 'events WHERE user_id = ?', [userId]),
      usageEvents: await callsRecorded(em, userId),
      liveSessions: await count(em, 'live_sessions WHERE user_id = ?', [userId]),
      openLiveSessions: await count(em, "live_sessions WHERE user_id = ? AND state = 'open'", [userId]),
    };
    const files = records.users ? listAccountFiles(config.dataDir, userId) : [];
    const redisKeys = await limiter.accountKeys({
      allowanceSubjects: [userId, ...soleOrgIds],
      keyIds,
      credentialIds: [...keyIds, ...tokenIds],
    });
    const idempotencyKeys = await accountIdempotencyKeys(this.services.redis, userId);
    const workflows: string[] = [];
    for await (const wf of temporal.workflow.list({ query: `CompanionAccountId = "${userId}" AND ExecutionStatus = "Running"` })) {
      workflows.push(wf.workflowId);
    }

    const report: ErasureReport = {
      userId,
      dryRun,
      records,
      files,
      fileBytes: files.reduce((sum, f) => sum + f.bytes, 0),
      redisKeys: redisKeys.counters.length + redisKeys.revocationMarkers.length + idempotencyKeys.length,
      runningWorkflows: workflows.length,
      blockers,
    };
    if (dryRun || blockers.length > 0 || records.users === 0) return report;

    // 1. Credentials stop working on every node before anything else changes.
    await Promise.all(
      [...keyIds, ...tokenIds].map((id) => limiter.markRevoked(id, Math.max(60, Math.ceil((2 * config.credentialCacheMs) / 1000)))),
    );
    credentials.forget((p) => p.userId === userId);
    // 2. Open live sessions end (their actors stop and release capacity wherever they run).
    for (const session of await em.find(LiveSession, { userId, state: 'open' })) {
      await this.services.sessions?.end(em, session, 'account_erased');
    }
    // 3. Running workflows of the account (webhook deliveries) end now rather than at their next
    //    attempt; any started by step 2 find their rows gone at their first attempt and end.
    await Promise.all(
      workflows.map((id) =>
        temporal.workflow
          .getHandle(id)
          .terminate('account erased')
          .catch(() => undefined),
      ),
    );
    // 4. Rows, in one transaction (children of users cascade; sole organisations explicitly).
    await em.transactional(async (tx) => {
      const c = tx.getConnection();
      // The user row goes first: it waits for a usage write in flight (which holds a key-share
      // lock on it, runtime/usage/usage-recorder.ts), so the next statement sees that write's rows.
      if (soleOrgIds.length) await c.execute('DELETE FROM organizations WHERE id IN (?)', [soleOrgIds]);
      await c.execute('DELETE FROM users WHERE id = ?', [userId]);
      await c.execute('DELETE FROM usage_batches WHERE user_id = ?', [userId]);
    });
    // 5. Files and Redis counters (the short-lived revocation markers above expire by themselves).
    fs.rmSync(accountFilesDir(config.dataDir, userId), { recursive: true, force: true });
    await limiter.deleteCounters(redisKeys.counters);
    if (idempotencyKeys.length) await this.services.redis.del(...idempotencyKeys);
    return report;
  }
}
