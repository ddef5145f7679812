import { describe, expect, it } from 'vitest';
import { BOOKING_ID } from '../../testing/booking-fixtures';
import { captureInstruction, idempotencyKeyFor, parsePaymentInstructionJob, paymentInstructionJob, refundInstruction, releaseInstruction, voidInstruction } from './payment-instruction';

describe('payment instructions', () => {
  it('carry an idempotency key made of the booking and the step', () => {
    expect(idempotencyKeyFor(BOOKING_ID, captureInstruction(5300))).toBe(`${BOOKING_ID}:capture`);
    expect(idempotencyKeyFor(BOOKING_ID, refundInstruction(300, 'cancellation'))).toBe(`${BOOKING_ID}:refund-cancellation`);
    expect(idempotencyKeyFor(BOOKING_ID, refundInstruction(300, 'dispute'))).toBe(`${BOOKING_ID}:refund-dispute`);
  });

  it('survive the trip through the outbox as JSON', () => {
    for (const instruction of [captureInstruction(5300), voidInstruction(), refundInstruction(300, 'dispute'), releaseInstruction(), { kind: 'authorize' as const, amountPence: 1 }]) {
      const job = paymentInstructionJob(BOOKING_ID, instruction);
      expect(parsePaymentInstructionJob(JSON.parse(JSON.stringify(job)))).toEqual(job);
    }
  });

  it('refuse a malformed job', () => {
    expect(parsePaymentInstructionJob(null)).toBeNull();
    expect(parsePaymentInstructionJob({ bookingId: BOOKING_ID, idempotencyKey: 'k', instruction: { kind: 'capture', amountPence: -1 } })).toBeNull();
    expect(parsePaymentInstructionJob({ bookingId: BOOKING_ID, idempotencyKey: 'k', instruction: { kind: 'refund', amountPence: 1, reason: 'gift' } })).toBeNull();
    expect(parsePaymentInstructionJob({ bookingId: BOOKING_ID, idempotencyKey: 'k', instruction: { kind: 'teleport' } })).toBeNull();
    expect(parsePaymentInstructionJob({ bookingId: 1, idempotencyKey: 'k', instruction: { kind: 'void' } })).toBeNull();
  });
});
