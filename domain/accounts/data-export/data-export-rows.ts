import * as z from 'zod';
import { invalid } from '../../shared/errors';
import { err, ok, type Result } from '../../shared/result';

/**
 * 'Download my data': the rows the DataExportSource port reads for one person,
 * re-validated here (a stored row is never trusted). They hold no secret by construction: the
 * adapter selects `password_hash is not null` and `google_id is not null`, never the values, and
 * never the session version; of the other party of a booking, message or review only their name
 * (`otherName`, made a first name by the builder) and whether they were erased.
 */
const ts = z.coerce.date();
const tsN = z.coerce.date().nullable();
const text = z.string();
const textN = z.string().nullable();
const int = z.coerce.number().int();
const intN = z.coerce.number().int().nullable();
const texts = z.array(z.string());
const id = z.string().min(1);

/** The other person of a booking, message or review: a name to shorten and whether it was erased. */
const otherParty = { otherName: textN, otherErased: z.boolean() };

export const exportAccountRow = z.object({
  id,
  email: textN,
  emailVerifiedAt: tsN,
  hasPassword: z.boolean(),
  googleLinked: z.boolean(),
  fullName: textN,
  phone: textN,
  bio: textN,
  avatarUrl: textN,
  locationAddress: textN,
  /** The saved home place's label (issue 46), null when none. */
  homePlace: textN.default(null),
  role: text,
  userType: text,
  isActive: z.boolean(),
  deactivatedAt: tsN,
  erasedAt: tsN,
  preferredCoachingTypes: texts,
  preferredSessionTimes: texts,
  videoClip1: textN,
  videoClip2: textN,
  videoClip3: textN,
  emailPreferences: z.unknown(),
  createdAt: ts,
  updatedAt: ts,
});
export type ExportAccountRow = z.infer<typeof exportAccountRow>;

export const exportCoachProfileRow = z.object({
  credentials: texts,
  servicesOffered: texts,
  hourlyRatePence: int,
  sessionLengths: z.preprocess((v) => v ?? [], z.array(z.object({ minutes: int, pricePence: int }))),
  ageGroups: texts,
  serviceRadiusMiles: int,
  /** The base place's label and the way of coaching (issue 46). */
  basePlace: textN.default(null),
  sessionMode: text.default('in_person'),
  isVerified: z.boolean(),
  rating: z.coerce.number(),
  reviewCount: int,
  totalSessions: int,
  isListed: z.boolean(),
  createdAt: ts,
  updatedAt: ts,
  slotStepMinutes: int,
  bufferBeforeMinutes: int,
  bufferAfterMinutes: int,
  minimumNoticeMinutes: int,
  maxSessionsPerDay: int.nullable(),
  weeklyHours: z.array(z.object({ weekday: int, start: z.string(), end: z.string(), location: textN })),
});
export type ExportCoachProfileRow = z.infer<typeof exportCoachProfileRow>;

export const exportAvailabilityRow = z.object({
  id,
  startsAt: ts,
  endsAt: ts,
  dailyStart: textN,
  dailyEnd: textN,
  locationOverride: textN,
  notes: textN,
  isAvailable: z.boolean(),
  createdAt: ts,
  updatedAt: ts,
});
export type ExportAvailabilityRow = z.infer<typeof exportAvailabilityRow>;

export const exportBookingRow = z.object({
  id,
  referenceCode: text,
  clientId: id,
  coachId: id,
  serviceType: text,
  startsAt: ts,
  endsAt: ts,
  durationMinutes: int,
  locationType: text,
  locationAddress: textN,
  locationNotes: textN,
  clientNotes: textN,
  servicePricePence: int,
  adminFeePence: int,
  totalPricePence: int,
  status: text,
  declined: z.boolean(),
  cancellationReason: textN,
  cancelledBy: textN,
  cancelledAt: tsN,
  rescheduleRequestedBy: textN,
  rescheduleStatus: textN,
  rescheduleProposedStartsAt: tsN,
  rescheduleReason: textN,
  sessionStartedAt: tsN,
  clientArrivedAt: tsN,
  coachArrivedAt: tsN,
  clientCompletedAt: tsN,
  coachCompletedAt: tsN,
  earlyCompletionReason: textN,
  completedAt: tsN,
  disputeStatus: textN,
  disputeReason: textN,
  disputeOpenedBy: textN,
  disputeOpenedAt: tsN,
  disputeOutcome: textN,
  disputeRefundPence: intN,
  disputeResolutionNote: textN,
  disputeResolvedAt: tsN,
  paymentStatus: text,
  amountAuthorizedPence: int,
  amountCapturedPence: int,
  amountRefundedPence: int,
  paymentHeldUntil: tsN,
  paymentReleasedAt: tsN,
  createdAt: ts,
  updatedAt: ts,
  ...otherParty,
});
export type ExportBookingRow = z.infer<typeof exportBookingRow>;

