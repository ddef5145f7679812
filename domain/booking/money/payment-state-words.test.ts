import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../shared/clock';
import { unwrap } from '../../shared/result';
import type { Booking } from '../lifecycle/booking';
import { BOOKING_STATUSES } from '../../shared/catalogue';
import { at, authorised, completed, confirmedAndCaptured, pendingBooking, STARTS_AT } from '../../testing/booking-fixtures';
import { recordRefund, recordRelease, recordVoid } from '../../payments/payment-records';
import { PAYMENT_STATUSES } from './payment-status';
import { clientPaymentWords } from './payment-state-words';

const cancelled = (b: Booking, by: 'client' | 'coach', hoursBefore: number): Booking => ({ ...b, status: 'cancelled', cancelledBy: by, cancelledAt: at(STARTS_AT, -hoursBefore * HOUR_MS) });
const words = (b: Booking) => clientPaymentWords(b, 'Sam');

describe('the payment state in words on the client card', () => {
  it('says something for every payment status with every booking status', () => {
    for (const paymentStatus of PAYMENT_STATUSES)
      for (const status of BOOKING_STATUSES) {
        const said = words({ ...confirmedAndCaptured(), status, paymentStatus });
        expect(said.label.length).toBeGreaterThan(0);
        expect(said.label).not.toMatch(/undefined|NaN/);
        expect(said.detail ?? '').not.toMatch(/undefined|NaN/);
      }
  });

  it('says an unpaid request is not paid yet and a failed card was not charged', () => {
    expect(words(pendingBooking()).label).toBe('Not paid yet');
    expect(words({ ...pendingBooking(), paymentStatus: 'failed' }).label).toBe('Payment failed: not charged');
    expect(words({ ...pendingBooking(), status: 'cancelled', paymentStatus: 'failed' }).label).toBe('Not charged');
  });

  it('says a paid request is held on the card and charged only if the coach accepts', () => {
    expect(words(authorised(pendingBooking()))).toEqual({
      label: 'Payment held',
      detail: '£53.00 is held on your card. You are charged only if Sam accepts; otherwise the hold is released.',
    });
  });

  it('says a captured payment is paid', () => {
    expect(words(confirmedAndCaptured()).label).toBe('Paid');
    expect(words(unwrap(recordRelease(completed(), at(STARTS_AT, 72 * HOUR_MS)))).label).toBe('Paid');
  });

  it('says a released hold was not charged', () => {
    const declined = { ...cancelled(authorised(pendingBooking()), 'coach', 48), declined: true };
    expect(words(declined).label).toBe('Not charged: the hold is being released');
    expect(words(unwrap(recordVoid(declined, at(STARTS_AT, -47 * HOUR_MS)))).label).toBe('Not charged: the hold was released');
  });

  it('says a late cancellation refunds the admin fee, first on its way and then done', () => {
    const late = cancelled(confirmedAndCaptured(), 'client', 3);
    expect(words(late).label).toBe('Refund of £3.00 on its way');
    expect(words(unwrap(recordRefund(late, { amountPence: 300 }, at(STARTS_AT, -2 * HOUR_MS))))).toEqual({ label: 'Refunded £3.00', detail: '£50.00 paid.' });
  });

  it('says a full refund in pounds', () => {
    const early = cancelled(confirmedAndCaptured(), 'client', 48);
    expect(words(unwrap(recordRefund(early, { amountPence: 5300 }, at(STARTS_AT, -47 * HOUR_MS)))).label).toBe('Refunded £53.00');
  });

  it('reads a session of a card-paid weekly series as a card payment, and a package series’ session as its package', () => {
    const paid = confirmedAndCaptured();
    const series = '55555555-5555-4555-8555-555555555555';
    expect(clientPaymentWords({ ...paid, seriesId: series, packagePurchaseId: series }, 'Sam').label).toBe('Paid');
    expect(clientPaymentWords({ ...paid, seriesId: series, packagePurchaseId: '66666666-6666-4666-8666-666666666666' }, 'Sam').label).toBe('Paid with your package');
  });
});
