import { describe, expect, it } from 'vitest';
import { acceptBooking as acceptTransition, NO_LONGER_AVAILABLE_REASON } from '../../../domain/booking/lifecycle/booking-decisions';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import type { Booking } from '../../../domain/booking/lifecycle/booking';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ok } from '../../../domain/shared/result';
import { toBookingRecord } from '../../../adapters/persistence/booking/booking-mapping';
import { BookingEntity } from '../../../adapters/persistence/entities/booking.entity';
import { useTestApp } from '../../support/app';
import { hoursAhead, insertUser, pendingBooking, type TestUser } from './fixtures';

const ctx = useTestApp();
const REQUESTS = 50;
const ROUNDS = 20;
const REFUSALS = ['BOOKING_NOT_PENDING', 'COACH_ALREADY_BOOKED', 'BOOKING_CHANGED', 'CONCURRENT_UPDATE'];

/**
 * A coach with 50 pending, authorised requests that all overlap one another (starts 0–29 min apart,
 * plus a second for the second thirty, 60 min each): no client holds two requests at the same start
 * (bookings_one_pending_request_per_slot).
 */
async function coachWithOverlappingRequests(round: number): Promise<{ coach: TestUser; bookings: Booking[] }> {
  const coach = await insertUser(ctx.db, 'coach');
  const clients = [await insertUser(ctx.db), await insertUser(ctx.db), await insertUser(ctx.db)];
  const base = hoursAhead(2 + (round % 20), 9);
  const bookings = Array.from({ length: REQUESTS }, (_, i) =>
    pendingBooking(clients[i % clients.length]!, coach, { startsAt: new Date(base.getTime() + (i % 30) * 60_000 + Math.floor(i / 30) * 1_000), authorised: true }),
  );
  // One multi-row insert (the repository's own save is covered in booking-repository.test.ts).
  await (ctx.app.orm.em.fork() as EntityManager).insertMany(
    BookingEntity,
    bookings.map((b) => toBookingRecord(b, 1)),
  );
  return { coach, bookings: bookings.map((b) => ({ ...b, version: 1 })) };
}

async function statusesOf(coachId: string) {
  return ctx.db.query<{ status: string; declined: boolean; cancelled_by: string | null; cancellation_reason: string | null; n: number }>(
    `select status, declined, cancelled_by, cancellation_reason, count(*)::int as n from bookings where coach_id = $1
      group by 1, 2, 3, 4 order by 1`,
    [coachId],
  );
}

describe('a coach accepting overlapping requests at the same moment', () => {
  it(`confirms exactly one of ${REQUESTS} concurrent accepts and declines the rest, ${ROUNDS} times over`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { coach, bookings } = await coachWithOverlappingRequests(round);
      const results = await Promise.all(bookings.map((b) => acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: b.id })));

      const winners = results.filter((r) => r.ok);
      expect(winners, `round ${round}`).toHaveLength(1);
      const codes = results.flatMap((r) => (r.ok ? [] : [r.error.code]));
      expect(
        codes.every((c) => REFUSALS.includes(c)),
        `round ${round}: ${[...new Set(codes)].join(', ')}`,
      ).toBe(true);
      expect(winners[0]!.ok && winners[0]!.value.declined).toHaveLength(REQUESTS - 1);

      expect(await statusesOf(coach.id)).toEqual([
        { status: 'cancelled', declined: true, cancelled_by: 'system', cancellation_reason: NO_LONGER_AVAILABLE_REASON, n: REQUESTS - 1 },
        { status: 'confirmed', declined: false, cancelled_by: null, cancellation_reason: null, n: 1 },
      ]);
      // The winner's capture and every loser's release of the hold are queued, each once.
      const jobs = await ctx.db.query<{ kind: string; n: number }>(
        `select payload->'instruction'->>'kind' as kind, count(*)::int as n from outbox_jobs
          where type = 'payment.instruction' and (payload->>'bookingId')::uuid in (select id from bookings where coach_id = $1)
          group by 1 order by 1`,
        [coach.id],
      );
      expect(jobs).toEqual([
        { kind: 'capture', n: 1 },
        { kind: 'void', n: REQUESTS - 1 },
      ]);
    }
  }, 90_000);

  it('is kept to one confirmed booking by the exclusion constraint alone, without any lock', async () => {
    for (let round = 0; round < 3; round++) {
      const { coach, bookings } = await coachWithOverlappingRequests(100 + round);
      // Each transaction reads without locking and saves its own booking as confirmed.
      const results = await Promise.all(
        bookings.map((b) =>
          ctx.app.deps().uow.transaction(async (tx) => {
            const current = await tx.bookings.findById(b.id);
            const change = acceptTransition(current!, coach.actor, new Date());
            if (!change.ok) return change;
            return ok(await tx.bookings.save(change.value.booking));
          }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(new Set(results.flatMap((r) => (r.ok ? [] : [r.error.code])))).toEqual(new Set(['COACH_ALREADY_BOOKED']));
      const confirmed = await ctx.db.query(`select id from bookings where coach_id = $1 and status = 'confirmed'`, [coach.id]);
      expect(confirmed).toHaveLength(1);
    }
  });
});
