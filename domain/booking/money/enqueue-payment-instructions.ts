import type { Id } from '../../shared/ids';
import type { OutboxPort } from '../../shared/outbox';
import { PAYMENT_INSTRUCTION_JOB, paymentInstructionJob, type PaymentInstruction } from './payment-instruction';

/**
 * Writes a booking's payment instructions to the outbox, in the caller's transaction. The job's
 * dedupe key is the instruction's idempotency key (`${bookingId}:${step}`), so a step is queued
 * at most once.
 */
export async function enqueuePaymentInstructions(outbox: OutboxPort, bookingId: Id, instructions: readonly PaymentInstruction[]): Promise<void> {
  for (const instruction of instructions) {
    const job = paymentInstructionJob(bookingId, instruction);
    await outbox.enqueue({ type: PAYMENT_INSTRUCTION_JOB, payload: { ...job }, dedupeKey: job.idempotencyKey });
  }
}
