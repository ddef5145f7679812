import { describe, expect, it } from 'vitest';
import type { Actor } from '../policy/actor';
import type { PackageOffer } from './package-offer';
import { checkoutTotalPence, paidPurchase, startCheckout } from './package-checkout';
import { creditsLeft, purchasePaidPence } from './package-purchase';

const offer: PackageOffer = {
  id: '00000000-0000-4000-8000-00000000000a',
  coachId: '00000000-0000-4000-8000-00000000000c',
  sessions: 5,
  durationMinutes: 60,
  totalPricePence: 20_000,
  validityWeeks: 8,
  title: 'Pre-season',
  retiredAt: null,
};
const client: Actor = { userId: '00000000-0000-4000-8000-0000000000c1', role: 'user', userType: 'client' };
const now = new Date('2026-12-02T10:00:00Z');
const start = (o: PackageOffer | null, who: Actor = client, coachBookable = true) => startCheckout(o, who, { id: '00000000-0000-4000-8000-0000000000e1', now, coachBookable });

describe('buying a package', () => {
  it('copies the offer’s terms and charges the admin fee once', () => {
    const checkout = start(offer);
    expect(checkout.ok && checkout.value).toMatchObject({ sessions: 5, totalPricePence: 20_000, adminFeePence: 300, validityWeeks: 8, title: 'Pre-season', paymentIntentId: null });
    expect(checkout.ok && checkoutTotalPence(checkout.value)).toBe(20_300);
  });

  it('is for clients only, never of one’s own package, and only while the package is on sale from a bookable coach', () => {
    expect(start(offer, { ...client, userType: 'coach' })).toMatchObject({ ok: false, error: { code: 'CLIENTS_ONLY' } });
    expect(start(offer, { ...client, role: 'admin' })).toMatchObject({ ok: false, error: { code: 'CLIENTS_ONLY' } });
    expect(start({ ...offer, retiredAt: now })).toMatchObject({ ok: false, error: { code: 'PACKAGE_NOT_FOUND' } });
    expect(start(null)).toMatchObject({ ok: false, error: { code: 'PACKAGE_NOT_FOUND' } });
    expect(start(offer, client, false)).toMatchObject({ ok: false, error: { code: 'PACKAGE_NOT_FOUND' } });
    expect(start({ ...offer, coachId: client.userId })).toMatchObject({ ok: false, error: { code: 'OWN_PACKAGE' } });
  });

  it('once paid, holds every credit and is valid for the offer’s weeks from the payment', () => {
    const checkout = start(offer);
    if (!checkout.ok) throw new Error('checkout refused');
    const paidAt = new Date('2026-12-03T09:30:00Z');
    const purchase = paidPurchase(checkout.value, paidAt);
    expect(creditsLeft(purchase)).toBe(5);
    expect(purchase.validUntil.toISOString()).toBe('2027-01-28T09:30:00.000Z');
    expect(purchasePaidPence(purchase)).toBe(20_300);
  });
});
