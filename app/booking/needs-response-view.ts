import type { Actor } from '../../domain/policy/actor';
import type { NeedsResponseItem } from '../../domain/booking/lists/booking-list-reader';
import { coachDashboardGroupOf, type CoachDashboardGroup } from '../../domain/booking/lists/booking-lists';
import type { NeedsResponseKind } from '../../domain/booking/lists/needs-response';
import { bookingCardView, type BookingCardView } from './booking-card-view';

/** A row of the CoachDashboard's 'Needs your response': why it waits, its card's data, and the tab that holds its card. */
export interface NeedsResponseRow {
  readonly kind: NeedsResponseKind;
  readonly card: BookingCardView;
  readonly tab: CoachDashboardGroup;
}

export const NEEDS_RESPONSE_LABELS: Record<NeedsResponseKind, string> = {
  request: 'Booking request',
  reschedule: 'New time proposed',
  complete: 'Session to complete',
};

/** `commissionBps`: the platform's share, for what the coach earns from a request (decision 049). */
export function needsResponseRows(items: readonly NeedsResponseItem[], actor: Actor, now: Date, commissionBps: number): NeedsResponseRow[] {
  const rows: NeedsResponseRow[] = [];
  for (const item of items) {
    const card = bookingCardView(item, actor, now, commissionBps);
    if (card) rows.push({ kind: item.kind, card, tab: coachDashboardGroupOf(item.booking) });
  }
  return rows;
}
