import { LockMode, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Booking, BookingStatus } from '../../../domain/booking/booking';
import type { BookingListFilter, BookingOrder } from '../../../domain/booking/booking-lists';
import type { BookingRepository } from '../../../domain/booking/booking.repository';
import { BOOKING_STATUSES } from '../../../domain/shared/catalogue';
import { conflict, DomainFailure, type DomainError } from '../../../domain/shared/errors';
import type { Id } from '../../../domain/shared/ids';
import { BookingEntity, type BookingRecord } from '../entities/booking.entity';
import { toBooking, toBookingRecord } from './booking-mapping';

/** The loser of two concurrent changes to one booking (optimistic version check). */
export const bookingChanged = (): DomainError =>
  conflict('BOOKING_CHANGED', 'This booking changed while you were working on it. Please reload and try again.');

const ACTIVE: readonly BookingStatus[] = ['confirmed', 'in_session'];
const DAY_MS = 24 * 60 * 60 * 1000;

const ORDER: Record<BookingOrder, QueryOrderMap<BookingRecord>> = {
  created_desc: { createdAt: 'desc', id: 'desc' },
  updated_desc: { updatedAt: 'desc', id: 'desc' },
  starts_asc: { startsAt: 'asc', id: 'asc' },
  starts_desc: { startsAt: 'desc', id: 'desc' },
};

/**
 * Bookings over MikroORM. Reads bypass the identity map (no change tracking: the domain works on
 * immutable data and saves explicitly); every row is re-validated by parseBooking. `save` inserts
 * version 1 or updates `where id and version` and bumps the version: 0 rows → BOOKING_CHANGED.
 *
 * Locking: `findByIdForUpdate` first takes a transaction-scoped advisory lock on the booking's
 * coach, then the row lock. Every locking use case of a coach's bookings therefore runs one
 * after another, so accepting one request while another of the same coach is being accepted
 * (each locking its own row, then the other's as an overlapping pending request) waits instead
 * of deadlocking. The exclusion constraint stays the last word on overlaps.
 */
export class MikroBookingRepository implements BookingRepository {
  constructor(private readonly em: EntityManager) {}

