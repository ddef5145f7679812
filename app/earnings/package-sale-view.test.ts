import { describe, expect, it } from 'vitest';
import type { PackageSaleItem } from '../../adapters/persistence/packages/package-sales.query';
import { packageSaleViews } from './package-sale-view';

const item = (p: Partial<PackageSaleItem['sale']> & { validUntil?: Date; clientName?: string | null } = {}): PackageSaleItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  clientName: p.clientName === undefined ? 'Clara Client' : p.clientName,
  paidAt: new Date('2026-12-31T23:30:00Z'),
  validUntil: p.validUntil ?? new Date('2027-02-25T23:30:00Z'),
  sale: { title: null, sessions: 3, durationMinutes: 60, totalPricePence: 12_000, credits: ['released', 'available', 'refunded'], ...p },
});

describe('a package sale on the Earnings page', () => {
  it('gives the sale’s London date, price and non-zero counts, and says one refunded session in the singular', () => {
    const [view] = packageSaleViews([item()], new Date('2027-01-10T12:00:00Z'));
    expect(view).toMatchObject({
      soldOn: '31 Dec 2026',
      client: 'Clara Client',
      name: '3 × 60 min',
      terms: '3 sessions of 60 min',
      price: '£120.00',
      counts: [
        { kind: 'released', count: 1, label: 'released to you' },
        { kind: 'left', count: 1, label: 'left' },
        { kind: 'refunded', count: 1, label: 'refunded' },
      ],
      refunded: '£40.00 refunded to the client for 1 unused session',
      validity: 'Valid until 25 Feb 2027',
    });
  });

  it('says when a package ended, names a client who left FACT, and has no refund line when nothing went back', () => {
    const [view] = packageSaleViews([item({ credits: ['released', 'released', 'used'], clientName: null, validUntil: new Date('2027-01-05T10:00:00Z') })], new Date('2027-01-10T12:00:00Z'));
    expect(view).toMatchObject({ client: 'Former client', refunded: null, validity: 'Ended 5 Jan 2027' });
  });
});
