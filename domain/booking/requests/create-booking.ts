import type { Actor } from '../../policy/actor';
import { isCoachingType, isLocationType, DEFAULT_LOCATION_TYPE } from '../../shared/catalogue';
import type { Id } from '../../shared/ids';
import type { Pence } from '../../shared/money';
import { bookingPrice } from './booking-price';
import { sessionPriceFor } from './session-price';
import type { SessionLengthPrice } from '../../shared/session-lengths';
import { err, ok, type Result } from '../../shared/result';
import type { Booking, ServiceType } from '../lifecycle/booking';
import { bookingErrors } from '../lifecycle/booking-errors';
import { ADDRESS_MAX_LENGTH, NOTES_MAX_LENGTH, isValidInstant, isWithinBookingWindow, textOrNull } from '../lifecycle/booking-rules';

/** What the booking needs to know of the coach at the time of booking. */
export interface CoachOffer {
  readonly coachId: Id;
  /** The coach's per-session rate now: the price of every length when they chose none. */
  readonly hourlyRatePence: Pence;
  /** The lengths the coach chose, each with its price (none: every length at the rate). */
  readonly sessionLengths: readonly SessionLengthPrice[];
  readonly servicesOffered: readonly ServiceType[];
}

export interface NewBookingInput {
  readonly id: Id;
  readonly referenceCode: string;
  readonly coach: CoachOffer;
  readonly serviceType: string;
  readonly startsAt: Date;
  readonly durationMinutes: number;
  readonly locationType?: string | null;
  readonly locationAddress?: string | null;
  readonly locationNotes?: string | null;
  readonly clientNotes?: string | null;
}

/**
 * A client asks a coach for a session (SPEC §4: created pending). The price is what the coach
 * charges now for the chosen length (decision 045) plus the £3 admin fee, frozen on the booking. Availability is checked by the use case.
 */
export function createBooking(actor: Actor, input: NewBookingInput, now: Date): Result<Booking> {
  if (actor.role === 'admin') return err(bookingErrors.adminCannotBook());
  if (actor.userId === input.coach.coachId) return err(bookingErrors.cannotBookSelf());
  if (!isCoachingType(input.serviceType)) return err(bookingErrors.invalidServiceType());
  if (!input.coach.servicesOffered.includes(input.serviceType)) return err(bookingErrors.serviceNotOffered());
  const locationType = input.locationType ?? DEFAULT_LOCATION_TYPE;
  if (!isLocationType(locationType)) return err(bookingErrors.invalidLocationType());
  if (!isValidInstant(input.startsAt) || input.startsAt.getTime() <= now.getTime()) return err(bookingErrors.dateInPast());
  if (!isWithinBookingWindow(input.startsAt, now)) return err(bookingErrors.dateTooFarAhead());
  const sessionPrice = sessionPriceFor({ ratePence: input.coach.hourlyRatePence, lengths: input.coach.sessionLengths }, input.durationMinutes);
  if (!sessionPrice.ok) return sessionPrice;
  const locationAddress = textOrNull(input.locationAddress);
  if (locationAddress !== null && locationAddress.length > ADDRESS_MAX_LENGTH) return err(bookingErrors.addressTooLong());
  const locationNotes = textOrNull(input.locationNotes);
  if (locationNotes !== null && locationNotes.length > NOTES_MAX_LENGTH) return err(bookingErrors.notesTooLong('locationNotes'));
  const clientNotes = textOrNull(input.clientNotes);
  if (clientNotes !== null && clientNotes.length > NOTES_MAX_LENGTH) return err(bookingErrors.notesTooLong('clientNotes'));
  const price = sessionPrice.value;
  if (!Number.isSafeInteger(price) || price <= 0) return err(bookingErrors.invalidPrice());

  return ok({
    id: input.id,
    referenceCode: input.referenceCode,
    clientId: actor.userId,
    coachId: input.coach.coachId,
    serviceType: input.serviceType,
    startsAt: input.startsAt,
    durationMinutes: input.durationMinutes,
    locationType,
    locationAddress,
    locationNotes,
    clientNotes,
    ...bookingPrice(price),
    status: 'pending',
    cancellationReason: null,
    cancelledBy: null,
    cancelledAt: null,
    declined: false,
    rescheduleRequestedBy: null,
    rescheduleStatus: null,
    rescheduleProposedStartsAt: null,
    rescheduleReason: null,
    sessionStartedAt: null,
    clientArrivedAt: null,
    coachArrivedAt: null,
    clientCompletedAt: null,
    coachCompletedAt: null,
    earlyCompletionReason: null,
    completedAt: null,
    disputeStatus: null,
    disputeReason: null,
    disputeOpenedBy: null,
    disputeOpenedAt: null,
    disputeOutcome: null,
    disputeRefundPence: null,
    disputeResolutionNote: null,
    disputeResolvedBy: null,
    disputeResolvedAt: null,
    paymentStatus: 'pending',
    paymentIntentId: null,
    amountAuthorizedPence: 0,
    authorizedAt: null,
    amountCapturedPence: 0,
    amountRefundedPence: 0,
    paymentHeldUntil: null,
    paymentReleasedAt: null,
    createdAt: now,
    updatedAt: now,
    version: 0,
  });
}
