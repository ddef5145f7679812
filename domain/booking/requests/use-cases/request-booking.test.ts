import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../shared/clock';
import { unwrap } from '../../../shared/result';
import { BOOKING_NOTIFICATION_JOB } from '../../lifecycle/booking-notifications';
import { at, client, coach, COACH_ID, NOW, otherCoach, pendingBooking, RATE_PENCE, STARTS_AT } from '../../../testing/booking-fixtures';
import { bookingErrors } from '../../lifecycle/booking-errors';
import { referenceCodeFor } from '../../references/reference-code';
import { DomainFailure } from '../../../shared/errors';
import { acceptBooking } from '../../lifecycle/use-cases/accept-booking';
import { cancelBooking } from '../../lifecycle/use-cases/cancel-booking';
import { requestBooking } from './request-booking';
import { theCoach, useBookingWorld } from '../../../testing/booking-world';

const world = useBookingWorld();

describe('requesting a booking', () => {
  it('stores a pending request at the coach’s rate, without emailing the coach until it is paid', async () => {
    const b = unwrap(await world.request());
    expect(b).toMatchObject({ status: 'pending', version: 1, totalPricePence: RATE_PENCE + 300, clientId: client.userId });
    expect(b.referenceCode).toMatch(/^FACT-20260302-[A-Z0-9]{4}$/);
    expect(world.jobsOf(BOOKING_NOTIFICATION_JOB)).toEqual([{ bookingId: b.id, event: 'requested', actorId: client.userId }]);
    expect(world.uow.outbox.jobs.filter((j) => j.type.startsWith('email.'))).toEqual([]);
  });

  it('refuses a second pending request by the same client for the same coach and start, and stores nothing', async () => {
    const first = unwrap(await world.request());
    const again = await world.request();
    expect(again).toMatchObject({
      ok: false,
      error: { kind: 'conflict', code: 'DUPLICATE_PENDING_REQUEST', message: 'You already have a request with this coach at this time. Pay for it or cancel it in My Bookings.' },
    });
    expect([...world.uow.bookings.rows.keys()]).toEqual([first.id]);
    // Paid, or at another time, or once the first is cancelled: allowed.
    world.authorise(first.id);
    expect(await world.request()).toMatchObject({ ok: false, error: { code: 'DUPLICATE_PENDING_REQUEST' } });
    expect((await world.request({ startsAt: at(STARTS_AT, DAY_MS) })).ok).toBe(true);
    unwrap(await cancelBooking(world.deps(), { actor: client, bookingId: first.id, reason: 'Wrong time' }));
    expect((await world.request()).ok).toBe(true);
  });

  it('refuses an unknown or deactivated coach', async () => {
    world.coaches = [{ ...theCoach, isBookable: false }];
    expect(await world.request()).toMatchObject({ ok: false, error: { code: 'COACH_NOT_FOUND' } });
    expect(await world.request({ coachId: otherCoach.userId })).toMatchObject({ ok: false, error: { code: 'COACH_NOT_FOUND' } });
  });

  it('refuses a coach booking themselves', async () => {
    const r = await requestBooking(world.deps(), { actor: coach, coachId: COACH_ID, serviceType: 'striker', startsAt: STARTS_AT, durationMinutes: 60 });
    expect(r).toMatchObject({ ok: false, error: { code: 'CANNOT_BOOK_SELF' } });
  });

  it('refuses a time outside the coach’s published availability', async () => {
    world.publish(at(STARTS_AT, DAY_MS), at(STARTS_AT, 2 * DAY_MS));
    expect(await world.request()).toMatchObject({ ok: false, error: { code: 'COACH_UNAVAILABLE', message: 'The coach is not available at this time' } });
    expect((await world.request({ startsAt: at(STARTS_AT, DAY_MS + HOUR_MS) })).ok).toBe(true);
  });

  it('refuses a time the coach already has a confirmed session', async () => {
    const first = await world.requestPaid();
    unwrap(await acceptBooking(world.deps(), { actor: coach, bookingId: first.id }));
    expect(await world.request({ startsAt: at(STARTS_AT, 30 * MINUTE_MS) })).toMatchObject({ ok: false, error: { code: 'COACH_UNAVAILABLE' } });
  });

  it("gives each of a day's requests the reference of the day's next number", async () => {
    const a = unwrap(await world.request());
    const b = unwrap(await world.request({ startsAt: at(STARTS_AT, DAY_MS) }));
    expect([a.referenceCode, b.referenceCode]).toEqual([referenceCodeFor(NOW, 0), referenceCodeFor(NOW, 1)]);
  });

  it('takes the next number when a booking stored without one already holds the reference', async () => {
    const older = pendingBooking({ id: 'aaaaaaaa-0000-4000-8000-999999999999', referenceCode: referenceCodeFor(NOW, 0), startsAt: at(STARTS_AT, DAY_MS) });
    world.uow.bookings.rows.set(older.id, { ...older, version: 1 });
    const b = unwrap(await world.request());
    expect(b.referenceCode).toBe(referenceCodeFor(NOW, 1));
  });

  it('does not refuse when the unique index turns the reference down at the insert: the request runs again', async () => {
    // What a concurrent request storing the same reference between the check and the insert looks like.
    const save = world.uow.bookings.save;
    let refusals = 1;
    world.uow.bookings.save = async (booking) => {
      if (refusals-- > 0) throw new DomainFailure(bookingErrors.referenceUnavailable());
      return save(booking);
    };
    const b = unwrap(await world.request());
    // The refused insert rolled its number back with it; the request ran again and was stored.
    expect(b.referenceCode).toBe(referenceCodeFor(NOW, 0));
    expect([...world.uow.bookings.rows.values()].map((r) => r.referenceCode)).toEqual([referenceCodeFor(NOW, 0)]);
    expect(world.jobsOf(BOOKING_NOTIFICATION_JOB)).toEqual([{ bookingId: b.id, event: 'requested', actorId: client.userId }]);
  });

  it('gives up only after eight references in a row are all taken, asking once to try again', async () => {
    world.uow.bookings.save = async () => {
      throw new DomainFailure(bookingErrors.referenceUnavailable());
    };
    expect(await world.request()).toEqual({
      ok: false,
      error: { kind: 'conflict', code: 'REFERENCE_UNAVAILABLE', message: 'Could not create a booking reference. Please try again.' },
    });
    expect(world.uow.bookings.rows.size).toBe(0);
    // Each try rolled its number back: the refusal changed nothing.
    expect(world.uow.bookings.referenceDays.get('2026-03-02') ?? 0).toBe(0);
  });

  it("takes no number for a refused request: the day's next request still gets the first", async () => {
    const first = await world.requestPaid();
    unwrap(await acceptBooking(world.deps(), { actor: coach, bookingId: first.id }));
    expect(first.referenceCode).toBe(referenceCodeFor(NOW, 0));
    expect(await world.request({ startsAt: at(STARTS_AT, 30 * MINUTE_MS) })).toMatchObject({ ok: false, error: { code: 'COACH_UNAVAILABLE' } });
    expect(unwrap(await world.request({ startsAt: at(STARTS_AT, DAY_MS) })).referenceCode).toBe(referenceCodeFor(NOW, 1));
  });

  it('passes on the rule failures of the aggregate', async () => {
    expect(await world.request({ serviceType: 'goalkeeping' })).toMatchObject({ ok: false, error: { code: 'SERVICE_NOT_OFFERED' } });
    expect(await world.request({ startsAt: at(NOW, -HOUR_MS) })).toMatchObject({ ok: false, error: { code: 'DATE_IN_PAST' } });
  });
});
