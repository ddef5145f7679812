import type { Actor } from '../../policy/actor';
import { err, ok, type Result } from '../../shared/result';
import { paymentHeldUntilFor } from '../money/payment-hold';
import type { Booking } from '../lifecycle/booking';
import { bookingErrors } from '../lifecycle/booking-errors';
import { changed, requireParty } from '../lifecycle/booking-party';
import { REASON_MAX_LENGTH, isValidInstant, isWithinBookingWindow, textOrNull } from '../lifecycle/booking-rules';

/**
 * SPEC §2/§4 reschedule: either party proposes a new date and time (in the future, optional
 * reason ≤ 500) while the booking is pending or confirmed and nobody has arrived; one proposal
 * is pending at a time; only the other party accepts (the booking moves) or declines (the
 * original time stays; the cancellation policy still applies to a later cancellation). The
 * proposer may withdraw a pending proposal: nothing moves, and either party may propose again.
 */

function isReschedulable(booking: Booking): boolean {
  return (booking.status === 'pending' || booking.status === 'confirmed') && booking.clientArrivedAt === null && booking.coachArrivedAt === null;
}

/** A proposal still waiting for its answer, on a booking it can still concern (a cancelled or finished session leaves none). */
function hasOpenProposal(booking: Booking): boolean {
  return booking.rescheduleStatus === 'pending' && (booking.status === 'pending' || booking.status === 'confirmed' || booking.status === 'in_session');
}

export interface RescheduleProposal {
  readonly proposedStartsAt: Date | null | undefined;
  readonly reason?: string | null;
}

export function proposeReschedule(booking: Booking, actor: Actor, input: RescheduleProposal, now: Date): Result<Booking> {
  const party = requireParty(booking, actor);
  if (!party.ok) return party;
  if (!isReschedulable(booking)) return err(bookingErrors.rescheduleNotAllowed());
  if (booking.rescheduleStatus === 'pending') return err(bookingErrors.reschedulePending());
  const proposed = input.proposedStartsAt;
  if (!isValidInstant(proposed)) return err(bookingErrors.rescheduleDateRequired());
  if (proposed.getTime() <= now.getTime()) return err(bookingErrors.rescheduleInPast());
  if (!isWithinBookingWindow(proposed, now)) return err(bookingErrors.rescheduleTooFarAhead());
  const reason = textOrNull(input.reason);
  if (reason !== null && reason.length > REASON_MAX_LENGTH) return err(bookingErrors.reasonTooLong());
  return ok(changed(booking, { rescheduleRequestedBy: actor.userId, rescheduleStatus: 'pending', rescheduleProposedStartsAt: proposed, rescheduleReason: reason }, now));
}

/** The checks shared by accepting and declining: a pending proposal, answered by the other party. */
function requireResponder(booking: Booking, actor: Actor): Result<Booking> {
  const party = requireParty(booking, actor);
  if (!party.ok) return party;
  if (booking.rescheduleStatus !== 'pending') return err(bookingErrors.noPendingReschedule());
  if (booking.rescheduleRequestedBy === actor.userId) return err(bookingErrors.proposerCannotRespond());
  if (!isReschedulable(booking)) return err(bookingErrors.rescheduleNotAllowed());
  return ok(booking);
}

/** The other party accepts: the session moves to the proposed time (and its payment hold with it). */
export function acceptReschedule(booking: Booking, actor: Actor, now: Date): Result<Booking> {
  const checked = requireResponder(booking, actor);
  if (!checked.ok) return checked;
  const startsAt = booking.rescheduleProposedStartsAt;
  if (startsAt === null || startsAt.getTime() <= now.getTime()) return err(bookingErrors.rescheduleExpired());
  const moved = { ...booking, startsAt };
  return ok(
    changed(
      booking,
      {
        startsAt,
        rescheduleStatus: 'accepted',
        paymentHeldUntil: booking.paymentHeldUntil === null ? null : paymentHeldUntilFor(moved),
      },
      now,
    ),
  );
}

/** The other party declines: the original time stays. */
export function declineReschedule(booking: Booking, actor: Actor, now: Date): Result<Booking> {
  const checked = requireResponder(booking, actor);
  if (!checked.ok) return checked;
  return ok(changed(booking, { rescheduleStatus: 'declined' }, now));
}

/**
 * The proposer takes back a pending proposal: the session keeps its time, status and payment,
 * and the proposal is kept as withdrawn so the other party can be told what happened to it.
 * Allowed even once someone has arrived, since taking a question back changes nothing.
 */
export function withdrawReschedule(booking: Booking, actor: Actor, now: Date): Result<Booking> {
  const party = requireParty(booking, actor);
  if (!party.ok) return party;
  if (!hasOpenProposal(booking)) return err(bookingErrors.noProposalToWithdraw());
  if (booking.rescheduleRequestedBy !== actor.userId) return err(bookingErrors.onlyProposerCanWithdraw());
  return ok(changed(booking, { rescheduleStatus: 'withdrawn' }, now));
}

/** SPEC §2: the proposer only sees their pending request; the other party sees 'Review Reschedule'. */
export type RescheduleView = 'none' | 'awaiting_other_party' | 'review';

export function rescheduleViewFor(booking: Booking, actor: Actor): RescheduleView {
  if (!hasOpenProposal(booking)) return 'none';
  if (booking.rescheduleRequestedBy === actor.userId) return 'awaiting_other_party';
  return actor.userId === booking.clientId || actor.userId === booking.coachId ? 'review' : 'none';
}
