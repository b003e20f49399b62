/** MikroORM on PostgreSQL: connection, committed migrations applied at start. */
import { MikroORM, defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Logger } from 'pino';
import { entities } from './entities/index.js';
import { migrationsList } from './migrations/index.js';

export type Orm = MikroORM;

export async function openOrm(databaseUrl: string, log: Logger): Promise<Orm> {
  return MikroORM.init(
    defineConfig({
      clientUrl: databaseUrl,
      entities,
      extensions: [Migrator],
      discovery: { warnWhenNoEntities: true },
      migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
      pool: { min: 0, max: 10 },
      // The global context is off: every request and job forks its own entity manager.
      allowGlobalContext: false,
      logger: (message) => log.debug({ orm: true }, message),
    }),
  );
}

/** Applies pending migrations under a PostgreSQL advisory lock, so concurrent nodes take turns. */
export async function migrate(orm: Orm, log: Logger): Promise<void> {
  const connection = orm.em.getConnection();
  const knex = connection.getKnex();
  await knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(7320411)');
    const migrator = orm.getMigrator();
    const pending = await migrator.getPendingMigrations();
    if (pending.length > 0) {
      await migrator.up();
      log.info({ applied: pending.map((m) => m.name) }, 'database migrations applied');
    }
  });
}
