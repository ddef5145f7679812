import { conflict, forbidden, invalid, notFound, type DomainError } from '../../shared/errors';
import { BOOKING_MESSAGES } from '../../validation/booking-limits';

/**
 * Every failure of the booking lifecycle, with its stable code and the words a person reads
 * (SPEC's where it gives them, shared with the forms through BOOKING_MESSAGES).
 */
const field = (name: string, message: string) => ({ [name]: [message] });

/** A request's reference was already held: requestBooking takes another rather than refusing. */
export const REFERENCE_UNAVAILABLE = 'REFERENCE_UNAVAILABLE';
export const REFERENCE_UNAVAILABLE_MESSAGE = 'Could not create a booking reference. Please try again.';

export const bookingErrors = {
  // Who may act ------------------------------------------------------------------------------
  /** A stranger to the booking: it is not even visible to them (PRODUCT.md: 404). */
  notBookingParty: (): DomainError => notFound('NOT_BOOKING_PARTY', 'Booking not found'),
  notFound: (): DomainError => notFound('BOOKING_NOT_FOUND', 'Booking not found'),
  coachOnly: (): DomainError => forbidden('NOT_BOOKING_COACH', 'Only the coach of this booking can do this.'),
  clientOnly: (): DomainError => forbidden('NOT_BOOKING_CLIENT', 'Only the client of this booking can do this.'),
  partyOnly: (): DomainError => forbidden('PARTY_ONLY', 'Only the client or the coach of this booking can do this.'),
  adminOnly: (): DomainError => forbidden('ADMIN_ONLY', 'Only an administrator can do this.'),
  adminCannotBook: (): DomainError => forbidden('ADMIN_CANNOT_BOOK', 'Administrators cannot book sessions.'),
  cannotBookSelf: (): DomainError => forbidden('CANNOT_BOOK_SELF', 'You cannot book a session with yourself.'),

  // Creating a booking -----------------------------------------------------------------------
  coachNotFound: (): DomainError => notFound('COACH_NOT_FOUND', 'Coach not found'),
  coachUnavailable: (): DomainError => conflict('COACH_UNAVAILABLE', 'The coach is not available at this time', field('date', 'The coach is not available at this time')),
  invalidServiceType: (): DomainError => invalid('INVALID_SERVICE_TYPE', BOOKING_MESSAGES.invalidServiceType, field('serviceType', BOOKING_MESSAGES.invalidServiceType)),
  serviceNotOffered: (): DomainError => invalid('SERVICE_NOT_OFFERED', 'This coach does not offer that service.', field('serviceType', 'This coach does not offer that service.')),
  durationNotOffered: (minutes: number): DomainError => {
    const message = `This coach does not offer ${minutes}-minute sessions.`;
    return invalid('DURATION_NOT_OFFERED', message, field('durationMinutes', message));
  },
  invalidLocationType: (): DomainError => invalid('INVALID_LOCATION_TYPE', BOOKING_MESSAGES.invalidLocationType, field('locationType', BOOKING_MESSAGES.invalidLocationType)),
  dateInPast: (): DomainError => invalid('DATE_IN_PAST', BOOKING_MESSAGES.inFuture, field('date', BOOKING_MESSAGES.inFuture)),
  dateTooFarAhead: (): DomainError => invalid('DATE_TOO_FAR_AHEAD', BOOKING_MESSAGES.tooFarAhead, field('date', BOOKING_MESSAGES.tooFarAhead)),
  durationNotWhole: (): DomainError => invalid('DURATION_INVALID', BOOKING_MESSAGES.durationWhole, field('durationMinutes', BOOKING_MESSAGES.durationWhole)),
  durationTooShort: (): DomainError => invalid('DURATION_TOO_SHORT', BOOKING_MESSAGES.durationMin, field('durationMinutes', BOOKING_MESSAGES.durationMin)),
  durationTooLong: (): DomainError => invalid('DURATION_TOO_LONG', BOOKING_MESSAGES.durationMax, field('durationMinutes', BOOKING_MESSAGES.durationMax)),
  notesTooLong: (name: string): DomainError => invalid('NOTES_TOO_LONG', BOOKING_MESSAGES.notesTooLong, field(name, BOOKING_MESSAGES.notesTooLong)),
  addressTooLong: (): DomainError => invalid('ADDRESS_TOO_LONG', BOOKING_MESSAGES.addressTooLong, field('locationAddress', BOOKING_MESSAGES.addressTooLong)),
  duplicateRequest: (): DomainError =>
    conflict(
      'DUPLICATE_PENDING_REQUEST',
      'You already have a request with this coach at this time. Pay for it or cancel it in My Bookings.',
      field('date', 'You already have a request with this coach at this time.'),
    ),
  referenceUnavailable: (): DomainError => conflict(REFERENCE_UNAVAILABLE, REFERENCE_UNAVAILABLE_MESSAGE),
  invalidPrice: (): DomainError => invalid('INVALID_PRICE', "The coach's rate is not a valid amount."),

  // Accept, decline, cancel ------------------------------------------------------------------
  notPending: (): DomainError => conflict('BOOKING_NOT_PENDING', 'This booking request is no longer pending.'),
  notPaid: (): DomainError => conflict('BOOKING_NOT_PAID', "This request can't be accepted until the client has paid."),
  requestExpired: (): DomainError => conflict('REQUEST_EXPIRED', 'This request has expired: the coach did not respond in time.'),
  refundChanged: (refund: string): DomainError => conflict('REFUND_CHANGED', `The refund has changed since you opened this: it is now ${refund}. Check the amounts and confirm again.`),
  notCancellable: (): DomainError => conflict('BOOKING_NOT_CANCELLABLE', 'This booking can no longer be cancelled.'),
  coachMustDecline: (): DomainError => conflict('BOOKING_NOT_CONFIRMED', 'Only a confirmed booking can be cancelled by the coach. Decline a pending request instead.'),
  cancellationReasonRequired: (): DomainError => invalid('REASON_REQUIRED', BOOKING_MESSAGES.cancellationReason, field('reason', BOOKING_MESSAGES.cancellationReason)),
  declineReasonRequired: (): DomainError => invalid('REASON_REQUIRED', BOOKING_MESSAGES.declineReason, field('reason', BOOKING_MESSAGES.declineReason)),
  reasonTooLong: (): DomainError => invalid('REASON_TOO_LONG', BOOKING_MESSAGES.reasonTooLong, field('reason', BOOKING_MESSAGES.reasonTooLong)),
  coachAlreadyBooked: (): DomainError => conflict('COACH_ALREADY_BOOKED', 'The coach already has a confirmed session at this time.'),
  slotNoLongerOffered: (): DomainError => conflict('SLOT_NO_LONGER_OFFERED', 'This time is no longer free in your calendar: a session and its buffer, a blocked time or your hours are in the way.'),

  // Session progress -------------------------------------------------------------------------
  arrivalNotOpen: (): DomainError => conflict('ARRIVAL_NOT_ALLOWED', 'Arrival can only be marked on a confirmed session.'),
  arrivalTooEarly: (): DomainError => conflict('ARRIVAL_TOO_EARLY', 'You can mark your arrival from 1 hour before the session starts.'),
  alreadyArrived: (): DomainError => conflict('ALREADY_ARRIVED', 'You have already marked your arrival.'),
  notInSession: (): DomainError => conflict('SESSION_NOT_IN_PROGRESS', 'The session is not in progress.'),
  alreadyCompleted: (): DomainError => conflict('ALREADY_COMPLETED', 'You have already marked this session as complete.'),
  earlyCompletionReasonRequired: (): DomainError => invalid('REASON_REQUIRED', BOOKING_MESSAGES.earlyCompletionReason, field('reason', BOOKING_MESSAGES.earlyCompletionReason)),
  autoCompleteNotDue: (): DomainError => conflict('AUTO_COMPLETE_NOT_DUE', 'This session cannot be completed automatically yet.'),

  // Disputes ---------------------------------------------------------------------------------
  disputeNotAllowed: (): DomainError => conflict('DISPUTE_NOT_ALLOWED', 'An issue can only be reported for a session in progress or completed.'),
  disputeExists: (): DomainError => conflict('DISPUTE_EXISTS', 'An issue has already been reported for this booking.'),
  disputeWindowClosed: (): DomainError =>
    conflict('DISPUTE_WINDOW_CLOSED', 'Issues can be reported until 48 hours after a session ends, while its payment is held. This payment has been released to the coach.'),
  descriptionRequired: (): DomainError => invalid('DESCRIPTION_REQUIRED', BOOKING_MESSAGES.issueDescription, field('description', BOOKING_MESSAGES.issueDescription)),
  descriptionTooLong: (): DomainError => invalid('DESCRIPTION_TOO_LONG', BOOKING_MESSAGES.descriptionTooLong, field('description', BOOKING_MESSAGES.descriptionTooLong)),
  noOpenDispute: (): DomainError => conflict('NO_OPEN_DISPUTE', 'There is no open dispute on this booking.'),
  nothingToRefund: (): DomainError => conflict('NOTHING_TO_REFUND', 'There is no payment to refund on this booking.'),
  refundAmountInvalid: (max: string): DomainError =>
    invalid('REFUND_AMOUNT_INVALID', `Enter a refund amount between £0.01 and ${max}.`, field('refundPence', `Enter a refund amount between £0.01 and ${max}.`)),
  noteTooLong: (): DomainError => invalid('NOTE_TOO_LONG', 'Note too long', field('note', 'Note too long')),

  // Reschedule -------------------------------------------------------------------------------
  rescheduleNotAllowed: (): DomainError => conflict('RESCHEDULE_NOT_ALLOWED', 'Only a pending or confirmed session that has not started can be rescheduled.'),
  reschedulePending: (): DomainError => conflict('RESCHEDULE_ALREADY_PENDING', 'A reschedule request is already pending.'),
  rescheduleDateRequired: (): DomainError => invalid('RESCHEDULE_DATE_REQUIRED', BOOKING_MESSAGES.rescheduleDateTime, field('date', BOOKING_MESSAGES.rescheduleDateTime)),
  rescheduleInPast: (): DomainError => invalid('RESCHEDULE_DATE_IN_PAST', BOOKING_MESSAGES.rescheduleFuture, field('date', BOOKING_MESSAGES.rescheduleFuture)),
  rescheduleTooFarAhead: (): DomainError => invalid('RESCHEDULE_TOO_FAR_AHEAD', BOOKING_MESSAGES.tooFarAhead, field('date', BOOKING_MESSAGES.tooFarAhead)),
  rescheduleExpired: (): DomainError => conflict('RESCHEDULE_EXPIRED', 'The proposed time has already passed.'),
  noPendingReschedule: (): DomainError => conflict('NO_PENDING_RESCHEDULE', 'There is no pending reschedule request.'),
  proposerCannotRespond: (): DomainError => forbidden('PROPOSER_CANNOT_RESPOND', 'Only the other party can respond to this reschedule request.'),
  noProposalToWithdraw: (): DomainError => conflict('NO_PROPOSAL_TO_WITHDRAW', 'There is no pending reschedule proposal to withdraw.'),
  onlyProposerCanWithdraw: (): DomainError => forbidden('ONLY_PROPOSER_CAN_WITHDRAW', 'Only the person who proposed the new time can withdraw it.'),
} as const;

/**
 * SPEC §8: a booking the server refuses reads 'Error creating booking: {message}. Please try
 * again.' A reason that already asks to try again ('… Please try again.', '… Please reload and
 * try again.') is not asked twice.
 */
export function bookingRefusalMessage(reason: string): string {
  const words = reason.trim().replace(/[.!]+$/, '');
  return /\btry again$/i.test(words) ? `Error creating booking: ${words}.` : `Error creating booking: ${words}. Please try again.`;
}
