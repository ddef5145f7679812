import * as z from 'zod';
import { CANCELLED_BY, DISPUTE_OUTCOMES, DISPUTE_STATUSES, RESCHEDULE_STATUSES } from '../booking/lifecycle/booking';
import { PAYMENT_STATUSES } from '../booking/money/payment-status';
import { TRANSFER_STATUSES } from '../payouts/coach-transfer';
import { BOOKING_STATUSES } from '../shared/catalogue';

/**
 * What booking_history keeps (decision 055): after each change of a booking, its coach transfer
 * or one of its chargebacks, the state of that row as the timeline reads it. Stored data is
 * re-validated, never trusted: a row that fails its schema fails the page.
 */
const pence = z.number().int().min(0);
const instant = z.coerce.date();
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional().default(null);

export const bookingStateSchema = z.object({
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  authorizedPence: pence,
  capturedPence: pence,
  refundedPence: pence,
  startsAt: instant,
  durationMinutes: z.number().int().positive(),
  cancelledBy: nullable(z.enum(CANCELLED_BY)),
  declined: z.boolean().default(false),
  rescheduleStatus: nullable(z.enum(RESCHEDULE_STATUSES)),
  rescheduleRequestedBy: nullable(z.string()),
  rescheduleProposedStartsAt: nullable(instant),
  clientArrivedAt: nullable(instant),
  coachArrivedAt: nullable(instant),
  clientCompletedAt: nullable(instant),
  coachCompletedAt: nullable(instant),
  disputeStatus: nullable(z.enum(DISPUTE_STATUSES)),
  disputeOpenedBy: nullable(z.string()),
  disputeOutcome: nullable(z.enum(DISPUTE_OUTCOMES)),
  disputeRefundPence: nullable(pence),
  disputeResolvedBy: nullable(z.string()),
  paymentReleasedAt: nullable(instant),
});
export type BookingState = z.infer<typeof bookingStateSchema>;

export const transferStateSchema = z.object({
  status: z.enum(TRANSFER_STATUSES),
  coachSharePence: pence,
  platformSharePence: pence,
  commissionBps: z.number().int().min(0).max(10_000),
  reversedPence: pence,
  attempt: z.number().int().min(1),
  transferId: nullable(z.string()),
  lastError: nullable(z.string()),
  payoutId: nullable(z.string()),
});
export type TransferState = z.infer<typeof transferStateSchema>;

export const chargebackStateSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  amountPence: pence,
  reason: z.string(),
  transferReversedPence: pence,
});
export type ChargebackState = z.infer<typeof chargebackStateSchema>;

interface HistoryBase {
  readonly id: number;
  readonly operation: 'insert' | 'update' | 'backfill';
  readonly at: Date;
  /** The transaction that made the change: an audited action carries the same id. */
  readonly xactId: string;
}
export type HistoryEntry =
  | (HistoryBase & { readonly source: 'booking'; readonly state: BookingState })
  | (HistoryBase & { readonly source: 'transfer'; readonly state: TransferState })
  | (HistoryBase & { readonly source: 'chargeback'; readonly state: ChargebackState });

const base = { id: z.number().int().positive(), operation: z.enum(['insert', 'update', 'backfill']), at: instant, xactId: z.string().min(1) };
export const historyEntrySchema = z.discriminatedUnion('source', [
  z.object({ ...base, source: z.literal('booking'), state: bookingStateSchema }),
  z.object({ ...base, source: z.literal('transfer'), state: transferStateSchema }),
  z.object({ ...base, source: z.literal('chargeback'), state: chargebackStateSchema }),
]);

/** An audit_log line about the booking: the administrator (by name), the action, where it came from. */
export interface AuditLine {
  readonly xactId: string | null;
  readonly at: Date;
  readonly action: string;
  readonly actorId: string | null;
  readonly actorName: string | null;
  readonly via: 'web' | 'cli' | null;
  readonly details: Readonly<Record<string, unknown>>;
}

export const auditLineSchema = z.object({
  xactId: z.string().min(1).nullable(),
  at: instant,
  action: z.string().min(1),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  via: z.enum(['web', 'cli']).nullable().catch(null),
  details: z.record(z.string(), z.unknown()),
});
