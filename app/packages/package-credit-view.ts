import { creditsLeft, isExpired, refundUnused } from '../../domain/packages/package-purchase';
import { formatPence } from '../../domain/shared/money';
import type { ClientPackageRow } from '../../domain/packages/package-purchase.repository';
import { formatLondonDate } from '../../domain/shared/london-time';
import { durationLabel } from '../booking/session-length-view';
import type { BookingCredit } from '../components/booking/booking-options';

/** A bought package as MyBookings shows it: how many sessions are left and until when. */
export interface PackageCreditCard {
  readonly id: string;
  readonly name: string;
  readonly coachId: string;
  readonly coachName: string;
  readonly left: number;
  /** '3 of 5 sessions left, valid until Thu, 28 Jan 2027' (or when it expired). */
  readonly summary: string;
  readonly usable: boolean;
  /** What 'Refund unused sessions' would give back now, or null when there is nothing to ask for. */
  readonly refund: { readonly amount: string; readonly sentence: string } | null;
}

export function packageCreditCard({ purchase, coachName }: ClientPackageRow, now: Date): PackageCreditCard {
  const left = creditsLeft(purchase);
  const expired = isExpired(purchase, now);
  const until = formatLondonDate(purchase.validUntil);
  const sessions = `${left} of ${purchase.sessions} ${purchase.sessions === 1 ? 'session' : 'sessions'} left`;
  const preview = refundUnused(purchase, 'request', now);
  const refund =
    preview.ok && preview.value.refundPence > 0
      ? {
          amount: formatPence(preview.value.refundPence),
          sentence: `${formatPence(preview.value.refundPence)} for ${preview.value.creditIndexes.length} unused ${preview.value.creditIndexes.length === 1 ? 'session' : 'sessions'}${preview.value.adminFeeRefunded ? ' and the admin fee' : ''}`,
        }
      : null;
  return {
    refund,
    id: purchase.id,
    name: purchase.title ?? `${purchase.sessions} sessions of ${durationLabel(purchase.durationMinutes)}`,
    coachId: purchase.coachId,
    coachName,
    left,
    summary: expired ? `Expired on ${until}` : `${sessions}, valid until ${until}`,
    usable: !expired && left > 0,
  };
}

/** A package that can pay for a session now (not expired, a session left), as the booking dialog offers it. */
export function bookingCreditOf(row: ClientPackageRow, now: Date): BookingCredit | null {
  const card = packageCreditCard(row, now);
  if (!card.usable) return null;
  return { purchaseId: card.id, name: card.name, durationMinutes: row.purchase.durationMinutes, left: card.left, sessions: row.purchase.sessions, summary: card.summary };
}
