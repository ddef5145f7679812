import { refundablePence } from '../booking/disputes/disputes';
import type { DisputeDecision } from '../booking/disputes/disputes';
import { cancellationPreview } from '../booking/money/cancellation-money';
import { heldPence } from '../booking/money/payment-hold';
import { PAYMENT_STATUSES, type PaymentStatus } from '../booking/money/payment-status';
import type { BookingStatusValue } from '../shared/catalogue';
import type { Id } from '../shared/ids';
import type { Pence } from '../shared/money';

/**
 * The three things an administrator does to one booking (issue 47: from the web as from the
 * CLI): cancel it, resolve its open dispute, retry its coach's payout. What each would move is
 * worked out here, by the rules the use cases apply, so the confirming dialog states the same
 * money the use case then moves; the audit line of each is built here once, for both doors.
 */

/** What the admin booking page knows of a booking (its query's row, times as ISO strings). */
export interface ActionableBooking {
  readonly id: Id;
  readonly referenceCode: string;
  readonly status: BookingStatusValue;
  readonly paymentStatus: string;
  readonly disputeStatus: string | null;
  readonly startsAt: string;
  readonly servicePricePence: Pence;
  readonly adminFeePence: Pence;
  readonly totalPricePence: Pence;
  readonly amountAuthorizedPence: Pence;
  readonly amountCapturedPence: Pence;
  readonly amountRefundedPence: Pence;
  readonly transfer: { readonly status: string; readonly coachSharePence: Pence; readonly attempt: number; readonly lastError: string | null } | null;
}

export interface BookingActionsMoney {
  /** Cancelling (pending or confirmed): an administrator's cancellation refunds in full (the policy's 'coach_or_platform'). */
  readonly cancel: { readonly paidPence: Pence; readonly heldOnly: boolean; readonly refundPence: Pence } | null;
  /** Resolving the open dispute: at most `refundablePence` back to the client; `heldPence` is what a release pays out. */
  readonly resolveDispute: { readonly refundablePence: Pence; readonly heldPence: Pence } | null;
  /** Retrying a failed (or waiting) payout: the share sent, and the attempt it will be. */
  readonly retryPayout: { readonly coachSharePence: Pence; readonly status: 'failed' | 'waiting'; readonly nextAttempt: number; readonly lastError: string | null } | null;
}

const isPaymentStatus = (s: string): s is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(s);

/** Which actions the booking allows now, and the money of each; null where the use case would refuse. */
export function bookingActionsMoney(b: ActionableBooking, now: Date): BookingActionsMoney {
  if (!isPaymentStatus(b.paymentStatus)) return { cancel: null, resolveDispute: null, retryPayout: null };
  const money = { ...b, paymentStatus: b.paymentStatus, startsAt: new Date(b.startsAt) };
  const cancellable = b.status === 'pending' || b.status === 'confirmed';
  const preview = cancellable ? cancellationPreview(money, 'admin', now) : null;
  const t = b.transfer;
  const retryable = t && (t.status === 'failed' || t.status === 'waiting') ? t : null;
  return {
    cancel: preview ? { paidPence: preview.paidPence, heldOnly: preview.heldOnly, refundPence: preview.refundPence } : null,
    resolveDispute: b.status === 'disputed' && b.disputeStatus === 'open' ? { refundablePence: refundablePence(money), heldPence: heldPence(money) } : null,
    retryPayout: retryable
      ? {
          coachSharePence: retryable.coachSharePence,
          status: retryable.status as 'failed' | 'waiting',
          nextAttempt: retryable.status === 'failed' ? retryable.attempt + 1 : retryable.attempt,
          lastError: retryable.lastError,
        }
      : null,
  };
}

/** One audit line of an administrator's booking action (AuditedUnitOfWork adds who and from where). */
export interface BookingAuditEntry {
  readonly action: 'booking.cancel' | 'dispute.resolve' | 'payout.retry';
  readonly targetType: 'booking';
  readonly targetId: Id;
  readonly details: Record<string, unknown>;
}

type Target = Pick<ActionableBooking, 'id' | 'referenceCode'>;

export const cancelAudit = (b: Target, reason: string | null): BookingAuditEntry => ({
  action: 'booking.cancel',
  targetType: 'booking',
  targetId: b.id,
  details: { reference: b.referenceCode, reason },
});

export const resolveDisputeAudit = (b: Target, decision: Required<DisputeDecision>): BookingAuditEntry => ({
  action: 'dispute.resolve',
  targetType: 'booking',
  targetId: b.id,
  details: { reference: b.referenceCode, outcome: decision.outcome, refundPence: decision.refundPence, note: decision.note },
});

export const retryPayoutAudit = (b: Target & { readonly transfer: { readonly status: string } | null }): BookingAuditEntry => ({
  action: 'payout.retry',
  targetType: 'booking',
  targetId: b.id,
  details: { reference: b.referenceCode, previousState: b.transfer?.status ?? null },
});
