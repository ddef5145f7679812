import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { migrate, migrateDown, openOrm } from '../../../adapters/persistence/orm';
import { migrationsList } from '../../../migrations/index';
import { createTestDatabase } from '../../support/database';

/** Everything the migrations define, as comparable text: columns, constraints, indexes, extensions. */
const FINGERPRINT_SQL = `
  select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as item
    from information_schema.columns where table_schema = 'public' and table_name <> 'mikro_orm_migrations'
  union all
  select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    from pg_constraint where connamespace = 'public'::regnamespace and conrelid::regclass::text <> 'mikro_orm_migrations'
  union all
  select 'index ' || indexdef from pg_indexes where schemaname = 'public' and tablename <> 'mikro_orm_migrations'
  union all
  select 'extension ' || extname from pg_extension
  order by 1`;

async function fingerprint(db: { query: <R extends pg.QueryResultRow>(sql: string) => Promise<R[]> }): Promise<string[]> {
  return (await db.query<{ item: string }>(FINGERPRINT_SQL)).map((r) => r.item);
}

describe('the migrations', () => {
  it('build the whole schema on an empty database', async () => {
    const admin = inject('adminDatabaseUrl');
    const name = `fact_empty_${randomBytes(5).toString('hex')}`;
    const client = new pg.Client(admin);
    await client.connect();
    await client.query(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const orm = await openOrm(url.toString(), { poolMax: 2 });
    try {
      expect(await migrate(orm)).toEqual(migrationsList.map((m) => m.name));
      expect(await migrate(orm)).toEqual([]);
    } finally {
      await orm.close();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    }
  });

  it('come back identical after every one is rolled back and applied again, and after the last one alone is', async () => {
    const db = await createTestDatabase();
    const orm = await openOrm(db.url, { poolMax: 2 });
    try {
      const before = await fingerprint(db);
      expect(before.some((i) => i.includes('bookings_no_overlap_for_coach'))).toBe(true);
      expect(before.some((i) => i.includes('bookings_release_due_v2'))).toBe(true);

      expect(await migrateDown(orm, migrationsList.at(-2)?.name ?? 0)).toEqual([migrationsList.at(-1)!.name]);
      expect(await migrate(orm)).toEqual([migrationsList.at(-1)!.name]);
      expect(await fingerprint(db)).toEqual(before);

      expect(await migrateDown(orm)).toHaveLength(migrationsList.length);
      expect((await fingerprint(db)).filter((i) => !i.startsWith('extension'))).toEqual([]);
      expect(await migrate(orm)).toHaveLength(migrationsList.length);
      expect(await fingerprint(db)).toEqual(before);
    } finally {
      await orm.close();
      await db.drop();
    }
  });
});
