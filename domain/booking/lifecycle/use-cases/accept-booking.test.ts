import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../../shared/clock';
import { unwrap } from '../../../shared/result';
import { PAYMENT_INSTRUCTION_JOB } from '../../money/payment-instruction';
import { at, client, coach, RATE_PENCE, stranger, STARTS_AT } from '../../../testing/booking-fixtures';
import { acceptBooking } from './accept-booking';
import { useBookingWorld } from '../../../testing/booking-world';

const world = useBookingWorld();

describe('accepting a request', () => {
  it('confirms it, queues the capture and declines the coach’s overlapping requests in the same transaction', async () => {
    const chosen = unwrap(await world.request());
    const clash = unwrap(await world.request({ startsAt: at(STARTS_AT, -HOUR_MS), durationMinutes: 120 }));
    const elsewhere = unwrap(await world.request({ startsAt: at(STARTS_AT, 3 * HOUR_MS) }));
    world.authorise(chosen.id);
    const out = unwrap(await acceptBooking(world.deps(), { actor: coach, bookingId: chosen.id }));
    expect(out.booking.status).toBe('confirmed');
    expect(out.declined.map((b) => b.id)).toEqual([clash.id]);
    expect(world.uow.bookings.rows.get(clash.id)).toMatchObject({
      status: 'cancelled',
      declined: true,
      cancelledBy: 'system',
      cancellationReason: 'The coach is no longer available at this time',
    });
    expect(world.uow.bookings.rows.get(elsewhere.id)?.status).toBe('pending');
    // The clash was never paid: nothing to void.
    expect(world.jobsOf(PAYMENT_INSTRUCTION_JOB)).toEqual([{ bookingId: chosen.id, instruction: { kind: 'capture', amountPence: RATE_PENCE + 300 }, idempotencyKey: `${chosen.id}:capture` }]);
  });

  it('voids the hold of a paid request declined because an overlapping one was accepted', async () => {
    const chosen = await world.requestPaid();
    const clash = await world.requestPaid({ startsAt: at(STARTS_AT, -HOUR_MS), durationMinutes: 120 });
    unwrap(await acceptBooking(world.deps(), { actor: coach, bookingId: chosen.id }));
    expect(world.jobsOf(PAYMENT_INSTRUCTION_JOB)).toContainEqual({ bookingId: clash.id, instruction: { kind: 'void' }, idempotencyKey: `${clash.id}:void` });
  });

  it('refuses an unpaid request with 409 BOOKING_NOT_PAID and changes nothing, so a paid request at that time is never declined for it', async () => {
    const unpaid = unwrap(await world.request());
    const paid = await world.requestPaid({ startsAt: at(STARTS_AT, -HOUR_MS), durationMinutes: 120 });
    const jobs = world.uow.outbox.jobs.length;
    expect(await acceptBooking(world.deps(), { actor: coach, bookingId: unpaid.id })).toEqual({
      ok: false,
      error: { kind: 'conflict', code: 'BOOKING_NOT_PAID', message: "This request can't be accepted until the client has paid." },
    });
    expect(world.uow.bookings.rows.get(unpaid.id)).toEqual(unpaid);
    expect(world.uow.bookings.rows.get(paid.id)).toEqual(paid);
    expect(world.uow.outbox.jobs).toHaveLength(jobs);
  });

  it('refuses when the coach is already booked then, and leaves everything as it was', async () => {
    const first = await world.requestPaid();
    const second = await world.requestPaid({ startsAt: at(STARTS_AT, -HOUR_MS), durationMinutes: 120 });
    unwrap(await acceptBooking(world.deps(), { actor: coach, bookingId: first.id }));
    // the second was declined by the first accept; force it back to pending to simulate a race
    world.uow.bookings.rows.set(second.id, { ...second, version: world.uow.bookings.rows.get(second.id)!.version });
    const jobs = world.uow.outbox.jobs.length;
    expect(await acceptBooking(world.deps(), { actor: coach, bookingId: second.id })).toMatchObject({ ok: false, error: { code: 'COACH_ALREADY_BOOKED' } });
    expect(world.uow.bookings.rows.get(second.id)?.status).toBe('pending');
    expect(world.uow.outbox.jobs).toHaveLength(jobs);
  });

  it('refuses the client and hides the booking from strangers', async () => {
    const b = unwrap(await world.request());
    expect(await acceptBooking(world.deps(), { actor: client, bookingId: b.id })).toMatchObject({ ok: false, error: { code: 'NOT_BOOKING_COACH' } });
    expect(await acceptBooking(world.deps(), { actor: stranger, bookingId: b.id })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(await acceptBooking(world.deps(), { actor: coach, bookingId: 'aaaaaaaa-0000-4000-8000-999999999999' })).toMatchObject({
      ok: false,
      error: { code: 'BOOKING_NOT_FOUND', message: 'Booking not found' },
    });
  });
});