/** A coach's share of one released booking (coach_transfers). */
export const exportTransferRow = z.object({
  bookingId: id,
  referenceCode: text,
  coachSharePence: int,
  platformSharePence: int,
  commissionBps: int,
  status: text,
  reversedPence: int,
  releasedAt: ts,
  transferredAt: tsN,
  paidOutAt: tsN,
});
export type ExportTransferRow = z.infer<typeof exportTransferRow>;

export const exportMessageRow = z.object({
  id,
  referenceCode: text,
  senderId: id,
  receiverId: id,
  content: text,
  readAt: tsN,
  createdAt: ts,
  /** The other person is the booking's client (else its coach). */
  otherIsClient: z.boolean(),
  ...otherParty,
});
export type ExportMessageRow = z.infer<typeof exportMessageRow>;

export const exportReviewRow = z.object({
  id,
  referenceCode: text,
  reviewerType: z.enum(['client', 'coach']),
  rating: int,
  comment: textN,
  createdAt: ts,
  ...otherParty,
});
export type ExportReviewRow = z.infer<typeof exportReviewRow>;

export const exportDeletionRequestRow = z.object({
  id,
  reason: textN,
  status: text,
  requestedAt: ts,
  decidedAt: tsN,
  decisionReason: textN,
});
export type ExportDeletionRequestRow = z.infer<typeof exportDeletionRequestRow>;

export const exportAuditRow = z.object({
  id,
  action: text,
  targetType: text,
  targetId: textN,
  /** Where the action came from ('web', 'cli'), from details.via. */
  via: textN,
  /** The person exported did it themselves. */
  bySelf: z.boolean(),
  createdAt: ts,
});
export type ExportAuditRow = z.infer<typeof exportAuditRow>;

/** A section read with a hard upper bound: `truncated` when there were more rows than the limit. */
export interface Bounded<T> {
  readonly rows: readonly T[];
  readonly truncated: boolean;
}

export const exportPlayerRow = z.object({
  id,
  firstName: text,
  lastName: text,
  dateOfBirth: text,
  notes: textN,
  guardianConsentAt: tsN,
  removedAt: tsN,
  createdAt: ts,
});
export type ExportPlayerRow = z.infer<typeof exportPlayerRow>;

/** Everything the export of one person reads, section by section. */
export interface DataExportRows {
  readonly account: ExportAccountRow;
  readonly coachProfile: ExportCoachProfileRow | null;
  readonly availability: Bounded<ExportAvailabilityRow>;
  readonly bookings: Bounded<ExportBookingRow>;
  /** Coaches' transfers and payouts (coach_transfers); empty for clients. */
  readonly transfers: Bounded<ExportTransferRow>;
  readonly messages: Bounded<ExportMessageRow>;
  readonly reviewsGiven: Bounded<ExportReviewRow>;
  readonly reviewsReceived: Bounded<ExportReviewRow>;
  readonly deletionRequests: Bounded<ExportDeletionRequestRow>;
  /** audit_log lines whose target is the person (or one of their deletion requests). */
  readonly auditAboutUser: Bounded<ExportAuditRow>;
  /** audit_log lines the person wrote as an administrator; null for everyone else. */
  readonly auditByUser: Bounded<ExportAuditRow> | null;
  /** Players of a guardian's account (decision 017), removed ones too; empty for coaches. */
  readonly players: Bounded<ExportPlayerRow>;
}

/** Hard upper bounds per section (newest first); more rows than this and the section says it is truncated. */
export const DATA_EXPORT_LIMITS = {
  availability: 1000,
  bookings: 1000,
  transfers: 1000,
  messages: 2000,
  reviewsGiven: 1000,
  reviewsReceived: 1000,
  deletionRequests: 100,
  auditAboutUser: 500,
  auditByUser: 2000,
  players: 100,
} as const;
export type DataExportLimits = Readonly<Record<keyof typeof DATA_EXPORT_LIMITS, number>>;

/** A parse function for `rebuild()` in the adapter (a failed parse is a StoredDataError, a 500). */
export function rowParser<T>(schema: z.ZodType<T>, table: string): (row: unknown) => Result<T> {
  return (row) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) return ok(parsed.data);
    const issue = parsed.error.issues[0];
    return err(invalid('INVALID_STORED_ROW', `${table}: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'invalid'}`));
  };
}
