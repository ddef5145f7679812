import type { Actor } from '../../policy/actor';
import type { Result } from '../../shared/result';
import { checkCanPay } from '../money/payment-eligibility';
import type { Booking } from './booking';
import { acceptBooking, cancelBooking, declineBooking } from './booking-decisions';
import { relationOf } from './booking-party';
import { openDispute, resolveDispute } from '../disputes/disputes';
import { acceptReschedule, declineReschedule, proposeReschedule, withdrawReschedule } from '../reschedule/reschedule';
import { markArrival, markCompletion } from '../session-progress/session-progress';

export type BookingAction =
  | 'accept'
  | 'decline'
  | 'cancel'
  | 'cancel_as_coach'
  | 'propose_reschedule'
  | 'respond_reschedule'
  | 'withdraw_reschedule'
  | 'mark_arrival'
  | 'mark_completion'
  | 'report_issue'
  | 'resolve_dispute'
  | 'pay'
  | 'take_payment';

/**
 * What the UI may offer this actor on this booking now. It asks the very rules the server applies,
 * without the input the dialog collects (a reason, a date): an action whose only failure is that
 * input is offered. Each of those rules checks the booking before the input, so leaving the input
 * out changes no answer, and a rule that would pass stops at the input instead of building the new
 * booking (cancel and reschedule: two copies of a 52-field booking per card on a list page;
 * accept and arrival, which take no input, still build theirs). The server checks again on
 * submit.
 */
export function availableActions(booking: Booking, actor: Actor, now: Date): BookingAction[] {
  const offered = (result: Result<unknown>): boolean => result.ok || result.error.kind === 'invalid';
  const relation = relationOf(booking, actor);
  if (relation === 'stranger') return [];
  const reason = { reason: null };
  const actions: BookingAction[] = [];
  if (offered(acceptBooking(booking, actor, now))) actions.push('accept');
  if (offered(declineBooking(booking, actor, reason, now))) actions.push('decline');
  if (offered(cancelBooking(booking, actor, reason, now))) actions.push(relation === 'coach' ? 'cancel_as_coach' : 'cancel');
  if (offered(proposeReschedule(booking, actor, { proposedStartsAt: null }, now))) actions.push('propose_reschedule');
  if (offered(acceptReschedule(booking, actor, now)) || offered(declineReschedule(booking, actor, now))) actions.push('respond_reschedule');
  if (withdrawReschedule(booking, actor, now).ok) actions.push('withdraw_reschedule');
  if (offered(markArrival(booking, actor, now))) actions.push('mark_arrival');
  if (offered(markCompletion(booking, actor, { earlyReason: null }, now))) actions.push('mark_completion');
  if (offered(openDispute(booking, actor, { description: null }, now))) actions.push('report_issue');
  if (offered(resolveDispute(booking, actor, { outcome: 'release' }, now))) actions.push('resolve_dispute');
  if (relation === 'client' && checkCanPay(booking, actor, 'client').ok) actions.push('pay');
  if (actor.role === 'admin' && checkCanPay(booking, actor, 'admin').ok) actions.push('take_payment');
  return actions;
}
