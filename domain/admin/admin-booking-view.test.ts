import { describe, expect, it } from 'vitest';
import { takePaymentOffer } from './admin-booking-view';

describe('takePaymentOffer', () => {
  it('offers Take Payment while nothing is held and the booking is not cancelled', () => {
    expect(takePaymentOffer({ status: 'pending', paymentStatus: 'pending' })).toEqual({ offered: true });
    expect(takePaymentOffer({ status: 'confirmed', paymentStatus: 'failed' })).toEqual({ offered: true });
    expect(takePaymentOffer({ status: 'completed', paymentStatus: 'pending' })).toEqual({ offered: true });
  });

  it('does not offer it on a cancelled booking or once money is held or settled', () => {
    expect(takePaymentOffer({ status: 'cancelled', paymentStatus: 'pending' }).offered).toBe(false);
    for (const paymentStatus of ['authorized', 'captured', 'released', 'refunded', 'partially_refunded', 'voided'])
      expect(takePaymentOffer({ status: 'confirmed', paymentStatus }).offered).toBe(false);
  });
});
