import type { BookingSeries } from '../booking/requests/booking-series';
import { conflict, DomainFailure } from '../shared/errors';
import { bookingErrors } from '../booking/lifecycle/booking-errors';
import type { Id } from '../shared/ids';
import type { OutboxJob, OutboxPort } from '../shared/outbox';
import { endsAt, type Booking, type BookingStatus } from '../booking/lifecycle/booking';
import type { BookingListFilter } from '../booking/lists/booking-lists';
import type { BookingRepository } from '../booking/lifecycle/booking.repository';
import type { CoachDirectory, CoachForBooking } from '../booking/requests/coach-directory';
import { isAutoCompleteDue } from '../booking/session-progress/session-progress';
import { isRequestExpired } from '../booking/lifecycle/booking-decisions';
import { isUnpaidRequest } from '../booking/requests/paid-requests';
import { BOOKING_STATUSES } from '../shared/catalogue';

/** In-memory bookings (with each day's reference numbers), outbox and coach directory (the real ones are in adapters/). */

export interface InMemoryBookings extends BookingRepository {
  readonly rows: Map<Id, Booking>;
  /** How many numbers each London day (YYYY-MM-DD) has given; set one to start a day further on. */
  readonly referenceDays: Map<string, number>;
}

const overlaps = (b: Booking, s: Date, e: Date) => b.startsAt.getTime() < e.getTime() && s.getTime() < endsAt(b).getTime();
const active = (b: Booking) => b.status === 'confirmed' || b.status === 'in_session';
const oldestFirst = (a: Booking, b: Booking) => a.startsAt.getTime() - b.startsAt.getTime();

