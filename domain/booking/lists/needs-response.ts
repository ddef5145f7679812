import type { Booking } from '../lifecycle/booking';
import { hasReachedCoach } from '../requests/paid-requests';

/**
 * The CoachDashboard's 'Needs your response' (decision 051): everything waiting for the coach's
 * answer, in one list above SPEC's tabs, soonest session first. A booking is in it for at most one
 * reason, the first that holds:
 * - request: a paid request to accept or decline (only paid requests reach the coach, decision 011);
 * - reschedule: a new time the client proposed, on a request or a confirmed session;
 * - complete: a session that has started and that the coach has not marked complete yet.
 * The same rule in SQL: NEEDS_RESPONSE_KIND_SQL in adapters/persistence/read-models/booking-lists.ts.
 */
export const NEEDS_RESPONSE_KINDS = ['request', 'reschedule', 'complete'] as const;
export type NeedsResponseKind = (typeof NEEDS_RESPONSE_KINDS)[number];

/**
 * At most this many rows, soonest first: a glance at what to answer next, above tabs that hold
 * every booking (the Pending tab lists each request again), so a busy coach's page is not drawn twice.
 */
export const NEEDS_RESPONSE_LIMIT = 5;

type Facts = Pick<Booking, 'status' | 'paymentStatus' | 'amountAuthorizedPence' | 'cancelledBy' | 'clientId' | 'rescheduleStatus' | 'rescheduleRequestedBy' | 'startsAt' | 'coachCompletedAt'>;

export function needsResponseKindOf(b: Facts, now: Date): NeedsResponseKind | null {
  if (b.status === 'pending' && hasReachedCoach(b)) return 'request';
  if ((b.status === 'pending' || b.status === 'confirmed') && b.rescheduleStatus === 'pending' && b.rescheduleRequestedBy === b.clientId) return 'reschedule';
  if ((b.status === 'confirmed' || b.status === 'in_session') && b.startsAt.getTime() <= now.getTime() && b.coachCompletedAt === null) return 'complete';
  return null;
}
