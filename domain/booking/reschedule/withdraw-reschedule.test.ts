import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../policy/actor';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../shared/clock';
import { unwrap, type Result } from '../../shared/result';
import { parseBooking, type Booking } from '../lifecycle/booking';
import { availableActions } from '../lifecycle/available-actions';
import { cancelBooking } from '../lifecycle/booking-decisions';
import { markArrival } from '../session-progress/session-progress';
import { acceptReschedule, declineReschedule, proposeReschedule, rescheduleViewFor, withdrawReschedule } from './reschedule';
import { admin, at, client, coach, confirmedAndCaptured, NOW, pendingBooking, stranger, STARTS_AT } from '../../testing/booking-fixtures';

const NEW_START = at(STARTS_AT, 2 * DAY_MS);
const proposedBy = (by: Actor, b: Booking = confirmedAndCaptured()) => unwrap(proposeReschedule(b, by, { proposedStartsAt: NEW_START, reason: 'Exams' }, NOW));
const failure = (r: Result<unknown>) => (r.ok ? null : { kind: r.error.kind, code: r.error.code, message: r.error.message });

describe('withdrawing a reschedule proposal', () => {
  it('puts the booking back as it was before the proposal, keeping the proposal as withdrawn', () => {
    const before = confirmedAndCaptured();
    const withdrawn = unwrap(withdrawReschedule(proposedBy(client, before), client, at(NOW, HOUR_MS)));
    expect(withdrawn).toMatchObject({ status: before.status, startsAt: before.startsAt, paymentStatus: before.paymentStatus, paymentHeldUntil: before.paymentHeldUntil });
    expect(withdrawn).toMatchObject({ rescheduleStatus: 'withdrawn', rescheduleRequestedBy: client.userId, rescheduleProposedStartsAt: NEW_START });
    expect(withdrawn.updatedAt).toEqual(at(NOW, HOUR_MS));
    expect(parseBooking(withdrawn).ok).toBe(true);
  });

  it('is open to the proposer whichever party they are, on a request or a confirmed session', () => {
    expect(withdrawReschedule(proposedBy(coach, pendingBooking()), coach, NOW).ok).toBe(true);
    expect(withdrawReschedule(proposedBy(client), client, NOW).ok).toBe(true);
  });

  it('is refused to the other party with a clear message', () => {
    expect(failure(withdrawReschedule(proposedBy(client), coach, NOW))).toEqual({
      kind: 'forbidden',
      code: 'ONLY_PROPOSER_CAN_WITHDRAW',
      message: 'Only the person who proposed the new time can withdraw it.',
    });
  });

  it('is refused to administrators, and strangers do not even see the booking', () => {
    expect(failure(withdrawReschedule(proposedBy(client), admin, NOW))).toMatchObject({ kind: 'forbidden', code: 'PARTY_ONLY' });
    expect(failure(withdrawReschedule(proposedBy(client), stranger, NOW))).toMatchObject({ kind: 'not_found', code: 'NOT_BOOKING_PARTY' });
  });

  it('is refused when there is nothing to withdraw: no proposal, or one already answered or withdrawn', () => {
    const nothing = { kind: 'conflict', code: 'NO_PROPOSAL_TO_WITHDRAW', message: 'There is no pending reschedule proposal to withdraw.' };
    expect(failure(withdrawReschedule(confirmedAndCaptured(), client, NOW))).toEqual(nothing);
    expect(failure(withdrawReschedule(unwrap(acceptReschedule(proposedBy(client), coach, NOW)), client, NOW))).toEqual(nothing);
    expect(failure(withdrawReschedule(unwrap(declineReschedule(proposedBy(client), coach, NOW)), client, NOW))).toEqual(nothing);
    expect(failure(withdrawReschedule(unwrap(withdrawReschedule(proposedBy(client), client, NOW)), client, NOW))).toEqual(nothing);
  });

  it('has nothing to withdraw once the booking is cancelled, and shows no proposal there', () => {
    const cancelled = unwrap(cancelBooking(proposedBy(client), client, { reason: 'Injured' }, NOW)).booking;
    expect(failure(withdrawReschedule(cancelled, client, NOW))).toMatchObject({ code: 'NO_PROPOSAL_TO_WITHDRAW' });
    expect(rescheduleViewFor(cancelled, client)).toBe('none');
    expect(rescheduleViewFor(cancelled, coach)).toBe('none');
  });

  it('is still allowed once someone has arrived, since it changes nothing about the session', () => {
    const arrived = unwrap(markArrival(proposedBy(client), coach, at(STARTS_AT, -MINUTE_MS)));
    expect(withdrawReschedule(arrived, client, at(STARTS_AT, -MINUTE_MS)).ok).toBe(true);
  });

  it('leaves nothing for the other party to answer, and lets either party propose again', () => {
    const withdrawn = unwrap(withdrawReschedule(proposedBy(client), client, NOW));
    expect(rescheduleViewFor(withdrawn, coach)).toBe('none');
    expect(failure(acceptReschedule(withdrawn, coach, NOW))).toMatchObject({ code: 'NO_PENDING_RESCHEDULE' });
    expect(proposeReschedule(withdrawn, coach, { proposedStartsAt: NEW_START }, NOW).ok).toBe(true);
  });

  it('is offered as an action to the proposer only', () => {
    const b = proposedBy(client);
    expect(availableActions(b, client, NOW)).toContain('withdraw_reschedule');
    expect(availableActions(b, coach, NOW)).not.toContain('withdraw_reschedule');
    expect(availableActions(confirmedAndCaptured(), client, NOW)).not.toContain('withdraw_reschedule');
  });
});

