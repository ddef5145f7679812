import { endsAt, parseBooking, type Booking } from '../../../domain/booking/lifecycle/booking';
import type { BookingRecord } from '../entities/booking.entity';
import { rebuild } from '../shared/stored-data';

/** Row → domain, re-validated by the domain's parseBooking (a bad row is a StoredDataError). */
export function toBooking(row: BookingRecord): Booking {
  return rebuild('bookings', parseBooking, row);
}

/** Domain → row; `ends_at` is derived (the table checks it equals start + duration). */
export function toBookingRecord(booking: Booking, version: number): BookingRecord {
  return {
    id: booking.id,
    referenceCode: booking.referenceCode,
    clientId: booking.clientId,
    coachId: booking.coachId,
    serviceType: booking.serviceType,
    startsAt: booking.startsAt,
    durationMinutes: booking.durationMinutes,
    endsAt: endsAt(booking),
    locationType: booking.locationType,
    locationAddress: booking.locationAddress,
    locationNotes: booking.locationNotes,
    clientNotes: booking.clientNotes,
    playerId: booking.playerId ?? null,
    packagePurchaseId: booking.packagePurchaseId ?? null,
    seriesId: booking.seriesId ?? null,
    servicePricePence: booking.servicePricePence,
    adminFeePence: booking.adminFeePence,
    totalPricePence: booking.totalPricePence,
    status: booking.status,
    cancellationReason: booking.cancellationReason,
    cancelledBy: booking.cancelledBy,
    cancelledAt: booking.cancelledAt,
    declined: booking.declined,
    rescheduleRequestedBy: booking.rescheduleRequestedBy,
    rescheduleStatus: booking.rescheduleStatus,
    rescheduleProposedStartsAt: booking.rescheduleProposedStartsAt,
    rescheduleReason: booking.rescheduleReason,
    sessionStartedAt: booking.sessionStartedAt,
    clientArrivedAt: booking.clientArrivedAt,
    coachArrivedAt: booking.coachArrivedAt,
    clientCompletedAt: booking.clientCompletedAt,
    coachCompletedAt: booking.coachCompletedAt,
    earlyCompletionReason: booking.earlyCompletionReason,
    completedAt: booking.completedAt,
    disputeStatus: booking.disputeStatus,
    disputeReason: booking.disputeReason,
    disputeOpenedBy: booking.disputeOpenedBy,
    disputeOpenedAt: booking.disputeOpenedAt,
    disputeOutcome: booking.disputeOutcome,
    disputeRefundPence: booking.disputeRefundPence,
    disputeResolutionNote: booking.disputeResolutionNote,
    disputeResolvedBy: booking.disputeResolvedBy,
    disputeResolvedAt: booking.disputeResolvedAt,
    paymentStatus: booking.paymentStatus,
    paymentIntentId: booking.paymentIntentId,
    authorizedAt: booking.authorizedAt,
    amountAuthorizedPence: booking.amountAuthorizedPence,
    amountCapturedPence: booking.amountCapturedPence,
    amountRefundedPence: booking.amountRefundedPence,
    paymentHeldUntil: booking.paymentHeldUntil,
    paymentReleasedAt: booking.paymentReleasedAt,
    createdAt: booking.createdAt,
    updatedAt: booking.updatedAt,
    version,
  };
}
