import { describe, expect, it } from 'vitest';
import type { Actor } from '../../policy/actor';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../shared/clock';
import { unwrap, type Result } from '../../shared/result';
import { checkCanPay } from '../money/payment-eligibility';
import { recordRelease } from '../../payments/payment-records';
import { availableActions, type BookingAction } from './available-actions';
import type { Booking } from './booking';
import { acceptBooking, cancelBooking, declineBooking } from './booking-decisions';
import { relationOf } from './booking-party';
import { openDispute, resolveDispute } from '../disputes/disputes';
import { acceptReschedule, declineReschedule, proposeReschedule, withdrawReschedule } from '../reschedule/reschedule';
import { markArrival, markCompletion } from '../session-progress/session-progress';
import { admin, at, authorised, client, coach, completed, confirmedAndCaptured, inSession, NOW, otherCoach, pendingBooking, stranger, STARTS_AT } from '../../testing/booking-fixtures';

describe('the actions offered', () => {
  it('on an unpaid request: the client pays, cancels or reschedules; the coach cannot accept it', () => {
    const b = pendingBooking();
    expect(availableActions(b, client, NOW)).toEqual(['cancel', 'propose_reschedule', 'pay']);
    expect(availableActions(b, coach, NOW)).toEqual(['decline', 'propose_reschedule']);
    expect(availableActions(b, admin, NOW)).toEqual(['cancel', 'take_payment']);
    expect(availableActions(b, stranger, NOW)).toEqual([]);
  });

  it('on a paid request the client is not asked to pay again; the coach answers', () => {
    expect(availableActions(authorised(pendingBooking()), client, NOW)).toEqual(['cancel', 'propose_reschedule']);
    expect(availableActions(authorised(pendingBooking()), coach, NOW)).toEqual(['accept', 'decline', 'propose_reschedule']);
  });

  it('on a confirmed session: cancel (as coach), reschedule, and arrival from an hour before', () => {
    const b = confirmedAndCaptured();
    expect(availableActions(b, coach, NOW)).toEqual(['cancel_as_coach', 'propose_reschedule']);
    const soon = at(STARTS_AT, -30 * MINUTE_MS);
    expect(availableActions(b, client, soon)).toEqual(['cancel', 'propose_reschedule', 'mark_arrival']);
  });

  it('on a session in progress: complete and report an issue', () => {
    expect(availableActions(inSession(), client, STARTS_AT)).toEqual(['mark_completion', 'report_issue']);
  });

  it('on a completed session: report an issue only', () => {
    expect(availableActions(completed(), coach, at(STARTS_AT, DAY_MS))).toEqual(['report_issue']);
  });

  it('on a dispute: the administrator resolves', () => {
    const d = unwrap(openDispute(completed(), client, { description: 'x' }, NOW));
    expect(availableActions(d, admin, NOW)).toEqual(['resolve_dispute']);
    expect(availableActions(d, client, NOW)).toEqual([]);
  });

  it('offers the answer to a reschedule only to the other party', () => {
    const b = unwrap(proposeReschedule(confirmedAndCaptured(), client, { proposedStartsAt: at(STARTS_AT, DAY_MS) }, NOW));
    expect(availableActions(b, coach, NOW)).toContain('respond_reschedule');
    expect(availableActions(b, client, NOW)).not.toContain('respond_reschedule');
    expect(availableActions(b, client, NOW)).not.toContain('propose_reschedule');
  });
});

/**
 * The question availableActions answers, asked with a valid input for each dialog: what it did
 * before it left the input out (which spares a list page two booking copies per card).
 */
function offeredWithInput(booking: Booking, actor: Actor, now: Date): BookingAction[] {
  const offered = (result: Result<unknown>): boolean => result.ok || result.error.kind === 'invalid';
  const relation = relationOf(booking, actor);
  if (relation === 'stranger') return [];
  const reason = { reason: 'reason' };
  const actions: BookingAction[] = [];
  if (offered(acceptBooking(booking, actor, now))) actions.push('accept');
  if (offered(declineBooking(booking, actor, reason, now))) actions.push('decline');
  if (offered(cancelBooking(booking, actor, reason, now))) actions.push(relation === 'coach' ? 'cancel_as_coach' : 'cancel');
  if (offered(proposeReschedule(booking, actor, { proposedStartsAt: new Date(now.getTime() + DAY_MS) }, now))) actions.push('propose_reschedule');
  if (offered(acceptReschedule(booking, actor, now)) || offered(declineReschedule(booking, actor, now))) actions.push('respond_reschedule');
  if (withdrawReschedule(booking, actor, now).ok) actions.push('withdraw_reschedule');
  if (offered(markArrival(booking, actor, now))) actions.push('mark_arrival');
  if (offered(markCompletion(booking, actor, { earlyReason: 'reason' }, now))) actions.push('mark_completion');
  if (offered(openDispute(booking, actor, { description: 'description' }, now))) actions.push('report_issue');
  if (offered(resolveDispute(booking, actor, { outcome: 'release' }, now))) actions.push('resolve_dispute');
  if (relation === 'client' && checkCanPay(booking, actor, 'client').ok) actions.push('pay');
  if (actor.role === 'admin' && checkCanPay(booking, actor, 'admin').ok) actions.push('take_payment');
  return actions;
}

