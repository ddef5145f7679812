import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../../adapters/composition-root';
import { runTestPayouts } from '../../../adapters/payments/test-gateway/test-payouts';
import { recordAccountSnapshot } from '../../../domain/payouts/use-cases/record-payout-account';
import { recordChargeback } from '../../../domain/payouts/use-cases/record-chargeback';
import { retryCoachTransfer } from '../../../domain/payouts/use-cases/retry-coach-transfer';
import { startPayoutOnboarding } from '../../../domain/payouts/use-cases/start-payout-onboarding';
import { transferCoachShare } from '../../../domain/payouts/use-cases/transfer-coach-share';
import { ok, unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { newWorld, releasedBooking, runJobs, type World } from '../payments/money-helpers';
import { createAppWith, HOUR, type Party } from '../payments/payment-fixtures';

/**
 * Coach payouts (decision 012) against PostgreSQL and the offline Connect gateway: a released booking's coach share
 * is transferred once, waits for a coach without payouts, is paid out daily, and is reversed by a
 * lost chargeback; a refused transfer is retried by an administrator under a new key.
 */
describe('coach transfers', () => {
  const ctx = useTestApp();
  beforeEach(() => ctx.app.testClock!.reset());

  const released = (app: Application = ctx.app): Promise<World> => releasedBooking(app, ctx.db);

  /** The coach goes through the offline onboarding with Stripe's test bank details. */
  async function enablePayouts(coach: Party, app: Application = ctx.app, accountNumber = '00012345'): Promise<string> {
    const started = unwrap(await startPayoutOnboarding(app.deps(), { actor: coach.actor, email: null, returnUrl: 'http://localhost/payouts/return', refreshUrl: 'http://localhost/payouts/setup' }));
    expect(started.url).toBe(`http://localhost/test-gateway/onboarding?account=${started.account.accountId}`);
    const submitted = unwrap(await app.payments.testConnect!.submitBankDetails(started.account.accountId, '108800', accountNumber));
    unwrap(await app.deps().uow.transaction(async (tx) => ok(await recordAccountSnapshot(tx, submitted, app.clock.now()))));
    return started.account.accountId;
  }

  const transferRow = async (bookingId: string) =>
    (
      await ctx.db.query<Record<string, unknown>>(
        `select status, coach_share_pence, platform_share_pence, transfer_id, reversed_pence, attempt, paid_out_at from coach_transfers where booking_id = $1`,
        [bookingId],
      )
    )[0];
  const gatewayTransfers = (intentId: string) =>
    ctx.db.query<{ id: string; amount_pence: number; reversed_pence: number; transfer_group: string; payout_id: string | null }>(
      `select id, amount_pence, reversed_pence, transfer_group, payout_id from test_gateway_transfers where source_intent_id = $1`,
      [intentId],
    );
  const intentOf = async (bookingId: string) => (await ctx.db.query<{ payment_intent_id: string }>(`select payment_intent_id from bookings where id = $1`, [bookingId]))[0]!.payment_intent_id;

  it('transfers the coach’s £50.00 of a released £53.00 booking once, with the booking reference as transfer group', async () => {
    const world = await released();
    await enablePayouts(world.coach);
    await runJobs(ctx.app);
    const row = await transferRow(world.booking.id);
    expect(row).toMatchObject({ status: 'paid', coach_share_pence: 5000, platform_share_pence: 300, reversed_pence: 0 });
    const intentId = await intentOf(world.booking.id);
    expect(await gatewayTransfers(intentId)).toEqual([expect.objectContaining({ id: row!.transfer_id, amount_pence: 5000, transfer_group: world.booking.referenceCode })]);

    // The job delivered again (or an operator's nudge) moves no money twice.
    expect(unwrap(await transferCoachShare(ctx.app.deps(), { bookingId: world.booking.id })).outcome).toBe('already_done');
    expect(await gatewayTransfers(intentId)).toHaveLength(1);
  });

  it('keeps the money of a coach without payouts waiting, and sends it as soon as they finish onboarding', async () => {
    const world = await released();
    await runJobs(ctx.app);
    expect(await transferRow(world.booking.id)).toMatchObject({ status: 'waiting', transfer_id: null });
    expect(await gatewayTransfers(await intentOf(world.booking.id))).toEqual([]);

    // Bank details that do not verify: still waiting, nothing sent.
    const started = unwrap(await startPayoutOnboarding(ctx.app.deps(), { actor: world.coach.actor, email: null, returnUrl: 'http://localhost/r', refreshUrl: 'http://localhost/s' }));
    const refused = unwrap(await ctx.app.payments.testConnect!.submitBankDetails(started.account.accountId, '123456', '11111111'));
    expect(refused).toMatchObject({ payoutsEnabled: false, detailsSubmitted: true, requirementsDue: ['external_account'] });
    unwrap(await ctx.app.deps().uow.transaction(async (tx) => ok(await recordAccountSnapshot(tx, refused, ctx.app.clock.now()))));
    await runJobs(ctx.app);
    expect(await transferRow(world.booking.id)).toMatchObject({ status: 'waiting' });

    await enablePayouts(world.coach);
    await runJobs(ctx.app);
    expect(await transferRow(world.booking.id)).toMatchObject({ status: 'paid', coach_share_pence: 5000 });
  });

  it('pays transfers out at 06:00 London the next day, and marks them paid out', async () => {
    const world = await released();
    await enablePayouts(world.coach);
    await runJobs(ctx.app);
    const sentAt = ctx.app.clock.now();
    expect(await runTestPayouts(ctx.app.orm, ctx.app.clock)).toMatchObject({ transfers: 0 });
    // The next day's run (06:00 London is 06:00 or 05:00 UTC): 07:00 UTC is after it either way.
    const nextDay = new Date(sentAt.getTime() + 24 * HOUR);
    ctx.app.testClock!.set(new Date(Date.UTC(nextDay.getUTCFullYear(), nextDay.getUTCMonth(), nextDay.getUTCDate(), 7)));
    // (Other tests' coaches in this database are paid out in the same run.)
    expect((await runTestPayouts(ctx.app.orm, ctx.app.clock)).transfers).toBeGreaterThanOrEqual(1);
    expect((await transferRow(world.booking.id))!.paid_out_at).toBeInstanceOf(Date);
    const [gateway] = await gatewayTransfers(await intentOf(world.booking.id));
    expect(gateway!.payout_id).toMatch(/^po_test_/);
    // Run again: nothing is paid out twice.
    expect(await runTestPayouts(ctx.app.orm, ctx.app.clock)).toMatchObject({ payouts: 0, transfers: 0 });
  });

  it('takes the platform’s commission from the session price when one is configured (10 %: £45.00 to the coach, £8.00 kept)', async () => {
    const app = await createAppWith(ctx.db, { PLATFORM_COMMISSION_BPS: '1000' });
    try {
      const world = await released(app);
      await enablePayouts(world.coach, app);
      await runJobs(app);
      expect(await transferRow(world.booking.id)).toMatchObject({ status: 'paid', coach_share_pence: 4500, platform_share_pence: 800 });
    } finally {
      await app.close();
    }
  });

  it('reverses the coach’s transfer when a chargeback on released money is lost, once, whatever order the events come in', async () => {
    const world = await released();
    await enablePayouts(world.coach);
    await runJobs(ctx.app);
    const intentId = await intentOf(world.booking.id);
    const snapshot = { id: `dp_test_${world.booking.id.slice(0, 8)}`, intentId, amountPence: 5300, reason: 'fraudulent', createdAt: ctx.app.clock.now() };
    const record = (status: 'needs_response' | 'lost') => ctx.app.deps().uow.transaction(async (tx) => ok(await recordChargeback(tx, { ...snapshot, status }, ctx.app.clock.now())));
    // 'closed (lost)' arrives before 'created', then both again.
    unwrap(await record('lost'));
    unwrap(await record('needs_response'));
    unwrap(await record('lost'));
    await runJobs(ctx.app);
    expect(await transferRow(world.booking.id)).toMatchObject({ status: 'reversed', reversed_pence: 5000 });
    expect(await gatewayTransfers(intentId)).toEqual([expect.objectContaining({ amount_pence: 5000, reversed_pence: 5000 })]);
    expect(await ctx.db.query(`select status, transfer_reversed_pence from chargebacks where booking_id = $1`, [world.booking.id])).toEqual([{ status: 'lost', transfer_reversed_pence: 5000 }]);
  });

  it('holds the transfer while a chargeback is open on money not yet paid to the coach', async () => {
    const world = await released();
    await enablePayouts(world.coach);
    const intentId = await intentOf(world.booking.id);
    unwrap(
      await ctx.app
        .deps()
        .uow.transaction(async (tx) =>
          ok(
            await recordChargeback(
              tx,
              { id: 'dp_test_open', intentId, amountPence: 5300, reason: 'product_not_received', status: 'needs_response', createdAt: ctx.app.clock.now() },
              ctx.app.clock.now(),
            ),
          ),
        ),
    );
    expect(unwrap(await transferCoachShare(ctx.app.deps(), { bookingId: world.booking.id })).outcome).toBe('held_by_chargeback');
    expect(await gatewayTransfers(intentId)).toEqual([]);
  });

  it('takes a chargeback lost while the money waited for the coach’s onboarding back right after the transfer', async () => {
    const world = await released();
    await runJobs(ctx.app);
    const intentId = await intentOf(world.booking.id);
    for (const status of ['needs_response', 'lost'] as const)
      unwrap(
        await ctx.app
          .deps()
          .uow.transaction(async (tx) =>
            ok(
              await recordChargeback(
                tx,
                { id: `dp_test_early${world.booking.id.slice(0, 6)}`, intentId, amountPence: 5300, reason: 'fraudulent', status, createdAt: ctx.app.clock.now() },
                ctx.app.clock.now(),
              ),
            ),
          ),
      );
    await enablePayouts(world.coach);
    await runJobs(ctx.app);
    expect(await transferRow(world.booking.id)).toMatchObject({ status: 'reversed', reversed_pence: 5000 });
    expect(await gatewayTransfers(intentId)).toEqual([expect.objectContaining({ amount_pence: 5000, reversed_pence: 5000 })]);
  });

  it('marks a transfer the gateway refuses as failed, and an administrator’s retry sends it under a new key', async () => {
    const world = await released();
    const accountId = await enablePayouts(world.coach);
    // The gateway's account loses its payouts (FACT has not heard yet): the transfer is refused.
    await ctx.db.query(`update test_gateway_accounts set payouts_enabled = false where id = $1`, [accountId]);
    await runJobs(ctx.app);
    expect(await transferRow(world.booking.id)).toMatchObject({ status: 'failed', attempt: 1 });

    expect(await retryCoachTransfer(ctx.app.deps(), { actor: world.coach.actor, bookingId: world.booking.id })).toMatchObject({ ok: false, error: { code: 'ADMIN_ONLY' } });
    await ctx.db.query(`update test_gateway_accounts set payouts_enabled = true where id = $1`, [accountId]);
    const admin = await newWorld(ctx.app, ctx.db);
    unwrap(await retryCoachTransfer(ctx.app.deps(), { actor: admin.admin.actor, bookingId: world.booking.id }));
    await runJobs(ctx.app);
    expect(await transferRow(world.booking.id)).toMatchObject({ status: 'paid', attempt: 2 });
    expect(await gatewayTransfers(await intentOf(world.booking.id))).toHaveLength(1);
  });

  afterAll(() => ctx.app.testClock?.reset());
});
