import type { Booking, BookingStatus } from '../../booking/lifecycle/booking';
import { accountEndOutcome, type LeftReason } from '../../booking/account-end/account-end';
import type { BookingParty } from '../../booking/lifecycle/booking-party';
import type { Id } from '../../shared/ids';
import type { Pence } from '../../shared/money';

/**
 * What ending an account did to its bookings (decision 016): the answer of removeUser and of an
 * approved deletion, shown on the admin pages after the action and printed by the CLI.
 */
export interface SettledBooking {
  readonly bookingId: Id;
  readonly referenceCode: string;
  readonly startsAt: Date;
  /** The ended user's side of the booking. */
  readonly party: BookingParty;
  /** What goes back to the client under the cancellation policy (a void when only held). */
  readonly refundPence: Pence;
  /** What the coach keeps (a client's late cancellation). */
  readonly keptPence: Pence;
}

export interface LeftBooking {
  readonly bookingId: Id;
  readonly referenceCode: string;
  readonly startsAt: Date;
  readonly status: BookingStatus;
  readonly party: BookingParty;
  /** Why an administrator must settle it: under way, in dispute, or past its start. */
  readonly why: LeftReason;
}

export interface AccountSettlement {
  /** Pending requests declined (coach ended) or withdrawn (client ended). */
  readonly declined: readonly SettledBooking[];
  /** Confirmed future sessions cancelled as a cancellation by the ended party; and a client's withdrawn requests. */
  readonly cancelled: readonly SettledBooking[];
  /** Sessions left untouched for an administrator. */
  readonly leftForAdministrator: readonly LeftBooking[];
}

export const NOTHING_SETTLED: AccountSettlement = { declined: [], cancelled: [], leftForAdministrator: [] };

/** At most this many open bookings are settled in the one transaction (far beyond any real account). */
export const ACCOUNT_END_BOOKING_LIMIT = 5000;

export const partyOf = (booking: Pick<Booking, 'clientId'>, userId: Id): BookingParty => (booking.clientId === userId ? 'client' : 'coach');

export interface AccountEndPlan {
  /** Bookings to decline or cancel, in lock order (coach, then id), so two settlements never deadlock. */
  readonly toSettle: readonly Booking[];
  readonly left: readonly LeftBooking[];
}

/** Sorts the user's open bookings into those to settle now and those left for an administrator. */
export function planAccountEnd(bookings: readonly Booking[], userId: Id, now: Date): AccountEndPlan {
  const toSettle: Booking[] = [];
  const left: LeftBooking[] = [];
  for (const b of bookings) {
    const party = partyOf(b, userId);
    const what = accountEndOutcome(b, party, now);
    if (what.outcome === 'declined' || what.outcome === 'cancelled') toSettle.push(b);
    else if (what.outcome === 'left') left.push(leftBooking(b, party, what.why));
  }
  toSettle.sort((a, b) => (a.coachId === b.coachId ? a.id.localeCompare(b.id) : a.coachId.localeCompare(b.coachId)));
  left.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return { toSettle, left };
}

export function leftBooking(b: Booking, party: BookingParty, why: LeftReason): LeftBooking {
  return { bookingId: b.id, referenceCode: b.referenceCode, startsAt: b.startsAt, status: b.status, party, why };
}

const WHY: Record<LeftReason, string> = { in_session: 'under way', disputed: 'in dispute', started: 'past its start, not marked' };

/** One line per session left for an administrator, e.g. 'FACT-20261130-AB12 (in dispute)'. */
export function describeLeft(left: readonly LeftBooking[]): string {
  return left.map((l) => `${l.referenceCode} (${WHY[l.why]})`).join(', ');
}

/** The words after an account ended: counts, and the sessions an administrator must settle. */
export function describeSettlement(s: AccountSettlement): string {
  const parts = [`${s.declined.length} request(s) declined`, `${s.cancelled.length} booking(s) cancelled`];
  const left = s.leftForAdministrator.length ? ` Left for an administrator: ${describeLeft(s.leftForAdministrator)}.` : ' Nothing left for an administrator.';
  return `${parts.join(', ')}.${left}`;
}
