import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../shared/clock';
import { unwrap } from '../../shared/result';
import { paymentHeldUntilFor } from '../money/payment-hold';
import { acceptReschedule, declineReschedule, proposeReschedule, rescheduleViewFor } from './reschedule';
import { markArrival } from '../session-progress/session-progress';
import { admin, at, client, coach, completed, confirmedAndCaptured, NOW, pendingBooking, stranger, STARTS_AT } from '../../testing/booking-fixtures';

const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'OK' : r.error?.code);
const NEW_START = at(STARTS_AT, 2 * DAY_MS);
const proposed = (by = client, b = confirmedAndCaptured()) => unwrap(proposeReschedule(b, by, { proposedStartsAt: NEW_START, reason: ' Exams ' }, NOW));

describe('proposing a new time', () => {
  it('records the proposer, the time and the reason as pending', () => {
    expect(proposed()).toMatchObject({
      rescheduleRequestedBy: client.userId,
      rescheduleStatus: 'pending',
      rescheduleProposedStartsAt: NEW_START,
      rescheduleReason: 'Exams',
      startsAt: STARTS_AT,
    });
  });

  it('is open to either party on a pending or confirmed booking', () => {
    expect(code(proposeReschedule(pendingBooking(), coach, { proposedStartsAt: NEW_START }, NOW))).toBe('OK');
    expect(code(proposeReschedule(confirmedAndCaptured(), coach, { proposedStartsAt: NEW_START }, NOW))).toBe('OK');
  });

  it('needs both date and time', () => {
    for (const value of [null, undefined, new Date('nope')]) {
      const r = proposeReschedule(confirmedAndCaptured(), client, { proposedStartsAt: value }, NOW);
      expect(!r.ok && r.error).toMatchObject({ kind: 'invalid', code: 'RESCHEDULE_DATE_REQUIRED', message: 'Please select both date and time' });
    }
  });

  it('needs a time in the future and within 90 days', () => {
    expect(code(proposeReschedule(confirmedAndCaptured(), client, { proposedStartsAt: NOW }, NOW))).toBe('RESCHEDULE_DATE_IN_PAST');
    expect(code(proposeReschedule(confirmedAndCaptured(), client, { proposedStartsAt: at(NOW, 95 * DAY_MS) }, NOW))).toBe('RESCHEDULE_TOO_FAR_AHEAD');
  });

  it('keeps the reason optional but at most 500 characters', () => {
    expect(proposeReschedule(confirmedAndCaptured(), client, { proposedStartsAt: NEW_START, reason: '  ' }, NOW)).toMatchObject({ ok: true, value: { rescheduleReason: null } });
    expect(code(proposeReschedule(confirmedAndCaptured(), client, { proposedStartsAt: NEW_START, reason: 'x'.repeat(501) }, NOW))).toBe('REASON_TOO_LONG');
  });

  it('allows one pending proposal at a time', () => {
    expect(code(proposeReschedule(proposed(), coach, { proposedStartsAt: NEW_START }, NOW))).toBe('RESCHEDULE_ALREADY_PENDING');
  });

  it('allows a new proposal once the last one was answered', () => {
    const declined = unwrap(declineReschedule(proposed(), coach, NOW));
    expect(code(proposeReschedule(declined, client, { proposedStartsAt: NEW_START }, NOW))).toBe('OK');
  });

  it('is refused once someone has arrived, or the session is over', () => {
    const arrived = unwrap(markArrival(confirmedAndCaptured(), coach, at(STARTS_AT, -MINUTE_MS)));
    expect(code(proposeReschedule(arrived, client, { proposedStartsAt: NEW_START }, NOW))).toBe('RESCHEDULE_NOT_ALLOWED');
    expect(code(proposeReschedule(completed(), client, { proposedStartsAt: NEW_START }, NOW))).toBe('RESCHEDULE_NOT_ALLOWED');
  });

  it('is for the parties only', () => {
    expect(code(proposeReschedule(confirmedAndCaptured(), admin, { proposedStartsAt: NEW_START }, NOW))).toBe('PARTY_ONLY');
    expect(code(proposeReschedule(confirmedAndCaptured(), stranger, { proposedStartsAt: NEW_START }, NOW))).toBe('NOT_BOOKING_PARTY');
  });
});

describe('answering a proposal', () => {
  it('moves the session and its payment hold when the other party accepts', () => {
    const moved = unwrap(acceptReschedule(proposed(), coach, NOW));
    expect(moved).toMatchObject({ startsAt: NEW_START, rescheduleStatus: 'accepted' });
    expect(moved.paymentHeldUntil).toEqual(paymentHeldUntilFor(moved));
  });

  it('keeps the original time when the other party declines', () => {
    const kept = unwrap(declineReschedule(proposed(coach), client, NOW));
    expect(kept).toMatchObject({ startsAt: STARTS_AT, rescheduleStatus: 'declined' });
  });

  it('is refused to the proposer', () => {
    const r = acceptReschedule(proposed(), client, NOW);
    expect(!r.ok && r.error).toMatchObject({ kind: 'forbidden', code: 'PROPOSER_CANNOT_RESPOND' });
    expect(code(declineReschedule(proposed(), client, NOW))).toBe('PROPOSER_CANNOT_RESPOND');
  });

  it('needs a pending proposal', () => {
    expect(code(acceptReschedule(confirmedAndCaptured(), coach, NOW))).toBe('NO_PENDING_RESCHEDULE');
    expect(code(declineReschedule(unwrap(acceptReschedule(proposed(), coach, NOW)), coach, NOW))).toBe('NO_PENDING_RESCHEDULE');
  });

  it('cannot accept a proposed time that has passed, but can decline it', () => {
    const late = at(NEW_START, HOUR_MS);
    expect(code(acceptReschedule(proposed(), coach, late))).toBe('RESCHEDULE_EXPIRED');
    expect(code(declineReschedule(proposed(), coach, late))).toBe('OK');
  });

  it('is for the parties only', () => {
    expect(code(acceptReschedule(proposed(), admin, NOW))).toBe('PARTY_ONLY');
    expect(code(declineReschedule(proposed(), stranger, NOW))).toBe('NOT_BOOKING_PARTY');
  });

  it('shows the proposer only their pending request and the other party a review', () => {
    const b = proposed();
    expect(rescheduleViewFor(b, client)).toBe('awaiting_other_party');
    expect(rescheduleViewFor(b, coach)).toBe('review');
    expect(rescheduleViewFor(b, admin)).toBe('none');
    expect(rescheduleViewFor(confirmedAndCaptured(), coach)).toBe('none');
  });
});
