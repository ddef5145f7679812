import { describe, expect, it } from 'vitest';
import { migrate, migrateDown, openOrm } from '../../adapters/persistence/orm';
import { createTestDatabase } from '../support/database';

describe('the migrations', () => {
  it('roll all the way down and up again cleanly', async () => {
    const db = await createTestDatabase();
    const orm = await openOrm(db.url, { poolMax: 2 });
    try {
      expect(await migrateDown(orm)).not.toHaveLength(0);
      const tables = await db.query<{ count: string }>(`select count(*)::text as count from pg_tables where schemaname = 'public' and tablename = 'bookings'`);
      expect(tables[0]?.count).toBe('0');
      expect(await migrate(orm)).not.toHaveLength(0);
      const after = await db.query<{ count: string }>(`select count(*)::text as count from pg_tables where schemaname = 'public' and tablename = 'bookings'`);
      expect(after[0]?.count).toBe('1');
    } finally {
      await orm.close();
      await db.drop();
    }
  });

  it('make the database refuse a booking whose total does not add up', async () => {
    const db = await createTestDatabase();
    try {
      const [client, coach] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
      await db.query(`insert into users (id, email, role, user_type) values ($1, 'c@example.com', 'user', 'client'), ($2, 'k@example.com', 'user', 'coach')`, [client, coach]);
      await expect(
        db.query(
          `insert into bookings (id, reference_code, client_id, coach_id, service_type, starts_at, duration_minutes, ends_at, service_price_pence, admin_fee_pence, total_price_pence)
           values (gen_random_uuid(), 'FACT-20261121-AB12', $1, $2, 'striker', '2026-12-01T10:00Z', 60, '2026-12-01T11:00Z', 5000, 300, 5000)`,
          [client, coach],
        ),
      ).rejects.toThrow(/bookings_total_adds_up/);
    } finally {
      await db.drop();
    }
  });
});
