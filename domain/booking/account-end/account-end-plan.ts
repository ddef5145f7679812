import type { Id } from '../../shared/ids';
import type { LeftBooking, LeftReason } from '../../accounts/erasure/account-settlement';
import type { Booking } from '../lifecycle/booking';
import type { BookingParty } from '../lifecycle/booking-party';
import { accountEndOutcome } from './account-end';

/** At most this many open bookings are settled in the one transaction (far beyond any real account). */
export const ACCOUNT_END_BOOKING_LIMIT = 5000;

export const partyOf = (booking: Pick<Booking, 'clientId'>, userId: Id): BookingParty => (booking.clientId === userId ? 'client' : 'coach');

export interface AccountEndPlan {
  /** Bookings to decline or cancel, in lock order (coach, then id), so two settlements never deadlock. */
  readonly toSettle: readonly Booking[];
  readonly left: readonly LeftBooking[];
}

/** Sorts the user's open bookings into those to settle now and those left for an administrator. */
export function planAccountEnd(bookings: readonly Booking[], userId: Id, now: Date): AccountEndPlan {
  const toSettle: Booking[] = [];
  const left: LeftBooking[] = [];
  for (const b of bookings) {
    const party = partyOf(b, userId);
    const what = accountEndOutcome(b, party, now);
    if (what.outcome === 'declined' || what.outcome === 'cancelled') toSettle.push(b);
    else if (what.outcome === 'left') left.push(leftBooking(b, party, what.why));
  }
  toSettle.sort((a, b) => (a.coachId === b.coachId ? a.id.localeCompare(b.id) : a.coachId.localeCompare(b.coachId)));
  left.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return { toSettle, left };
}

export function leftBooking(b: Booking, party: BookingParty, why: LeftReason): LeftBooking {
  return { bookingId: b.id, referenceCode: b.referenceCode, startsAt: b.startsAt, status: b.status, party, why };
}
