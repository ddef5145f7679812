import type { BookingSeries } from '../requests/booking-series';
import type { Id } from '../../shared/ids';
import type { Booking, BookingStatus } from './booking';
import type { BookingListFilter } from '../lists/booking-lists';

/**
 * Port: where bookings are stored. Every booking it returns was re-validated with parseBooking.
 * "Overlapping" always means the half-open ranges [startsAt, startsAt + duration) intersect.
 */
export interface BookingRepository {
  findById(id: Id): Promise<Booking | null>;
  /** Locks the row (SELECT ... FOR UPDATE) until the transaction ends. */
  findByIdForUpdate(id: Id): Promise<Booking | null>;
  findByReferenceCode(code: string): Promise<Booking | null>;
  findByPaymentIntentId(intentId: string): Promise<Booking | null>;
  /** Case-insensitive prefix match on the reference (the query is already normalised), newest first. */
  findByReferencePrefix(prefix: string, limit: number): Promise<Booking[]>;
  list(filter: BookingListFilter): Promise<Booking[]>;
  /** The sessions of these weekly series, soonest first. */
  listInSeries(seriesIds: readonly Id[], limit: number): Promise<Booking[]>;
  /** Records a weekly series (decision 062) before its sessions are saved. */
  insertSeries(series: BookingSeries): Promise<void>;
  findSeries(id: Id): Promise<BookingSeries | null>;
  /** The same, holding the series' row: a card series' payment changes only with it held (decision 064). */
  findSeriesForUpdate(id: Id): Promise<BookingSeries | null>;
  /** Writes a card series' payment as it now is (its intent, authorisation, settlement and purchase). */
  saveSeriesPayment(series: BookingSeries): Promise<void>;
  findSeriesByPaymentIntentId(intentId: string): Promise<BookingSeries | null>;
  countByStatus(): Promise<Record<BookingStatus, number>>;

  /**
   * Inserts a booking with version 0 (stored as version 1), otherwise updates the row whose
   * version equals booking.version and bumps it. Returns the stored booking (new version).
   * A stale version throws DomainFailure with a `conflict` error (the unit of work returns it);
   * the coach overlap constraint surfaces as conflict 'COACH_ALREADY_BOOKED' the same way.
   */
  save(booking: Booking): Promise<Booking>;

  /** The coach's pending requests overlapping the range, locked FOR UPDATE, except `excludeId`. */
  listOverlappingPendingForCoach(coachId: Id, startsAt: Date, endsAt: Date, excludeId?: Id): Promise<Booking[]>;
  /**
   * Holds the coach's calendar until the transaction ends: two decisions that confirm sessions of
   * one coach (accepting requests or reschedules) then run one after the other, so the second sees
   * the first's session and its buffers.
   */
  lockCoachCalendar(coachId: Id): Promise<void>;
  /** Whether the coach has a confirmed or in-session booking overlapping the range, except `excludeId`. */
  hasOverlappingActiveForCoach(coachId: Id, startsAt: Date, endsAt: Date, excludeId?: Id): Promise<boolean>;
  /** Confirmed or in-session bookings whose scheduled end + 24 h is at or before `now`, with no dispute; oldest first. */
  listDueForAutoComplete(now: Date, limit: number): Promise<Booking[]>;
  /**
   * Bookings that may be due for release: payment captured or partially refunded, not released,
   * paymentHeldUntil at or before `now`, no open dispute; oldest hold first. (isReleaseDue decides.)
   */
  listDueForRelease(now: Date, limit: number): Promise<Booking[]>;
  /** Pending requests past their response deadline at `now` (started, or authorised 6 days ago: decision 050); soonest start first. */
  listExpiredRequests(now: Date, limit: number): Promise<Booking[]>;
  /** Pending requests with nothing paid (payment pending or failed) made at or before `cutoff`; oldest first. */
  listUnpaidRequestsMadeBefore(cutoff: Date, limit: number): Promise<Booking[]>;
  /** Whether the client already has a pending request with this coach starting at this instant. */
  hasPendingRequest(clientId: Id, coachId: Id, startsAt: Date): Promise<boolean>;
  /**
   * What stands in the way of a new request, in one look (a booking POST's hot path): the coach's
   * confirmed or in-session booking overlapping it (hasOverlappingActiveForCoach), the client's
   * pending request at that start (hasPendingRequest), and a booking holding its reference.
   */
  checkNewRequest(request: NewRequestKeys): Promise<NewRequestClashes>;
  /** Whether a booking holds this reference. */
  isReferenceTaken(code: string): Promise<boolean>;
  /**
   * The London day's next reference number (0, 1, 2 …), drawn in the caller's transaction: the
   * day's counter row stays locked until it commits, so concurrent requests get numbers in
   * turn, and a request that rolls back gives its number back.
   */
  nextReferenceNumber(day: string): Promise<number>;
}

export interface NewRequestKeys {
  readonly clientId: Id;
  readonly coachId: Id;
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly referenceCode: string;
}

export interface NewRequestClashes {
  readonly coachBusy: boolean;
  readonly pendingRequest: boolean;
  readonly referenceTaken: boolean;
}
