import { describe, expect, it } from 'vitest';
import { cancellationMoneyWords, packageCancellationWords, rescheduleMoneyWords } from './money-words';

describe('what a cancellation does with the money, in words', () => {
  it('tells the client of a late cancellation the refund and what the coach keeps', () => {
    expect(cancellationMoneyWords({ paidPence: 4300, heldOnly: false, refundPence: 300, keptPence: 4000 }, 'client', 'Sam')).toBe(
      'Less than 24 hours before the start: you are refunded £3.00 (the admin fee) and £40.00 (the session price) goes to Sam.',
    );
  });

  it('tells the client of a request that the hold is released', () => {
    expect(cancellationMoneyWords({ paidPence: 4300, heldOnly: true, refundPence: 4300, keptPence: 0 }, 'client', 'Sam')).toBe('The £43.00 held on your card is released; nothing is taken.');
  });

  it('tells the client of an early cancellation the full refund', () => {
    expect(cancellationMoneyWords({ paidPence: 4300, heldOnly: false, refundPence: 4300, keptPence: 0 }, 'client', 'Sam')).toBe('You get a full refund of £43.00.');
  });

  it('tells the coach that declining releases the hold and earns nothing', () => {
    expect(cancellationMoneyWords({ paidPence: 4300, heldOnly: true, refundPence: 4300, keptPence: 0 }, 'coach', 'Alex')).toBe(
      'Alex is not charged: the £43.00 held on their card is released. You earn nothing from this session.',
    );
  });

  it('says no money moves when nothing was paid', () => {
    expect(cancellationMoneyWords({ paidPence: 0, heldOnly: false, refundPence: 0, keptPence: 0 }, 'coach', 'Alex')).toBe('Alex has not paid, so no money moves.');
    expect(cancellationMoneyWords({ paidPence: 0, heldOnly: false, refundPence: 0, keptPence: 0 }, 'client', 'Sam')).toBe('No payment has been taken, so nothing is refunded.');
  });

  it('tells the client of a package session that a late cancellation uses it, and an early one gives it back', () => {
    expect(packageCancellationWords({ paidPence: 4000, heldOnly: false, refundPence: 0, keptPence: 4000 }, 'client', 'Sam')).toBe(
      'This session of your package is used and Sam is paid for it. Nothing is refunded.',
    );
    expect(packageCancellationWords({ paidPence: 4000, heldOnly: false, refundPence: 4000, keptPence: 0 }, 'client', 'Sam')).toBe(
      'This session goes back to your package: you can book it again. No card money moves.',
    );
  });

  it('tells the coach of a package session that declining or cancelling gives it back to the client and earns nothing', () => {
    expect(packageCancellationWords({ paidPence: 4000, heldOnly: false, refundPence: 4000, keptPence: 0 }, 'coach', 'Alex')).toBe(
      'The session goes back to Alex’s package. You earn nothing from this session.',
    );
  });

  it('tells the client of a new time when free cancellation then ends, and the coach that no money moves', () => {
    const card = { otherPartyName: 'Sam', totalPricePence: 4300, adminFeePence: 300 };
    expect(rescheduleMoneyWords({ ...card, viewerIs: 'client' }, '2026-12-03T18:00', new Date('2026-12-01T09:00:00Z'))).toBe(
      'A new time moves no money: nothing is charged or refunded now. Once the new time is agreed, cancelling is free until Wed 2 Dec, 18:00; after that £40.00 goes to the coach and £3.00 is refunded.',
    );
    expect(rescheduleMoneyWords({ ...card, viewerIs: 'coach', otherPartyName: 'Alex' }, null)).toBe(
      'A new time moves no money: nothing is charged or refunded now. If you cancel later, Alex gets a full refund.',
    );
  });

  it('promises no free cancellation for a new time that starts within 24 hours', () => {
    const card = { otherPartyName: 'Sam', totalPricePence: 4300, adminFeePence: 300, viewerIs: 'client' as const };
    expect(rescheduleMoneyWords(card, '2026-12-03T18:00', new Date('2026-12-02T19:00:00Z'))).toBe(
      'A new time moves no money: nothing is charged or refunded now. The new time starts within 24 hours: once it is agreed, cancelling no longer refunds the session price; £40.00 goes to the coach and £3.00 is refunded.',
    );
  });
});
