import type { Id } from '../../shared/ids';
import type { Pence } from '../../shared/money';

/**
 * What a booking transition asks of the payment, to be carried out after the commit (through the
 * outbox) against the gateway. Each instruction states an intent about the client's money, and
 * the executor (`planInstruction`) picks the gateway call that achieves it from the payment state
 * it finds then, so instructions stay correct when they race each other:
 *
 * - `authorize`: hold the total on the client's card (done in the payment dialog).
 * - `capture`: take what is authorised (the coach accepted).
 * - `void`: the client must not pay anything: cancel the authorisation, or refund all captured.
 * - `refund`: give `amountPence` back to the client: refund it, or, while only authorised, capture
 *   the rest and let the remainder of the hold lapse.
 * - `release`: pay what the platform holds out to the coach.
 */
export type RefundReason = 'cancellation' | 'dispute';

export type PaymentInstruction =
  | { readonly kind: 'authorize'; readonly amountPence: Pence }
  | { readonly kind: 'capture'; readonly amountPence: Pence }
  | { readonly kind: 'void' }
  | { readonly kind: 'refund'; readonly amountPence: Pence; readonly reason: RefundReason }
  | { readonly kind: 'release' };

export const authorizeInstruction = (amountPence: Pence): PaymentInstruction => ({ kind: 'authorize', amountPence });
export const captureInstruction = (amountPence: Pence): PaymentInstruction => ({ kind: 'capture', amountPence });
export const voidInstruction = (): PaymentInstruction => ({ kind: 'void' });
export const refundInstruction = (amountPence: Pence, reason: RefundReason): PaymentInstruction => ({ kind: 'refund', amountPence, reason });
export const releaseInstruction = (): PaymentInstruction => ({ kind: 'release' });

/** The step name of an instruction: a booking performs each step at most once. */
export function instructionStep(instruction: PaymentInstruction): string {
  return instruction.kind === 'refund' ? `refund-${instruction.reason}` : instruction.kind;
}

/** PRODUCT.md: every gateway call carries an idempotency key derived from the booking and the step. */
export function idempotencyKeyFor(bookingId: Id, instruction: PaymentInstruction): string {
  return `${bookingId}:${instructionStep(instruction)}`;
}

/** The outbox job type and payload that carry an instruction to the worker. */
export const PAYMENT_INSTRUCTION_JOB = 'payment.instruction';

export interface PaymentInstructionJob {
  readonly bookingId: Id;
  readonly instruction: PaymentInstruction;
  readonly idempotencyKey: string;
}

export function paymentInstructionJob(bookingId: Id, instruction: PaymentInstruction): PaymentInstructionJob {
  return { bookingId, instruction, idempotencyKey: idempotencyKeyFor(bookingId, instruction) };
}

/** Re-reads a job payload (it went through JSON and storage). */
export function parsePaymentInstructionJob(payload: unknown): PaymentInstructionJob | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as Record<string, unknown>;
  const i = p.instruction as Record<string, unknown> | undefined;
  if (typeof p.bookingId !== 'string' || typeof p.idempotencyKey !== 'string' || typeof i !== 'object' || i === null) return null;
  const amount = i.amountPence;
  const validAmount = typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0;
  let instruction: PaymentInstruction;
  switch (i.kind) {
    case 'authorize':
    case 'capture':
      if (!validAmount) return null;
      instruction = { kind: i.kind, amountPence: amount };
      break;
    case 'refund':
      if (!validAmount || (i.reason !== 'cancellation' && i.reason !== 'dispute')) return null;
      instruction = { kind: 'refund', amountPence: amount, reason: i.reason };
      break;
    case 'void':
    case 'release':
      instruction = { kind: i.kind };
      break;
    default:
      return null;
  }
  return { bookingId: p.bookingId, instruction, idempotencyKey: p.idempotencyKey };
}