  private async findOne(where: FilterQuery<BookingRecord>, lock = false): Promise<Booking | null> {
    const row = await this.em.findOne(BookingEntity, where, {
      disableIdentityMap: true,
      ...(lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}),
    });
    return row ? toBooking(row) : null;
  }

  private async findMany(
    where: FilterQuery<BookingRecord>,
    orderBy: QueryOrderMap<BookingRecord>,
    limit?: number,
    lock = false,
  ): Promise<Booking[]> {
    const rows = await this.em.find(BookingEntity, where, {
      orderBy,
      disableIdentityMap: true,
      ...(limit !== undefined ? { limit } : {}),
      ...(lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}),
    });
    return rows.map(toBooking);
  }

  findById(id: Id): Promise<Booking | null> {
    return this.findOne({ id });
  }

  async findByIdForUpdate(id: Id): Promise<Booking | null> {
    if (!this.em.isInTransaction()) return this.findById(id);
    await this.em.execute(`select pg_advisory_xact_lock(hashtextextended('booking-coach:' || coach_id::text, 0)) from bookings where id = ?`, [id]);
    return this.findOne({ id }, true);
  }

  findByReferenceCode(code: string): Promise<Booking | null> {
    return this.findOne({ referenceCode: code });
  }

  findByPaymentIntentId(intentId: string): Promise<Booking | null> {
    return this.findOne({ paymentIntentId: intentId });
  }

  findByReferencePrefix(prefix: string, limit: number): Promise<Booking[]> {
    const pattern = `${prefix.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.findMany({ referenceCode: { $like: pattern } }, ORDER.created_desc, limit);
  }

  list(filter: BookingListFilter): Promise<Booking[]> {
    const where: FilterQuery<BookingRecord>[] = [];
    if (filter.clientId !== undefined) where.push({ clientId: filter.clientId });
    if (filter.coachId !== undefined) where.push({ coachId: filter.coachId });
    if (filter.partyId !== undefined) where.push({ $or: [{ clientId: filter.partyId }, { coachId: filter.partyId }] });
    if (filter.statuses !== undefined) where.push({ status: { $in: [...filter.statuses] } });
    if (filter.startsFrom !== undefined) where.push({ startsAt: { $gte: filter.startsFrom } });
    if (filter.startsBefore !== undefined) where.push({ startsAt: { $lt: filter.startsBefore } });
    return this.findMany(where.length ? { $and: where } : {}, ORDER[filter.orderBy], filter.limit);
  }

  async countByStatus(): Promise<Record<BookingStatus, number>> {
    const rows = await this.em.execute<{ status: string; count: number }[]>('select status, count(*)::int as count from bookings group by status');
    const counts = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0])) as Record<BookingStatus, number>;
    for (const row of rows) if ((BOOKING_STATUSES as readonly string[]).includes(row.status)) counts[row.status as BookingStatus] = Number(row.count);
    return counts;
  }

  async save(booking: Booking): Promise<Booking> {
    if (booking.version === 0) {
      await this.em.insert(BookingEntity, toBookingRecord(booking, 1));
      return { ...booking, version: 1 };
    }
    const next = booking.version + 1;
    const { id, ...fields } = toBookingRecord(booking, next);
    const updated = await this.em.nativeUpdate(BookingEntity, { id, version: booking.version }, fields);
    if (updated === 0) throw new DomainFailure(bookingChanged());
    return { ...booking, version: next };
  }

  listOverlappingPendingForCoach(coachId: Id, startsAt: Date, endsAt: Date, excludeId?: Id): Promise<Booking[]> {
    const where: FilterQuery<BookingRecord> = {
      coachId,
      status: 'pending',
      startsAt: { $lt: endsAt },
      endsAt: { $gt: startsAt },
      ...(excludeId !== undefined ? { id: { $ne: excludeId } } : {}),
    };
    // Locked in id order, so two transactions locking overlapping sets cannot deadlock.
    return this.findMany(where, { id: 'asc' }, undefined, this.em.isInTransaction());
  }

  async hasOverlappingActiveForCoach(coachId: Id, startsAt: Date, endsAt: Date, excludeId?: Id): Promise<boolean> {
    // Same shape as the exclusion constraint, so its GiST index answers it.
    const rows = await this.em.execute<{ found: boolean }[]>(
      `select exists (
         select 1 from bookings
          where coach_id = ? and status in ('confirmed', 'in_session')
            and tstzrange(starts_at, ends_at, '[)') && tstzrange(?, ?, '[)')
            and (?::uuid is null or id <> ?::uuid)
       ) as found`,
      [coachId, startsAt, endsAt, excludeId ?? null, excludeId ?? null],
    );
    return rows[0]?.found === true;
  }

  listDueForAutoComplete(now: Date, limit: number): Promise<Booking[]> {
    return this.findMany(
      { status: { $in: [...ACTIVE] }, endsAt: { $lte: new Date(now.getTime() - DAY_MS) }, disputeStatus: null },
      { endsAt: 'asc', id: 'asc' },
      limit,
    );
  }

  listDueForRelease(now: Date, limit: number): Promise<Booking[]> {
    return this.findMany(
      {
        paymentStatus: { $in: ['captured', 'partially_refunded'] },
        paymentReleasedAt: null,
        paymentHeldUntil: { $lte: now },
        $or: [{ disputeStatus: null }, { disputeStatus: { $ne: 'open' } }],
      },
      { paymentHeldUntil: 'asc', id: 'asc' },
      limit,
    );
  }

  listExpiredRequests(now: Date, limit: number): Promise<Booking[]> {
    return this.findMany({ status: 'pending', startsAt: { $lte: now } }, { startsAt: 'asc', id: 'asc' }, limit);
  }
}
