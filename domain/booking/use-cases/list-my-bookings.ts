import type { Actor } from '../../accounts/actor';
import type { Clock } from '../../shared/clock';
import { ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../shared/unit-of-work';
import type { Booking } from '../booking';
import { ADMIN_BOOKING_LIST_LIMIT, coachDashboardGroups, myBookingsTabs, type CoachDashboardGroup, type MyBookingsTab } from '../booking-lists';

/** SPEC §2 MyBookings: the actor's bookings (as client or coach) in the three tabs. */
export async function listMyBookings(
  deps: { readonly uow: UnitOfWork; readonly clock: Clock },
  input: { actor: Actor },
): Promise<Result<Record<MyBookingsTab, Booking[]>>> {
  const bookings = await deps.uow.read.bookings.list({ partyId: input.actor.userId, orderBy: 'starts_desc', limit: ADMIN_BOOKING_LIST_LIMIT });
  return ok(myBookingsTabs(bookings, deps.clock.now()));
}

/** SPEC §2 CoachDashboard: the coach's bookings grouped Pending / Upcoming / History. */
export async function coachDashboard(deps: { readonly uow: UnitOfWork }, input: { actor: Actor }): Promise<Result<Record<CoachDashboardGroup, Booking[]>>> {
  const bookings = await deps.uow.read.bookings.list({ coachId: input.actor.userId, orderBy: 'starts_asc', limit: ADMIN_BOOKING_LIST_LIMIT });
  return ok(coachDashboardGroups(bookings));
}
