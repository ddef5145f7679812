import type { AdminBookingRow } from '../adapters/persistence/admin/index';
import { money, when } from './format';

type Line = readonly [string, string | number | null];

/** `fact bookings show`: the coach transfer and the card chargebacks of a booking (decision 012). */
export function payoutDetails(b: Pick<AdminBookingRow, 'transfer' | 'chargebacks'>): Line[] {
  const t = b.transfer;
  const lines: Line[] = [];
  if (t) {
    const reversed = t.reversedPence > 0 ? `, ${money(t.reversedPence)} reversed` : '';
    lines.push(['transfer', `${t.status}: coach ${money(t.coachSharePence)}${reversed}, platform ${money(t.platformSharePence)} (commission ${t.commissionBps} bps)`]);
    lines.push(['transfer id', t.transferId ? `${t.transferId} (attempt ${t.attempt})` : `none yet (attempt ${t.attempt})`]);
    lines.push(['released', when(t.releasedAt)]);
    lines.push(['transferred', when(t.transferredAt)]);
    lines.push(['paid out', t.paidOutAt ? `${when(t.paidOutAt)} (${t.payoutId ?? ''})` : null]);
    if (t.lastError) lines.push(['transfer error', t.lastError]);
  } else {
    lines.push(['transfer', null]);
  }
  if (b.chargebacks.length === 0) lines.push(['chargebacks', null]);
  for (const c of b.chargebacks) {
    const taken = c.transferReversedPence > 0 ? `, ${money(c.transferReversedPence)} taken back from the coach` : '';
    const closed = c.closedAt ? `, closed ${when(c.closedAt)}` : '';
    lines.push(['chargeback', `${c.id} ${c.status}: ${money(c.amountPence)} (${c.reason}), opened ${when(c.openedAt)}${closed}${taken}`]);
  }
  return lines;
}
