import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../shared/clock';
import { unwrap } from '../../shared/result';
import { accountEndOutcome, ACCOUNT_ENDED_REASON, cancelForEndedAccount } from './account-end';
import type { Booking } from '../lifecycle/booking';
import { at, authorised, completed, confirmedAndCaptured, inSession, NOW, pendingBooking, withPatch } from '../../testing/booking-fixtures';

const future = (hoursAhead: number): Booking => confirmedAndCaptured(pendingBooking({ startsAt: at(NOW, hoursAhead * HOUR_MS) }));
const disputed = (): Booking => withPatch(completed(), { status: 'disputed', disputeStatus: 'open', disputeReason: 'No show', disputeOpenedAt: NOW });

describe('which bookings an ended account settles', () => {
  it("declines an ended coach's pending request and withdraws an ended client's", () => {
    const request = authorised(pendingBooking());
    expect(accountEndOutcome(request, 'coach', NOW)).toEqual({ outcome: 'declined' });
    expect(accountEndOutcome(request, 'client', NOW)).toEqual({ outcome: 'cancelled' });
  });

  it('cancels a confirmed session that has not started, for either party', () => {
    expect(accountEndOutcome(future(2), 'client', NOW)).toEqual({ outcome: 'cancelled' });
    expect(accountEndOutcome(future(2), 'coach', NOW)).toEqual({ outcome: 'cancelled' });
  });

  it('leaves sessions under way, in dispute or past their start for an administrator', () => {
    expect(accountEndOutcome(inSession(), 'client', at(inSession().startsAt, 10 * 60_000))).toEqual({ outcome: 'left', why: 'in_session' });
    expect(accountEndOutcome(disputed(), 'coach', NOW)).toEqual({ outcome: 'left', why: 'disputed' });
    const started = future(1);
    expect(accountEndOutcome(started, 'client', at(started.startsAt, 1))).toEqual({ outcome: 'left', why: 'started' });
    expect(accountEndOutcome(started, 'client', started.startsAt)).toEqual({ outcome: 'left', why: 'started' });
  });

  it('leaves finished bookings as they are', () => {
    expect(accountEndOutcome(completed(), 'client', NOW)).toEqual({ outcome: 'untouched' });
    expect(accountEndOutcome(withPatch(pendingBooking(), { status: 'cancelled' }), 'coach', NOW)).toEqual({ outcome: 'untouched' });
  });
});

describe('cancelForEndedAccount', () => {
  it("declines the ended coach's request as the system, voiding the hold", () => {
    const change = unwrap(cancelForEndedAccount(authorised(pendingBooking()), 'coach', NOW));
    expect(change.outcome).toBe('declined');
    expect(change.booking).toMatchObject({ status: 'cancelled', cancelledBy: 'system', declined: true, cancellationReason: ACCOUNT_ENDED_REASON.coach, cancelledAt: NOW });
    expect(change.effects).toEqual([{ kind: 'void' }]);
    expect(change.settlement).toMatchObject({ rule: 'before_acceptance', refundPence: 5300, keptPence: 0 });
  });

  it("withdraws the ended client's request as the system (not a decline), voiding the hold", () => {
    const change = unwrap(cancelForEndedAccount(authorised(pendingBooking()), 'client', NOW));
    expect(change.outcome).toBe('cancelled');
    expect(change.booking).toMatchObject({ status: 'cancelled', cancelledBy: 'system', declined: false, cancellationReason: ACCOUNT_ENDED_REASON.client });
    expect(change.effects).toEqual([{ kind: 'void' }]);
  });

  it("refunds the client in full when the coach's account ends, however close the session", () => {
    for (const hours of [1, 23, 24, 72]) {
      const change = unwrap(cancelForEndedAccount(future(hours), 'coach', NOW));
      expect(change.booking).toMatchObject({ status: 'cancelled', cancelledBy: 'coach', declined: false, cancellationReason: ACCOUNT_ENDED_REASON.coach });
      expect(change.settlement).toMatchObject({ rule: 'coach_or_platform', refundPence: 5300, keptPence: 0 });
      expect(change.effects).toEqual([{ kind: 'void' }]);
    }
  });

  it("follows the client's cancellation policy when the client's account ends: early is a full refund, late leaves the session price to the coach", () => {
    const early = unwrap(cancelForEndedAccount(future(24), 'client', NOW));
    expect(early.booking).toMatchObject({ cancelledBy: 'client' });
    expect(early.settlement).toMatchObject({ rule: 'client_early', refundPence: 5300, keptPence: 0 });
    const late = unwrap(cancelForEndedAccount(future(23), 'client', NOW));
    expect(late.booking).toMatchObject({ cancelledBy: 'client' });
    expect(late.settlement).toMatchObject({ rule: 'client_late', refundPence: 300, keptPence: 5000 });
    expect(late.effects).toEqual([{ kind: 'refund', amountPence: 300, reason: 'cancellation' }]);
  });

  it('refuses what is left for an administrator', () => {
    const session = inSession();
    expect(cancelForEndedAccount(session, 'client', at(session.startsAt, 60_000))).toMatchObject({ ok: false, error: { code: 'BOOKING_NOT_CANCELLABLE' } });
    expect(cancelForEndedAccount(disputed(), 'coach', NOW)).toMatchObject({ ok: false, error: { code: 'BOOKING_NOT_CANCELLABLE' } });
    expect(cancelForEndedAccount(completed(), 'coach', NOW)).toMatchObject({ ok: false, error: { code: 'BOOKING_NOT_CANCELLABLE' } });
  });

  it('always splits what was paid between refund and coach, never more (any start, either party)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 * 90 }), fc.constantFrom('client' as const, 'coach' as const), (hours, party) => {
        const b = future(hours);
        const change = unwrap(cancelForEndedAccount(b, party, NOW));
        expect(change.settlement.refundPence + change.settlement.keptPence).toBe(b.totalPricePence);
        if (party === 'coach') expect(change.settlement.keptPence).toBe(0);
      }),
    );
  });
});
