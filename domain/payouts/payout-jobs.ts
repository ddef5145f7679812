import type { Id } from '../shared/ids';
import type { Pence } from '../shared/money';
import type { OutboxPort } from '../shared/outbox';

/** Outbox jobs of the payouts context. */
export const PAYOUT_TRANSFER_JOB = 'payout.transfer';
export const PAYOUT_REVERSAL_JOB = 'payout.reversal';

/**
 * Queues the transfer of a booking's coach share, in the caller's transaction (the release). The
 * dedupe key names why it is queued ('release', 'retry-2', 'payouts-enabled-3'…) so each reason
 * queues one job; the job itself is safe to run any number of times.
 */
export function queueCoachTransfer(outbox: OutboxPort, bookingId: Id, why = 'release'): Promise<void> {
  return outbox.enqueue({ type: PAYOUT_TRANSFER_JOB, payload: { bookingId }, dedupeKey: `${bookingId}:transfer:${why}` });
}

export function queueTransferReversal(outbox: OutboxPort, input: { bookingId: Id; amountPence: Pence; reason: 'chargeback' | 'refund' }): Promise<void> {
  return outbox.enqueue({
    type: PAYOUT_REVERSAL_JOB,
    payload: { ...input },
    dedupeKey: `${input.bookingId}:reversal:${input.reason}:${input.amountPence}`,
  });
}

export function parseTransferJob(payload: unknown): { bookingId: Id } | null {
  const p = payload as Record<string, unknown> | null;
  return p && typeof p.bookingId === 'string' ? { bookingId: p.bookingId } : null;
}

export function parseReversalJob(payload: unknown): { bookingId: Id; amountPence: Pence; reason: 'chargeback' | 'refund' } | null {
  const p = payload as Record<string, unknown> | null;
  if (!p || typeof p.bookingId !== 'string') return null;
  if (typeof p.amountPence !== 'number' || !Number.isSafeInteger(p.amountPence) || p.amountPence <= 0) return null;
  if (p.reason !== 'chargeback' && p.reason !== 'refund') return null;
  return { bookingId: p.bookingId, amountPence: p.amountPence, reason: p.reason };
}
