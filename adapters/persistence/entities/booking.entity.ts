import { EntitySchema } from '@mikro-orm/core';
import { bool, instant, instantNull, int, intNull, text, textNull, uuid, uuidNull, uuidPk, versionColumn } from './columns';

/** One row of `bookings`; the domain's Booking is rebuilt from it by parseBooking. */
export interface BookingRecord {
  id: string;
  referenceCode: string;
  clientId: string;
  coachId: string;
  serviceType: string;
  startsAt: Date;
  durationMinutes: number;
  endsAt: Date;
  locationType: string;
  locationAddress: string | null;
  locationNotes: string | null;
  clientNotes: string | null;
  /** The guardian's player the session is for (decision 017); null: the client themself. */
  playerId: string | null;
  /** The package the session was booked from (decision 060); null: paid by card on its own. */
  packagePurchaseId: string | null;
  /** The weekly series the session belongs to (decision 062). */
  seriesId: string | null;
  servicePricePence: number;
  adminFeePence: number;
  totalPricePence: number;
  status: string;
  cancellationReason: string | null;
  cancelledBy: string | null;
  cancelledAt: Date | null;
  declined: boolean;
  rescheduleRequestedBy: string | null;
  rescheduleStatus: string | null;
  rescheduleProposedStartsAt: Date | null;
  rescheduleReason: string | null;
  sessionStartedAt: Date | null;
  clientArrivedAt: Date | null;
  coachArrivedAt: Date | null;
  clientCompletedAt: Date | null;
  coachCompletedAt: Date | null;
  earlyCompletionReason: string | null;
  completedAt: Date | null;
  disputeStatus: string | null;
  disputeReason: string | null;
  disputeOpenedBy: string | null;
  disputeOpenedAt: Date | null;
  disputeOutcome: string | null;
  disputeRefundPence: number | null;
  disputeResolutionNote: string | null;
  disputeResolvedBy: string | null;
  disputeResolvedAt: Date | null;
  paymentStatus: string;
  paymentIntentId: string | null;
  authorizedAt: Date | null;
  amountAuthorizedPence: number;
  amountCapturedPence: number;
  amountRefundedPence: number;
  paymentHeldUntil: Date | null;
  paymentReleasedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export const BookingEntity = new EntitySchema<BookingRecord>({
  name: 'Booking',
  tableName: 'bookings',
  properties: {
    id: uuidPk,
    referenceCode: text,
    clientId: uuid,
    coachId: uuid,
    serviceType: text,
    startsAt: instant,
    durationMinutes: int,
    endsAt: instant,
    locationType: text,
    locationAddress: textNull,
    locationNotes: textNull,
    clientNotes: textNull,
    playerId: uuidNull,
    packagePurchaseId: uuidNull,
    seriesId: uuidNull,
    servicePricePence: int,
    adminFeePence: int,
    totalPricePence: int,
    status: text,
    cancellationReason: textNull,
    cancelledBy: textNull,
    cancelledAt: instantNull,
    declined: bool,
    rescheduleRequestedBy: uuidNull,
    rescheduleStatus: textNull,
    rescheduleProposedStartsAt: instantNull,
    rescheduleReason: textNull,
    sessionStartedAt: instantNull,
    clientArrivedAt: instantNull,
    coachArrivedAt: instantNull,
    clientCompletedAt: instantNull,
    coachCompletedAt: instantNull,
    earlyCompletionReason: textNull,
    completedAt: instantNull,
    disputeStatus: textNull,
    disputeReason: textNull,
    disputeOpenedBy: uuidNull,
    disputeOpenedAt: instantNull,
    disputeOutcome: textNull,
    disputeRefundPence: intNull,
    disputeResolutionNote: textNull,
    disputeResolvedBy: uuidNull,
    disputeResolvedAt: instantNull,
    paymentStatus: text,
    paymentIntentId: textNull,
    authorizedAt: instantNull,
    amountAuthorizedPence: int,
    amountCapturedPence: int,
    amountRefundedPence: int,
    paymentHeldUntil: instantNull,
    paymentReleasedAt: instantNull,
    createdAt: instant,
    updatedAt: instant,
    version: versionColumn,
  },
});
