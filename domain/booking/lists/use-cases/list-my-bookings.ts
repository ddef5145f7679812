import type { Actor } from '../../../policy/actor';
import type { Clock } from '../../../shared/clock';
import { ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import type { Booking } from '../../lifecycle/booking';
import { hasReachedCoach } from '../../requests/paid-requests';
import { ADMIN_BOOKING_LIST_LIMIT, coachDashboardGroups, myBookingsTabs, type CoachDashboardGroup, type MyBookingsTab } from '../booking-lists';

/** SPEC §2 MyBookings: the actor's bookings (as client or coach) in the three tabs. */
export async function listMyBookings(deps: { readonly uow: UnitOfWork; readonly clock: Clock }, input: { actor: Actor }): Promise<Result<Record<MyBookingsTab, Booking[]>>> {
  const bookings = await deps.uow.read.bookings.list({ partyId: input.actor.userId, orderBy: 'starts_desc', limit: ADMIN_BOOKING_LIST_LIMIT });
  // The coach is shown only the requests that reached them (paid, decision 011).
  const visible = bookings.filter((b) => b.clientId === input.actor.userId || hasReachedCoach(b));
  return ok(myBookingsTabs(visible, deps.clock.now()));
}

/** SPEC §2 CoachDashboard: the coach's bookings grouped Pending / Upcoming / History (only paid requests reach the coach). */
export async function coachDashboard(deps: { readonly uow: UnitOfWork }, input: { actor: Actor }): Promise<Result<Record<CoachDashboardGroup, Booking[]>>> {
  const bookings = await deps.uow.read.bookings.list({ coachId: input.actor.userId, orderBy: 'starts_asc', limit: ADMIN_BOOKING_LIST_LIMIT });
  return ok(coachDashboardGroups(bookings.filter(hasReachedCoach)));
}