describe('the reschedule state machine', () => {
  type Step = { readonly action: 'propose' | 'accept' | 'decline' | 'withdraw'; readonly by: 'client' | 'coach' };
  const step = fc.record({ action: fc.constantFrom('propose' as const, 'accept' as const, 'decline' as const, 'withdraw' as const), by: fc.constantFrom('client' as const, 'coach' as const) });
  const actorOf = (by: Step['by']) => (by === 'client' ? client : coach);

  /** A model of the rules: the one pending proposal (its proposer and time), and the session's start. */
  interface Model {
    pending: { by: Step['by']; startsAt: Date } | null;
    startsAt: Date;
  }

  it('moves the session only on an accepted proposal, and lets only the proposer withdraw and only the other party answer', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), fc.array(fc.integer({ min: 1, max: 80 }), { minLength: 12, maxLength: 12 }), (steps, days) => {
        let booking = confirmedAndCaptured();
        const model: Model = { pending: null, startsAt: booking.startsAt };
        steps.forEach((s, i) => {
          const actor = actorOf(s.by);
          const proposed = at(NOW, days[i]! * DAY_MS);
          const result =
            s.action === 'propose'
              ? proposeReschedule(booking, actor, { proposedStartsAt: proposed }, NOW)
              : s.action === 'accept'
                ? acceptReschedule(booking, actor, NOW)
                : s.action === 'decline'
                  ? declineReschedule(booking, actor, NOW)
                  : withdrawReschedule(booking, actor, NOW);
          const allowed =
            s.action === 'propose' ? model.pending === null : s.action === 'withdraw' ? model.pending !== null && model.pending.by === s.by : model.pending !== null && model.pending.by !== s.by;
          expect(result.ok, `${s.action} by ${s.by}`).toBe(allowed);
          if (!result.ok) return;
          booking = result.value;
          if (s.action === 'propose') model.pending = { by: s.by, startsAt: proposed };
          else {
            if (s.action === 'accept') model.startsAt = model.pending!.startsAt;
            model.pending = null;
          }
          expect(booking.startsAt).toEqual(model.startsAt);
          expect(booking.status).toBe('confirmed');
          expect(booking.rescheduleStatus === 'pending').toBe(model.pending !== null);
          expect(parseBooking(booking).ok).toBe(true);
        });
      }),
    );
  });
});
