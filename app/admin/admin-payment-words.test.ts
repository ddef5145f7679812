import { describe, expect, it } from 'vitest';
import { adminPaymentWords } from './admin-payment-words';

describe('adminPaymentWords', () => {
  it('names a partial dispute refund and the rest paid to the coach, not the whole price as paid', () => {
    expect(adminPaymentWords({ paymentStatus: 'released', refund: { refundedPence: 1050, capturedPence: 4300 } })).toBe('£10.50 refunded · £32.50 paid to coach');
  });

  it('says the rest is held while the platform still holds it', () => {
    expect(adminPaymentWords({ paymentStatus: 'partially_refunded', refund: { refundedPence: 300, capturedPence: 4300 } })).toBe('£3.00 refunded · £40.00 held');
  });

  it('says only the refund when everything went back', () => {
    expect(adminPaymentWords({ paymentStatus: 'refunded', refund: { refundedPence: 4300, capturedPence: 4300 } })).toBe('£43.00 refunded');
  });

  it('keeps the plain state word when nothing was refunded', () => {
    expect(adminPaymentWords({ paymentStatus: 'released' })).toBe('Paid to coach');
    expect(adminPaymentWords({ paymentStatus: 'captured' })).toBe('Held');
    expect(adminPaymentWords({ paymentStatus: 'pending', refund: { refundedPence: 0, capturedPence: 0 } })).toBe('Not paid');
  });
});
