import { BOOKING_STATUS_LABELS, coachingTypeLabel, type BookingStatusValue } from '../../../domain/shared/catalogue';
import { bookingStatusColour } from '../../booking/status-colour';
import { formatLondonDate, formatLondonTime } from '../../../domain/shared/london-time';
import { formatPence } from '../../../domain/shared/money';

/** How the admin pages write dates, money and names (London time, pounds, 'Unnamed'). */
export const dateOf = (iso: string): string => formatLondonDate(new Date(iso));
export const timeOf = (iso: string): string => formatLondonTime(new Date(iso));
export const dateTimeOf = (iso: string): string => `${dateOf(iso)}, ${timeOf(iso)}`;
export const money = (pence: number): string => formatPence(pence);

/** SPEC §2: a card shows the name, or 'Unnamed'. */
export const nameOrUnnamed = (name: string): string => (name.trim() === '' ? 'Unnamed' : name);

export const serviceLabel = (value: string): string => coachingTypeLabel(value);

export function statusLabel(status: string): string {
  return (BOOKING_STATUS_LABELS as Record<string, string>)[status] ?? status;
}
export { bookingStatusColour };
export type { BookingStatusValue };

/**
 * '3 hours ago', 'yesterday', '12 days ago' — how long a request has waited, measured from the
 * server's `now` (sent by the loader), so the server and the browser render the same words.
 */
export function ageOf(iso: string, now: string): string {
  const minutes = Math.max(0, Math.round((new Date(now).getTime() - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/** Payment status words an administrator reads. */
export const PAYMENT_LABELS: Record<string, string> = {
  pending: 'Not paid',
  authorized: 'Authorised',
  captured: 'Held',
  released: 'Paid to coach',
  refunded: 'Refunded',
  partially_refunded: 'Part refunded',
  voided: 'Voided',
  failed: 'Payment failed',
};
export const paymentLabel = (status: string): string => PAYMENT_LABELS[status] ?? status;
