import { describe, expect, it, beforeAll } from 'vitest';
import { countQueries } from '../../support/query-counter';
import { useTestApp } from '../../support/app';

/**
 * Decision 011: the scheduled expiry of unpaid requests reads them through the partial index
 * bookings_unpaid_requests_by_created (migration 20261125100000), not a scan of every booking. The
 * statement is the one the repository really sends, EXPLAINed on 20 000 bookings (a few hundred of
 * them unpaid requests), analysed as a live database would be.
 */
const ctx = useTestApp();
const BOOKINGS = 20_000;

describe('the unpaid-request expiry query on 20 000 bookings', () => {
  beforeAll(async () => {
    await ctx.db.query(`
      insert into users (id, email, full_name, user_type)
      values ('00000000-0000-4000-a000-0000000000c1', 'plan-client@example.test', 'Plan Client', 'client'),
             ('00000000-0000-4000-a000-0000000000c2', 'plan-coach@example.test', 'Plan Coach', 'coach')`);
    // Sessions an hour apart; every 50th is a pending request still unpaid, the rest completed and paid out.
    await ctx.db.query(`
      insert into bookings (id, reference_code, client_id, coach_id, service_type, starts_at, duration_minutes, ends_at,
                            service_price_pence, admin_fee_pence, total_price_pence, status, payment_status,
                            amount_authorized_pence, amount_captured_pence, completed_at, payment_released_at, created_at)
      select (overlay(overlay(md5('b' || i) placing '4' from 13) placing 'a' from 17))::uuid,
             'FACT-20261125-' || upper(lpad(to_hex(i), 4, '0')),
             '00000000-0000-4000-a000-0000000000c1', '00000000-0000-4000-a000-0000000000c2', 'striker',
             now() - interval '400 days' + make_interval(hours => i), 60, now() - interval '400 days' + make_interval(hours => i, mins => 60),
             5000, 300, 5300,
             case when i % 50 = 0 then 'pending' else 'completed' end,
             case when i % 50 = 0 then 'pending' else 'released' end,
             case when i % 50 = 0 then 0 else 5300 end,
             case when i % 50 = 0 then 0 else 5300 end,
             case when i % 50 = 0 then null else now() end,
             case when i % 50 = 0 then null else now() end,
             now() - interval '401 days' + make_interval(hours => i)
        from generate_series(1, ${BOOKINGS}) as i`);
    await ctx.db.query('vacuum analyze bookings');
  }, 120_000);

  it('finds unpaid requests older than 30 minutes through bookings_unpaid_requests_by_created', async () => {
    const repo = ctx.app.deps().uow.read.bookings;
    const cutoff = new Date(Date.now() - 30 * 60_000);
    const { result, queries } = await countQueries(() => repo.listUnpaidRequestsMadeBefore(cutoff, 100));
    expect(result).toHaveLength(100);
    expect(result.every((b) => b.status === 'pending' && b.paymentStatus === 'pending')).toBe(true);
    const statement = queries.find((q) => /from "?bookings"?/i.test(q))!;
    // The captured statement carries its parameters inline as $n placeholders: EXPLAIN it as a generic plan.
    const rows = await ctx.db.query<{ 'QUERY PLAN': string }>(`explain (generic_plan) ${statement}`);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/bookings_unpaid_requests_by_created/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
