import type { LeftReason } from '../../accounts/erasure/account-settlement';
import { err, ok, type Result } from '../../shared/result';
import { cancellationInstructions, cancellationSettlement, type CancellationSettlement } from '../money/cancellation-policy';
import type { Booking, BookingStatus, CancelledBy } from '../lifecycle/booking';
import { declineBySystem } from '../lifecycle/booking-decisions';
import { bookingErrors } from '../lifecycle/booking-errors';
import { changed, type BookingChange, type BookingParty } from '../lifecycle/booking-party';

/**
 * Decision 016: an account that ends (an administrator removes the user, or approves
 * their deletion request) settles its bookings in the same transaction.
 * - a pending request of an ended **coach** is declined by the system (the client is told
 *   'declined'); a pending request of an ended **client** is cancelled by the system; either way
 *   the authorisation is voided (never charged);
 * - a confirmed session that has not started is cancelled **as a cancellation by that party**:
 *   the cancellation policy decides the money (a coach's cancellation refunds in full; a client's
 *   late cancellation leaves the session price to the coach). An administrator's removal of a
 *   client counts as the client cancelling (decision 016);
 * - a session under way (in_session), in dispute, or confirmed but past its start (it may have
 *   taken place) is left for an administrator and listed on the decision.
 */

/** The statuses an ending account may still have something to settle in (listed in one query). */
export const ACCOUNT_END_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed', 'in_session', 'disputed'];

/** The reason recorded on the booking and given to the other party. */
export const ACCOUNT_ENDED_REASON: Record<BookingParty, string> = {
  client: "The client's account has been closed",
  coach: "The coach's account has been closed",
};

export type AccountEndOutcome = { readonly outcome: 'declined' } | { readonly outcome: 'cancelled' } | { readonly outcome: 'left'; readonly why: LeftReason } | { readonly outcome: 'untouched' };

/** What ending the account of `party` does to this booking at `now` (pure; decided again under the lock). */
export function accountEndOutcome(booking: Pick<Booking, 'status' | 'startsAt'>, party: BookingParty, now: Date): AccountEndOutcome {
  switch (booking.status) {
    case 'pending':
      return party === 'coach' ? { outcome: 'declined' } : { outcome: 'cancelled' };
    case 'confirmed':
      return booking.startsAt.getTime() > now.getTime() ? { outcome: 'cancelled' } : { outcome: 'left', why: 'started' };
    case 'in_session':
      return { outcome: 'left', why: 'in_session' };
    case 'disputed':
      return { outcome: 'left', why: 'disputed' };
    default:
      return { outcome: 'untouched' };
  }
}

export interface AccountEndChange extends BookingChange {
  /** Also the booking event the other party is told of (the existing 'declined' / 'cancelled' emails). */
  readonly outcome: 'declined' | 'cancelled';
  readonly settlement: CancellationSettlement;
}

/**
 * The booking's change when the account of `party` ends: a pending request declined (coach) or
 * cancelled (client) by the system, or a confirmed future session cancelled by that party.
 * Anything else is refused (BOOKING_NOT_CANCELLABLE): it is left for an administrator.
 */
export function cancelForEndedAccount(booking: Booking, party: BookingParty, now: Date): Result<AccountEndChange> {
  const what = accountEndOutcome(booking, party, now);
  const reason = ACCOUNT_ENDED_REASON[party];
  if (what.outcome === 'declined') {
    const declined = declineBySystem(booking, reason, now);
    if (!declined.ok) return declined;
    return ok({ ...declined.value, outcome: 'declined', settlement: cancellationSettlement(booking, 'pending', 'system', now) });
  }
  if (what.outcome !== 'cancelled') return err(bookingErrors.notCancellable());
  // A client's request is withdrawn by the system; a confirmed session is cancelled by the party.
  const by: CancelledBy = booking.status === 'pending' ? 'system' : party;
  const settlement = cancellationSettlement(booking, booking.status === 'pending' ? 'pending' : 'confirmed', by, now);
  const next = changed(booking, { status: 'cancelled', cancellationReason: reason, cancelledBy: by, cancelledAt: now, declined: false }, now);
  return ok({ booking: next, effects: cancellationInstructions(booking, settlement), outcome: 'cancelled', settlement });
}
