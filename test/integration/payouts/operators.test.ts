import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Application } from '../../../adapters/composition-root';
import { createAppWorker } from '../../../adapters/outbox/app-worker';
import { adminReadModels, COACH_SHARE_SQL, type AdminChargebackRow, type DiagnosticCheck } from '../../../adapters/persistence/admin/index';
import type { AdminBookingRowView } from '../../../app/admin/admin-booking-view';
import { sqlOf } from '../../../adapters/persistence/admin/sql';
import { coachShareOf } from '../../../domain/payouts/coach-share';
import { recordChargeback } from '../../../domain/payouts/use-cases/record-chargeback';
import { transferCoachShare } from '../../../domain/payouts/use-cases/transfer-coach-share';
import { ok, unwrap } from '../../../domain/shared/result';
import { insertUser } from '../../support/admin-fixtures';
import { runCli } from '../../support/cli';
import { useHttpApp } from '../../support/http-app';
import { enablePayouts } from '../../support/payout-fixtures';
import { releasedBooking, type World } from '../payments/money-helpers';

/**
 * The operators' side of payouts (decision 012): AdminBookings shows each booking's coach transfer
 * and a 'Chargeback' badge, with the Chargebacks list; `fact bookings show`, `fact payouts
 * list|retry` and `fact payments reconcile` cover transfers; the diagnose checks fire on a crafted
 * bad row and stay quiet on data made by the real use cases.
 */
// Each CLI run boots tsx and the ORM: seconds apiece on a busy machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });
const http = useHttpApp();
const fact = (...args: string[]) => runCli(http.db.url, args);
const OPS = 'ops@fact.test';

let app: Application;
/** paid: transferred; chargeback: transferred, then a chargeback opened; failed: the gateway refused it; waiting: no payout account; missing: released, its job lost. */
const worlds = {} as Record<'paid' | 'chargeback' | 'failed' | 'waiting' | 'missing', World>;
let adminCookie = '';
let clientCookie = '';

async function runJobs(): Promise<void> {
  await createAppWorker(app).drain();
}

/** Paid, accepted, completed and released through the use cases (its 'payout.transfer' job queued, not run). */
async function released(): Promise<World> {
  app.testClock!.reset();
  return releasedBooking(app, http.db, runJobs);
}

const transferOf = async (bookingId: string) =>
  (await http.db.query<Record<string, unknown>>(`select status, coach_share_pence, platform_share_pence, transfer_id, attempt, last_error from coach_transfers where booking_id = $1`, [bookingId]))[0];
const ref = (w: World) => w.booking.referenceCode;
const emailOf = async (id: string) => (await http.db.query<{ email: string }>(`select email from users where id = $1`, [id]))[0]!.email;

beforeAll(async () => {
  app = http.app;
  await insertUser(http.db, { email: OPS, fullName: 'Olive Ops', role: 'admin' });
  const client = await insertUser(http.db, { email: 'cleo@example.test', fullName: 'Cleo Client' });

  worlds.paid = await released();
  await enablePayouts(app, worlds.paid.coach.id);
  expect(unwrap(await transferCoachShare(app.deps(), { bookingId: worlds.paid.booking.id })).outcome).toBe('transferred');

  worlds.chargeback = await released();
  await enablePayouts(app, worlds.chargeback.coach.id);
  expect(unwrap(await transferCoachShare(app.deps(), { bookingId: worlds.chargeback.booking.id })).outcome).toBe('transferred');
  const intentId = (await http.db.query<{ payment_intent_id: string }>(`select payment_intent_id from bookings where id = $1`, [worlds.chargeback.booking.id]))[0]!.payment_intent_id;
  unwrap(
    await app
      .deps()
      .uow.transaction(async (tx) =>
        ok(await recordChargeback(tx, { id: 'dp_test_operators', intentId, amountPence: 5300, reason: 'fraudulent', status: 'needs_response', createdAt: app.clock.now() }, app.clock.now())),
      ),
  );

  // The coach's account says payouts are enabled, the gateway's does not: the transfer is refused for good.
  worlds.failed = await released();
  const account = await enablePayouts(app, worlds.failed.coach.id);
  await http.db.query(`update test_gateway_accounts set payouts_enabled = false where id = $1`, [account]);
  expect(unwrap(await transferCoachShare(app.deps(), { bookingId: worlds.failed.booking.id })).outcome).toBe('failed');

  worlds.waiting = await released();
  expect(unwrap(await transferCoachShare(app.deps(), { bookingId: worlds.waiting.booking.id })).outcome).toBe('waiting');

  // Released, but its transfer job is gone (a lost job): no transfer row at all.
  worlds.missing = await released();
  await http.db.query(`delete from outbox_jobs where type = 'payout.transfer' and payload->>'bookingId' = $1`, [worlds.missing.booking.id]);
  // Every other queued transfer job has run (through the use case above): no job is left to run them again.
  await http.db.query(`delete from outbox_jobs where type = 'payout.transfer' and status = 'pending'`);

  adminCookie = await http.cookieFor((await http.db.query<{ id: string }>(`select id from users where email = $1`, [OPS]))[0]!.id);
  clientCookie = await http.cookieFor(client);
});

