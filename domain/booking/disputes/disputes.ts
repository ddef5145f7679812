import type { Actor } from '../../policy/actor';
import { formatPence, type Pence } from '../../shared/money';
import { err, ok, type Result } from '../../shared/result';
import { refundInstruction, releaseInstruction, type PaymentInstruction } from '../money/payment-instruction';
import { heldPence } from '../money/payment-hold';
import type { Booking, DisputeOutcome } from '../lifecycle/booking';
import { bookingErrors } from '../lifecycle/booking-errors';
import { changed, requireAdmin, requireParty, type BookingChange } from '../lifecycle/booking-party';
import { DESCRIPTION_MAX_LENGTH, RESOLUTION_NOTE_MAX_LENGTH, requiredReason, textOrNull } from '../lifecycle/booking-rules';
import { advanceSession } from '../session-progress/session-progress';

/**
 * SPEC §2 Report Issue and PRODUCT.md disputes: a party reports an issue on a session in progress
 * or completed (once per booking) while its payment is still held; the booking is disputed and its payment held; an
 * administrator resolves it by refunding the client in full or in part, or releasing to the coach.
 */

export function openDispute(booking: Booking, actor: Actor, input: { description: string | null | undefined }, now: Date): Result<Booking> {
  const party = requireParty(booking, actor);
  if (!party.ok) return party;
  const current = advanceSession(booking, now);
  if (current.disputeStatus !== null) return err(bookingErrors.disputeExists());
  if (current.status !== 'in_session' && current.status !== 'completed') return err(bookingErrors.disputeNotAllowed());
  // The hold (end + 48 h) is the window for issues: once the money is the coach's, a disputed
  // charge is the client's bank's chargeback (decision 012), never a refund after the transfer.
  if (current.paymentStatus === 'released') return err(bookingErrors.disputeWindowClosed());
  const description = requiredReason(input.description, bookingErrors.descriptionRequired, DESCRIPTION_MAX_LENGTH, bookingErrors.descriptionTooLong);
  if (!description.ok) return description;
  return ok(changed(current, { status: 'disputed', disputeStatus: 'open', disputeReason: description.value, disputeOpenedBy: actor.userId, disputeOpenedAt: now }, now));
}

/** What a dispute decision can still give back to the client: what is held, or the whole hold. */
export function refundablePence(booking: Pick<Booking, 'paymentStatus' | 'amountAuthorizedPence' | 'amountCapturedPence' | 'amountRefundedPence'>): Pence {
  if (booking.paymentStatus === 'authorized') return booking.amountAuthorizedPence;
  return heldPence(booking);
}

export interface DisputeDecision {
  readonly outcome: DisputeOutcome;
  /** For refund_partial: what goes back to the client. */
  readonly refundPence?: Pence | null;
  readonly note?: string | null;
}

/**
 * An administrator resolves an open dispute. The session counts as completed; the decision and
 * who took it are kept. refund_full gives back all that is refundable, refund_partial the amount
 * given (at most that), release pays the coach now.
 */
export function resolveDispute(booking: Booking, actor: Actor, decision: DisputeDecision, now: Date): Result<BookingChange> {
  const admin = requireAdmin(booking, actor);
  if (!admin.ok) return admin;
  if (booking.status !== 'disputed' || booking.disputeStatus !== 'open') return err(bookingErrors.noOpenDispute());
  const note = textOrNull(decision.note);
  if (note !== null && note.length > RESOLUTION_NOTE_MAX_LENGTH) return err(bookingErrors.noteTooLong());
  const refundable = refundablePence(booking);
  let refund: Pence = 0;
  let effects: PaymentInstruction[] = [];
  switch (decision.outcome) {
    case 'refund_full':
      if (refundable <= 0) return err(bookingErrors.nothingToRefund());
      refund = refundable;
      effects = [refundInstruction(refund, 'dispute')];
      break;
    case 'refund_partial': {
      if (refundable <= 0) return err(bookingErrors.nothingToRefund());
      const amount = decision.refundPence;
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0 || amount > refundable) return err(bookingErrors.refundAmountInvalid(formatPence(refundable)));
      refund = amount;
      effects = [refundInstruction(refund, 'dispute')];
      break;
    }
    case 'release':
      effects = heldPence(booking) > 0 ? [releaseInstruction()] : [];
      break;
  }
  const next = changed(
    booking,
    {
      status: 'completed',
      completedAt: booking.completedAt ?? now,
      disputeStatus: 'resolved',
      disputeOutcome: decision.outcome,
      disputeRefundPence: decision.outcome === 'release' ? null : refund,
      disputeResolutionNote: note,
      disputeResolvedBy: actor.userId,
      disputeResolvedAt: now,
    },
    now,
  );
  return ok({ booking: next, effects });
}
