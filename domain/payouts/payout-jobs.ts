import type { Id } from '../shared/ids';
import type { Pence } from '../shared/money';
import type { OutboxPort } from '../shared/outbox';

/** Outbox jobs of the payouts context. */
export const PAYOUT_TRANSFER_JOB = 'payout.transfer';
export const PAYOUT_REVERSAL_JOB = 'payout.reversal';

/**
 * Queues the transfer of a booking's coach share, in the caller's transaction (the release). The
 * dedupe key includes the attempt so an operator's retry queues a new job.
 */
export function queueCoachTransfer(outbox: OutboxPort, bookingId: Id, attempt = 1): Promise<void> {
  return outbox.enqueue({ type: PAYOUT_TRANSFER_JOB, payload: { bookingId }, dedupeKey: `${bookingId}:transfer:${attempt}` });
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
