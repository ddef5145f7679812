import type { AdminBookingRow } from '../../adapters/persistence/admin/admin-bookings.query';
import { packageLine } from '../../domain/admin/package-session-words';
import type { AdminChargebackRow, AdminPayoutRow } from '../../adapters/persistence/admin/admin-payouts.query';
import { csvTable, type CsvColumn } from '../../domain/shared/csv';
import { utcToLondon } from '../../domain/shared/london-time';
import { nameOrUnnamed, paymentLabel, serviceLabel, statusLabel } from '../components/admin/format';
import { chargebackLabel, transferLabel } from '../components/admin/payouts';

/**
 * The operators' CSV files (decision 056): the filtered AdminBookings list, every coach payout,
 * every chargeback. Built from typed columns by FACT's one CSV writer (decision 035): amounts are
 * money columns (pounds, two decimals, negatives kept), everything else quoted, formula-safe text.
 * Times in London, as the pages show them.
 */
const londonDateTime = (iso: string | null) => {
  if (!iso) return '';
  const p = utcToLondon(new Date(iso));
  return `${p.date} ${p.time}`;
};

export const BOOKINGS_CSV_COLUMNS: readonly CsvColumn<AdminBookingRow>[] = [
  { header: 'Reference', text: (b) => b.referenceCode },
  { header: 'Booked at', text: (b) => londonDateTime(b.createdAt) },
  { header: 'Session starts', text: (b) => londonDateTime(b.startsAt) },
  { header: 'Minutes', text: (b) => String(b.durationMinutes) },
  { header: 'Service', text: (b) => serviceLabel(b.serviceType) },
  { header: 'Status', text: (b) => statusLabel(b.status) },
  { header: 'Client', text: (b) => nameOrUnnamed(b.clientName) },
  { header: 'Player', text: (b) => b.player ?? '' },
  { header: 'Coach', text: (b) => nameOrUnnamed(b.coachName) },
  { header: 'Payment', text: (b) => paymentLabel(b.paymentStatus) },
  { header: 'Session price', pence: (b) => b.servicePricePence },
  { header: 'Admin fee', pence: (b) => b.adminFeePence },
  { header: 'Total', pence: (b) => b.totalPricePence },
  { header: 'Captured', pence: (b) => b.amountCapturedPence },
  { header: 'Refunded', pence: (b) => b.amountRefundedPence },
  { header: 'Coach share', pence: (b) => b.transfer?.coachSharePence ?? 0 },
  { header: 'Coach payout', text: (b) => (b.transfer ? transferLabel(b.transfer.status) : '') },
  { header: 'Dispute', text: (b) => b.disputeStatus ?? '' },
  // A session paid with a package (decision 060) and its place in a weekly series (decision 062); empty otherwise.
  { header: 'Package', text: (b) => (b.package ? packageLine(b.package) : '') },
  { header: 'Series', text: (b) => (b.series ? `${b.series.position} of ${b.series.sessions}` : '') },
];

export const PAYOUTS_CSV_COLUMNS: readonly CsvColumn<AdminPayoutRow>[] = [
  { header: 'Reference', text: (p) => p.referenceCode },
  { header: 'Coach', text: (p) => nameOrUnnamed(p.coachName) },
  { header: 'State', text: (p) => transferLabel(p.status) },
  { header: 'Coach share', pence: (p) => p.coachSharePence },
  { header: 'Platform share', pence: (p) => p.platformSharePence },
  { header: 'Reversed', pence: (p) => p.reversedPence },
  { header: 'Commission %', text: (p) => (p.commissionBps / 100).toFixed(2) },
  { header: 'Transfer id', text: (p) => p.transferId ?? '' },
  { header: 'Attempts', text: (p) => String(p.attempt) },
  { header: 'Last error', text: (p) => p.lastError ?? '' },
  { header: 'Released at', text: (p) => londonDateTime(p.releasedAt) },
  { header: 'Transferred at', text: (p) => londonDateTime(p.transferredAt) },
  { header: 'Paid out at', text: (p) => londonDateTime(p.paidOutAt) },
];

export const CHARGEBACKS_CSV_COLUMNS: readonly CsvColumn<AdminChargebackRow>[] = [
  { header: 'Chargeback', text: (c) => c.id },
  { header: 'Reference', text: (c) => c.referenceCode },
  { header: 'Client', text: (c) => nameOrUnnamed(c.clientName) },
  { header: 'Coach', text: (c) => nameOrUnnamed(c.coachName) },
  { header: 'State', text: (c) => chargebackLabel(c.status) },
  { header: 'Amount', pence: (c) => c.amountPence },
  { header: 'Reason', text: (c) => c.reason.replace(/_/g, ' ') },
  { header: 'Transfer reversed', pence: (c) => c.transferReversedPence },
  { header: 'Opened at', text: (c) => londonDateTime(c.openedAt) },
  { header: 'Closed at', text: (c) => londonDateTime(c.closedAt) },
];

export const bookingsCsv = csvTable(BOOKINGS_CSV_COLUMNS);
export const payoutsCsv = csvTable(PAYOUTS_CSV_COLUMNS);
export const chargebacksCsv = csvTable(CHARGEBACKS_CSV_COLUMNS);

/** 'fact-bookings-2026-12-02.csv': the London day it was taken. */
export function adminCsvFileName(kind: 'bookings' | 'payouts' | 'chargebacks', now: Date): string {
  return `fact-${kind}-${utcToLondon(now).date}.csv`;
}
