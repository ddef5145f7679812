import type { Id } from '../shared/ids';

/**
 * The little of a booking that permissions, messaging and reviews need: who its parties are and
 * its status. Defined here so those contexts do not depend on the booking aggregate; a full
 * booking satisfies it structurally.
 */
export interface BookingParties {
  readonly id: Id;
  readonly clientId: Id;
  readonly coachId: Id;
  readonly status: string;
  /**
   * Whether the coach has been shown this booking (decision 011: a request reaches the coach only
   * once paid). Absent means yes (callers that do not know).
   */
  readonly reachedCoach?: boolean;
}

/**
 * Port (read model over bookings): looks up the parties of a booking and whether two users
 * share one. Implemented by the persistence adapter over the bookings table.
 */
export interface BookingPartiesReader {
  findParties(bookingId: Id): Promise<BookingParties | null>;
  /** True when `coachId` and `clientId` have at least one booking together, in any status. */
  haveBookingTogether(coachId: Id, clientId: Id): Promise<boolean>;
  /** SPEC §3 total_sessions: the coach's completed bookings. */
  countCompletedSessions(coachId: Id): Promise<number>;
}

export type BookingPartyRole = 'client' | 'coach';
