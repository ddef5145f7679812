import { beforeEach, describe, expect, it } from 'vitest';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { autoCompleteDue } from '../../../domain/booking/session-progress/use-cases/auto-complete-due';
import { openDispute } from '../../../domain/booking/disputes/use-cases/open-dispute';
import { resolveDispute } from '../../../domain/booking/disputes/use-cases/resolve-dispute';
import type { DisputeDecision } from '../../../domain/booking/disputes/disputes';
import { parsePaymentInstructionJob } from '../../../domain/booking/money/payment-instruction';
import type { PaymentGateway } from '../../../domain/payments/payment-gateway';
import { executePaymentInstruction } from '../../../domain/payments/use-cases/execute-payment-instruction';
import { releaseDuePayments } from '../../../domain/payments/use-cases/release-due-payments';
import { err, unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { expectMoney, failedJobs, newWorld, paymentOf, payWithCard, runJobs, type World } from './money-helpers';
import { HOUR } from './payment-fixtures';

describe('money paths: disputes, and crashes between the gateway and the database', () => {
  const ctx = useTestApp();
  beforeEach(() => ctx.app.testClock!.reset());
  const deps = () => ctx.app.deps();

  /** Paid, accepted, captured, then completed automatically a day after the end. */
  async function completed(): Promise<World> {
    const world = await newWorld(ctx.app, ctx.db);
    unwrap(await payWithCard(ctx.app, world));
    unwrap(await acceptBooking(deps(), { actor: world.coach.actor, bookingId: world.booking.id }));
    await runJobs(ctx.app);
    ctx.app.testClock!.set(new Date(world.booking.startsAt.getTime() + 26 * HOUR));
    unwrap(await autoCompleteDue(deps()));
    return world;
  }
  async function disputedAndResolved(decision: DisputeDecision): Promise<World> {
    const world = await completed();
    unwrap(await openDispute(deps(), { actor: world.client.actor, bookingId: world.booking.id, description: 'The coach did not show up' }));
    unwrap(await resolveDispute(deps(), { actor: world.admin.actor, bookingId: world.booking.id, decision }));
    await runJobs(ctx.app);
    return world;
  }

  it('refunds the full £53.00 when an administrator decides so', async () => {
    const world = await disputedAndResolved({ outcome: 'refund_full', note: 'Coach no-show confirmed' });
    await expectMoney(ctx.app, world.booking.id, { status: 'refunded', authorised: 5300, captured: 5300, refunded: 5300, gateway: 'succeeded' });
  });

  it('refunds £20.00 of a partial decision and releases the other £33.00 after the hold', async () => {
    const world = await disputedAndResolved({ outcome: 'refund_partial', refundPence: 2000, note: 'Session cut short' });
    await expectMoney(ctx.app, world.booking.id, { status: 'partially_refunded', authorised: 5300, captured: 5300, refunded: 2000, gateway: 'succeeded' });
    ctx.app.testClock!.set(new Date(world.booking.startsAt.getTime() + 50 * HOUR));
    expect(unwrap(await releaseDuePayments(deps())).done).toContain(world.booking.id);
    const booking = await expectMoney(ctx.app, world.booking.id, { status: 'released', authorised: 5300, captured: 5300, refunded: 2000, gateway: 'succeeded' });
    expect(booking.amountCapturedPence - booking.amountRefundedPence).toBe(3300);
  });

  it('releases to the coach at once when an administrator decides for the coach', async () => {
    const world = await disputedAndResolved({ outcome: 'release', note: 'Session took place' });
    const booking = await expectMoney(ctx.app, world.booking.id, { status: 'released', authorised: 5300, captured: 5300, refunded: 0, gateway: 'succeeded' });
    expect(booking.paymentReleasedAt).not.toBeNull();
  });

  it('keeps the money held while a dispute is open, whatever the hold date says', async () => {
    const world = await completed();
    unwrap(await openDispute(deps(), { actor: world.coach.actor, bookingId: world.booking.id, description: 'Client left after ten minutes' }));
    ctx.app.testClock!.set(new Date(world.booking.startsAt.getTime() + 30 * 24 * HOUR));
    expect(unwrap(await releaseDuePayments(deps())).done).not.toContain(world.booking.id);
    await expectMoney(ctx.app, world.booking.id, { status: 'captured', authorised: 5300, captured: 5300, refunded: 0, gateway: 'succeeded' });
  });

  async function captureJob(world: World) {
    const [row] = await ctx.db.query<{ payload: unknown }>(`select payload from outbox_jobs where type = 'payment.instruction' and payload->>'bookingId' = $1 and status = 'pending'`, [
      world.booking.id,
    ]);
    const job = parsePaymentInstructionJob(row!.payload);
    if (!job) throw new Error('no pending payment instruction');
    return job;
  }

  it('captures once when the process dies after the gateway call and before the database write', async () => {
    const world = await newWorld(ctx.app, ctx.db);
    unwrap(await payWithCard(ctx.app, world));
    unwrap(await acceptBooking(deps(), { actor: world.coach.actor, bookingId: world.booking.id }));
    const real = ctx.app.payments.gateway;
    const crashing: PaymentGateway = {
      testMode: true,
      createIntent: (i) => real.createIntent(i),
      retrieveIntent: (id) => real.retrieveIntent(id),
      cancel: (i) => real.cancel(i),
      refund: (i) => real.refund(i),
      capture: async (i) => {
        await real.capture(i);
        throw new Error('process killed');
      },
    };
    await expect(executePaymentInstruction({ ...deps(), gateway: crashing }, await captureJob(world))).rejects.toThrow('process killed');
    const drift = await paymentOf(ctx.app, world.booking.id);
    expect([drift.booking.paymentStatus, drift.intent.status]).toEqual(['authorized', 'succeeded']); // money taken, not yet recorded
    await runJobs(ctx.app); // the outbox job is still pending: the worker runs it again with the same key
    await expectMoney(ctx.app, world.booking.id, { status: 'captured', authorised: 5300, captured: 5300, refunded: 0, gateway: 'succeeded' });
    const captures = await ctx.db.query(`select idempotency_key from test_gateway_requests where idempotency_key like $1 and response->>'fingerprint' like '%capture%'`, [`${world.booking.id}%`]);
    expect(captures).toHaveLength(1);
  });

  it('retries a capture while the gateway is down and captures once it is back', async () => {
    const world = await newWorld(ctx.app, ctx.db);
    unwrap(await payWithCard(ctx.app, world));
    unwrap(await acceptBooking(deps(), { actor: world.coach.actor, bookingId: world.booking.id }));
    const real = ctx.app.payments.gateway;
    const unavailable = async () => err({ code: 'network_error', message: 'The payment service did not answer.', retryable: true });
    const down: PaymentGateway = { testMode: true, createIntent: (i) => real.createIntent(i), retrieveIntent: unavailable, cancel: unavailable, refund: unavailable, capture: unavailable };
    const outage = await executePaymentInstruction({ ...deps(), gateway: down }, await captureJob(world));
    expect(outage.ok ? null : outage.error.code).toBe('PAYMENT_GATEWAY_UNAVAILABLE');
    await runJobs(ctx.app);
    await expectMoney(ctx.app, world.booking.id, { status: 'captured', authorised: 5300, captured: 5300, refunded: 0, gateway: 'succeeded' });
    expect(await failedJobs(ctx.db)).toEqual([]);
  });
});
