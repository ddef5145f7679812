import { describe, expect, it } from 'vitest';
import { endsAt, type Booking } from '../../../domain/booking/lifecycle/booking';
import { acceptBooking as accept, cancelBooking } from '../../../domain/booking/lifecycle/booking-decisions';
import { err, ok, unwrap } from '../../../domain/shared/result';
import { MikroCoachDirectory } from '../../../adapters/persistence/booking/coach-directory';
import { createCoachSchedules } from '../../../adapters/persistence/read-models/coach-schedules';
import { StoredDataError } from '../../../adapters/persistence/shared/stored-data';
import { useTestApp } from '../../support/app';
import { DAY, HOUR, hoursAhead, insertUser, pendingBooking } from './fixtures';

const ctx = useTestApp();

async function store(booking: Booking): Promise<Booking> {
  return unwrap(await ctx.app.deps().uow.transaction(async (tx) => ok(await tx.bookings.save(booking))));
}

describe('the booking repository', () => {
  it('stores a new booking as version 1 and reads back exactly what it stored', async () => {
    const [client, coach] = [await insertUser(ctx.db), await insertUser(ctx.db, 'coach')];
    const booking = pendingBooking(client, coach, { startsAt: hoursAhead(3), authorised: true });
    const saved = await store(booking);
    expect(saved.version).toBe(1);
    const read = ctx.app.deps().uow.read.bookings;
    expect(await read.findById(booking.id)).toEqual(saved);
    expect(await read.findByReferenceCode(booking.referenceCode)).toEqual(saved);
    expect(await read.findByPaymentIntentId(booking.paymentIntentId!)).toEqual(saved);
    const rows = await ctx.db.query<{ ends_at: Date; version: number }>('select ends_at, version from bookings where id = $1', [booking.id]);
    expect(rows[0]?.ends_at.getTime()).toBe(endsAt(booking).getTime());
  });

  it('bumps the version on every save and refuses a save from a stale copy with BOOKING_CHANGED', async () => {
    const [client, coach] = [await insertUser(ctx.db), await insertUser(ctx.db, 'coach')];
    const saved = await store(pendingBooking(client, coach, { startsAt: hoursAhead(4), authorised: true }));
    const now = new Date();
    const confirmed = await store(unwrap(accept(saved, coach.actor, now)).booking);
    expect(confirmed.version).toBe(2);
    // A second actor still holding version 1 tries to cancel: the database says no.
    const stale = unwrap(cancelBooking(saved, client.actor, { reason: 'Changed my mind' }, now)).booking;
    const result = await ctx.app.deps().uow.transaction(async (tx) => ok(await tx.bookings.save(stale)));
    expect(result).toEqual(err({ kind: 'conflict', code: 'BOOKING_CHANGED', message: 'This booking changed while you were working on it. Please reload and try again.' }));
    expect((await ctx.app.deps().uow.read.bookings.findById(saved.id))?.status).toBe('confirmed');
  });

  it('lets the exclusion constraint refuse a second confirmed booking overlapping the first, as COACH_ALREADY_BOOKED', async () => {
    const [client, coach] = [await insertUser(ctx.db), await insertUser(ctx.db, 'coach')];
    const start = hoursAhead(5);
    const a = await store(pendingBooking(client, coach, { startsAt: start, authorised: true }));
    const b = await store(pendingBooking(client, coach, { startsAt: new Date(start.getTime() + 30 * 60_000), authorised: true }));
    const now = new Date();
    await store(unwrap(accept(a, coach.actor, now)).booking);
    const result = await ctx.app.deps().uow.transaction(async (tx) => ok(await tx.bookings.save(unwrap(accept(b, coach.actor, now)).booking)));
    expect(result.ok ? null : result.error.code).toBe('COACH_ALREADY_BOOKED');
  });

  it('finds overlaps with half-open ranges, lists by every filter and counts by status', async () => {
    const [client, other, coach] = [await insertUser(ctx.db), await insertUser(ctx.db), await insertUser(ctx.db, 'coach')];
    const start = hoursAhead(6);
    const a = await store(pendingBooking(client, coach, { startsAt: start, authorised: true }));
    const adjacent = await store(pendingBooking(other, coach, { startsAt: new Date(start.getTime() + HOUR) }));
    const overlapping = await store(pendingBooking(other, coach, { startsAt: new Date(start.getTime() + 30 * 60_000) }));
    const repo = ctx.app.deps().uow.read.bookings;

    const pending = await repo.listOverlappingPendingForCoach(coach.id, start, endsAt(a), a.id);
    expect(pending.map((b) => b.id)).toEqual([overlapping.id]);
    expect(await repo.hasOverlappingActiveForCoach(coach.id, start, endsAt(a))).toBe(false);
    await store(unwrap(accept(a, coach.actor, new Date())).booking);
    expect(await repo.hasOverlappingActiveForCoach(coach.id, new Date(start.getTime() + 59 * 60_000), endsAt(adjacent))).toBe(true);
    expect(await repo.hasOverlappingActiveForCoach(coach.id, endsAt(a), endsAt(adjacent))).toBe(false);
    expect(await repo.hasOverlappingActiveForCoach(coach.id, start, endsAt(a), a.id)).toBe(false);

    const byClient = await repo.list({ clientId: client.id, orderBy: 'starts_asc', limit: 10 });
    expect(byClient.map((b) => b.id)).toEqual([a.id]);
    const byParty = await repo.list({ partyId: other.id, orderBy: 'starts_asc', limit: 10 });
    expect(byParty.map((b) => b.id)).toEqual([overlapping.id, adjacent.id]);
    const confirmed = await repo.list({ coachId: coach.id, statuses: ['confirmed'], orderBy: 'created_desc', limit: 10 });
    expect(confirmed.map((b) => b.id)).toEqual([a.id]);
    const window = await repo.list({ coachId: coach.id, startsFrom: new Date(start.getTime() + 1), startsBefore: endsAt(adjacent), orderBy: 'starts_desc', limit: 1 });
    expect(window.map((b) => b.id)).toEqual([adjacent.id]);

    const counts = await repo.countByStatus();
    expect(counts.confirmed).toBeGreaterThanOrEqual(1);
    expect(Object.keys(counts).sort()).toEqual(['cancelled', 'completed', 'confirmed', 'disputed', 'in_session', 'pending']);
  });

  it('searches references by prefix, newest first', async () => {
    const [client, coach] = [await insertUser(ctx.db), await insertUser(ctx.db, 'coach')];
    const first = await store(pendingBooking(client, coach, { startsAt: hoursAhead(8) }));
    const found = await ctx.app.deps().uow.read.bookings.findByReferencePrefix(first.referenceCode.slice(0, 16), 50);
    expect(found.map((b) => b.id)).toContain(first.id);
    expect(await ctx.app.deps().uow.read.bookings.findByReferencePrefix('FACT-1999', 5)).toEqual([]);
  });

  it('lists what the scheduler is due to do: expired requests, sessions to auto-complete, payments to release', async () => {
    const [client, coach] = [await insertUser(ctx.db), await insertUser(ctx.db, 'coach')];
    const past = new Date(Date.now() - 3 * DAY);
    const booking = await store(pendingBooking(client, coach, { startsAt: new Date(past.getTime() + HOUR), now: past, authorised: true }));
    const repo = ctx.app.deps().uow.read.bookings;
    expect((await repo.listExpiredRequests(new Date(), 100)).map((b) => b.id)).toContain(booking.id);

    await ctx.db.query(
      `update bookings set status = 'confirmed', payment_status = 'captured', amount_captured_pence = total_price_pence,
              payment_held_until = now() - interval '1 hour' where id = $1`,
      [booking.id],
    );
    expect((await repo.listDueForAutoComplete(new Date(), 100)).map((b) => b.id)).toContain(booking.id);
    expect((await repo.listDueForRelease(new Date(), 100)).map((b) => b.id)).toContain(booking.id);
    expect((await repo.listExpiredRequests(new Date(), 100)).map((b) => b.id)).not.toContain(booking.id);
    // Not before the hold ends.
    expect((await repo.listDueForRelease(new Date(Date.now() - 2 * HOUR), 100)).map((b) => b.id)).not.toContain(booking.id);
  });

  it('refuses to hand out a row that fails the domain re-validation', async () => {
    const [client, coach] = [await insertUser(ctx.db), await insertUser(ctx.db, 'coach')];
    const saved = await store(pendingBooking(client, coach, { startsAt: hoursAhead(9) }));
    // The database allows it (no check ties status to cancelled_at); the domain does not.
    await ctx.db.query(`update bookings set status = 'cancelled' where id = $1`, [saved.id]);
    await expect(ctx.app.deps().uow.read.bookings.findById(saved.id)).rejects.toBeInstanceOf(StoredDataError);
  });

  it('locks a booking for update only inside a transaction, and reads it plainly outside', async () => {
    const [client, coach] = [await insertUser(ctx.db), await insertUser(ctx.db, 'coach')];
    const saved = await store(pendingBooking(client, coach, { startsAt: hoursAhead(10) }));
    expect(await ctx.app.deps().uow.read.bookings.findByIdForUpdate(saved.id)).toEqual(saved);
    const locked = await ctx.app.deps().uow.transaction(async (tx) => ok(await tx.bookings.findByIdForUpdate(saved.id)));
    expect(locked).toEqual(ok(saved));
  });

  it('tells booking who the coach is and what they charge, and the slot engine their periods and sessions', async () => {
    const coach = await insertUser(ctx.db, 'coach');
    const directory = new MikroCoachDirectory(ctx.app.orm.em.fork());
    const schedules = createCoachSchedules(ctx.app.orm.em.fork());
    const start = hoursAhead(2);
    const later = new Date(start.getTime() + DAY);
    const window = { from: new Date(start.getTime() - HOUR), to: new Date(later.getTime() + DAY) };
    expect((await schedules.scheduleFor(coach.id, window)).exceptions).toEqual([]);
    // Stored out of order, one of them a blocked period: read back in start order, each whole.
    await ctx.db.query(
      `insert into availability_periods (id, coach_id, starts_at, ends_at, is_available, location_override)
       values (gen_random_uuid(), $1, $4, $5, false, null), (gen_random_uuid(), $1, $2, $3, true, 'Park')`,
      [coach.id, start, new Date(start.getTime() + 4 * HOUR), later, new Date(later.getTime() + 2 * HOUR)],
    );
    const found = await directory.findCoachForBooking(coach.id);
    expect(found).toMatchObject({ coachId: coach.id, isBookable: true, hourlyRatePence: 5000, servicesOffered: ['striker', 'midfield'] });
    const client = await insertUser(ctx.db);
    const asked = await store(pendingBooking(client, coach, { startsAt: new Date(later.getTime() + 4 * HOUR), authorised: true }));
    const session = await store(unwrap(accept(asked, coach.actor, new Date())).booking);
    const schedule = await schedules.scheduleFor(coach.id, window);
    expect(schedule.exceptions).toEqual([
      { kind: 'added', startsAt: start, endsAt: new Date(start.getTime() + 4 * HOUR), location: 'Park' },
      { kind: 'blocked', startsAt: later, endsAt: new Date(later.getTime() + 2 * HOUR) },
    ]);
    expect(schedule.sessions).toEqual([{ startsAt: session.startsAt, endsAt: endsAt(session) }]);
    expect((await schedules.scheduleFor(coach.id, { ...window, excludeBookingId: session.id })).sessions).toEqual([]);
    const many = await schedules.schedulesFor([coach.id, client.id], window);
    expect(many.get(coach.id)).toEqual(schedule);
    // A page of cards learns nothing of someone who is not a coach, or of a coach who cannot be booked.
    expect(many.has(client.id)).toBe(false);
    await ctx.db.query(`update users set is_active = false, deactivated_at = now() where id = $1`, [coach.id]);
    expect((await schedules.schedulesFor([coach.id], window)).has(coach.id)).toBe(false);
    expect((await directory.findCoachForBooking(coach.id))?.isBookable).toBe(false);
    expect(await directory.findCoachForBooking(client.id)).toBeNull();
  });

  it('answers who the parties of a booking are', async () => {
    const [client, coach] = [await insertUser(ctx.db), await insertUser(ctx.db, 'coach')];
    const saved = await store(pendingBooking(client, coach, { startsAt: hoursAhead(11) }));
    const parties = ctx.app.deps().uow.read.bookingParties;
    // An unpaid request has not reached the coach yet (decision 011).
    expect(await parties.findParties(saved.id)).toEqual({ id: saved.id, clientId: client.id, coachId: coach.id, status: 'pending', reachedCoach: false });
    expect(await parties.haveBookingTogether(coach.id, client.id)).toBe(true);
    expect(await parties.haveBookingTogether(client.id, coach.id)).toBe(false);
    expect(await parties.countCompletedSessions(coach.id)).toBe(0);
  });

  it("answers a new request's three checks in one statement, each as its own look-up would", async () => {
    const [client, other, coach] = [await insertUser(ctx.db), await insertUser(ctx.db), await insertUser(ctx.db, 'coach')];
    const start = hoursAhead(30);
    const confirmed = await store(pendingBooking(other, coach, { startsAt: start, authorised: true }));
    await store(unwrap(accept(confirmed, coach.actor, new Date())).booking);
    const later = new Date(start.getTime() + 3 * HOUR);
    const pending = await store(pendingBooking(client, coach, { startsAt: later }));
    const repo = ctx.app.deps().uow.read.bookings;
    const keys = (startsAt: Date, referenceCode = 'FACT-20990101-ZZZZ') => ({
      clientId: client.id,
      coachId: coach.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR),
      referenceCode,
    });
    const free = new Date(start.getTime() + 6 * HOUR);
    expect(await repo.checkNewRequest(keys(free))).toEqual({ coachBusy: false, pendingRequest: false, referenceTaken: false });
    // Half-open: the hour after the confirmed session is free, half an hour into it is not.
    expect(await repo.checkNewRequest(keys(new Date(start.getTime() + HOUR)))).toEqual({ coachBusy: false, pendingRequest: false, referenceTaken: false });
    expect((await repo.checkNewRequest(keys(new Date(start.getTime() + 30 * 60_000)))).coachBusy).toBe(true);
    expect(await repo.checkNewRequest(keys(later))).toEqual({ coachBusy: false, pendingRequest: true, referenceTaken: false });
    expect(await repo.checkNewRequest(keys(free, pending.referenceCode))).toEqual({ coachBusy: false, pendingRequest: false, referenceTaken: true });
    expect(await repo.isReferenceTaken(confirmed.referenceCode)).toBe(true);
    expect(await repo.isReferenceTaken('FACT-20990101-ZZZZ')).toBe(false);
  });

  it('keeps one pending request per client, coach and start (DUPLICATE_PENDING_REQUEST), and finds the unpaid ones to expire', async () => {
    const [client, coach] = [await insertUser(ctx.db), await insertUser(ctx.db, 'coach')];
    const start = hoursAhead(12);
    const made = new Date(Date.now() - 40 * 60_000);
    const first = await store(pendingBooking(client, coach, { startsAt: start, now: made }));
    const repo = ctx.app.deps().uow.read.bookings;
    expect(await repo.hasPendingRequest(client.id, coach.id, start)).toBe(true);
    expect(await repo.hasPendingRequest(client.id, coach.id, new Date(start.getTime() + HOUR))).toBe(false);
    const again = await ctx.app.deps().uow.transaction(async (tx) => ok(await tx.bookings.save(pendingBooking(client, coach, { startsAt: start }))));
    expect(again).toEqual(err({ kind: 'conflict', code: 'DUPLICATE_PENDING_REQUEST', message: 'You already have a request with this coach at this time. Pay for it or cancel it in My Bookings.' }));
    const paid = await store(pendingBooking(client, coach, { startsAt: new Date(start.getTime() + HOUR), now: made, authorised: true }));
    const cutoff = new Date(Date.now() - 30 * 60_000);
    const due = await repo.listUnpaidRequestsMadeBefore(cutoff, 100);
    expect(due.map((b) => b.id)).toContain(first.id);
    expect(due.map((b) => b.id)).not.toContain(paid.id);
    expect((await repo.listUnpaidRequestsMadeBefore(new Date(made.getTime() - 1), 100)).map((b) => b.id)).not.toContain(first.id);
    // Once the first is cancelled, the same slot may be requested again.
    await store(unwrap(cancelBooking(first, client.actor, { reason: 'Wrong time' }, new Date())).booking);
    expect((await store(pendingBooking(client, coach, { startsAt: start }))).version).toBe(1);
  });
});
