import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../shared/clock';
import { unwrap } from '../../../shared/result';
import { PAYMENT_INSTRUCTION_JOB } from '../../money/payment-instruction';
import { at, client, coach, STARTS_AT } from '../../../testing/booking-fixtures';
import { acceptBooking } from './accept-booking';
import { cancelBooking } from './cancel-booking';
import { declineBooking } from './decline-booking';
import { expireStaleRequests } from './expire-stale-requests';
import { useBookingWorld } from '../../../testing/booking-world';

const world = useBookingWorld();

describe('declining and cancelling', () => {
  it('declines with a reason and voids the hold', async () => {
    const b = unwrap(await world.request());
    world.authorise(b.id);
    const declined = unwrap(await declineBooking(world.deps(), { actor: coach, bookingId: b.id, reason: 'Away that week' }));
    expect(declined).toMatchObject({ status: 'cancelled', declined: true, cancellationReason: 'Away that week' });
    expect(world.jobsOf(PAYMENT_INSTRUCTION_JOB)).toEqual([{ bookingId: b.id, instruction: { kind: 'void' }, idempotencyKey: `${b.id}:void` }]);
  });

  it('stores nothing when the reason is missing', async () => {
    const b = unwrap(await world.request());
    expect(await declineBooking(world.deps(), { actor: coach, bookingId: b.id, reason: '' })).toMatchObject({
      ok: false,
      error: { code: 'REASON_REQUIRED', message: 'Please provide a reason for declining.' },
    });
    expect(world.uow.bookings.rows.get(b.id)?.status).toBe('pending');
  });

  it('refunds only the fee when the client cancels a confirmed session late', async () => {
    const b = unwrap(await world.request());
    world.authorise(b.id);
    unwrap(await acceptBooking(world.deps(), { actor: coach, bookingId: b.id }));
    world.clock.set(at(STARTS_AT, -2 * HOUR_MS));
    unwrap(await cancelBooking(world.deps(), { actor: client, bookingId: b.id, reason: 'Ill' }));
    expect(world.jobsOf(PAYMENT_INSTRUCTION_JOB).at(-1)).toEqual({
      bookingId: b.id,
      instruction: { kind: 'refund', amountPence: 300, reason: 'cancellation' },
      idempotencyKey: `${b.id}:refund-cancellation`,
    });
  });

  it('declines requests whose time passed unanswered', async () => {
    const b = unwrap(await world.request());
    const later = unwrap(await world.request({ startsAt: at(STARTS_AT, DAY_MS) }));
    world.clock.set(at(STARTS_AT, MINUTE_MS));
    const out = unwrap(await expireStaleRequests(world.deps()));
    expect(out).toEqual({ done: [b.id], skipped: [], failed: [] });
    expect(world.uow.bookings.rows.get(b.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'system', declined: true });
    expect(world.uow.bookings.rows.get(later.id)?.status).toBe('pending');
  });
});