export function createInMemoryBookings(): InMemoryBookings {
  const rows = new Map<Id, Booking>();
  const referenceDays = new Map<string, number>();
  const seriesRows = new Map<Id, BookingSeries>();
  const all = () => [...rows.values()];
  const pendingAt = (clientId: Id, coachId: Id, startsAt: Date) =>
    all().some((b) => b.status === 'pending' && b.clientId === clientId && b.coachId === coachId && b.startsAt.getTime() === startsAt.getTime());
  return {
    rows,
    referenceDays,
    nextReferenceNumber: async (day) => {
      const number = referenceDays.get(day) ?? 0;
      referenceDays.set(day, number + 1);
      return number;
    },
    findById: async (id) => rows.get(id) ?? null,
    findByIdForUpdate: async (id) => rows.get(id) ?? null,
    findByReferenceCode: async (code) => all().find((b) => b.referenceCode === code) ?? null,
    findByPaymentIntentId: async (intentId) => all().find((b) => b.paymentIntentId === intentId) ?? null,
    findByReferencePrefix: async (prefix, limit) =>
      all()
        .filter((b) => b.referenceCode.startsWith(prefix.toUpperCase()))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, limit),
    list: async (f: BookingListFilter) =>
      all()
        .filter(
          (b) =>
            (!f.clientId || b.clientId === f.clientId) &&
            (!f.coachId || b.coachId === f.coachId) &&
            (!f.partyId || b.clientId === f.partyId || b.coachId === f.partyId) &&
            (!f.seriesId || b.seriesId === f.seriesId) &&
            (!f.statuses || f.statuses.includes(b.status)),
        )
        .sort((a, b) => (f.orderBy === 'starts_asc' ? a.startsAt.getTime() - b.startsAt.getTime() : 0))
        .slice(0, f.limit),
    countByStatus: async () => {
      const counts = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0])) as Record<BookingStatus, number>;
      for (const b of all()) counts[b.status] += 1;
      return counts;
    },
    save: async (booking) => {
      const existing = rows.get(booking.id);
      if (booking.version === 0 ? existing !== undefined : existing?.version !== booking.version)
        throw new DomainFailure(conflict('CONCURRENT_UPDATE', 'This record changed while you were working on it. Please reload and try again.'));
      // As the unique index bookings_reference_unique answers through the database errors' mapping.
      if (all().some((b) => b.id !== booking.id && b.referenceCode === booking.referenceCode)) throw new DomainFailure(bookingErrors.referenceUnavailable());
      const sameSlot = (b: Booking) => b.clientId === booking.clientId && b.coachId === booking.coachId && b.startsAt.getTime() === booking.startsAt.getTime();
      if (booking.status === 'pending' && all().some((b) => b.id !== booking.id && b.status === 'pending' && sameSlot(b)))
        throw new DomainFailure(conflict('DUPLICATE_PENDING_REQUEST', 'You already have a request with this coach at this time.'));
      if (active(booking) && all().some((b) => b.id !== booking.id && b.coachId === booking.coachId && active(b) && overlaps(b, booking.startsAt, endsAt(booking))))
        throw new DomainFailure(conflict('COACH_ALREADY_BOOKED', 'The coach already has a confirmed session at this time.'));
      const stored = { ...booking, version: booking.version + 1 };
      rows.set(booking.id, stored);
      return stored;
    },
    listOverlappingPendingForCoach: async (coachId, s, e, excludeId) => all().filter((b) => b.coachId === coachId && b.status === 'pending' && b.id !== excludeId && overlaps(b, s, e)),
    // One test runs one transaction at a time: there is nothing to wait for.
    lockCoachCalendar: async () => undefined,
    hasOverlappingActiveForCoach: async (coachId, s, e, excludeId) => all().some((b) => b.coachId === coachId && active(b) && b.id !== excludeId && overlaps(b, s, e)),
    listDueForAutoComplete: async (now, limit) =>
      all()
        .filter((b) => isAutoCompleteDue(b, now))
        .sort(oldestFirst)
        .slice(0, limit),
    listDueForRelease: async (now, limit) =>
      all()
        .filter((b) => (b.paymentStatus === 'captured' || b.paymentStatus === 'partially_refunded') && b.paymentHeldUntil !== null && b.paymentHeldUntil <= now && b.disputeStatus !== 'open')
        .slice(0, limit),
    listExpiredRequests: async (now, limit) =>
      all()
        .filter((b) => isRequestExpired(b, now))
        .sort(oldestFirst)
        .slice(0, limit),
    listUnpaidRequestsMadeBefore: async (cutoff, limit) =>
      all()
        .filter((b) => isUnpaidRequest(b) && b.createdAt.getTime() <= cutoff.getTime())
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .slice(0, limit),
    hasPendingRequest: async (clientId, coachId, startsAt) => pendingAt(clientId, coachId, startsAt),
    checkNewRequest: async (r) => ({
      coachBusy: all().some((b) => b.coachId === r.coachId && active(b) && overlaps(b, r.startsAt, r.endsAt)),
      pendingRequest: pendingAt(r.clientId, r.coachId, r.startsAt),
      referenceTaken: all().some((b) => b.referenceCode === r.referenceCode),
    }),
    isReferenceTaken: async (code) => all().some((b) => b.referenceCode === code),
    insertSeries: async (series) => void seriesRows.set(series.id, series),
    findSeries: async (id) => seriesRows.get(id) ?? null,
    findSeriesForUpdate: async (id) => seriesRows.get(id) ?? null,
    saveSeriesPayment: async (series) => void seriesRows.set(series.id, series),
    findSeriesByPaymentIntentId: async (intentId) => [...seriesRows.values()].find((s) => s.paymentIntentId === intentId) ?? null,
    listInSeries: async (ids, limit) =>
      all()
        .filter((b) => b.seriesId && ids.includes(b.seriesId))
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
        .slice(0, limit),
  };
}

export interface RecordingOutbox extends OutboxPort {
  readonly jobs: OutboxJob[];
}

export function createRecordingOutbox(): RecordingOutbox {
  const jobs: OutboxJob[] = [];
  return {
    jobs,
    enqueue: async (job) => {
      if (job.dedupeKey !== undefined && jobs.some((j) => j.dedupeKey === job.dedupeKey)) return;
      jobs.push(job);
    },
  };
}

export function coachDirectory(coaches: readonly CoachForBooking[]): CoachDirectory {
  return { findCoachForBooking: async (id) => coaches.find((c) => c.coachId === id) ?? null };
}