/** A step applied when its rule allows it, else skipped: bookings in every state the rules reach. */
const orSame = (booking: Booking, result: Result<Booking | { booking: Booking }>): Booking => (result.ok ? ('booking' in result.value ? result.value.booking : result.value) : booking);

const END = at(STARTS_AT, 60 * MINUTE_MS);
const BASES = [() => pendingBooking(), () => authorised(pendingBooking()), () => confirmedAndCaptured(), () => inSession(), () => completed()];
const PARTIES = [null, client, coach] as const;
const ENDINGS = [null, 'cancelled', 'declined', 'disputed', 'released'] as const;
const MOMENTS = [-3 * DAY_MS, -2 * HOUR_MS, -30 * MINUTE_MS, 10 * MINUTE_MS, 30 * MINUTE_MS, 61 * MINUTE_MS, 2 * DAY_MS, 4 * DAY_MS];
const ACTORS = [client, coach, admin, stranger, otherCoach];

/** Every combination of base state, proposer, arrival, completion by one party and ending. */
function everyBooking(): Booking[] {
  const bookings: Booking[] = [];
  for (const base of BASES)
    for (const proposer of PARTIES)
      for (const arrived of PARTIES)
        for (const finished of PARTIES)
          for (const ended of ENDINGS) {
            let b = base();
            if (proposer) b = orSame(b, proposeReschedule(b, proposer, { proposedStartsAt: at(STARTS_AT, DAY_MS) }, NOW));
            if (arrived) b = orSame(b, markArrival(b, arrived, at(STARTS_AT, -30 * MINUTE_MS)));
            if (finished) b = orSame(b, markCompletion(b, finished, { earlyReason: null }, at(END, MINUTE_MS)));
            if (ended === 'cancelled') b = orSame(b, cancelBooking(b, client, { reason: 'Ill' }, NOW));
            if (ended === 'declined') b = orSame(b, declineBooking(b, coach, { reason: 'Busy' }, NOW));
            if (ended === 'disputed') b = orSame(b, openDispute(b, client, { description: 'No show' }, at(STARTS_AT, 2 * HOUR_MS)));
            if (ended === 'released') b = orSame(b, recordRelease(b, at(END, 3 * DAY_MS)));
            bookings.push(b);
          }
  return bookings;
}

describe("the actions offered without the dialogs' input", () => {
  const bookings = everyBooking();

  it('are the actions offered with a valid input, for every booking, actor and moment', () => {
    const differ: string[] = [];
    for (const booking of bookings)
      for (const actor of ACTORS)
        for (const offset of MOMENTS) {
          const now = at(STARTS_AT, offset);
          const without = availableActions(booking, actor, now).join(',');
          const withInput = offeredWithInput(booking, actor, now).join(',');
          if (without !== withInput) differ.push(`${booking.status}/${booking.paymentStatus} ${actor.userId} ${offset}: ${without} ≠ ${withInput}`);
        }
    expect(differ.slice(0, 5)).toEqual([]);
  });

  it('walks bookings in the states whose rules decide an answer', () => {
    const reached = (test: (b: Booking) => boolean) => bookings.some(test);
    expect(reached((b) => b.status === 'pending' && b.amountAuthorizedPence === 0)).toBe(true);
    expect(reached((b) => b.status === 'pending' && b.amountAuthorizedPence > 0)).toBe(true);
    expect(reached((b) => b.status === 'confirmed' && b.rescheduleStatus === 'pending')).toBe(true);
    expect(reached((b) => b.status === 'in_session' && b.clientCompletedAt !== null)).toBe(true);
    expect(reached((b) => b.status === 'completed' && b.paymentStatus === 'released')).toBe(true);
    expect(reached((b) => b.status === 'disputed')).toBe(true);
    expect(reached((b) => b.status === 'cancelled' && b.declined)).toBe(true);
    expect(reached((b) => b.clientArrivedAt !== null && b.status === 'confirmed')).toBe(true);
  });
});
