import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminReadModels, creditPriceSql, type DiagnosticCheck, type DiagnosticsReport } from '../../../adapters/persistence/admin/index';
import { loader as dataDiagnosticLoader } from '../../../app/routes/_app.DataDiagnostic';
import { sessionPrices } from '../../../domain/packages/session-prices';
import { useTestApp } from '../../support/app';
import { insertPerson, remixContext, requestAs, type Person } from '../../support/booking-flow';
import { runCli } from '../../support/cli';
import { createPackageWorld, PACKAGE_ACCOUNT as ACCOUNT, PACKAGE_INTENT as INTENT, PACKAGE_TRANSFER as TRANSFER, type PackageWorld } from '../../support/package-world';

/**
 * DataDiagnostic's package ledger checks (issue 48): a paid package whose credits, sessions, card
 * payment and transfer agree (test/support/package-world.ts: 6 sessions for £200, one in each
 * state) fires no check. Then each way it can go wrong, and the check that names the purchase
 * and says what is wrong.
 */
const ctx = useTestApp();
const PACKAGE_KEYS = ['package_credit_count', 'package_credit_booking', 'package_booking_without_credit', 'package_payment_mismatch', 'package_transfer_mismatch'] as const;
type Key = (typeof PACKAGE_KEYS)[number];

let admin: Person;
let world: PackageWorld;
let purchaseId = '';
let s: PackageWorld['sessions'];

const report = async (): Promise<DiagnosticsReport> => adminReadModels(ctx.app.orm).diagnostics();
const check = (r: { checks: readonly DiagnosticCheck[] }, key: Key): DiagnosticCheck => r.checks.find((c) => c.key === key)!;
const firing = (r: DiagnosticsReport): string[] => r.checks.filter((c) => c.count > 0).map((c) => c.key);
const q = (sql: string, params: unknown[] = []) => ctx.db.query(sql, params);

beforeAll(async () => {
  admin = await insertPerson(ctx.db, { type: 'admin', name: 'Ada Admin' });
  world = await createPackageWorld(ctx.app, ctx.db);
  purchaseId = world.purchaseId;
  s = world.sessions;
});

beforeEach(async () => world.reset());

