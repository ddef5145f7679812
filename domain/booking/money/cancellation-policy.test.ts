import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../shared/clock';
import { at, authorised, confirmedAndCaptured, pendingBooking, RATE_PENCE, STARTS_AT } from '../../testing/booking-fixtures';
import { cancellationInstructions, cancellationSettlement, settlementOfCancelled } from './cancellation-policy';

const TOTAL = RATE_PENCE + 300;
const b = pendingBooking();

describe('the cancellation policy', () => {
  it('gives everything back before the coach accepted, whoever cancels and whenever', () => {
    for (const by of ['client', 'coach', 'admin', 'system'] as const)
      expect(cancellationSettlement(b, 'pending', by, at(STARTS_AT, -HOUR_MS))).toEqual({ rule: 'before_acceptance', refundPence: TOTAL, keptPence: 0 });
  });

  it('gives the client everything back 24 hours or more before the start', () => {
    expect(cancellationSettlement(b, 'confirmed', 'client', at(STARTS_AT, -24 * HOUR_MS))).toEqual({ rule: 'client_early', refundPence: TOTAL, keptPence: 0 });
  });

  it('keeps the session price for the coach and refunds the fee when the client cancels later', () => {
    expect(cancellationSettlement(b, 'confirmed', 'client', at(STARTS_AT, -23 * HOUR_MS))).toEqual({ rule: 'client_late', refundPence: 300, keptPence: RATE_PENCE });
    expect(cancellationSettlement(b, 'confirmed', 'client', at(STARTS_AT, HOUR_MS)).rule).toBe('client_late');
  });

  it('gives everything back, fee included, when the coach or the platform cancels', () => {
    for (const by of ['coach', 'admin', 'system'] as const)
      expect(cancellationSettlement(b, 'confirmed', by, at(STARTS_AT, -HOUR_MS))).toEqual({ rule: 'coach_or_platform', refundPence: TOTAL, keptPence: 0 });
  });

  it('always splits the total between the client and the coach', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('pending' as const, 'confirmed' as const),
        fc.constantFrom('client' as const, 'coach' as const, 'admin' as const, 'system' as const),
        fc.integer({ min: -1000, max: 1000 }),
        (was, by, hours) => {
          const s = cancellationSettlement(b, was, by, at(STARTS_AT, hours * HOUR_MS));
          expect(s.refundPence + s.keptPence).toBe(TOTAL);
          expect(s.refundPence).toBeGreaterThanOrEqual(300);
        },
      ),
    );
  });

  it('voids a hold for a full refund and refunds the fee otherwise', () => {
    const full = cancellationSettlement(b, 'confirmed', 'coach', STARTS_AT);
    const late = cancellationSettlement(b, 'confirmed', 'client', STARTS_AT);
    expect(cancellationInstructions(authorised(b), full)).toEqual([{ kind: 'void' }]);
    expect(cancellationInstructions(confirmedAndCaptured(), full)).toEqual([{ kind: 'void' }]);
    expect(cancellationInstructions(confirmedAndCaptured(), late)).toEqual([{ kind: 'refund', amountPence: 300, reason: 'cancellation' }]);
    expect(cancellationInstructions(authorised(b), late)).toEqual([{ kind: 'refund', amountPence: 300, reason: 'cancellation' }]);
  });

  it('asks nothing when nothing was paid, and cancels an open card attempt', () => {
    const full = cancellationSettlement(b, 'pending', 'client', STARTS_AT);
    expect(cancellationInstructions(b, full)).toEqual([]);
    expect(cancellationInstructions({ ...b, paymentIntentId: 'pi_1' }, full)).toEqual([{ kind: 'void' }]);
    expect(cancellationInstructions({ ...b, paymentStatus: 'voided' }, full)).toEqual([]);
  });

  it('reads the settlement back from a cancelled booking', () => {
    const late = { ...confirmedAndCaptured(), status: 'cancelled' as const, cancelledBy: 'client' as const, cancelledAt: at(STARTS_AT, -HOUR_MS) };
    expect(settlementOfCancelled(late)?.rule).toBe('client_late');
    expect(settlementOfCancelled({ ...late, declined: true, cancelledBy: 'coach' })?.rule).toBe('before_acceptance');
    expect(settlementOfCancelled(pendingBooking())).toBeNull();
  });
});
