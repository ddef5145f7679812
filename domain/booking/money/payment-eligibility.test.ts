import { describe, expect, it } from 'vitest';
import { admin, authorised, client, coach, completed, pendingBooking, stranger } from '../../testing/booking-fixtures';
import { checkCanPay } from './payment-eligibility';

const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'OK' : r.error?.code);

describe('who may pay', () => {
  it('lets the client pay their pending or confirmed booking', () => {
    expect(code(checkCanPay(pendingBooking(), client, 'client'))).toBe('OK');
    expect(code(checkCanPay({ ...pendingBooking(), status: 'confirmed' }, client, 'client'))).toBe('OK');
    expect(code(checkCanPay({ ...pendingBooking(), paymentStatus: 'failed' }, client, 'client'))).toBe('OK');
  });

  it('refuses to take payment twice', () => {
    expect(code(checkCanPay(authorised(pendingBooking()), client, 'client'))).toBe('ALREADY_PAID');
    expect(code(checkCanPay(completed(), admin, 'admin'))).toBe('ALREADY_PAID');
  });

  it('refuses the coach and strangers', () => {
    expect(code(checkCanPay(pendingBooking(), coach, 'client'))).toBe('NOT_BOOKING_CLIENT');
    expect(code(checkCanPay(pendingBooking(), stranger, 'client'))).toBe('NOT_BOOKING_PARTY');
    expect(code(checkCanPay(pendingBooking(), client, 'admin'))).toBe('ADMIN_ONLY');
  });

  it('lets an administrator take payment on any booking not cancelled', () => {
    expect(code(checkCanPay({ ...completed(pendingBooking()) }, admin, 'admin'))).toBe('OK');
    expect(code(checkCanPay({ ...pendingBooking(), status: 'cancelled' }, admin, 'admin'))).toBe('PAYMENT_NOT_ALLOWED');
    expect(code(checkCanPay({ ...pendingBooking(), status: 'in_session' }, client, 'client'))).toBe('PAYMENT_NOT_ALLOWED');
  });
});
