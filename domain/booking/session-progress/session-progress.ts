import type { Actor } from '../../policy/actor';
import { HOUR_MS, MINUTE_MS } from '../../shared/clock';
import { err, ok, type Result } from '../../shared/result';
import { endsAt, type Booking, type BookingStatus } from '../lifecycle/booking';
import { bookingErrors } from '../lifecycle/booking-errors';
import { changed, requireParty } from '../lifecycle/booking-party';
import { ARRIVAL_OPENS_MINUTES_BEFORE, AUTO_COMPLETE_AFTER_HOURS, REASON_MAX_LENGTH, requiredReason } from '../lifecycle/booking-rules';

/**
 * SPEC §2 session-progress card and PRODUCT.md: each party marks arrival once (confirmed), the
 * session is in_session when both have arrived or when the start has passed and at least one has;
 * each party marks completion once (in_session; before the scheduled end with a reason); completed
 * when both have, or automatically 24 hours after the scheduled end unless an issue was reported.
 */

const hasAnyArrival = (b: Booking): boolean => b.clientArrivedAt !== null || b.coachArrivedAt !== null;

/** The instant the session counts as started, if it has (by the marks and the clock). */
function startedAt(b: Booking, now: Date): Date | null {
  if (b.clientArrivedAt !== null && b.coachArrivedAt !== null) return new Date(Math.max(b.clientArrivedAt.getTime(), b.coachArrivedAt.getTime()));
  if (hasAnyArrival(b) && now.getTime() >= b.startsAt.getTime()) {
    const first = Math.min(b.clientArrivedAt?.getTime() ?? Infinity, b.coachArrivedAt?.getTime() ?? Infinity);
    return new Date(Math.max(first, b.startsAt.getTime()));
  }
  return null;
}

/**
 * Applies what time alone decides: a confirmed booking with an arrival mark becomes in_session
 * once its start has passed. Every transition that depends on the session having started calls
 * this first, so the stored status never lags behind the rule.
 */
export function advanceSession(booking: Booking, now: Date): Booking {
  if (booking.status !== 'confirmed') return booking;
  const started = startedAt(booking, now);
  if (started === null) return booking;
  return changed(booking, { status: 'in_session', sessionStartedAt: started }, now);
}

/** A party marks their own arrival (once), from an hour before the start; late arrivals still count. */
export function markArrival(booking: Booking, actor: Actor, now: Date): Result<Booking> {
  const party = requireParty(booking, actor);
  if (!party.ok) return party;
  const current = advanceSession(booking, now);
  if (current.status !== 'confirmed' && current.status !== 'in_session') return err(bookingErrors.arrivalNotOpen());
  const already = party.value === 'client' ? current.clientArrivedAt : current.coachArrivedAt;
  if (already !== null) return err(bookingErrors.alreadyArrived());
  if (now.getTime() < current.startsAt.getTime() - ARRIVAL_OPENS_MINUTES_BEFORE * MINUTE_MS) return err(bookingErrors.arrivalTooEarly());
  const marked = changed(current, party.value === 'client' ? { clientArrivedAt: now } : { coachArrivedAt: now }, now);
  return ok(advanceSession(marked, now));
}

/**
 * A party marks the session complete (once, in_session). Before the scheduled end a reason is
 * needed (the first one given is kept). Completed when both have marked.
 */
export function markCompletion(booking: Booking, actor: Actor, input: { earlyReason?: string | null }, now: Date): Result<Booking> {
  const party = requireParty(booking, actor);
  if (!party.ok) return party;
  const current = advanceSession(booking, now);
  if (current.status !== 'in_session') return err(bookingErrors.notInSession());
  const already = party.value === 'client' ? current.clientCompletedAt : current.coachCompletedAt;
  if (already !== null) return err(bookingErrors.alreadyCompleted());
  let earlyCompletionReason = current.earlyCompletionReason;
  if (now.getTime() < endsAt(current).getTime()) {
    const reason = requiredReason(input.earlyReason, bookingErrors.earlyCompletionReasonRequired, REASON_MAX_LENGTH);
    if (!reason.ok) return reason;
    earlyCompletionReason ??= reason.value;
  }
  const marked = changed(current, party.value === 'client' ? { clientCompletedAt: now } : { coachCompletedAt: now }, now);
  const both = marked.clientCompletedAt !== null && marked.coachCompletedAt !== null;
  return ok(changed(marked, both ? { earlyCompletionReason, status: 'completed', completedAt: now } : { earlyCompletionReason }, now));
}

export function autoCompleteDueAt(booking: Pick<Booking, 'startsAt' | 'durationMinutes'>): Date {
  return new Date(endsAt(booking).getTime() + AUTO_COMPLETE_AFTER_HOURS * HOUR_MS);
}

/** 24 hours after the scheduled end, a confirmed or in-session booking without an issue completes. */
export function isAutoCompleteDue(booking: Booking, now: Date): boolean {
  return (booking.status === 'confirmed' || booking.status === 'in_session') && booking.disputeStatus === null && autoCompleteDueAt(booking).getTime() <= now.getTime();
}

export function autoComplete(booking: Booking, now: Date): Result<Booking> {
  if (!isAutoCompleteDue(booking, now)) return err(bookingErrors.autoCompleteNotDue());
  const current = advanceSession(booking, now);
  return ok(changed(current, { status: 'completed', completedAt: now }, now));
}

/** The session-progress card's display state (SPEC §2). */
export type SessionProgressState = 'completed' | 'in_session' | 'arrival_pending' | 'confirmed' | BookingStatus;

export function sessionProgressState(booking: Booking, now: Date): SessionProgressState {
  if (booking.status === 'completed') return 'completed';
  if (booking.status === 'in_session') return 'in_session';
  if (booking.status === 'confirmed') {
    if (startedAt(booking, now) !== null) return 'in_session';
    if (hasAnyArrival(booking)) return 'arrival_pending';
    return 'confirmed';
  }
  return booking.status;
}

/** SPEC §2: the card shows for confirmed, in_session and completed bookings. */
export function showsSessionProgress(booking: Booking): boolean {
  return booking.status === 'confirmed' || booking.status === 'in_session' || booking.status === 'completed';
}
