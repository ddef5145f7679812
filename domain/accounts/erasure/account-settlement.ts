import type { BookingPartyRole } from '../../policy/booking-parties';
import type { BookingStatusValue } from '../../shared/catalogue';
import type { Id } from '../../shared/ids';
import type { Pence } from '../../shared/money';
import type { Result } from '../../shared/result';
import type { Repositories } from '../../repositories';

/** The ended user's side of a booking. */
type BookingParty = BookingPartyRole;

/** Why a session is left for an administrator: under way, in dispute, or past its start. */
export type LeftReason = 'in_session' | 'disputed' | 'started';

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
  readonly status: BookingStatusValue;
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

/**
 * Port (tx.accountEnd): settles the bookings of an account that ends (decision 016), in the
 * caller's transaction. The booking context implements it (booking/account-end), so the
 * account's use cases depend on no context above them.
 */
export interface AccountEnd {
  settle(tx: Repositories, input: { userId: Id; actorId: Id; now: Date }): Promise<Result<AccountSettlement>>;
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
