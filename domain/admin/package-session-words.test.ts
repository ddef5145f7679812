import { describe, expect, it } from 'vitest';
import { packageLine, packageName, packagePaymentWords, type BookingPackage } from './package-session-words';

const pkg = (over: Partial<BookingPackage> = {}): BookingPackage => ({
  purchaseId: 'p1',
  title: null,
  sessions: 5,
  durationMinutes: 60,
  clientId: 'c1',
  clientName: 'Carl Credits',
  session: 2,
  credit: 'booked',
  ...over,
});
const money = (over: Partial<Parameters<typeof packagePaymentWords>[1]> = {}) => ({ status: 'confirmed', paymentStatus: 'captured', amountCapturedPence: 4000, amountRefundedPence: 0, ...over });

describe('package session words', () => {
  it('names the package by its terms, and by its title when it has one', () => {
    expect(packageName(pkg())).toBe('5 × 60 min');
    expect(packageName(pkg({ title: 'Summer block' }))).toBe('Summer block (5 × 60 min)');
  });

  it('says which session of the package it is and who bought it', () => {
    expect(packageLine(pkg({ title: 'Summer block' }))).toBe('Summer block (5 × 60 min) · session 2 of 5 · bought by Carl Credits');
    expect(packageLine(pkg({ clientName: ' ' }))).toBe('5 × 60 min · session 2 of 5 · bought by Unnamed');
  });

  it('says where the credit went once the session no longer holds it', () => {
    expect(packageLine(pkg({ session: null, credit: 'returned' }))).toBe('5 × 60 min · its credit went back to the package · bought by Carl Credits');
    expect(packageLine(pkg({ session: null, credit: 'refunded' }))).toBe('5 × 60 min · its credit was refunded · bought by Carl Credits');
  });

  it('says a credit paid for the session, never a card hold', () => {
    expect(packagePaymentWords(pkg(), money())).toBe('Paid with a package credit');
    expect(packagePaymentWords(pkg({ credit: 'released' }), money({ status: 'completed', paymentStatus: 'released' }))).toBe('Paid with a package credit · paid to coach');
    expect(packagePaymentWords(pkg({ credit: 'used' }), money({ status: 'cancelled' }))).toBe('Paid with a package credit · used: cancelled late');
  });

  it('says a declined or early-cancelled session gave its credit back, though the booking reads refunded', () => {
    expect(packagePaymentWords(pkg({ session: null, credit: 'returned' }), money({ status: 'cancelled', paymentStatus: 'refunded', amountRefundedPence: 4000 }))).toBe(
      'Credit returned to the package',
    );
  });

  it('says what a dispute refunded to the card, and where the rest is', () => {
    expect(packagePaymentWords(pkg({ session: null, credit: 'refunded' }), money({ status: 'completed', paymentStatus: 'refunded', amountRefundedPence: 4000 }))).toBe('£40.00 refunded to the card');
    expect(packagePaymentWords(pkg({ credit: 'released' }), money({ status: 'completed', paymentStatus: 'released', amountRefundedPence: 1000 }))).toBe(
      '£10.00 refunded to the card · £30.00 paid to coach',
    );
    expect(packagePaymentWords(pkg(), money({ status: 'completed', paymentStatus: 'partially_refunded', amountRefundedPence: 1000 }))).toBe('£10.00 refunded to the card · £30.00 held');
  });
});
