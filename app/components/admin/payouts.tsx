import { Link } from '@remix-run/react';
import type { AdminChargebackRow } from '../../../adapters/persistence/admin/admin-payouts.query';
import type { AdminBookingRowView } from '../../admin/admin-booking-view';
import { CHARGEBACK_LABELS, type ChargebackStatus } from '../../../domain/payouts/chargeback';
import type { StatusColour } from '../../booking/status-colour';
import { StatusBadge } from '~/components/booking/status-badge';
import { dateTimeOf, money, nameOrUnnamed } from './format';

/** The states of a coach transfer as an administrator reads them (domain/payouts/coach-transfer.ts). */
export const TRANSFER_LABELS: Readonly<Record<string, string>> = {
  waiting: 'Waiting for payout details',
  pending: 'Sending',
  paid: 'Transferred',
  failed: 'Failed',
  reversed: 'Reversed',
  partially_reversed: 'Partly reversed',
  not_required: 'Nothing to send',
};
export const transferLabel = (status: string): string => TRANSFER_LABELS[status] ?? status;

const TRANSFER_COLOURS: Readonly<Record<string, StatusColour>> = {
  waiting: 'yellow',
  pending: 'yellow',
  paid: 'green',
  failed: 'red',
  reversed: 'red',
  partially_reversed: 'red',
  not_required: 'grey',
};

export const chargebackLabel = (status: string): string => CHARGEBACK_LABELS[status as ChargebackStatus] ?? status;

function chargebackColour(status: string): StatusColour {
  if (status === 'won' || status === 'prevented') return 'green';
  if (status === 'warning_closed') return 'grey';
  if (status === 'under_review' || status === 'warning_under_review') return 'yellow';
  return 'red';
}

/** The 'Chargeback' badge with its state; the newest chargeback when there are several. */
export function ChargebackBadge({ chargebacks }: { chargebacks: NonNullable<AdminBookingRowView['chargebacks']> }) {
  const newest = chargebacks[0];
  if (!newest) return null;
  const more = chargebacks.length > 1 ? ` (+${chargebacks.length - 1})` : '';
  return (
    <span className="adm-meta" title={newest.id} data-chargeback={newest.status}>
      <StatusBadge label={`Chargeback: ${chargebackLabel(newest.status)}${more}`} colour={chargebackColour(newest.status)} />
      <span className="adm-money">{money(newest.amountPence)}</span>
      <span>{newest.reason.replace(/_/g, ' ')}</span>
    </span>
  );
}

/** One line under a booking: the coach's share, the transfer's state, its id and when it last moved. */
export function TransferLine({ transfer }: { transfer: NonNullable<AdminBookingRowView['transfer']> }) {
  const reversed = transfer.reversedPence ? ` (${money(transfer.reversedPence)} reversed)` : '';
  return (
    <div className="adm-meta" data-transfer={transfer.status}>
      <span className="font-semibold text-slate-700">Coach payout</span>
      <span className="adm-money">{`${money(transfer.coachSharePence)}${reversed}`}</span>
      <StatusBadge label={transferLabel(transfer.status)} colour={TRANSFER_COLOURS[transfer.status] ?? 'grey'} />
      {transfer.transferId ? <span className="font-mono text-slate-700">{transfer.transferId}</span> : null}
      <span>{`${transfer.moved.how} ${dateTimeOf(transfer.moved.at)}`}</span>
      {transfer.lastError ? <span className="text-red-700">{`Last error: ${transfer.lastError}`}</span> : null}
    </div>
  );
}

/** The Chargebacks list: newest opened first, each linking to its booking on AdminBookings. */
export function ChargebackList({ chargebacks }: { chargebacks: readonly AdminChargebackRow[] }) {
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label="Chargebacks">
      {chargebacks.map((c) => (
        <li key={c.id} className="grid gap-2 py-2 sm:grid-cols-[12rem_minmax(0,1fr)_6rem_auto] sm:items-center" data-chargeback-id={c.id}>
          <div className="min-w-0">
            <Link to={`/AdminBookings?status=all&highlight=${c.bookingId}`} className="whitespace-nowrap font-mono text-sm font-semibold text-pitch-700 hover:underline">
              {c.referenceCode}
            </Link>
            <p className="truncate text-xs text-slate-500">{`${nameOrUnnamed(c.clientName)} · ${nameOrUnnamed(c.coachName)}`}</p>
          </div>
          <div className="min-w-0 text-xs text-slate-600">
            <p className="truncate">
              <span className="text-slate-500">Reason </span>
              <span className="font-medium text-slate-800">{c.reason.replace(/_/g, ' ')}</span>
            </p>
            <p>
              {`Opened ${dateTimeOf(c.openedAt)}${c.closedAt ? ` · closed ${dateTimeOf(c.closedAt)}` : ''}${
                c.transferReversedPence > 0 ? ` · ${money(c.transferReversedPence)} taken back from the coach` : ''
              }`}
            </p>
          </div>
          <p className="adm-money sm:text-right">{money(c.amountPence)}</p>
          <div className="sm:text-right">
            <StatusBadge label={chargebackLabel(c.status)} colour={chargebackColour(c.status)} />
          </div>
        </li>
      ))}
    </ul>
  );
}
