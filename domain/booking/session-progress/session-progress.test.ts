import { describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../shared/clock';
import { unwrap } from '../../shared/result';
import type { Booking } from '../lifecycle/booking';
import { advanceSession, autoComplete, autoCompleteDueAt, isAutoCompleteDue, markArrival, markCompletion, sessionProgressState, showsSessionProgress } from './session-progress';
import { admin, at, client, coach, completed, confirmedAndCaptured, inSession, NOW, pendingBooking, stranger, STARTS_AT } from '../../testing/booking-fixtures';

const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'OK' : r.error?.code);
const beforeStart = at(STARTS_AT, -10 * MINUTE_MS);
const afterStart = at(STARTS_AT, 10 * MINUTE_MS);
const end = at(STARTS_AT, HOUR_MS);

describe('marking arrival', () => {
  it('records the client’s arrival and shows arrival pending until the coach arrives', () => {
    const b = unwrap(markArrival(confirmedAndCaptured(), client, beforeStart));
    expect(b).toMatchObject({ status: 'confirmed', clientArrivedAt: beforeStart, coachArrivedAt: null });
    expect(sessionProgressState(b, beforeStart)).toBe('arrival_pending');
  });

  it('starts the session when both have arrived, even before the scheduled start', () => {
    const once = unwrap(markArrival(confirmedAndCaptured(), client, at(beforeStart, -MINUTE_MS)));
    const both = unwrap(markArrival(once, coach, beforeStart));
    expect(both).toMatchObject({ status: 'in_session', sessionStartedAt: beforeStart });
    expect(sessionProgressState(both, beforeStart)).toBe('in_session');
  });

  it('starts the session when the start has passed and one party has arrived', () => {
    const b = unwrap(markArrival(confirmedAndCaptured(), coach, afterStart));
    expect(b).toMatchObject({ status: 'in_session', sessionStartedAt: afterStart, coachArrivedAt: afterStart });
  });

  it('starts the session at the scheduled start when the one arrival came earlier', () => {
    const early = unwrap(markArrival(confirmedAndCaptured(), coach, beforeStart));
    expect(sessionProgressState(early, afterStart)).toBe('in_session');
    expect(advanceSession(early, afterStart)).toMatchObject({ status: 'in_session', sessionStartedAt: STARTS_AT });
  });

  it('lets the other party still mark a late arrival once the session runs', () => {
    const started = unwrap(markArrival(confirmedAndCaptured(), coach, afterStart));
    const late = unwrap(markArrival(started, client, at(afterStart, MINUTE_MS)));
    expect(late.clientArrivedAt).toEqual(at(afterStart, MINUTE_MS));
    expect(late.sessionStartedAt).toEqual(afterStart);
  });

  it('refuses a second mark by the same party', () => {
    const b = unwrap(markArrival(confirmedAndCaptured(), client, beforeStart));
    const r = markArrival(b, client, beforeStart);
    expect(!r.ok && r.error).toMatchObject({ kind: 'conflict', code: 'ALREADY_ARRIVED', message: 'You have already marked your arrival.' });
  });

  it('opens an hour before the start', () => {
    expect(code(markArrival(confirmedAndCaptured(), client, at(STARTS_AT, -HOUR_MS - 1)))).toBe('ARRIVAL_TOO_EARLY');
    expect(code(markArrival(confirmedAndCaptured(), client, at(STARTS_AT, -HOUR_MS)))).toBe('OK');
  });

  it('is only for a confirmed session', () => {
    expect(code(markArrival(pendingBooking(), client, beforeStart))).toBe('ARRIVAL_NOT_ALLOWED');
    expect(code(markArrival(completed(), client, beforeStart))).toBe('ARRIVAL_NOT_ALLOWED');
  });

  it('is for the parties only', () => {
    expect(code(markArrival(confirmedAndCaptured(), admin, beforeStart))).toBe('PARTY_ONLY');
    expect(code(markArrival(confirmedAndCaptured(), stranger, beforeStart))).toBe('NOT_BOOKING_PARTY');
  });
});

