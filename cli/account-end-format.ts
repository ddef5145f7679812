import type { AccountSettlement, SettledBooking } from '../domain/accounts/erasure/account-settlement';
import { money, table, when } from './format';

const WHY = { in_session: 'under way', disputed: 'in dispute', started: 'past its start, not marked' } as const;

const settledRow = (what: string) => (s: SettledBooking) => ({
  booking: s.referenceCode,
  starts: when(s.startsAt.toISOString()),
  what,
  refund: money(s.refundPence),
  'coach keeps': money(s.keptPence),
});

/**
 * What ending an account did to its bookings (decision 016), for `fact users remove` and
 * `fact deletion-requests approve`: the requests declined, the sessions cancelled with the money
 * of each, and the sessions left for an administrator.
 */
export function settlementLines(s: AccountSettlement): string {
  const rows = [...s.declined.map(settledRow('declined')), ...s.cancelled.map(settledRow('cancelled'))];
  const done = rows.length
    ? `Bookings settled (${s.declined.length} declined, ${s.cancelled.length} cancelled):\n${table(rows, ['booking', 'starts', 'what', 'refund', 'coach keeps'])}`
    : 'No open requests or future sessions to settle.';
  const left = s.leftForAdministrator.length
    ? `Left for an administrator (${s.leftForAdministrator.length}):\n${table(
        s.leftForAdministrator.map((l) => ({ booking: l.referenceCode, starts: when(l.startsAt.toISOString()), status: l.status, why: WHY[l.why] })),
        ['booking', 'starts', 'status', 'why'],
      )}`
    : 'Nothing left for an administrator.';
  return `${done}\n${left}`;
}
