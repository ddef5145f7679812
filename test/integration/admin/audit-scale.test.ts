import { beforeAll, describe, expect, it } from 'vitest';
import { listAuditLog } from '../../../adapters/persistence/admin/admin-audit.query';
import { sqlOf, type Sql } from '../../../adapters/persistence/admin/sql';
import { insertBooking, insertUser } from '../../support/admin-fixtures';
import { useTestApp } from '../../support/app';

/**
 * The audit page over years of entries (decision 056): 500 000 entries, one every ~4 minutes for
 * four years, by five administrators, of eight kinds. Every filter reads its page in index order —
 * no scan of the log, no sort of it — and a page deep in 2023 costs what the newest does.
 */
const ctx = useTestApp();
const ENTRIES = 500_000;
const admins: string[] = [];
let booking: { id: string; reference: string };

function capture(): { sql: Sql; queries: [string, readonly unknown[]][] } {
  const queries: [string, readonly unknown[]][] = [];
  const sql: Sql = async (text, params = []) => {
    queries.push([text, params]);
    return [];
  };
  return { sql, queries };
}

async function planOf(query: [string, readonly unknown[]]): Promise<string> {
  const rows = await sqlOf(ctx.app.orm)<{ 'QUERY PLAN': string }>(`explain ${query[0]}`, query[1]);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

beforeAll(async () => {
  for (let i = 0; i < 5; i++) admins.push(await insertUser(ctx.db, { role: 'admin', fullName: `Admin ${i}` }));
  const client = await insertUser(ctx.db, { fullName: 'Jamie Carter' });
  const coach = await insertUser(ctx.db, { fullName: 'Marcus Reid', userType: 'coach' });
  booking = await insertBooking(ctx.db, { clientId: client, coachId: coach });
  await ctx.db.query(
    `insert into audit_log (id, actor_id, action, target_type, target_id, details, created_at)
     select gen_random_uuid(), ($1::uuid[])[1 + g % 5],
       (array['user.remove','user.restore','coach.verify','coach.unverify','deletion_request.approve','dispute.resolve','booking.cancel','payout.retry'])[1 + g % 8],
       case when g % 8 in (5, 6, 7) then 'booking' else 'user' end, gen_random_uuid()::text, '{"via":"cli"}'::jsonb,
       timestamptz '2023-01-01 00:00:00+00' + g * interval '252 seconds'
     from generate_series(1, ${ENTRIES}) g`,
    [`{${admins.join(',')}}`],
  );
  for (let i = 0; i < 6; i++)
    await ctx.db.query(
      `insert into audit_log (id, actor_id, action, target_type, target_id, created_at) values (gen_random_uuid(), $1, 'booking.cancel', 'booking', $2, now() - $3 * interval '90 days')`,
      [admins[0], booking.id, i],
    );
  await ctx.db.query('analyze audit_log');
}, 120_000);

describe(`the audit log with ${ENTRIES.toLocaleString('en-GB')} entries`, () => {
  it('reads every filter in index order, first page and deep, never scanning or sorting the log', async () => {
    const real = sqlOf(ctx.app.orm);
    const searches = [
      {},
      { actorId: admins[2] },
      { action: 'dispute.resolve' },
      { actorId: admins[1], action: 'booking.cancel' },
      { loggedFrom: new Date('2024-03-01T00:00:00Z'), loggedBefore: new Date('2024-04-01T00:00:00Z') },
      { action: 'user.remove', loggedFrom: new Date('2023-06-01T00:00:00Z'), loggedBefore: new Date('2023-07-01T00:00:00Z') },
    ];
    for (const search of searches) {
      const first = await listAuditLog(real, search);
      expect(first.items, JSON.stringify(search)).toHaveLength(20);
      const { sql, queries } = capture();
      await listAuditLog(sql, search);
      await listAuditLog(sql, { ...search, after: first.next });
      for (const q of queries) {
        const plan = await planOf(q);
        expect(plan, JSON.stringify(search)).not.toMatch(/Seq Scan on audit_log|Sort/);
        expect(plan, JSON.stringify(search)).toMatch(/Index Scan.*audit_(created|by_actor|by_action)/);
      }
      // Back to the first page: the ~20 newer entries, which the planner may fetch and sort (a sort of 20 rows).
      const back = capture();
      await listAuditLog(back.sql, { ...search, before: first.next });
      expect(await planOf(back.queries[0]!), JSON.stringify(search)).not.toMatch(/Seq Scan on audit_log/);
    }
  });

  it('finds the entries of one booking by its reference through audit_by_target', async () => {
    const real = sqlOf(ctx.app.orm);
    const page = await listAuditLog(real, { target: { reference: booking.reference } });
    expect(page.items).toHaveLength(6);
    const { sql, queries } = capture();
    await listAuditLog(sql, { target: { reference: booking.reference } });
    expect(await planOf(queries[0]!)).toMatch(/audit_by_target/);
    expect(await planOf(queries[0]!)).not.toMatch(/Seq Scan on audit_log/);
  });

  it('answers a page in 2023 as fast as the newest', async () => {
    const real = sqlOf(ctx.app.orm);
    const [old] = await ctx.db.query<{ c: string; id: string }>(`select created_at::text as c, id from audit_log order by created_at, id offset 100 limit 1`);
    const cursor = Buffer.from(JSON.stringify([old!.c, old!.id])).toString('base64url');
    const started = performance.now();
    const page = await listAuditLog(real, { after: cursor });
    expect(page.items).toHaveLength(20);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
