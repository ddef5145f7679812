import { formatPence, type Pence } from '../shared/money';

/**
 * A session booked from a package (decision 060) as operators read it, on AdminBookings, the
 * booking page and `fact bookings show`: which package, which of its sessions, whose, and what
 * its money is. Such a session has no card payment of its own: its price is one credit of the
 * purchase, captured with it, so 'Held' or 'Authorised' would mislead.
 */
export interface BookingPackage {
  readonly purchaseId: string;
  readonly title: string | null;
  readonly sessions: number;
  readonly durationMinutes: number;
  /** Who bought the package (the booking's client, unless the data is wrong). */
  readonly clientId: string;
  readonly clientName: string;
  /** Which session of the package it is (1 … N), while it holds a credit; null once the credit went back. */
  readonly session: number | null;
  /**
   * The credit's state while the session holds it; 'returned' once a decline or an early
   * cancellation gave it back, 'refunded' once a dispute refunded the session in full.
   */
  readonly credit: 'booked' | 'used' | 'released' | 'returned' | 'refunded';
}

/** '5 × 60 min', or 'Summer block (5 × 60 min)'. */
export function packageName(p: Pick<BookingPackage, 'title' | 'sessions' | 'durationMinutes'>): string {
  const terms = `${p.sessions} × ${p.durationMinutes} min`;
  return p.title ? `${p.title} (${terms})` : terms;
}

/** 'Summer block (5 × 60 min) · session 2 of 5 · bought by Carl Credits'. */
export function packageLine(p: BookingPackage): string {
  const which = p.session !== null ? `session ${p.session} of ${p.sessions}` : p.credit === 'refunded' ? 'its credit was refunded' : 'its credit went back to the package';
  return `${packageName(p)} · ${which} · bought by ${p.clientName.trim() || 'Unnamed'}`;
}

interface SessionMoney {
  readonly status: string;
  readonly paymentStatus: string;
  readonly amountCapturedPence: Pence;
  readonly amountRefundedPence: Pence;
}

/**
 * The payment line of a package session: the credit, not a card, pays for it. A dispute's
 * refund goes back to the card the package was paid with, and reads as a refund.
 */
export function packagePaymentWords(p: Pick<BookingPackage, 'credit'>, b: SessionMoney): string {
  if (p.credit === 'returned') return 'Credit returned to the package';
  const refunded = b.amountRefundedPence > 0 ? `${formatPence(b.amountRefundedPence)} refunded to the card` : null;
  const rest = b.amountCapturedPence - b.amountRefundedPence;
  if (p.credit === 'refunded' || (refunded && rest <= 0)) return refunded ?? 'Refunded to the card';
  if (b.paymentStatus === 'released') return refunded ? `${refunded} · ${formatPence(rest)} paid to coach` : 'Paid with a package credit · paid to coach';
  if (refunded) return `${refunded} · ${formatPence(rest)} held`;
  if (b.status === 'cancelled') return 'Paid with a package credit · used: cancelled late';
  return 'Paid with a package credit';
}
