import { creditsLeft, isExpired } from '../../domain/packages/package-purchase';
import type { ClientPackageRow } from '../../domain/packages/package-purchase.repository';
import { formatLondonDate } from '../../domain/shared/london-time';
import { durationLabel } from '../booking/session-length-view';

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
}

export function packageCreditCard({ purchase, coachName }: ClientPackageRow, now: Date): PackageCreditCard {
  const left = creditsLeft(purchase);
  const expired = isExpired(purchase, now);
  const until = formatLondonDate(purchase.validUntil);
  const sessions = `${left} of ${purchase.sessions} ${purchase.sessions === 1 ? 'session' : 'sessions'} left`;
  return {
    id: purchase.id,
    name: purchase.title ?? `${purchase.sessions} sessions of ${durationLabel(purchase.durationMinutes)}`,
    coachId: purchase.coachId,
    coachName,
    left,
    summary: expired ? `Expired on ${until}` : `${sessions}, valid until ${until}`,
    usable: !expired && left > 0,
  };
}