describe('AdminBookings', () => {
  const data = async (query: string, cookie: string) =>
    fetch(`${http.baseUrl}/AdminBookings?${query}&_data=${encodeURIComponent('routes/_app.AdminBookings')}`, { headers: { Cookie: cookie }, redirect: 'manual' });

  it("shows each booking's transfer and a 'Chargeback' badge, and lists the chargebacks newest first", async () => {
    // The read model: the whole transfer and chargeback.
    const read = await adminReadModels(app.orm).bookings({ status: 'all' });
    const full = (w: World) => read.items.find((b) => b.id === w.booking.id)!;
    expect(full(worlds.paid).transfer).toMatchObject({ status: 'paid', coachSharePence: 5000, platformSharePence: 300, transferId: expect.stringMatching(/^tr_test_/) });
    expect(full(worlds.paid).transfer!.transferredAt).not.toBeNull();
    expect(full(worlds.paid).chargebacks).toEqual([]);
    expect(full(worlds.chargeback).chargebacks).toEqual([expect.objectContaining({ id: 'dp_test_operators', status: 'needs_response', amountPence: 5300, reason: 'fraudulent' })]);
    expect(full(worlds.failed).transfer).toMatchObject({ status: 'failed', transferId: null, lastError: expect.stringContaining('capabilities') });
    expect(full(worlds.missing).transfer).toBeNull();

    // The page's data: what each row shows, empty parts left out.
    const res = await data('status=all', adminCookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { page: { items: AdminBookingRowView[] }; chargebacks: { items: AdminChargebackRow[]; more: boolean } };
    const row = (w: World) => body.page.items.find((b) => b.id === w.booking.id)!;
    expect(row(worlds.paid).transfer).toEqual({ status: 'paid', coachSharePence: 5000, transferId: expect.stringMatching(/^tr_test_/), moved: { how: 'sent', at: expect.any(String) } });
    expect(row(worlds.paid).chargebacks).toBeUndefined();
    expect(row(worlds.chargeback).chargebacks).toEqual([{ id: 'dp_test_operators', status: 'needs_response', amountPence: 5300, reason: 'fraudulent' }]);
    expect(row(worlds.failed).transfer).toMatchObject({ status: 'failed', lastError: expect.stringContaining('capabilities'), moved: { how: 'released' } });
    expect(row(worlds.failed).transfer!.transferId).toBeUndefined();
    expect(row(worlds.waiting).transfer).toMatchObject({ status: 'waiting' });
    expect(row(worlds.missing).transfer).toBeUndefined();
    expect(body.chargebacks).toEqual({
      items: [expect.objectContaining({ id: 'dp_test_operators', bookingId: worlds.chargeback.booking.id, referenceCode: ref(worlds.chargeback), amountPence: 5300, status: 'needs_response' })],
      more: false,
    });
  });

  it('renders the transfer line, the badge and the Chargebacks list linking to the booking', async () => {
    const res = await fetch(`${http.baseUrl}/AdminBookings?status=completed`, { headers: { Cookie: adminCookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const transferId = String((await transferOf(worlds.paid.booking.id))!.transfer_id);
    expect(html).toContain('Coach payout');
    expect(html).toContain(transferId);
    expect(html).toContain('Chargeback: Response needed');
    expect(html).toContain('Waiting for payout details');
    expect(html).toMatch(/<h2[^>]*id="chargebacks"[^>]*>Chargebacks/);
    expect(html).toContain(`href="/AdminBookings?status=all&amp;highlight=${worlds.chargeback.booking.id}"`);
  });

  it('is still a 404 for anyone but an administrator', async () => {
    expect((await data('status=all', clientCookie)).status).toBe(404);
  });
});

describe('fact bookings show and fact payouts', () => {
  it('shows the transfer and the chargebacks of a booking', async () => {
    const [paid, charged, missing] = await Promise.all([
      fact('bookings', 'show', ref(worlds.paid)),
      fact('bookings', 'show', ref(worlds.chargeback), '--json'),
      fact('bookings', 'show', ref(worlds.missing)),
    ]);
    expect(paid.code).toBe(0);
    expect(paid.stdout).toMatch(/transfer:\s+paid: coach £50\.00, platform £3\.00 \(commission 0 bps\)/);
    expect(paid.stdout).toMatch(/transfer id:\s+tr_test_\w+ \(attempt 1\)/);
    expect(paid.stdout).toMatch(/chargebacks:\s+-/);
    expect(charged.json()).toMatchObject({ transfer: { status: 'paid' }, chargebacks: [{ id: 'dp_test_operators', status: 'needs_response', amountPence: 5300 }] });
    expect(missing.stdout).toMatch(/transfer:\s+-/);
  });

  it('lists payouts newest released first, by coach or by state, and refuses an unknown state', async () => {
    const [all, failed, byCoach, human, bad] = await Promise.all([
      fact('payouts', 'list', '--json'),
      fact('payouts', 'list', '--state', 'failed', '--json'),
      fact('payouts', 'list', '--coach', await emailOf(worlds.paid.coach.id), '--json'),
      fact('payouts', 'list', '--limit', '2'),
      fact('payouts', 'list', '--state', 'lost'),
    ]);
    type Listed = { items: { referenceCode: string; status: string; coachSharePence: number }[]; next: string | null };
    expect(all.json<Listed>().items.map((p) => p.referenceCode)).toEqual([ref(worlds.waiting), ref(worlds.failed), ref(worlds.chargeback), ref(worlds.paid)]);
    expect(failed.json<Listed>().items).toEqual([expect.objectContaining({ referenceCode: ref(worlds.failed), status: 'failed', coachSharePence: 5000 })]);
    expect(byCoach.json<Listed>().items.map((p) => p.referenceCode)).toEqual([ref(worlds.paid)]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/REFERENCE\s+COACH\s+SHARE\s+PLATFORM\s+STATE\s+TRANSFER\s+WHEN/);
    expect(human.stdout).toContain('More: fact payouts list --after ');
    const cursor = /--after (\S+)/.exec(human.stdout)![1]!;
    const next = await fact('payouts', 'list', '--limit', '2', '--after', cursor, '--json');
    expect(next.json<Listed>().items.map((p) => p.referenceCode)).toEqual([ref(worlds.chargeback), ref(worlds.paid)]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--state must be one of');
  });

  it('retries a failed payout as the named administrator (audited), refuses a paid one, needs --as', async () => {
    const [paid, noAs, notAdmin] = await Promise.all([
      fact('payouts', 'retry', ref(worlds.paid), '--as', OPS),
      fact('payouts', 'retry', ref(worlds.failed)),
      fact('payouts', 'retry', ref(worlds.failed), '--as', 'cleo@example.test'),
    ]);
    expect(paid).toMatchObject({ code: 1, stderr: 'Only a failed or waiting payout can be retried; this one is paid.\n' });
    expect(noAs.code).toBe(2);
    expect(notAdmin).toMatchObject({ code: 1, stderr: 'cleo@example.test is not an administrator.\n' });

    const retried = await fact('payouts', 'retry', ref(worlds.failed).toLowerCase(), '--as', OPS, '--json');
    expect(retried.code).toBe(0);
    expect(retried.json()).toMatchObject({ referenceCode: ref(worlds.failed), status: 'pending', attempt: 2 });
    expect(await transferOf(worlds.failed.booking.id)).toMatchObject({ status: 'pending', attempt: 2, last_error: null });
    const audit = await http.db.query(`select a.action, a.details->>'via' as via, u.email from audit_log a join users u on u.id = a.actor_id where a.target_id = $1`, [worlds.failed.booking.id]);
    expect(audit).toEqual([{ action: 'payout.retry', via: 'cli', email: OPS }]);

    // The gateway account is fixed; the queued job sends it under the new attempt's key.
    await http.db.query(`update test_gateway_accounts set payouts_enabled = true where id = (select account_id from payout_accounts where coach_id = $1)`, [worlds.failed.coach.id]);
    await runJobs();
    expect(await transferOf(worlds.failed.booking.id)).toMatchObject({ status: 'paid', attempt: 2 });
  });
});

describe('fact payments reconcile covers transfers', () => {
  type Report = { transfers: { releasedWithoutTransfer: number; queued: number; drifted: number; errors: number; lines: { reference: string; issue: string; action: string }[] } };
  const jobsFor = (bookingId: string) => http.db.query(`select status from outbox_jobs where type = 'payout.transfer' and payload->>'bookingId' = $1`, [bookingId]);

  it('reports a released booking without a transfer and a reversal that differs; a dry run changes nothing', async () => {
    const transferId = String((await transferOf(worlds.paid.booking.id))!.transfer_id);
    await http.db.query(`update test_gateway_transfers set reversed_pence = 700 where id = $1`, [transferId]);
    try {
      const dry = await fact('payments', 'reconcile', '--dry-run', '--json');
      expect(dry.code).toBe(0);
      const report = dry.json<Report>().transfers;
      expect(report).toMatchObject({ releasedWithoutTransfer: 1, queued: 0, drifted: 1, errors: 0 });
      expect(report.lines).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ reference: ref(worlds.missing), issue: 'missing', action: 'would_queue' }),
          expect.objectContaining({ reference: ref(worlds.paid), issue: 'reversal_differs', action: 'reported' }),
        ]),
      );
      expect(await jobsFor(worlds.missing.booking.id)).toEqual([]);
      const human = await fact('payments', 'reconcile', '--dry-run');
      expect(human.stdout).toContain('Coach transfers: 1 released payment(s) without a live transfer, would queue 1; checked 3 sent transfer(s) with the gateway: 1 differ, 0 error(s).');
      expect(human.stdout).toContain(`${ref(worlds.paid)} reversal_differs: ${transferId}: recorded 0p reversed, gateway 700p`);
    } finally {
      await http.db.query(`update test_gateway_transfers set reversed_pence = 0 where id = $1`, [transferId]);
    }
  });

  it('queues the missing transfer, which the worker then sends; a second run finds nothing', async () => {
    const run = await fact('payments', 'reconcile', '--json');
    expect(run.code).toBe(0);
    expect(run.json<Report>().transfers).toMatchObject({ releasedWithoutTransfer: 1, queued: 1, drifted: 0 });
    expect(await jobsFor(worlds.missing.booking.id)).toEqual([{ status: 'pending' }]);
    const again = await fact('payments', 'reconcile', '--json', '--booking', worlds.missing.booking.id);
    expect(again.json<Report>().transfers).toMatchObject({ releasedWithoutTransfer: 0, queued: 0 });
    await enablePayouts(app, worlds.missing.coach.id);
    await runJobs();
    expect(await transferOf(worlds.missing.booking.id)).toMatchObject({ status: 'paid', coach_share_pence: 5000 });
  });
});

