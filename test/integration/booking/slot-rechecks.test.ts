import { beforeEach, describe, expect, it } from 'vitest';
import { offeredSlots } from '../../../domain/availability/slot-engine';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { bookingWindowSpan } from '../../../domain/booking/requests/booking-calendar';
import { requestBooking } from '../../../domain/booking/requests/use-cases/request-booking';
import { acceptReschedule } from '../../../domain/booking/reschedule/use-cases/accept-reschedule';
import { proposeReschedule } from '../../../domain/booking/reschedule/use-cases/propose-reschedule';
import { londonToUtc } from '../../../domain/shared/london-time';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { insertPerson, type Person } from '../../support/booking-flow';
import { authoriseWithTestCard } from '../../support/fixtures/bookings';

const ctx = useTestApp();
const NOW = new Date('2026-05-04T08:00:00Z'); // Monday 09:00 in London (BST)
const at = (date: string, time: string) => londonToUtc(date, time)!;
let client: Person;
let coach: Person;

beforeEach(async () => {
  ctx.app.testClock!.set(NOW);
  client = await insertPerson(ctx.db, { type: 'client' });
  coach = await insertPerson(ctx.db, { type: 'coach' });
});

const ask = (startsAt: Date, durationMinutes = 60, who = client) =>
  requestBooking(ctx.app.deps(), { actor: who.actor, coachId: coach.id, serviceType: 'striker', startsAt, durationMinutes, locationType: 'online' });

async function paidRequest(startsAt: Date, durationMinutes = 60, who = client) {
  return authoriseWithTestCard(ctx.app, unwrap(await ask(startsAt, durationMinutes, who)));
}

async function confirmed(startsAt: Date, durationMinutes = 60, who = client) {
  const request = await paidRequest(startsAt, durationMinutes, who);
  return unwrap(await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: request.id })).booking;
}

const block = (startsAt: Date, endsAt: Date) =>
  ctx.db.query(`insert into availability_periods (id, coach_id, starts_at, ends_at, is_available) values (gen_random_uuid(), $1, $2, $3, false)`, [coach.id, startsAt, endsAt]);

const rowsOf = (coachId: string) =>
  ctx.db.query<{ id: string; status: string; version: number; starts_at: Date }>('select id, status, version, starts_at from bookings where coach_id = $1 order by starts_at', [coachId]);

