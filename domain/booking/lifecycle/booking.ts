import * as z from 'zod';
import { BOOKING_STATUSES, COACHING_TYPES, LOCATION_TYPES, type CoachingType, type LocationType } from '../../shared/catalogue';
import { invalid } from '../../shared/errors';
import type { Id } from '../../shared/ids';
import { idSchema } from '../../shared/ids';
import { MINUTE_MS } from '../../shared/clock';
import type { Pence } from '../../shared/money';
import { err, ok, type Result } from '../../shared/result';
import { PAYMENT_STATUSES, type PaymentStatus } from '../money/payment-status';
import { REFERENCE_CODE_PATTERN } from '../references/reference-code';

/** SPEC §3 / PRODUCT.md: the one-to-one coaching session a client books with a coach. */

export type ServiceType = CoachingType;
export type { LocationType };
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const CANCELLED_BY = ['client', 'coach', 'admin', 'system'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];
export const RESCHEDULE_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type RescheduleStatus = (typeof RESCHEDULE_STATUSES)[number];
export const DISPUTE_STATUSES = ['open', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_OUTCOMES = ['refund_full', 'refund_partial', 'release'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

export interface Booking {
  readonly id: Id;
  /** FACT-YYYYMMDD-XXXX, unique. */
  readonly referenceCode: string;
  readonly clientId: Id;
  readonly coachId: Id;
  readonly serviceType: ServiceType;
  /** UTC instant of the scheduled start. */
  readonly startsAt: Date;
  readonly durationMinutes: number;
  readonly locationType: LocationType;
  readonly locationAddress: string | null;
  readonly locationNotes: string | null;
  readonly clientNotes: string | null;
  /** The player of the client's account the session is for (decision 017); null or absent: the client. */
  readonly playerId?: Id | null;
  /** The package this session was booked from (decision 060): paid by one of its credits, no card payment of its own. */
  readonly packagePurchaseId?: Id | null;
  /** The weekly series this session belongs to (decision 062): asked for and answered with its other sessions. */
  readonly seriesId?: Id | null;

  /** The coach's rate when the booking was made (frozen). */
  readonly servicePricePence: Pence;
  readonly adminFeePence: Pence;
  /** Always servicePricePence + adminFeePence. */
  readonly totalPricePence: Pence;

  readonly status: BookingStatus;
  readonly cancellationReason: string | null;
  readonly cancelledBy: CancelledBy | null;
  readonly cancelledAt: Date | null;
  /** Cancelled from pending by the coach (or by the system on the coach's behalf). */
  readonly declined: boolean;

  readonly rescheduleRequestedBy: Id | null;
  readonly rescheduleStatus: RescheduleStatus | null;
  readonly rescheduleProposedStartsAt: Date | null;
  readonly rescheduleReason: string | null;

  readonly sessionStartedAt: Date | null;
  readonly clientArrivedAt: Date | null;
  readonly coachArrivedAt: Date | null;
  readonly clientCompletedAt: Date | null;
  readonly coachCompletedAt: Date | null;
  readonly earlyCompletionReason: string | null;
  readonly completedAt: Date | null;

  readonly disputeStatus: DisputeStatus | null;
  readonly disputeReason: string | null;
  readonly disputeOpenedBy: Id | null;
  readonly disputeOpenedAt: Date | null;
  readonly disputeOutcome: DisputeOutcome | null;
  readonly disputeRefundPence: Pence | null;
  readonly disputeResolutionNote: string | null;
  readonly disputeResolvedBy: Id | null;
  readonly disputeResolvedAt: Date | null;

  readonly paymentStatus: PaymentStatus;
  readonly paymentIntentId: string | null;
  /** When the card hold was recorded; with the start it sets the coach's response deadline (decision 050). */
  readonly authorizedAt: Date | null;
  readonly amountAuthorizedPence: Pence;
  readonly amountCapturedPence: Pence;
  readonly amountRefundedPence: Pence;
  readonly paymentHeldUntil: Date | null;
  readonly paymentReleasedAt: Date | null;

  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** Optimistic lock: 0 for a booking not stored yet; the repository bumps it on every save. */
  readonly version: number;
}

/** The scheduled end. */
export function endsAt(booking: Pick<Booking, 'startsAt' | 'durationMinutes'>): Date {
  return new Date(booking.startsAt.getTime() + booking.durationMinutes * MINUTE_MS);
}

// Re-validation of stored data --------------------------------------------------------------

const instant = z.preprocess((v) => (typeof v === 'string' ? new Date(v) : v), z.date());
const nullableInstant = instant.nullable();
const pence = z.number().int().nonnegative();
const nullableText = z.string().nullable();

export const bookingSchema = z
  .object({
    id: idSchema,
    referenceCode: z.string().regex(REFERENCE_CODE_PATTERN),
    clientId: idSchema,
    coachId: idSchema,
    serviceType: z.enum(COACHING_TYPES),
    startsAt: instant,
    durationMinutes: z.number().int().min(1),
    locationType: z.enum(LOCATION_TYPES),
    locationAddress: nullableText,
    locationNotes: nullableText,
    clientNotes: nullableText,
    playerId: idSchema.nullable().optional(),
    packagePurchaseId: idSchema.nullable().optional(),
    seriesId: idSchema.nullable().optional(),
    servicePricePence: pence,
    adminFeePence: pence,
    totalPricePence: pence,
    status: z.enum(BOOKING_STATUSES),
    cancellationReason: nullableText,
    cancelledBy: z.enum(CANCELLED_BY).nullable(),
    cancelledAt: nullableInstant,
    declined: z.boolean(),
    rescheduleRequestedBy: idSchema.nullable(),
    rescheduleStatus: z.enum(RESCHEDULE_STATUSES).nullable(),
    rescheduleProposedStartsAt: nullableInstant,
    rescheduleReason: nullableText,
    sessionStartedAt: nullableInstant,
    clientArrivedAt: nullableInstant,
    coachArrivedAt: nullableInstant,
    clientCompletedAt: nullableInstant,
    coachCompletedAt: nullableInstant,
    earlyCompletionReason: nullableText,
    completedAt: nullableInstant,
    disputeStatus: z.enum(DISPUTE_STATUSES).nullable(),
    disputeReason: nullableText,
    disputeOpenedBy: idSchema.nullable(),
    disputeOpenedAt: nullableInstant,
    disputeOutcome: z.enum(DISPUTE_OUTCOMES).nullable(),
    disputeRefundPence: pence.nullable(),
    disputeResolutionNote: nullableText,
    disputeResolvedBy: idSchema.nullable(),
    disputeResolvedAt: nullableInstant,
    paymentStatus: z.enum(PAYMENT_STATUSES),
    paymentIntentId: nullableText,
    authorizedAt: nullableInstant,
    amountAuthorizedPence: pence,
    amountCapturedPence: pence,
    amountRefundedPence: pence,
    paymentHeldUntil: nullableInstant,
    paymentReleasedAt: nullableInstant,
    createdAt: instant,
    updatedAt: instant,
    version: z.number().int().nonnegative(),
  })
  .superRefine((b, ctx) => {
    for (const message of bookingInvariantViolations(b)) ctx.addIssue({ code: 'custom', message });
  });

/**
 * What must always hold for a booking, whatever happened to it. Used when loading from storage
 * and by the model-based tests after every step.
 */
export function bookingInvariantViolations(b: Booking): string[] {
  const problems: string[] = [];
  if (b.totalPricePence !== b.servicePricePence + b.adminFeePence) problems.push('total must equal price plus fee');
  if (b.amountCapturedPence > b.amountAuthorizedPence) problems.push('captured must not exceed authorised');
  if (b.amountRefundedPence > b.amountCapturedPence) problems.push('refunded must not exceed captured');
  if (b.amountAuthorizedPence > b.totalPricePence) problems.push('authorised must not exceed the total');
  if (b.clientId === b.coachId) problems.push('the client cannot be the coach');
  if (b.status === 'cancelled' && (b.cancelledAt === null || b.cancelledBy === null)) problems.push('a cancelled booking records who and when');
  if (b.declined && b.status !== 'cancelled') problems.push('a declined booking is cancelled');
  if (b.status === 'completed' && b.completedAt === null) problems.push('a completed booking records when');
  if ((b.status === 'in_session' || b.status === 'completed') && b.sessionStartedAt === null && b.completedAt === null) problems.push('a started session records when');
  if (b.status === 'disputed' && b.disputeStatus !== 'open') problems.push('a disputed booking has an open dispute');
  if (b.disputeStatus === 'open' && b.status !== 'disputed') problems.push('an open dispute means status disputed');
  if (b.rescheduleStatus !== null && (b.rescheduleRequestedBy === null || b.rescheduleProposedStartsAt === null)) problems.push('a reschedule request records who proposed what');
  if (b.paymentStatus === 'released' && b.paymentReleasedAt === null) problems.push('a release records when');
  return problems;
}

/** Re-validates a booking loaded from storage (ENGINEERING: never trust a row). */
export function parseBooking(data: unknown): Result<Booking> {
  const parsed = bookingSchema.safeParse(data);
  if (parsed.success) return ok(parsed.data as Booking);
  const first = parsed.error.issues[0];
  const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
  return err(invalid('BOOKING_DATA_INVALID', `Stored booking is invalid (${where}${first?.message ?? 'unknown'})`));
}