describe('diagnose: payout checks', () => {
  const KEYS = ['released_without_transfer', 'transfer_split_mismatch', 'transfer_to_erased_coach'] as const;
  const checks = async (): Promise<Record<(typeof KEYS)[number], DiagnosticCheck>> => {
    const report = await adminReadModels(app.orm).diagnostics();
    return Object.fromEntries(KEYS.map((k) => [k, report.checks.find((c) => c.key === k)!])) as Record<(typeof KEYS)[number], DiagnosticCheck>;
  };

  it('stays quiet on transfers made by the use cases', async () => {
    const found = await checks();
    expect(KEYS.map((k) => [k, found[k].count])).toEqual(KEYS.map((k) => [k, 0]));
    expect(found.released_without_transfer.severity).toBe('error');
    expect(found.transfer_split_mismatch.severity).toBe('error');
    expect(found.transfer_to_erased_coach.severity).toBe('warning');
  });

  it('finds a booking released over an hour ago with no transfer', async () => {
    const w = await released();
    await http.db.query(`delete from outbox_jobs where type = 'payout.transfer' and payload->>'bookingId' = $1`, [w.booking.id]);
    expect((await checks()).released_without_transfer.count).toBe(0); // released "now" by the test clock: not yet overdue
    await http.db.query(`update bookings set payment_released_at = now() - interval '2 hours' where id = $1`, [w.booking.id]);
    const found = await checks();
    expect(found.released_without_transfer).toMatchObject({ count: 1, sample: [ref(w)] });
    const cli = await fact('diagnose', '--json');
    expect(cli.code).toBe(1);
    expect(cli.json<{ checks: DiagnosticCheck[] }>().checks.find((c) => c.key === 'released_without_transfer')).toMatchObject({ count: 1 });
    unwrap(await transferCoachShare(app.deps(), { bookingId: w.booking.id }));
    expect((await checks()).released_without_transfer.count).toBe(0);
  });

  it('finds shares that do not add up to what was kept, and a coach share off the policy', async () => {
    const id = worlds.paid.booking.id;
    await http.db.query(`update coach_transfers set platform_share_pence = platform_share_pence + 1 where booking_id = $1`, [id]);
    expect((await checks()).transfer_split_mismatch).toMatchObject({ count: 1, sample: [ref(worlds.paid)] });
    // Still £53.00 in all, but £1.00 of the coach's share moved to the platform with a 0 bps commission.
    await http.db.query(`update coach_transfers set platform_share_pence = 400, coach_share_pence = 4900 where booking_id = $1`, [id]);
    expect((await checks()).transfer_split_mismatch).toMatchObject({ count: 1, sample: [ref(worlds.paid)] });
    // With a 200 bps commission £49.00 is the policy's share again.
    await http.db.query(`update coach_transfers set commission_bps = 200 where booking_id = $1`, [id]);
    expect((await checks()).transfer_split_mismatch.count).toBe(0);
    await http.db.query(`update coach_transfers set platform_share_pence = 300, coach_share_pence = 5000, commission_bps = 0 where booking_id = $1`, [id]);
    expect((await checks()).transfer_split_mismatch.count).toBe(0);
  });

  it('warns about transfers still to be sent to an erased coach, or one whose deletion was approved', async () => {
    await http.db.query(`update users set erased_at = now() where id = $1`, [worlds.waiting.coach.id]);
    expect((await checks()).transfer_to_erased_coach).toMatchObject({ count: 1, sample: [ref(worlds.waiting)] });
    await http.db.query(`update users set erased_at = null where id = $1`, [worlds.waiting.coach.id]);
    await http.db.query(`insert into account_deletion_requests (id, user_id, reason, status, decided_at) values (gen_random_uuid(), $1, 'Leaving', 'approved', now())`, [worlds.waiting.coach.id]);
    expect((await checks()).transfer_to_erased_coach).toMatchObject({ count: 1, sample: [ref(worlds.waiting)] });
    // A paid transfer to an erased coach is history, not a warning.
    await http.db.query(`update users set erased_at = now() where id = $1`, [worlds.paid.coach.id]);
    expect((await checks()).transfer_to_erased_coach.count).toBe(1);
    await http.db.query(`update users set erased_at = null where id = $1`, [worlds.paid.coach.id]);
  });

  it("computes the policy's coach share in SQL exactly as coachShareOf does", async () => {
    const sql = sqlOf(app.orm);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          status: fc.constantFrom('completed', 'cancelled', 'disputed'),
          servicePricePence: fc.integer({ min: 0, max: 1_000_000 }),
          adminFeePence: fc.integer({ min: 0, max: 1_000 }),
          amountCapturedPence: fc.integer({ min: 0, max: 1_001_000 }),
          refundedShare: fc.double({ min: 0, max: 1, noNaN: true }),
          bps: fc.integer({ min: 0, max: 10_000 }),
        }),
        async (c) => {
          const amountRefundedPence = Math.floor(c.amountCapturedPence * c.refundedShare);
          const booking = { status: c.status as 'completed', servicePricePence: c.servicePricePence, adminFeePence: c.adminFeePence, amountCapturedPence: c.amountCapturedPence, amountRefundedPence };
          const [row] = await sql<{ share: string }>(
            `select ${COACH_SHARE_SQL} as share
               from (values (?::text, ?::int, ?::int, ?::int, ?::int)) as b(status, service_price_pence, admin_fee_pence, amount_captured_pence, amount_refunded_pence),
                    (values (?::int)) as t(commission_bps)`,
            [c.status, c.servicePricePence, c.adminFeePence, c.amountCapturedPence, amountRefundedPence, c.bps],
          );
          expect(Number(row!.share)).toBe(coachShareOf(booking, c.bps).coachSharePence);
        },
      ),
      { numRuns: 200 },
    );
  });
});
