import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../../shared/clock';
import { unwrap } from '../../../shared/result';
import { PAYMENT_INSTRUCTION_JOB } from '../../money/payment-instruction';
import { recordIntentCreated } from '../../../payments/payment-records';
import { at, client, coach, NOW, STARTS_AT } from '../../../testing/booking-fixtures';
import { cancelBooking } from '../../lifecycle/use-cases/cancel-booking';
import { expireUnpaidRequests } from './expire-unpaid-requests';
import { recordFailure } from '../../../payments/payment-records';
import { coachDashboard } from '../../lists/use-cases/list-my-bookings';
import { useBookingWorld } from '../../../testing/booking-world';

const world = useBookingWorld();

describe('unpaid requests (decision 011)', () => {
  const emails = () => world.uow.outbox.jobs.filter((j) => j.type.startsWith('email.')).map((j) => [j.type, (j.payload.recipient as { userId?: string }).userId]);

  it('are cancelled by the system exactly 30 minutes after they were made, the client told and the coach not', async () => {
    const unpaid = unwrap(await world.request());
    const paid = await world.requestPaid({ startsAt: at(STARTS_AT, DAY_MS) });
    world.clock.set(at(NOW, 30 * MINUTE_MS - 1));
    expect(unwrap(await expireUnpaidRequests(world.deps()))).toEqual({ done: [], skipped: [], failed: [] });
    expect(world.uow.bookings.rows.get(unpaid.id)?.status).toBe('pending');
    world.clock.set(at(NOW, 30 * MINUTE_MS));
    expect(unwrap(await expireUnpaidRequests(world.deps()))).toEqual({ done: [unpaid.id], skipped: [], failed: [] });
    expect(world.uow.bookings.rows.get(unpaid.id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'system',
      cancellationReason: 'Payment not completed',
      cancelledAt: at(NOW, 30 * MINUTE_MS),
      declined: false,
    });
    expect(world.uow.bookings.rows.get(paid.id)?.status).toBe('pending');
    expect(emails()).toEqual([['email.booking_cancelled', client.userId]]);
    expect(unwrap(await expireUnpaidRequests(world.deps()))).toEqual({ done: [], skipped: [], failed: [] });
  });

  it('void the payment the client opened, and expire after a failed card too', async () => {
    const opened = unwrap(await world.request());
    world.uow.bookings.rows.set(opened.id, unwrap(recordIntentCreated(world.uow.bookings.rows.get(opened.id)!, 'pi_open', NOW)));
    const failed = unwrap(await world.request({ startsAt: at(STARTS_AT, DAY_MS) }));
    const withIntent = unwrap(recordIntentCreated(world.uow.bookings.rows.get(failed.id)!, 'pi_failed', NOW));
    world.uow.bookings.rows.set(failed.id, unwrap(recordFailure(withIntent, NOW)));
    world.clock.set(at(NOW, 31 * MINUTE_MS));
    expect(unwrap(await expireUnpaidRequests(world.deps())).done).toEqual([opened.id, failed.id]);
    expect(world.jobsOf(PAYMENT_INSTRUCTION_JOB)).toEqual([
      { bookingId: opened.id, instruction: { kind: 'void' }, idempotencyKey: `${opened.id}:void` },
      { bookingId: failed.id, instruction: { kind: 'void' }, idempotencyKey: `${failed.id}:void` },
    ]);
  });

  it('are not shown to the coach, and their cancellation by the client is not emailed to the coach', async () => {
    const unpaid = unwrap(await world.request());
    unwrap(await cancelBooking(world.deps(), { actor: client, bookingId: unpaid.id, reason: 'Changed my mind' }));
    expect(emails()).toEqual([['email.booking_cancelled', client.userId]]);
    const groups = unwrap(await coachDashboard({ uow: world.uow }, { actor: coach }));
    expect([groups.pending, groups.history]).toEqual([[], []]);
  });
});
