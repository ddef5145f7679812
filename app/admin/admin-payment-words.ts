import { packagePaymentWords, type BookingPackage } from '../../domain/admin/package-session-words';
import { formatPence } from '../../domain/shared/money';
import { PAYMENT_LABELS } from '../components/admin/format';

/**
 * The payment line of an AdminBookings row: the state in a word, or, once money went back to the
 * client, how much and where the rest is. A dispute that refunded £10.50 of £43.00 and released
 * the rest reads '£10.50 refunded · £32.50 paid to coach', never 'Paid to coach' alone, which an
 * operator reads as the whole price. The rest is what the client paid less the refund,
 * before the platform's commission: the coach's own share is on the row's payout line.
 */
export function adminPaymentWords(row: {
  readonly status?: string;
  readonly paymentStatus: string;
  readonly refund?: { readonly refundedPence: number; readonly capturedPence: number };
  readonly package?: Pick<BookingPackage, 'credit'>;
}): string {
  // A session booked from a package has no card payment of its own: its credit paid for it.
  if (row.package)
    return packagePaymentWords(row.package, {
      status: row.status ?? '',
      paymentStatus: row.paymentStatus,
      amountCapturedPence: row.refund?.capturedPence ?? 0,
      amountRefundedPence: row.refund?.refundedPence ?? 0,
    });
  const label = PAYMENT_LABELS[row.paymentStatus] ?? row.paymentStatus;
  const refund = row.refund;
  if (!refund || refund.refundedPence <= 0) return label;
  const refunded = `${formatPence(refund.refundedPence)} refunded`;
  const rest = refund.capturedPence - refund.refundedPence;
  if (rest <= 0) return refunded;
  if (row.paymentStatus === 'released') return `${refunded} · ${formatPence(rest)} paid to coach`;
  if (row.paymentStatus === 'captured' || row.paymentStatus === 'partially_refunded') return `${refunded} · ${formatPence(rest)} held`;
  return `${refunded} · ${label}`;
}
