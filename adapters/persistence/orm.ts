import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, defineConfig } from '@mikro-orm/postgresql';
import { migrationsList } from '../../migrations/index';
import { entities } from './entities/index';

export type Orm = MikroORM;

/** Opens the ORM on a PostgreSQL URL with the explicit entity and migration lists. */
export async function openOrm(databaseUrl: string, options: { poolMax?: number; debug?: boolean } = {}): Promise<Orm> {
  return MikroORM.init(
    defineConfig({
      clientUrl: databaseUrl,
      entities,
      extensions: [Migrator],
      migrations: {
        migrationsList,
        snapshot: false,
        snapshotOnMigrate: false,
        transactional: true,
        allOrNothing: true,
        silent: true,
      },
      pool: { min: 0, max: options.poolMax ?? 10 },
      // Fail fast rather than hang when the database is slow or away.
      driverOptions: { connectionTimeoutMillis: 5_000, statement_timeout: 15_000, idle_in_transaction_session_timeout: 30_000 },
      debug: options.debug ?? false,
      allowGlobalContext: false,
      forceUtcTimezone: true,
      ensureDatabase: false,
    }),
  );
}

/** Applies every pending migration; returns the names applied. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}

/**
 * The known migrations the database has not applied, in order: every one on a new database (no
 * migrations table yet). Only reads: the migrator's own listing would create its table.
 */
export async function pendingMigrations(orm: Orm): Promise<string[]> {
  const table = orm.config.get('migrations').tableName ?? 'mikro_orm_migrations';
  const connection = orm.em.getConnection();
  const [found] = await connection.execute<{ present: boolean }[]>('select to_regclass(?) is not null as present', [table]);
  const known = migrationsList.map((m) => m.name);
  if (!found?.present) return known;
  const rows = await connection.execute<{ name: string }[]>(`select name from "${table.replaceAll('"', '""')}"`);
  // MikroORM stores a name without its file extension, but older rows may carry one.
  const applied = new Set(rows.map((r) => r.name.replace(/\.(js|ts)$/, '')));
  return known.filter((name) => !applied.has(name));
}

export async function migrateDown(orm: Orm, to: string | 0 = 0): Promise<string[]> {
  const reverted = await orm.migrator.down({ to });
  return reverted.map((m) => m.name);
}
