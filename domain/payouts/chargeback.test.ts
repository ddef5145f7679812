import { describe, expect, it } from 'vitest';
import { applyChargebackSnapshot, isChargebackOpen, type ChargebackSnapshot } from './chargeback';

const BOOKING = '11111111-1111-4111-8111-111111111111';
const at = new Date('2026-11-25T10:00:00Z');
const snap = (status: ChargebackSnapshot['status']): ChargebackSnapshot => ({ id: 'dp_1', intentId: 'pi_1', amountPence: 5300, reason: 'fraudulent', status, createdAt: at });

describe('recording a card chargeback from events in any order', () => {
  it('opens on created, closes on lost, and a late created never reopens it', () => {
    const opened = applyChargebackSnapshot(null, BOOKING, snap('needs_response'), at);
    expect(isChargebackOpen(opened)).toBe(true);
    const lost = applyChargebackSnapshot(opened, BOOKING, snap('lost'), at);
    expect(lost).toMatchObject({ status: 'lost', closedAt: at });
    expect(applyChargebackSnapshot(lost, BOOKING, snap('needs_response'), at)).toBe(lost);
  });

  it('keeps "under review" when the "created" event arrives after it', () => {
    const review = applyChargebackSnapshot(null, BOOKING, snap('under_review'), at);
    expect(applyChargebackSnapshot(review, BOOKING, snap('needs_response'), at)).toBe(review);
    expect(applyChargebackSnapshot(review, BOOKING, snap('won'), at).status).toBe('won');
  });

  it('records a chargeback first seen already closed as closed', () => {
    expect(applyChargebackSnapshot(null, BOOKING, snap('lost'), at)).toMatchObject({ status: 'lost', closedAt: at });
  });
});
