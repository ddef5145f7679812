import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminReadModels, COACH_SHARE_SQL, type DiagnosticCheck, type DiagnosticsReport } from '../../../adapters/persistence/admin/index';
import { loader as dataDiagnosticLoader } from '../../../app/routes/_app.DataDiagnostic';
import { insertPerson, remixContext, requestAs, type Person } from '../../support/booking-flow';
import { runCli } from '../../support/cli';
import { createTestBooking } from '../../support/fixtures/bookings';
import { useTestApp } from '../../support/app';

/**
 * DataDiagnostic's money and erasure checks (decision 056): a clean database
 * where none fires, then each corruption made by hand in SQL and seen by its check, with the
 * failing booking's reference (or the account's id) as the sample. The page and `fact diagnose
 * --json` show the same checks.
 */
const ctx = useTestApp();
const KEYS = ['completed_not_captured', 'released_without_capture', 'erased_with_identity', 'transfer_over_coach_share', 'refund_over_capture'] as const;
type Key = (typeof KEYS)[number];

let admin: Person;
let coach: Person;
let client: Person;
let erased: Person;
let paid: { id: string; ref: string };
let unpaid: { id: string; ref: string };

const report = async (): Promise<DiagnosticsReport> => adminReadModels(ctx.app.orm).diagnostics();
const check = (r: { checks: readonly DiagnosticCheck[] }, key: Key): DiagnosticCheck => r.checks.find((c) => c.key === key)!;
const firing = (r: DiagnosticsReport): string[] => r.checks.filter((c) => c.count > 0).map((c) => c.key);

async function booking(daysAhead: number): Promise<{ id: string; ref: string }> {
  const startsAt = new Date(Math.ceil(ctx.app.clock.now().getTime() / 3_600_000) * 3_600_000 + daysAhead * 86_400_000);
  const b = await createTestBooking(ctx.app, { clientId: client.id, coachId: coach.id, startsAt });
  const [row] = await ctx.db.query<{ reference_code: string }>(`select reference_code from bookings where id = $1`, [b.id]);
  return { id: b.id, ref: row!.reference_code };
}

/**
 * The clean world: one session completed, captured, released and transferred by the payout policy
 * (20 % commission), one completed free of charge, and one erased account as eraseUser leaves it.
 */
async function makeClean(): Promise<void> {
  await ctx.db.query(
    `update bookings set status = 'completed', completed_at = now(), payment_status = 'released', amount_captured_pence = total_price_pence,
       amount_refunded_pence = 0, payment_held_until = now() - interval '2 days', payment_released_at = now() - interval '1 day' where id = $1`,
    [paid.id],
  );
  await ctx.db.query(`delete from coach_transfers where booking_id = $1`, [paid.id]);
  await ctx.db.query(
    `insert into coach_transfers (booking_id, coach_id, coach_share_pence, platform_share_pence, commission_bps, status, transfer_id, released_at, transferred_at)
     select b.id, b.coach_id, ${COACH_SHARE_SQL}, b.amount_captured_pence - ${COACH_SHARE_SQL}, t.commission_bps, 'paid', 'tr_diagnose', now(), now()
       from bookings b, (select 2000 as commission_bps) t where b.id = $1`,
    [paid.id],
  );
  // A session nobody had to pay for (a free trial, say): nothing to capture, nothing wrong.
  await ctx.db.query(
    `update bookings set status = 'completed', completed_at = now(), payment_status = 'pending', service_price_pence = 0, admin_fee_pence = 0, total_price_pence = 0,
       amount_authorized_pence = 0, amount_captured_pence = 0, amount_refunded_pence = 0, payment_intent_id = null where id = $1`,
    [unpaid.id],
  );
  await ctx.db.query(
    `update users set erased_at = now(), is_active = false, deactivated_at = now(), email = 'deleted-' || id || '@erased.invalid', full_name = 'Deleted user', phone = null
       where id = $1`,
    [erased.id],
  );
}

beforeAll(async () => {
  admin = await insertPerson(ctx.db, { type: 'admin', name: 'Ada Admin' });
  coach = await insertPerson(ctx.db, { type: 'coach', name: 'Cody Coach' });
  client = await insertPerson(ctx.db, { type: 'client', name: 'Chloe Client' });
  erased = await insertPerson(ctx.db, { type: 'client', name: 'Erin Erased' });
  paid = await booking(3);
  unpaid = await booking(4);
});

beforeEach(makeClean);

