import type { TimelineEvent, TimelineMoney } from '../domain/admin/booking-timeline';
import { timelineActorWords, timelineChangeWords } from '../domain/admin/booking-timeline-words';
import { money, when } from './format';

/** `fact bookings show`: the booking's timeline (decision 055), one block an event, in London time. */
export function timelineLines(events: readonly TimelineEvent[]): string {
  if (events.length === 0) return 'timeline:    -';
  const blocks = events.map((e) => {
    const lines = [`  ${when(e.at.toISOString())}  ${timelineActorWords(e.actor)}`, ...e.changes.map((c) => `    ${timelineChangeWords(c)}`)];
    if (e.note) lines.push(`    note: ${e.note}`);
    lines.push(`    money: ${moneyWords(e.money)}`);
    return lines.join('\n');
  });
  return ['timeline:', ...blocks].join('\n');
}

/** 'held £0.00, captured £53.00, refunded £10.50, coach £42.50, platform £0.00' */
export function moneyWords(m: TimelineMoney): string {
  const parts = [`held ${money(m.heldPence)}`, `captured ${money(m.capturedPence)}`, `refunded ${money(m.refundedPence)}`];
  if (m.coachSharePence !== null) parts.push(`coach ${money(m.coachSharePence)}`);
  if (m.platformSharePence !== null) parts.push(`platform ${money(m.platformSharePence)}`);
  return parts.join(', ');
}
