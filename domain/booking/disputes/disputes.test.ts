import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../shared/clock';
import { unwrap } from '../../shared/result';
import { availableActions } from '../lifecycle/available-actions';
import { openDispute, refundablePence, resolveDispute } from './disputes';
import { markArrival } from '../session-progress/session-progress';
import { admin, at, authorised, client, coach, completed, confirmedAndCaptured, inSession, NOW, pendingBooking, RATE_PENCE, stranger, STARTS_AT } from '../../testing/booking-fixtures';

const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'OK' : r.error?.code);
const TOTAL = RATE_PENCE + 300;
const disputed = () => unwrap(openDispute(completed(), client, { description: 'Coach left after 10 minutes' }, NOW));

describe('reporting an issue', () => {
  it('disputes a completed session and records who, when and why', () => {
    expect(disputed()).toMatchObject({
      status: 'disputed',
      disputeStatus: 'open',
      disputeReason: 'Coach left after 10 minutes',
      disputeOpenedBy: client.userId,
      disputeOpenedAt: NOW,
    });
  });

  it('works from a session in progress, for either party', () => {
    expect(code(openDispute(inSession(), coach, { description: 'Client did not turn up' }, NOW))).toBe('OK');
  });

  it('counts a started session not yet saved as in progress', () => {
    const arrived = unwrap(markArrival(confirmedAndCaptured(), client, at(STARTS_AT, -MINUTE_MS)));
    expect(code(openDispute(arrived, client, { description: 'No coach' }, at(STARTS_AT, 20 * MINUTE_MS)))).toBe('OK');
  });

  it('needs a description of at most 2000 characters', () => {
    const r = openDispute(completed(), client, { description: ' ' }, NOW);
    expect(!r.ok && r.error).toMatchObject({ kind: 'invalid', code: 'DESCRIPTION_REQUIRED', message: 'Please describe the issue.' });
    expect(code(openDispute(completed(), client, { description: 'x'.repeat(2001) }, NOW))).toBe('DESCRIPTION_TOO_LONG');
  });

  it('is refused before the session started', () => {
    expect(code(openDispute(confirmedAndCaptured(), client, { description: 'x' }, NOW))).toBe('DISPUTE_NOT_ALLOWED');
    expect(code(openDispute(pendingBooking(), client, { description: 'x' }, NOW))).toBe('DISPUTE_NOT_ALLOWED');
  });

  it('happens once per booking', () => {
    expect(code(openDispute(disputed(), coach, { description: 'x' }, NOW))).toBe('DISPUTE_EXISTS');
    const resolved = unwrap(resolveDispute(disputed(), admin, { outcome: 'release' }, NOW)).booking;
    expect(code(openDispute(resolved, client, { description: 'x' }, NOW))).toBe('DISPUTE_EXISTS');
  });

  it('is for the parties only', () => {
    expect(code(openDispute(completed(), admin, { description: 'x' }, NOW))).toBe('PARTY_ONLY');
    expect(code(openDispute(completed(), stranger, { description: 'x' }, NOW))).toBe('NOT_BOOKING_PARTY');
  });
});

describe('resolving a dispute', () => {
  it('refunds everything held on a full refund and keeps the decision', () => {
    const r = unwrap(resolveDispute(disputed(), admin, { outcome: 'refund_full', note: 'Coach no-show' }, NOW));
    expect(r.effects).toEqual([{ kind: 'refund', amountPence: TOTAL, reason: 'dispute' }]);
    expect(r.booking).toMatchObject({
      status: 'completed',
      disputeStatus: 'resolved',
      disputeOutcome: 'refund_full',
      disputeRefundPence: TOTAL,
      disputeResolutionNote: 'Coach no-show',
      disputeResolvedBy: admin.userId,
      disputeResolvedAt: NOW,
    });
  });

  it('refunds a part up to what is refundable', () => {
    const r = unwrap(resolveDispute(disputed(), admin, { outcome: 'refund_partial', refundPence: 2000 }, NOW));
    expect(r.effects).toEqual([{ kind: 'refund', amountPence: 2000, reason: 'dispute' }]);
    expect(r.booking.disputeRefundPence).toBe(2000);
    for (const bad of [0, -1, TOTAL + 1, 10.5, null]) {
      const f = resolveDispute(disputed(), admin, { outcome: 'refund_partial', refundPence: bad }, NOW);
      expect(!f.ok && f.error).toMatchObject({ code: 'REFUND_AMOUNT_INVALID', message: 'Enter a refund amount between £0.01 and £53.00.' });
    }
  });

  it('releases to the coach', () => {
    const r = unwrap(resolveDispute(disputed(), admin, { outcome: 'release' }, NOW));
    expect(r.effects).toEqual([{ kind: 'release' }]);
    expect(r.booking).toMatchObject({ disputeOutcome: 'release', disputeRefundPence: null });
  });

  it('refuses a refund when nothing was paid', () => {
    const unpaid = unwrap(openDispute({ ...inSession(pendingBooking()), status: 'in_session' }, client, { description: 'x' }, NOW));
    expect(code(resolveDispute(unpaid, admin, { outcome: 'refund_full' }, NOW))).toBe('NOTHING_TO_REFUND');
    expect(unwrap(resolveDispute(unpaid, admin, { outcome: 'release' }, NOW)).effects).toEqual([]);
  });

  it('counts a hold not yet captured as refundable', () => {
    expect(refundablePence(authorised(pendingBooking()))).toBe(TOTAL);
    expect(refundablePence(pendingBooking())).toBe(0);
  });

  it('is for administrators only, on an open dispute', () => {
    expect(code(resolveDispute(disputed(), client, { outcome: 'release' }, NOW))).toBe('ADMIN_ONLY');
    expect(code(resolveDispute(disputed(), stranger, { outcome: 'release' }, NOW))).toBe('NOT_BOOKING_PARTY');
    expect(code(resolveDispute(completed(), admin, { outcome: 'release' }, NOW))).toBe('NO_OPEN_DISPUTE');
  });

  it('refuses a note over 2000 characters', () => {
    expect(code(resolveDispute(disputed(), admin, { outcome: 'release', note: 'x'.repeat(2001) }, NOW))).toBe('NOTE_TOO_LONG');
  });
});

describe('the window for reporting an issue (decision 012)', () => {
  it('refuses an issue once the payment has been released to the coach, and the button is no longer offered', () => {
    const done = completed();
    const released = { ...done, paymentStatus: 'released' as const, paymentReleasedAt: NOW };
    expect(openDispute(done, client, { description: 'The coach never came' }, NOW).ok).toBe(true);
    expect(openDispute(released, client, { description: 'The coach never came' }, NOW)).toMatchObject({ ok: false, error: { code: 'DISPUTE_WINDOW_CLOSED', kind: 'conflict' } });
    expect(availableActions(released, client, NOW)).not.toContain('report_issue');
  });
});
