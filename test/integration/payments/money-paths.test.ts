import { beforeEach, describe, expect, it } from 'vitest';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { autoCompleteDue } from '../../../domain/booking/session-progress/use-cases/auto-complete-due';
import { cancelBooking } from '../../../domain/booking/lifecycle/use-cases/cancel-booking';
import { declineBooking } from '../../../domain/booking/lifecycle/use-cases/decline-booking';
import { releaseDuePayments } from '../../../domain/payments/use-cases/release-due-payments';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { expectMoney, failedJobs, newWorld, payWithCard, runJobs, type World } from './money-helpers';
import { HOUR } from './payment-fixtures';

describe('money paths: hold, void, capture, release, refunds by policy', () => {
  const ctx = useTestApp();
  beforeEach(() => ctx.app.testClock!.reset());
  const deps = () => ctx.app.deps();
  const held = async (options: { startsAt?: Date } = {}): Promise<World> => {
    const world = await newWorld(ctx.app, ctx.db, options);
    unwrap(await payWithCard(ctx.app, world));
    return world;
  };
  const accepted = async (options: { startsAt?: Date } = {}): Promise<World> => {
    const world = await held(options);
    unwrap(await acceptBooking(deps(), { actor: world.coach.actor, bookingId: world.booking.id }));
    await runJobs(ctx.app);
    return world;
  };

  it('holds £53.00 on the card when the client pays, and takes nothing yet', async () => {
    const world = await held();
    await expectMoney(ctx.app, world.booking.id, { status: 'authorized', authorised: 5300, captured: 0, refunded: 0, gateway: 'requires_capture' });
  });

  it('records a declined card as failed, and a retry with a good card holds the money', async () => {
    const world = await newWorld(ctx.app, ctx.db);
    const declined = await payWithCard(ctx.app, world, '4000 0000 0000 0002');
    expect(declined.ok ? null : declined.error).toMatchObject({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });
    await expectMoney(ctx.app, world.booking.id, { status: 'failed', authorised: 0, captured: 0, refunded: 0, gateway: 'requires_payment_method' });
    unwrap(await payWithCard(ctx.app, world));
    await expectMoney(ctx.app, world.booking.id, { status: 'authorized', authorised: 5300, captured: 0, refunded: 0, gateway: 'requires_capture' });
  });

  it('voids the hold when the coach declines', async () => {
    const world = await held();
    unwrap(await declineBooking(deps(), { actor: world.coach.actor, bookingId: world.booking.id, reason: 'Injured' }));
    await runJobs(ctx.app);
    await expectMoney(ctx.app, world.booking.id, { status: 'voided', authorised: 5300, captured: 0, refunded: 0, gateway: 'canceled' });
  });

  it('voids the hold when the client cancels before the coach accepts', async () => {
    const world = await held();
    unwrap(await cancelBooking(deps(), { actor: world.client.actor, bookingId: world.booking.id, reason: 'Changed my mind' }));
    await runJobs(ctx.app);
    await expectMoney(ctx.app, world.booking.id, { status: 'voided', authorised: 5300, captured: 0, refunded: 0, gateway: 'canceled' });
  });

  it('captures £53.00 when the coach accepts and holds it until the end plus 48 hours', async () => {
    const world = await accepted();
    const booking = await expectMoney(ctx.app, world.booking.id, { status: 'captured', authorised: 5300, captured: 5300, refunded: 0, gateway: 'succeeded' });
    expect(booking.paymentHeldUntil?.getTime()).toBe(world.booking.startsAt.getTime() + HOUR + 48 * HOUR);
    expect(await failedJobs(ctx.db)).toEqual([]);
  });

  it('releases the money to the coach once the session is over and the hold has passed, not before', async () => {
    const world = await accepted();
    const end = world.booking.startsAt.getTime() + HOUR;
    ctx.app.testClock!.set(new Date(end + 25 * HOUR));
    unwrap(await autoCompleteDue(deps()));
    expect(unwrap(await releaseDuePayments(deps())).done).not.toContain(world.booking.id);
    ctx.app.testClock!.set(new Date(end + 48 * HOUR + 1000));
    expect(unwrap(await releaseDuePayments(deps())).done).toContain(world.booking.id);
    const booking = await expectMoney(ctx.app, world.booking.id, { status: 'released', authorised: 5300, captured: 5300, refunded: 0, gateway: 'succeeded' });
    expect(booking.status).toBe('completed');
    // Stamped with the (running) test clock's time of the release, a moment after it was set.
    expect(booking.paymentReleasedAt?.getTime()).toBeGreaterThanOrEqual(end + 48 * HOUR + 1000);
    expect(booking.paymentReleasedAt?.getTime()).toBeLessThan(end + 48 * HOUR + 30_000);
  });

  it('refunds everything when the client cancels 24 hours or more before the start', async () => {
    const world = await accepted();
    // A minute more than 24 hours: the test clock runs on from here (the exact boundary is a domain unit test).
    ctx.app.testClock!.set(new Date(world.booking.startsAt.getTime() - 24 * HOUR - 60_000));
    unwrap(await cancelBooking(deps(), { actor: world.client.actor, bookingId: world.booking.id, reason: 'Holiday' }));
    await runJobs(ctx.app);
    await expectMoney(ctx.app, world.booking.id, { status: 'refunded', authorised: 5300, captured: 5300, refunded: 5300, gateway: 'succeeded' });
  });

  it('refunds only the £3.00 fee when the client cancels later, and the coach gets £50.00 after the hold', async () => {
    const world = await accepted();
    ctx.app.testClock!.set(new Date(world.booking.startsAt.getTime() - 24 * HOUR + 60_000));
    unwrap(await cancelBooking(deps(), { actor: world.client.actor, bookingId: world.booking.id, reason: 'Feeling ill' }));
    await runJobs(ctx.app);
    await expectMoney(ctx.app, world.booking.id, { status: 'partially_refunded', authorised: 5300, captured: 5300, refunded: 300, gateway: 'succeeded' });
    ctx.app.testClock!.set(new Date(world.booking.startsAt.getTime() + 49 * HOUR + 1000));
    expect(unwrap(await releaseDuePayments(deps())).done).toContain(world.booking.id);
    const booking = await expectMoney(ctx.app, world.booking.id, { status: 'released', authorised: 5300, captured: 5300, refunded: 300, gateway: 'succeeded' });
    expect(booking.amountCapturedPence - booking.amountRefundedPence).toBe(5000);
  });

  it('takes only £50.00 of the hold when a late cancellation comes before the capture ran', async () => {
    const world = await held();
    ctx.app.testClock!.set(new Date(world.booking.startsAt.getTime() - 2 * HOUR));
    unwrap(await acceptBooking(deps(), { actor: world.coach.actor, bookingId: world.booking.id }));
    unwrap(await cancelBooking(deps(), { actor: world.client.actor, bookingId: world.booking.id, reason: 'Stuck at work' }));
    await runJobs(ctx.app);
    await expectMoney(ctx.app, world.booking.id, { status: 'captured', authorised: 5300, captured: 5000, refunded: 0, gateway: 'succeeded' });
  });

  it('refunds everything when the coach cancels a confirmed session, even at the last minute', async () => {
    const world = await accepted();
    ctx.app.testClock!.set(new Date(world.booking.startsAt.getTime() - 30 * 60_000));
    unwrap(await cancelBooking(deps(), { actor: world.coach.actor, bookingId: world.booking.id, reason: 'Pitch closed' }));
    await runJobs(ctx.app);
    await expectMoney(ctx.app, world.booking.id, { status: 'refunded', authorised: 5300, captured: 5300, refunded: 5300, gateway: 'succeeded' });
  });

  it('refunds everything when an administrator cancels a confirmed session', async () => {
    const world = await accepted();
    ctx.app.testClock!.set(new Date(world.booking.startsAt.getTime() - HOUR));
    unwrap(await cancelBooking(deps(), { actor: world.admin.actor, bookingId: world.booking.id, reason: 'Safety concern' }));
    await runJobs(ctx.app);
    await expectMoney(ctx.app, world.booking.id, { status: 'refunded', authorised: 5300, captured: 5300, refunded: 5300, gateway: 'succeeded' });
  });
});
