import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../shared/clock';
import { unwrap } from '../../../shared/result';
import type { Booking } from '../../lifecycle/booking';
import { BOOKING_NOTIFICATION_JOB } from '../../lifecycle/booking-notifications';
import { admin, at, client, coach, COACH_ID, NOW, STARTS_AT } from '../../../testing/booking-fixtures';
import { acceptBooking } from '../../lifecycle/use-cases/accept-booking';
import { acceptReschedule } from '../../reschedule/use-cases/accept-reschedule';
import { createCoachProfile } from '../../../accounts/users/coach-profile';
import { autoCompleteDue } from './auto-complete-due';
import { markArrival } from './mark-arrival';
import { markCompletion } from './mark-completion';
import { openDispute } from '../../disputes/use-cases/open-dispute';
import { proposeReschedule } from '../../reschedule/use-cases/propose-reschedule';
import { resolveDispute } from '../../disputes/use-cases/resolve-dispute';
import { declineReschedule } from '../../reschedule/use-cases/decline-reschedule';
import { useBookingWorld } from '../../../testing/booking-world';

const world = useBookingWorld();

describe('the session', () => {
  async function confirmed(): Promise<Booking> {
    const b = await world.requestPaid();
    return unwrap(await acceptBooking(world.deps(), { actor: coach, bookingId: b.id })).booking;
  }

  it('runs from arrival to completion and tells when it starts and ends', async () => {
    const b = await confirmed();
    world.clock.set(at(STARTS_AT, -5 * MINUTE_MS));
    unwrap(await markArrival(world.deps(), { actor: client, bookingId: b.id }));
    const started = unwrap(await markArrival(world.deps(), { actor: coach, bookingId: b.id }));
    expect(started.status).toBe('in_session');
    world.clock.set(at(STARTS_AT, HOUR_MS));
    unwrap(await markCompletion(world.deps(), { actor: client, bookingId: b.id }));
    const done = unwrap(await markCompletion(world.deps(), { actor: coach, bookingId: b.id }));
    expect(done.status).toBe('completed');
    expect(world.jobsOf(BOOKING_NOTIFICATION_JOB).map((p) => p.event)).toEqual(['requested', 'accepted', 'session_started', 'completed']);
  });

  it('completes sessions automatically a day after their end', async () => {
    const b = await confirmed();
    world.clock.set(at(STARTS_AT, 25 * HOUR_MS));
    expect(unwrap(await autoCompleteDue(world.deps()))).toEqual({ done: [b.id], skipped: [], failed: [] });
    expect(world.uow.bookings.rows.get(b.id)?.status).toBe('completed');
    expect(unwrap(await autoCompleteDue(world.deps()))).toEqual({ done: [], skipped: [], failed: [] });
  });

  it("counts a session completed automatically, or taken back by a dispute, in the coach's total sessions", async () => {
    world.uow.coachProfiles.set(COACH_ID, createCoachProfile(COACH_ID, {}, NOW));
    const b = await confirmed();
    world.clock.set(at(STARTS_AT, 25 * HOUR_MS));
    unwrap(await autoCompleteDue(world.deps()));
    expect(world.uow.coachProfiles.get(COACH_ID)?.totalSessions).toBe(1);
    unwrap(await openDispute(world.deps(), { actor: client, bookingId: b.id, description: 'Coach left after ten minutes' }));
    expect(world.uow.coachProfiles.get(COACH_ID)?.totalSessions).toBe(0);
    unwrap(await resolveDispute(world.deps(), { actor: admin, bookingId: b.id, decision: { outcome: 'release', note: 'Session took place' } }));
    expect(world.uow.coachProfiles.get(COACH_ID)?.totalSessions).toBe(1);
  });

  it('opens and resolves a dispute', async () => {
    const b = await confirmed();
    world.clock.set(at(STARTS_AT, 10 * MINUTE_MS));
    unwrap(await markArrival(world.deps(), { actor: client, bookingId: b.id }));
    expect(unwrap(await openDispute(world.deps(), { actor: client, bookingId: b.id, description: 'Coach never came' })).status).toBe('disputed');
    const resolved = unwrap(await resolveDispute(world.deps(), { actor: admin, bookingId: b.id, decision: { outcome: 'release', note: 'Unpaid' } }));
    expect(resolved).toMatchObject({ status: 'completed', disputeStatus: 'resolved' });
  });

  it('reschedules to a time the coach can do, and refuses one the coach cannot', async () => {
    const b = await confirmed();
    const other = await world.requestPaid({ startsAt: at(STARTS_AT, DAY_MS) });
    unwrap(await acceptBooking(world.deps(), { actor: coach, bookingId: other.id }));
    expect(await proposeReschedule(world.deps(), { actor: client, bookingId: b.id, proposedStartsAt: at(STARTS_AT, DAY_MS) })).toMatchObject({
      ok: false,
      error: { code: 'COACH_UNAVAILABLE' },
    });
    world.publish(at(STARTS_AT, 3 * DAY_MS), at(STARTS_AT, 4 * DAY_MS));
    expect(await proposeReschedule(world.deps(), { actor: client, bookingId: b.id, proposedStartsAt: at(STARTS_AT, 2 * DAY_MS) })).toMatchObject({
      ok: false,
      error: { code: 'COACH_UNAVAILABLE' },
    });
    unwrap(await proposeReschedule(world.deps(), { actor: client, bookingId: b.id, proposedStartsAt: at(STARTS_AT, 3 * DAY_MS + HOUR_MS), reason: 'Exams' }));
    expect(await acceptReschedule(world.deps(), { actor: client, bookingId: b.id })).toMatchObject({ ok: false, error: { code: 'PROPOSER_CANNOT_RESPOND' } });
    const moved = unwrap(await acceptReschedule(world.deps(), { actor: coach, bookingId: b.id }));
    expect(moved.startsAt).toEqual(at(STARTS_AT, 3 * DAY_MS + HOUR_MS));
  });

  it('declines a proposal and keeps the time', async () => {
    const b = await confirmed();
    unwrap(await proposeReschedule(world.deps(), { actor: coach, bookingId: b.id, proposedStartsAt: at(STARTS_AT, DAY_MS) }));
    expect(unwrap(await declineReschedule(world.deps(), { actor: client, bookingId: b.id }))).toMatchObject({ startsAt: STARTS_AT, rescheduleStatus: 'declined' });
  });
});
