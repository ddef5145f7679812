import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../support/query-counter';
import { useTestApp } from '../../support/app';

/**
 * Decision 050: the scheduled expiry of unanswered paid requests (started, or authorised 6 days
 * ago) reads pending requests only, through the partial indexes bookings_pending_by_start
 * (migration 20261122000001) or bookings_pending_by_authorised (migration 20261202160000),
 * whichever the planner prefers, never a scan of every booking. The
 * statement is the one the repository really sends, EXPLAINed on 20 000 bookings (a few hundred
 * of them pending paid requests), analysed as a live database would be.
 */
const ctx = useTestApp();
const BOOKINGS = 20_000;

describe('the request expiry query on 20 000 bookings', () => {
  beforeAll(async () => {
    await ctx.db.query(`
      insert into users (id, email, full_name, user_type)
      values ('00000000-0000-4000-a000-0000000000c1', 'plan-client@example.test', 'Plan Client', 'client'),
             ('00000000-0000-4000-a000-0000000000c2', 'plan-coach@example.test', 'Plan Coach', 'coach')`);
    // Sessions an hour apart from 400 days ago; every 50th is a pending paid request (authorised a
    // day before its session was booked for), the rest completed and paid out.
    await ctx.db.query(`
      insert into bookings (id, reference_code, client_id, coach_id, service_type, starts_at, duration_minutes, ends_at,
                            service_price_pence, admin_fee_pence, total_price_pence, status, payment_status, payment_intent_id,
                            amount_authorized_pence, amount_captured_pence, authorized_at, completed_at, payment_released_at, created_at)
      select (overlay(overlay(md5('e' || i) placing '4' from 13) placing 'a' from 17))::uuid,
             'FACT-20261202-' || upper(lpad(to_hex(i), 4, '0')),
             '00000000-0000-4000-a000-0000000000c1', '00000000-0000-4000-a000-0000000000c2', 'striker',
             now() - interval '400 days' + make_interval(hours => i), 60, now() - interval '400 days' + make_interval(hours => i, mins => 60),
             5000, 300, 5300,
             case when i % 50 = 0 then 'pending' else 'completed' end,
             case when i % 50 = 0 then 'authorized' else 'released' end,
             'pi_plan_' || i,
             5300,
             case when i % 50 = 0 then 0 else 5300 end,
             now() - interval '401 days' + make_interval(hours => i),
             case when i % 50 = 0 then null else now() end,
             case when i % 50 = 0 then null else now() end,
             now() - interval '401 days' + make_interval(hours => i)
        from generate_series(1, ${BOOKINGS}) as i`);
    await ctx.db.query('vacuum analyze bookings');
  }, 120_000);

  it('finds requests past their response deadline through a partial index of pending requests, with no scan of the table', async () => {
    const repo = ctx.app.deps().uow.read.bookings;
    const { result, queries } = await countQueries(() => repo.listExpiredRequests(new Date(), 100));
    expect(result).toHaveLength(100);
    expect(result.every((b) => b.status === 'pending' && b.paymentStatus === 'authorized')).toBe(true);
    const statement = queries.find((q) => /from "?bookings"?/i.test(q))!;
    const rows = await ctx.db.query<{ 'QUERY PLAN': string }>(`explain (generic_plan) ${statement}`);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/bookings_pending_by_start|bookings_pending_by_authorised/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
