import * as z from 'zod';
import { invalid } from '../shared/errors';
import { idSchema, type Id } from '../shared/ids';

import type { Pence } from '../shared/money';
import { err, ok, type Result } from '../shared/result';
import type { CoachShare } from './coach-share';
import { payoutErrors } from './payout-errors';

/**
 * The move of a released booking's coach share to the coach's connected account (decision 012):
 * a Stripe Transfer with source_transaction = the booking's charge and transfer_group = its
 * reference. One per booking.
 *
 * - waiting: released, but the coach has no payouts-enabled account yet; sent once they have.
 * - pending: to be sent (queued in the outbox).
 * - paid: transferred; Stripe pays it out to the coach's bank on its schedule (paidOutAt).
 * - failed: the gateway refused it for good; an operator retries (`fact payouts retry`).
 * - partially_reversed / reversed: money taken back from the coach (a lost chargeback).
 * - not_required: the coach's share is 0 (nothing to send).
 */
export const TRANSFER_STATUSES = ['waiting', 'pending', 'paid', 'failed', 'reversed', 'partially_reversed', 'not_required'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export interface CoachTransfer {
  readonly bookingId: Id;
  readonly coachId: Id;
  readonly coachSharePence: Pence;
  readonly platformSharePence: Pence;
  readonly commissionBps: number;
  readonly status: TransferStatus;
  readonly transferId: string | null;
  readonly reversedPence: Pence;
  /** Bumped by an operator's retry after a failure, so the retry gets a fresh idempotency key. */
  readonly attempt: number;
  readonly lastError: string | null;
  readonly payoutId: string | null;
  readonly releasedAt: Date;
  readonly transferredAt: Date | null;
  readonly paidOutAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly version: number;
}

/** The transfer row made when a booking's money is released. */
export function newTransfer(input: { bookingId: Id; coachId: Id; share: CoachShare; commissionBps: number; releasedAt: Date; now: Date }): CoachTransfer {
  return {
    bookingId: input.bookingId,
    coachId: input.coachId,
    coachSharePence: input.share.coachSharePence,
    platformSharePence: input.share.platformSharePence,
    commissionBps: input.commissionBps,
    status: input.share.coachSharePence > 0 ? 'pending' : 'not_required',
    transferId: null,
    reversedPence: 0,
    attempt: 1,
    lastError: null,
    payoutId: null,
    releasedAt: input.releasedAt,
    transferredAt: null,
    paidOutAt: null,
    createdAt: input.now,
    updatedAt: input.now,
    version: 0,
  };
}

/** Stripe-style idempotency key of the transfer call for this attempt. */
export const transferIdempotencyKey = (t: Pick<CoachTransfer, 'bookingId' | 'attempt'>): string => (t.attempt === 1 ? `${t.bookingId}:transfer` : `${t.bookingId}:transfer:${t.attempt}`);

export const reversalIdempotencyKey = (bookingId: Id, reason: string, amountPence: Pence): string => `${bookingId}:reversal:${reason}:${amountPence}`;

/** Whether the transfer call should be made now. */
export const isSendable = (t: CoachTransfer): boolean => t.status === 'pending' || t.status === 'waiting';

export function markWaiting(t: CoachTransfer, now: Date): CoachTransfer {
  return t.status === 'waiting' ? t : { ...t, status: 'waiting', updatedAt: now };
}

export function markPending(t: CoachTransfer, now: Date): CoachTransfer {
  return t.status === 'pending' ? t : { ...t, status: 'pending', updatedAt: now };
}

export function recordTransferred(t: CoachTransfer, transferId: string, now: Date): Result<CoachTransfer> {
  if (t.status === 'paid' && t.transferId === transferId) return ok(t);
  if (!isSendable(t)) return err(payoutErrors.transferNotSendable(t.status));
  return ok({ ...t, status: 'paid', transferId, lastError: null, transferredAt: now, updatedAt: now });
}

export function recordTransferFailed(t: CoachTransfer, message: string, now: Date): CoachTransfer {
  return { ...t, status: 'failed', lastError: message, updatedAt: now };
}

/** An operator sends a failed transfer again, under a new idempotency key. */
export function retryTransfer(t: CoachTransfer, now: Date): Result<CoachTransfer> {
  if (t.status !== 'failed' && t.status !== 'waiting') return err(payoutErrors.transferNotRetryable(t.status));
  return ok({ ...t, status: 'pending', attempt: t.status === 'failed' ? t.attempt + 1 : t.attempt, lastError: null, updatedAt: now });
}

/** What can still be taken back from the coach. */
export const reversiblePence = (t: CoachTransfer): Pence => (t.status === 'paid' || t.status === 'partially_reversed' ? t.coachSharePence - t.reversedPence : 0);

/** Stripe reversed `totalReversedPence` of the transfer so far. */
export function recordReversal(t: CoachTransfer, totalReversedPence: Pence, now: Date): Result<CoachTransfer> {
  if (t.transferId === null) return err(payoutErrors.transferNotSendable(t.status));
  if (!Number.isSafeInteger(totalReversedPence) || totalReversedPence < t.reversedPence || totalReversedPence > t.coachSharePence) return err(payoutErrors.reversalInvalid());
  if (totalReversedPence === t.reversedPence) return ok(t);
  const status: TransferStatus = totalReversedPence === t.coachSharePence ? 'reversed' : 'partially_reversed';
  return ok({ ...t, status, reversedPence: totalReversedPence, updatedAt: now });
}

/** Stripe paid the coach's balance out to their bank. */
export function recordPaidOut(t: CoachTransfer, payoutId: string, at: Date): CoachTransfer {
  if (t.paidOutAt !== null) return t;
  return { ...t, payoutId, paidOutAt: at, updatedAt: at };
}

// Re-validation of stored data ----------------------------------------------------------------

const instant = z.preprocess((v) => (typeof v === 'string' ? new Date(v) : v), z.date());
const pence = z.number().int().nonnegative();

const transferSchema = z
  .object({
    bookingId: idSchema,
    coachId: idSchema,
    coachSharePence: pence,
    platformSharePence: pence,
    commissionBps: z.number().int().min(0).max(10_000),
    status: z.enum(TRANSFER_STATUSES),
    transferId: z.string().nullable(),
    reversedPence: pence,
    attempt: z.number().int().min(1),
    lastError: z.string().nullable(),
    payoutId: z.string().nullable(),
    releasedAt: instant,
    transferredAt: instant.nullable(),
    paidOutAt: instant.nullable(),
    createdAt: instant,
    updatedAt: instant,
    version: z.number().int().nonnegative(),
  })
  .refine((t) => t.reversedPence <= t.coachSharePence, 'reversed must not exceed the coach share')
  .refine((t) => !['paid', 'reversed', 'partially_reversed'].includes(t.status) || t.transferId !== null, 'a sent transfer records its id');

export function parseCoachTransfer(data: unknown): Result<CoachTransfer> {
  const parsed = transferSchema.safeParse(data);
  return parsed.success ? ok(parsed.data) : err(invalid('TRANSFER_DATA_INVALID', `Stored transfer is invalid (${parsed.error.issues[0]?.message ?? 'unknown'})`));
}