describe('the server asks the slot engine again', () => {
  it('refuses a request off the grid, inside the minimum notice or in a blocked time, and stores nothing', async () => {
    const unavailable = { ok: false, error: { code: 'COACH_UNAVAILABLE', message: 'The coach is not available at this time' } };
    expect(await ask(at('2026-05-06', '10:30'))).toMatchObject(unavailable);
    expect(await ask(at('2026-05-06', '21:00'))).toMatchObject(unavailable);
    // 10:00 today is an hour away: inside the 2 hours' notice.
    expect(await ask(at('2026-05-04', '10:00'))).toMatchObject(unavailable);
    await block(at('2026-05-06', '00:00'), at('2026-05-07', '00:00'));
    expect(await ask(at('2026-05-06', '10:00'))).toMatchObject(unavailable);
    expect(await rowsOf(coach.id)).toEqual([]);
    expect((await ask(at('2026-05-07', '10:00'))).ok).toBe(true);
  });

  it('refuses to accept a request whose time has since been blocked, and changes nothing', async () => {
    const request = await paidRequest(at('2026-05-06', '10:00'));
    await block(at('2026-05-06', '09:30'), at('2026-05-06', '10:30'));
    const before = await rowsOf(coach.id);
    const jobs = await ctx.db.query('select id from outbox_jobs');
    expect(await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: request.id })).toMatchObject({ ok: false, error: { code: 'SLOT_NO_LONGER_OFFERED' } });
    expect(await rowsOf(coach.id)).toEqual(before);
    expect(await ctx.db.query('select id from outbox_jobs')).toHaveLength(jobs.length);
  });

  it('refuses to accept a request that now clashes with a confirmed session, and changes nothing', async () => {
    const other = await insertPerson(ctx.db, { type: 'client' });
    const longer = await paidRequest(at('2026-05-06', '09:00'), 120, other);
    await confirmed(at('2026-05-06', '10:00'));
    const before = await rowsOf(coach.id);
    expect(before.find((r) => r.id === longer.id)?.status).toBe('cancelled'); // declined by the accept
    await ctx.db.query(`update bookings set status = 'pending', declined = false, cancelled_by = null, cancellation_reason = null, cancelled_at = null where id = $1`, [longer.id]);
    const pending = await rowsOf(coach.id);
    expect(await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: longer.id })).toMatchObject({ ok: false, error: { code: 'COACH_ALREADY_BOOKED' } });
    expect(await rowsOf(coach.id)).toEqual(pending);
  });

  it('re-checks both sides of a reschedule: the proposal and its acceptance', async () => {
    const booking = await confirmed(at('2026-05-06', '10:00'));
    const other = await insertPerson(ctx.db, { type: 'client' });
    await confirmed(at('2026-05-08', '15:00'), 60, other);
    const propose = (startsAt: Date) => proposeReschedule(ctx.app.deps(), { actor: client.actor, bookingId: booking.id, proposedStartsAt: startsAt });
    const unavailable = { ok: false, error: { code: 'COACH_UNAVAILABLE' } };
    // Off the half-hourly grid, on another session, and inside the notice.
    expect(await propose(at('2026-05-07', '10:15'))).toMatchObject(unavailable);
    expect(await propose(at('2026-05-08', '14:30'))).toMatchObject(unavailable);
    expect(await propose(at('2026-05-04', '10:30'))).toMatchObject(unavailable);
    // Its own time is free for itself: the booking is left out of the coach's sessions.
    unwrap(await propose(at('2026-05-06', '10:30')));
    const proposed = await rowsOf(coach.id);
    await block(at('2026-05-06', '10:00'), at('2026-05-06', '12:00'));
    expect(await acceptReschedule(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id })).toMatchObject(unavailable);
    expect(await rowsOf(coach.id)).toEqual(proposed);
  });

  it('accepts a request at every one of a sample of the times it offers', async () => {
    await ctx.db.query(`insert into availability_periods (id, coach_id, starts_at, ends_at, is_available, location_override) values (gen_random_uuid(), $1, $2, $3, true, 'Hackney Marshes')`, [
      coach.id,
      at('2026-05-05', '08:00'),
      at('2026-05-20', '18:00'),
    ]);
    await block(at('2026-05-09', '00:00'), at('2026-05-11', '00:00'));
    await confirmed(at('2026-05-12', '12:00'));
    const schedule = await ctx.app.deps().uow.read.coachSchedules.scheduleFor(coach.id, bookingWindowSpan(NOW));
    const slots = offeredSlots(schedule, { fromDate: '2026-05-04', toDate: '2026-08-02', durationMinutes: 90, now: NOW, purpose: 'booking' });
    expect(slots.length).toBeGreaterThan(100);
    expect(slots.every((s) => s.location === 'Hackney Marshes' && s.startsAt >= at('2026-05-05', '08:00'))).toBe(true);
    expect(slots.some((s) => s.date === '2026-05-09' || s.date === '2026-05-10')).toBe(false);
    const step = Math.floor(slots.length / 6);
    for (let i = 0; i < slots.length; i += step) {
      const result = await ask(slots[i]!.startsAt, 90);
      expect(result.ok, `${slots[i]!.date} ${slots[i]!.time}`).toBe(true);
    }
  });
});

describe("the coach's buffers on the server", () => {
  const setBuffers = (before: number, after: number) => ctx.db.query('update coach_profiles set buffer_before_minutes = $2, buffer_after_minutes = $3 where user_id = $1', [coach.id, before, after]);

  it('refuses to accept a request that now falls inside a confirmed session’s buffer, and changes nothing', async () => {
    const other = await insertPerson(ctx.db, { type: 'client' });
    const first = await paidRequest(at('2026-05-06', '10:00'));
    const next = await paidRequest(at('2026-05-06', '11:00'), 60, other);
    await setBuffers(0, 30);
    unwrap(await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: first.id }));
    const before = await rowsOf(coach.id);
    expect(await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: next.id })).toMatchObject({ ok: false, error: { code: 'SLOT_NO_LONGER_OFFERED' } });
    expect(await rowsOf(coach.id)).toEqual(before);
  });

  it('refuses a request inside the buffers of a confirmed session, and takes one just outside them', async () => {
    await setBuffers(15, 30);
    await confirmed(at('2026-05-06', '12:00'));
    const unavailable = { ok: false, error: { code: 'COACH_UNAVAILABLE' } };
    // 13:00 starts 0 minutes after 12:00–13:00 ends: inside the 30 minutes after it plus its own 15 before.
    expect(await ask(at('2026-05-06', '13:00'))).toMatchObject(unavailable);
    // 11:00–12:00 ends as 12:00 starts: inside its 15 minutes before.
    expect(await ask(at('2026-05-06', '11:00'))).toMatchObject(unavailable);
    expect((await ask(at('2026-05-06', '14:00'))).ok).toBe(true);
    expect((await ask(at('2026-05-06', '10:00'))).ok).toBe(true);
  });
});