describe('DataDiagnostic package ledger checks', () => {
  it('prices credits in SQL exactly as the domain does: total ÷ N rounded down, the remainder on the last', async () => {
    for (const [total, sessions] of [
      [20_000, 6],
      [16_000, 4],
      [4_999, 20],
      [100, 3],
    ] as const) {
      const rows = await ctx.db.query<{ price: number }>(`select ${creditPriceSql('i', '$2::int', '$1::int')} as price from generate_series(0, $2::int - 1) i order by i`, [total, sessions]);
      expect(rows.map((r) => r.price)).toEqual(sessionPrices(total, sessions));
    }
  });

  it('stays quiet on a package whose credits, sessions, card payment and transfer agree', async () => {
    const r = await report();
    expect(firing(r)).toEqual([]);
    expect(r.healthy).toBe(true);
    for (const key of PACKAGE_KEYS) expect(check(r, key)).toMatchObject({ count: 0, sample: [], problems: [], severity: 'error' });
  });

  it('names a credit still booked for a session that was declined and gave its credit back', async () => {
    await q(`update package_credits set state = 'booked', booking_id = $2 where purchase_id = $1 and position = 2`, [purchaseId, s.C.id]);
    const r = await report();
    expect(firing(r)).toEqual(['package_credit_booking']);
    expect(check(r, 'package_credit_booking')).toMatchObject({
      count: 1,
      sample: [purchaseId],
      problems: [{ id: purchaseId, what: `credit 3 of 6 is booked, but booking ${s.C.ref} is cancelled with its payment refunded` }],
    });
    expect(r.healthy).toBe(false);
  });

  it('names a refund the card payment does not show', async () => {
    await q(`update test_gateway_intents set amount_refunded_pence = 0 where id = $1`, [INTENT]);
    const r = await report();
    expect(firing(r)).toEqual(['package_payment_mismatch']);
    expect(check(r, 'package_payment_mismatch').problems).toEqual([
      { id: purchaseId, what: "the card payment shows £203.00 received and £0.00 refunded; the package's ledger keeps £169.67 (£203.00 paid, £33.33 refunded)" },
    ]);
  });

  it('names a refunded credit never paid back, and an admin fee marked refunded that was not', async () => {
    await q(`update package_credits set state = 'refunded' where purchase_id = $1 and position = 4`, [purchaseId]);
    expect(check(await report(), 'package_payment_mismatch').problems?.[0]?.what).toContain("the package's ledger keeps £136.34 (£203.00 paid, £66.66 refunded)");
    await q(`update package_credits set state = 'available' where purchase_id = $1 and position = 4`, [purchaseId]);
    await q(`update package_purchases set admin_fee_refunded = true where id = $1`, [purchaseId]);
    expect(check(await report(), 'package_payment_mismatch').problems?.[0]?.what).toContain('keeps £166.67 (£203.00 paid, £36.33 refunded)');
  });

  it('accepts a dispute’s part refund of a session that keeps its credit, and the smaller transfer it leaves', async () => {
    // A was disputed after it took place: £10 went back to the card, the rest was released and its coach share transferred.
    await q(`update bookings set dispute_status = 'resolved', dispute_reason = 'Late', dispute_outcome = 'refund_partial', dispute_refund_pence = 1000, amount_refunded_pence = 1000 where id = $1`, [
      s.A.id,
    ]);
    await q(`update test_gateway_intents set amount_refunded_pence = 4333 where id = $1`, [INTENT]);
    // Kept £23.33, less 20 % commission (466.6 rounded down): £18.67.
    await q(`update coach_transfers set coach_share_pence = 1867, platform_share_pence = 466 where booking_id = $1`, [s.A.id]);
    await q(`update test_gateway_transfers set amount_pence = 1867 where id = $1`, [TRANSFER]);
    expect(firing(await report())).toEqual([]);
  });

  it('names a package with a credit missing', async () => {
    await q(`delete from package_credits where purchase_id = $1 and position = 4`, [purchaseId]);
    const r = await report();
    expect(firing(r)).toEqual(['package_credit_count']);
    expect(check(r, 'package_credit_count').problems).toEqual([{ id: purchaseId, what: '5 credits for 6 sessions' }]);
  });

  it('names a session paid with the package that holds none of its credits', async () => {
    await q(`update package_credits set state = 'available', booking_id = null where purchase_id = $1 and position = 1`, [purchaseId]);
    const r = await report();
    expect(firing(r)).toEqual(['package_booking_without_credit']);
    expect(check(r, 'package_booking_without_credit').problems).toEqual([{ id: purchaseId, what: `booking ${s.B.ref} (confirmed, payment captured) holds none of its credits` }]);
  });

  it('names a released credit whose session’s money was never released, and a session priced otherwise than its credit', async () => {
    await q(`update bookings set payment_status = 'captured', payment_released_at = null, payment_held_until = now() + interval '1 day' where id = $1`, [s.A.id]);
    await q(`update bookings set service_price_pence = 4500, total_price_pence = 4500, amount_authorized_pence = 4500, amount_captured_pence = 4500 where id = $1`, [s.B.id]);
    const r = await report();
    expect(check(r, 'package_credit_booking')).toMatchObject({ count: 2, sample: [purchaseId] });
    expect(check(r, 'package_credit_booking').problems?.map((p) => p.what)).toEqual([
      `credit 1 of 6 is released, but booking ${s.A.ref} is completed with its payment captured`,
      `credit 2 of 6 is booked, but booking ${s.B.ref} costs £45.00 + £0.00 fee with £45.00 captured, the credit £33.33`,
    ]);
  });

  it('names a credit whose session belongs to another package', async () => {
    const otherId = randomUUID();
    await q(
      `insert into package_purchases (id, client_id, coach_id, offer_id, sessions, duration_minutes, total_price_pence, admin_fee_pence, created_at)
       select $2, client_id, coach_id, offer_id, sessions, duration_minutes, total_price_pence, admin_fee_pence, now() from package_purchases where id = $1`,
      [purchaseId, otherId],
    );
    try {
      await q(`update bookings set package_purchase_id = $2 where id = $1`, [s.B.id, otherId]);
      const r = await report();
      expect(check(r, 'package_credit_booking').problems).toEqual([{ id: purchaseId, what: `credit 2 of 6 is booked, but booking ${s.B.ref} is not paid with this package` }]);
      // From the session's side: the other package, never paid, has no credit for it.
      expect(check(r, 'package_booking_without_credit').problems).toEqual([
        { id: otherId, what: `booking ${s.B.ref} (confirmed, payment captured) holds none of its credits, and the package was never paid` },
      ]);
    } finally {
      await q(`update bookings set package_purchase_id = $2 where id = $1`, [s.B.id, purchaseId]);
      await q(`delete from package_purchases where id = $1`, [otherId]);
    }
  });

  it('names a credit whose session is between other people', async () => {
    const stranger = await insertPerson(ctx.db, { type: 'client', name: 'Sam Stranger' });
    await q(`update bookings set client_id = $2 where id = $1`, [s.B.id, stranger.id]);
    try {
      expect(check(await report(), 'package_credit_booking').problems).toEqual([
        { id: purchaseId, what: `credit 2 of 6 is booked, but booking ${s.B.ref} is not between the package's client and coach` },
      ]);
    } finally {
      await q(`update bookings set client_id = $2 where id = $1`, [s.B.id, world.client.id]);
    }
  });

  it('names a transfer the gateway never made, and one made twice', async () => {
    await q(`delete from test_gateway_transfers where source_intent_id = $1`, [INTENT]);
    let r = await report();
    expect(firing(r)).toEqual(['package_transfer_mismatch']);
    expect(check(r, 'package_transfer_mismatch').problems).toEqual([
      { id: purchaseId, what: "transfers from its card payment come to £0.00; its released sessions' coach shares less reversals to £26.67" },
    ]);
    await q(`insert into test_gateway_transfers (id, account_id, amount_pence, source_intent_id, transfer_group) values ('tr_a', $1, 2667, $2, 'a'), ('tr_b', $1, 2667, $2, 'b')`, [ACCOUNT, INTENT]);
    r = await report();
    expect(check(r, 'package_transfer_mismatch').problems?.[0]?.what).toBe("transfers from its card payment come to £53.34; its released sessions' coach shares less reversals to £26.67");
  });

  it('counts a transfer reversed in part by what was reversed, on both sides', async () => {
    await q(`update test_gateway_transfers set reversed_pence = 1000 where id = $1`, [TRANSFER]);
    expect(firing(await report())).toEqual(['package_transfer_mismatch']);
    await q(`update coach_transfers set reversed_pence = 1000, status = 'partially_reversed' where booking_id = $1`, [s.A.id]);
    expect(firing(await report())).toEqual([]);
  });

  it('counts a released package session with no transfer after an hour as released without one', async () => {
    await q(`delete from coach_transfers where booking_id = $1`, [s.A.id]);
    await q(`delete from test_gateway_transfers where source_intent_id = $1`, [INTENT]);
    const r = await report();
    expect(firing(r)).toEqual(['released_without_transfer']);
    expect(r.checks.find((c) => c.key === 'released_without_transfer')!.sample).toEqual([s.A.ref]);
  });

  it('shows the problems on DataDiagnostic and in `fact diagnose`, which exits 1', async () => {
    await q(`update test_gateway_intents set amount_refunded_pence = 0 where id = $1`, [INTENT]);
    await q(`delete from package_credits where purchase_id = $1 and position = 4`, [purchaseId]);
    const response = (await dataDiagnosticLoader({ request: await requestAs(ctx.app, admin.id, '/DataDiagnostic'), context: remixContext(ctx.app), params: {} })) as Response;
    const page = (await response.json()) as { report: DiagnosticsReport };
    expect(firing(page.report).sort()).toEqual(['package_credit_count', 'package_payment_mismatch']);
    expect(check(page.report, 'package_credit_count').problems).toEqual([{ id: purchaseId, what: '5 credits for 6 sessions' }]);

    const json = await runCli(ctx.db.url, ['diagnose', '--json']);
    expect(json.code).toBe(1);
    const cli = json.json<DiagnosticsReport>();
    expect(check(cli, 'package_credit_count').problems).toEqual([{ id: purchaseId, what: '5 credits for 6 sessions' }]);
    const human = await runCli(ctx.db.url, ['diagnose']);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain(`${purchaseId}: 5 credits for 6 sessions`);
    expect(human.stdout).toContain(`${purchaseId}: the card payment shows £203.00 received and £0.00 refunded`);
  });
});
