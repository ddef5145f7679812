import type { TimelineEvent, TimelineMoney } from '../../domain/admin/booking-timeline';
import { timelineActorWords, timelineChangeWords } from '../../domain/admin/booking-timeline-words';
import { formatLondonDate, formatLondonTime } from '../../domain/shared/london-time';
import { formatPence } from '../../domain/shared/money';

/** One timeline step as the admin booking page shows it: words, London time, pounds (decision 055). */
export interface TimelineEventView {
  readonly id: string;
  readonly at: string;
  readonly when: string;
  readonly actor: string;
  readonly actorKind: TimelineEvent['actor']['kind'];
  readonly changes: readonly string[];
  readonly note: string | null;
  readonly money: readonly { readonly label: string; readonly value: string }[];
}

export function timelineEventView(e: TimelineEvent): TimelineEventView {
  return {
    id: e.id,
    at: e.at.toISOString(),
    when: `${formatLondonDate(e.at)}, ${formatLondonTime(e.at)}`,
    actor: timelineActorWords(e.actor),
    actorKind: e.actor.kind,
    changes: e.changes.map((c) => timelineChangeWords(c)),
    note: e.note,
    money: moneyView(e.money),
  };
}

/** Held, captured, refunded, and the coach's and platform's shares once the transfer exists. */
export function moneyView(m: TimelineMoney): { label: string; value: string }[] {
  const rows = [
    { label: 'Held', value: formatPence(m.heldPence) },
    { label: 'Captured', value: formatPence(m.capturedPence) },
    { label: 'Refunded', value: formatPence(m.refundedPence) },
  ];
  if (m.coachSharePence !== null) rows.push({ label: 'Coach’s share', value: formatPence(m.coachSharePence) });
  if (m.platformSharePence !== null) rows.push({ label: 'Platform’s share', value: formatPence(m.platformSharePence) });
  return rows;
}