describe('DataDiagnostic money and erasure checks', () => {
  it('stays quiet on a clean database: a released, transferred session, a free one and a properly erased account', async () => {
    const r = await report();
    expect(firing(r)).toEqual([]);
    expect(r.healthy).toBe(true);
    for (const key of KEYS) expect(check(r, key)).toMatchObject({ count: 0, sample: [], severity: 'error' });
  });

  it('finds a completed session whose payment was never captured, so the coach is never paid', async () => {
    await ctx.db.query(`update bookings set service_price_pence = 4000, admin_fee_pence = 300, total_price_pence = 4300, payment_status = 'authorized' where id = $1`, [unpaid.id]);
    const r = await report();
    expect(check(r, 'completed_not_captured')).toMatchObject({ count: 1, sample: [unpaid.ref] });
    expect(firing(r)).toEqual(['completed_not_captured']);
    expect(r.healthy).toBe(false);
  });

  it('finds money marked released that was never captured', async () => {
    await ctx.db.query(`update bookings set amount_captured_pence = 0 where id = $1`, [paid.id]);
    const r = await report();
    expect(check(r, 'released_without_capture')).toMatchObject({ count: 1, sample: [paid.ref] });
    expect(r.healthy).toBe(false);
  });

  it('finds an erased account that still holds its name, or its email, and never shows what was left', async () => {
    await ctx.db.query(`update users set full_name = 'Erin Erased' where id = $1`, [erased.id]);
    let r = await report();
    expect(check(r, 'erased_with_identity')).toMatchObject({ count: 1, sample: [erased.id] });
    expect(JSON.stringify(r)).not.toContain('Erin Erased');
    await ctx.db.query(`update users set full_name = 'Deleted user', email = 'erin@example.test' where id = $1`, [erased.id]);
    r = await report();
    expect(check(r, 'erased_with_identity')).toMatchObject({ count: 1, sample: [erased.id] });
    expect(JSON.stringify(r)).not.toContain('erin@example.test');
    await ctx.db.query(`update users set email = 'deleted-' || id || '@erased.invalid', full_name = '' where id = $1`, [erased.id]);
    expect(check(await report(), 'erased_with_identity').count).toBe(1);
  });

  it("finds a transfer larger than the coach's share, even when the split still adds up", async () => {
    await ctx.db.query(`update coach_transfers set coach_share_pence = coach_share_pence + 500, platform_share_pence = platform_share_pence - 500 where booking_id = $1`, [paid.id]);
    const r = await report();
    expect(check(r, 'transfer_over_coach_share')).toMatchObject({ count: 1, sample: [paid.ref] });
    expect(firing(r).sort()).toEqual(['transfer_over_coach_share', 'transfer_split_mismatch']);
    // A transfer smaller than the share is a mismatch, not an overpayment.
    await ctx.db.query(`update coach_transfers set coach_share_pence = coach_share_pence - 1000, platform_share_pence = platform_share_pence + 1000 where booking_id = $1`, [paid.id]);
    expect(firing(await report())).toEqual(['transfer_split_mismatch']);
  });

  it('finds a refund larger than the capture once the table no longer forbids it', async () => {
    // bookings_refunded_within_captured forbids it today; the check is for the day that constraint is lost.
    await ctx.db.query(`alter table bookings drop constraint bookings_refunded_within_captured`);
    try {
      await ctx.db.query(`update bookings set payment_status = 'refunded', amount_refunded_pence = amount_captured_pence + 100 where id = $1`, [paid.id]);
      const r = await report();
      expect(check(r, 'refund_over_capture')).toMatchObject({ count: 1, sample: [paid.ref] });
      expect(r.healthy).toBe(false);
    } finally {
      await makeClean();
      await ctx.db.query(`alter table bookings add constraint bookings_refunded_within_captured check (amount_refunded_pence <= amount_captured_pence)`);
    }
  });

  it('shows every one on DataDiagnostic and in `fact diagnose --json`, which exits 1', async () => {
    await ctx.db.query(`update bookings set amount_captured_pence = 0 where id = $1`, [paid.id]);
    await ctx.db.query(`update bookings set service_price_pence = 4000, admin_fee_pence = 300, total_price_pence = 4300 where id = $1`, [unpaid.id]);
    await ctx.db.query(`update users set full_name = 'Erin Erased' where id = $1`, [erased.id]);
    await ctx.db.query(`update coach_transfers set coach_share_pence = coach_share_pence + 500 where booking_id = $1`, [paid.id]);
    const expected = { completed_not_captured: [unpaid.ref], released_without_capture: [paid.ref], erased_with_identity: [erased.id] };

    const response = (await dataDiagnosticLoader({ request: await requestAs(ctx.app, admin.id, '/DataDiagnostic'), context: remixContext(ctx.app), params: {} })) as Response;
    const page = (await response.json()) as { report: DiagnosticsReport };
    for (const [key, sample] of Object.entries(expected)) expect(check(page.report, key as Key), key).toMatchObject({ count: 1, sample });
    expect(page.report.healthy).toBe(false);

    const cli = await runCli(ctx.db.url, ['diagnose', '--json']);
    expect(cli.code).toBe(1);
    const printed = cli.json<DiagnosticsReport>();
    for (const [key, sample] of Object.entries(expected)) expect(check(printed, key as Key), key).toMatchObject({ count: 1, sample });
    expect(check(printed, 'transfer_over_coach_share').count).toBe(1);
    const human = await runCli(ctx.db.url, ['diagnose']);
    expect(human.stdout).toContain('Completed sessions whose payment was never captured');
    expect(human.stdout).toContain('Erased accounts that still hold an email or name');
    expect(human.stdout).not.toContain('Erin Erased');
  });
});
