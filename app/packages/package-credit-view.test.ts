import { describe, expect, it } from 'vitest';
import type { PackagePurchase } from '../../domain/packages/package-purchase';
import { packageCreditCard } from './package-credit-view';

const purchase: PackagePurchase = {
  id: '00000000-0000-4000-8000-0000000000a1',
  clientId: '00000000-0000-4000-8000-0000000000c1',
  coachId: '00000000-0000-4000-8000-0000000000c2',
  offerId: '00000000-0000-4000-8000-0000000000f1',
  seriesId: null,
  title: null,
  sessions: 5,
  durationMinutes: 60,
  totalPricePence: 20_000,
  adminFeePence: 300,
  purchasedAt: new Date('2026-12-03T09:30:00Z'),
  validUntil: new Date('2027-01-28T09:30:00Z'),
  credits: [{ kind: 'available' }, { kind: 'booked', bookingId: '00000000-0000-4000-8000-0000000000b1' }, { kind: 'available' }, { kind: 'available' }, { kind: 'refunded' }],
  adminFeeRefunded: false,
  adminFeeChargedBackPence: 0,
};

describe('a bought package on MyBookings', () => {
  it('says how many sessions are left of how many, and until when in London', () => {
    const card = packageCreditCard({ purchase, coachName: 'Paula Coach' }, new Date('2026-12-10T12:00:00Z'));
    expect(card).toMatchObject({ name: '5 sessions of 1 hour', left: 3, summary: '3 of 5 sessions left, valid until Thu, 28 Jan 2027', usable: true });
  });

  it('says when it expired once it has, and can no longer be used', () => {
    const card = packageCreditCard({ purchase, coachName: 'Paula Coach' }, new Date('2027-01-28T09:30:00Z'));
    expect(card).toMatchObject({ summary: 'Expired on Thu, 28 Jan 2027', usable: false });
  });
});