describe('marking completion', () => {
  it('completes the session when both have marked it at or after the scheduled end', () => {
    const once = unwrap(markCompletion(inSession(), coach, {}, end));
    expect(once).toMatchObject({ status: 'in_session', coachCompletedAt: end, clientCompletedAt: null });
    const both = unwrap(markCompletion(once, client, {}, at(end, MINUTE_MS)));
    expect(both).toMatchObject({ status: 'completed', completedAt: at(end, MINUTE_MS) });
    expect(sessionProgressState(both, end)).toBe('completed');
  });

  it('needs a reason before the scheduled end and keeps the first one', () => {
    const early = at(end, -MINUTE_MS);
    const r = markCompletion(inSession(), client, {}, early);
    expect(!r.ok && r.error).toMatchObject({ kind: 'invalid', code: 'REASON_REQUIRED', message: 'Please provide a reason for completing the session early.' });
    const once = unwrap(markCompletion(inSession(), client, { earlyReason: 'Rain' }, early));
    const both = unwrap(markCompletion(once, coach, { earlyReason: 'Pitch closed' }, early));
    expect(both).toMatchObject({ status: 'completed', earlyCompletionReason: 'Rain' });
  });

  it('refuses a second mark by the same party', () => {
    const once = unwrap(markCompletion(inSession(), client, {}, end));
    expect(code(markCompletion(once, client, {}, end))).toBe('ALREADY_COMPLETED');
  });

  it('is only for a session in progress', () => {
    expect(code(markCompletion(confirmedAndCaptured(), client, {}, end))).toBe('SESSION_NOT_IN_PROGRESS');
    expect(code(markCompletion(completed(), client, {}, end))).toBe('SESSION_NOT_IN_PROGRESS');
  });

  it('counts a started session that was not yet saved as in progress', () => {
    const arrived = unwrap(markArrival(confirmedAndCaptured(), coach, beforeStart));
    expect(unwrap(markCompletion(arrived, coach, {}, end)).status).toBe('in_session');
  });

  it('is for the parties only', () => {
    expect(code(markCompletion(inSession(), admin, {}, end))).toBe('PARTY_ONLY');
    expect(code(markCompletion(inSession(), stranger, {}, end))).toBe('NOT_BOOKING_PARTY');
  });
});

describe('automatic completion', () => {
  it('is due 24 hours after the scheduled end', () => {
    const b = inSession();
    expect(autoCompleteDueAt(b)).toEqual(at(end, 24 * HOUR_MS));
    expect(isAutoCompleteDue(b, at(end, 24 * HOUR_MS - 1))).toBe(false);
    expect(isAutoCompleteDue(b, at(end, 24 * HOUR_MS))).toBe(true);
    expect(unwrap(autoComplete(b, at(end, 24 * HOUR_MS)))).toMatchObject({ status: 'completed', completedAt: at(end, 24 * HOUR_MS) });
  });

  it('also completes a confirmed session nobody marked', () => {
    expect(unwrap(autoComplete(confirmedAndCaptured(), at(end, 25 * HOUR_MS))).status).toBe('completed');
  });

  it('never completes a disputed, pending, cancelled or completed booking', () => {
    const later = at(end, 48 * HOUR_MS);
    const disputed: Booking = { ...inSession(), status: 'disputed', disputeStatus: 'open' };
    for (const b of [disputed, pendingBooking(), completed(), { ...pendingBooking(), status: 'cancelled' as const }]) {
      expect(code(autoComplete(b, later))).toBe('AUTO_COMPLETE_NOT_DUE');
    }
  });
});

describe('the session-progress display state', () => {
  it('follows SPEC §2', () => {
    expect(sessionProgressState(confirmedAndCaptured(), NOW)).toBe('confirmed');
    expect(sessionProgressState(pendingBooking(), NOW)).toBe('pending');
    expect(sessionProgressState({ ...inSession(), status: 'disputed', disputeStatus: 'open' }, NOW)).toBe('disputed');
    expect(sessionProgressState(inSession(), NOW)).toBe('in_session');
  });

  it('shows only for confirmed, in-session and completed bookings', () => {
    expect([pendingBooking(), confirmedAndCaptured(), inSession(), completed()].map(showsSessionProgress)).toEqual([false, true, true, true]);
  });
});
