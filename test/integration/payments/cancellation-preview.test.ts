import { beforeEach, describe, expect, it } from 'vitest';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { cancelBooking } from '../../../domain/booking/lifecycle/use-cases/cancel-booking';
import { declineBooking } from '../../../domain/booking/lifecycle/use-cases/decline-booking';
import { cancellationPreview } from '../../../domain/booking/money/cancellation-money';
import { givenBackPence } from '../../../domain/booking/money/payment-hold';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { newWorld, payWithCard, runJobs, type World } from './money-helpers';
import { HOUR, loadBooking } from './payment-fixtures';

/**
 * What the cancel and decline dialogs say a cancellation refunds and keeps (the card's
 * cancelMoney) is what the server then does with the money, to the penny, in every case.
 */
describe('the cancel and decline dialogs say what the server then does', () => {
  const ctx = useTestApp();
  beforeEach(() => ctx.app.testClock!.reset());
  const deps = () => ctx.app.deps();

  const held = async (): Promise<World> => {
    const world = await newWorld(ctx.app, ctx.db);
    unwrap(await payWithCard(ctx.app, world));
    return world;
  };
  const accepted = async (): Promise<World> => {
    const world = await held();
    unwrap(await acceptBooking(deps(), { actor: world.coach.actor, bookingId: world.booking.id }));
    await runJobs(ctx.app);
    return world;
  };

  /** Says, cancels, lets the worker move the money, and compares. */
  async function expectDone(world: World, by: 'client' | 'coach', act: () => Promise<unknown>, expected: { refund: number; kept: number }) {
    const before = await loadBooking(ctx.app, world.booking.id);
    const said = cancellationPreview(before, by, ctx.app.clock.now());
    expect({ refund: said.refundPence, kept: said.keptPence }).toEqual(expected);
    await act();
    await runJobs(ctx.app);
    const after = await loadBooking(ctx.app, world.booking.id);
    expect(givenBackPence(after)).toBe(said.refundPence);
    expect(after.amountCapturedPence - after.amountRefundedPence).toBe(said.keptPence);
  }

  it('a coach declining a held request: the whole hold released, nothing kept', async () => {
    const world = await held();
    await expectDone(world, 'coach', async () => unwrap(await declineBooking(deps(), { actor: world.coach.actor, bookingId: world.booking.id, reason: 'Injured' })), { refund: 5300, kept: 0 });
  });

  it('a client cancelling a held request close to the start: still the whole hold released', async () => {
    const world = await held();
    ctx.app.testClock!.set(new Date(world.booking.startsAt.getTime() - 3 * HOUR));
    await expectDone(world, 'client', async () => unwrap(await cancelBooking(deps(), { actor: world.client.actor, bookingId: world.booking.id, reason: 'Ill' })), { refund: 5300, kept: 0 });
  });

  it('a client cancelling a confirmed session more than 24 hours ahead: a full refund', async () => {
    const world = await accepted();
    ctx.app.testClock!.set(new Date(world.booking.startsAt.getTime() - 24 * HOUR - 60_000));
    await expectDone(world, 'client', async () => unwrap(await cancelBooking(deps(), { actor: world.client.actor, bookingId: world.booking.id, reason: 'Holiday' })), { refund: 5300, kept: 0 });
  });

  it('a client cancelling a confirmed session within 24 hours: the fee back, the session price kept', async () => {
    const world = await accepted();
    ctx.app.testClock!.set(new Date(world.booking.startsAt.getTime() - 24 * HOUR + 60_000));
    await expectDone(world, 'client', async () => unwrap(await cancelBooking(deps(), { actor: world.client.actor, bookingId: world.booking.id, reason: 'Ill' })), { refund: 300, kept: 5000 });
  });

  it('a coach cancelling a confirmed session at the last minute: a full refund', async () => {
    const world = await accepted();
    ctx.app.testClock!.set(new Date(world.booking.startsAt.getTime() - HOUR));
    await expectDone(world, 'coach', async () => unwrap(await cancelBooking(deps(), { actor: world.coach.actor, bookingId: world.booking.id, reason: 'Car broke down' })), { refund: 5300, kept: 0 });
  });
});
