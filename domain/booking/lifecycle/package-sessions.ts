import type { Actor } from '../../policy/actor';
import type { Repositories } from '../../repositories';
import type { Id } from '../../shared/ids';
import type { Result } from '../../shared/result';
import type { Booking } from './booking';
import type { BookingChange } from './booking-party';

/**
 * Port (tx.packageSessions): what a session booked from a package (decision 060) does to the
 * package, in the caller's transaction. The packages context implements it, so the booking,
 * payouts and payments contexts depend on no context above them.
 */
export interface PackageSessions {
  /** A new request paid by a credit of the client's purchase: priced and paid from it, the credit held. */
  bookFromCredit(tx: Repositories, input: { booking: Booking; purchaseId: Id; actor: Actor; now: Date }): Promise<Result<Booking>>;
  /** A change of a package session, its payment effects turned into credit moves (the credit given back or used). */
  settle(tx: Repositories, before: Booking, change: BookingChange, now: Date): Promise<BookingChange>;
  /** A package session's money was released to the coach: so is its credit. */
  release(tx: Repositories, booking: Booking, now: Date): Promise<void>;
  /** A dispute's refund of a package session (`amountPence` of its price) was paid back to the card. */
  refunded(tx: Repositories, booking: Booking, amountPence: number): Promise<void>;
  /** Whether a package session may start then: before its package ends (a reschedule asks). */
  checkStart(tx: Repositories, booking: Booking, startsAt: Date): Promise<Result<void>>;
  /** The card payment a package session was paid with: its purchase's. */
  paymentIntentOf(tx: Repositories, booking: Booking): Promise<string | null>;
}
