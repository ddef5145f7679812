import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { submitReview } from '../../../domain/reviews/use-cases/submit-review';
import type { Review } from '../../../domain/reviews/review';
import { ok, unwrap } from '../../../domain/shared/result';
import { refusable } from '../../../adapters/persistence/shared/savepoint';
import { useTestApp } from '../../support/app';
import { hoursAhead, insertUser, pendingBooking, type TestUser } from './fixtures';

const ctx = useTestApp();

async function completedBooking(): Promise<{ client: TestUser; coach: TestUser; bookingId: string }> {
  const [client, coach] = [await insertUser(ctx.db), await insertUser(ctx.db, 'coach')];
  const booking = pendingBooking(client, coach, { startsAt: hoursAhead(2) });
  unwrap(await ctx.app.deps().uow.transaction(async (tx) => ok(await tx.bookings.save(booking))));
  await ctx.db.query(`update bookings set status = 'completed', session_started_at = starts_at, completed_at = ends_at where id = $1`, [booking.id]);
  return { client, coach, bookingId: booking.id };
}

describe('reviews', () => {
  it('round-trip, one per reviewer per booking, and refresh the coach rating in the same transaction', async () => {
    const { client, coach, bookingId } = await completedBooking();
    const form = { rating: '4', comment: 'Great session, lots of finishing drills' };
    const review = unwrap(await submitReview(ctx.app.deps(), { actor: client.actor, bookingId, form }));
    expect(review).toMatchObject({ bookingId, coachId: coach.id, reviewerId: client.id, revieweeId: coach.id, reviewerType: 'client', rating: 4 });

    const read = ctx.app.deps().uow.read.reviews;
    expect(await read.findByBookingAndReviewer(bookingId, client.id)).toEqual(review);
    expect(await read.listByBooking(bookingId)).toEqual([review]);
    expect(await read.listClientReviewsOfCoach(coach.id)).toEqual([review]);
    const [profile] = await ctx.db.query<{ rating: string; review_count: number }>('select rating, review_count from coach_profiles where user_id = $1', [coach.id]);
    expect(profile).toEqual({ rating: '4.0', review_count: 1 });

    const again = await submitReview(ctx.app.deps(), { actor: client.actor, bookingId, form });
    expect(again.ok ? null : again.error.code).toBe('REVIEW_ALREADY_SUBMITTED');
  });

  it('refuses a duplicate without spoiling the transaction it runs in', async () => {
    const { client, coach, bookingId } = await completedBooking();
    const review: Review = {
      id: crypto.randomUUID(),
      bookingId,
      coachId: coach.id,
      reviewerId: coach.id,
      revieweeId: client.id,
      reviewerType: 'coach',
      rating: 5,
      comment: null,
      createdAt: new Date(),
    };
    const result = await ctx.app.deps().uow.transaction(async (tx) => {
      expect(await tx.reviews.add(review)).toEqual(ok(undefined));
      const second = await tx.reviews.add({ ...review, id: crypto.randomUUID() });
      expect(second.ok ? null : second.error.code).toBe('REVIEW_ALREADY_SUBMITTED');
      return ok(await tx.reviews.listByBooking(bookingId)); // still usable
    });
    expect(result.ok && result.value.map((r) => r.id)).toEqual([review.id]);
  });
});

describe('refusable writes', () => {
  it('turn a refused statement into a failed Result and keep the surrounding transaction alive', async () => {
    const person = await insertUser(ctx.db);
    const em = ctx.app.orm.em.fork() as EntityManager;
    const outcome = await em.transactional(async (tx) => {
      const insert = (id: string) =>
        refusable(tx, async (inner) => {
          await inner.execute(`insert into account_deletion_requests (id, user_id, status) values (?, ?, 'pending')`, [id, person.id], 'run');
        });
      const first = await insert(crypto.randomUUID());
      const second = await insert(crypto.randomUUID());
      const rows = await tx.execute<{ n: number }[]>('select count(*)::int as n from account_deletion_requests where user_id = ?', [person.id]);
      return { first, second, n: rows[0]?.n };
    });
    expect(outcome.first).toEqual(ok(undefined));
    expect(outcome.second.ok ? null : outcome.second.error.code).toBe('DELETION_ALREADY_PENDING');
    expect(outcome.n).toBe(1);
  });
});
