import type { EntityManager } from '@mikro-orm/postgresql';
import { parseReview, reviewErrors, type Review } from '../../../domain/reviews/review';
import type { ReviewRepository } from '../../../domain/reviews/review.repository';
import type { Id } from '../../../domain/shared/ids';
import { err, ok, type Result } from '../../../domain/shared/result';
import { ReviewEntity, type ReviewRecord } from '../entities/small.entities';
import { rebuild, rebuildAll } from '../shared/stored-data';

const toReviews = (rows: readonly ReviewRecord[]): Review[] => rebuildAll('reviews', parseReview, rows);

/** Reviews over MikroORM, re-validated by parseReview. */
export class MikroReviewRepository implements ReviewRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * One review per reviewer per booking: a second one is skipped by ON CONFLICT (which, unlike
   * a failed insert, leaves the caller's transaction usable) and reported as already submitted.
   */
  async add(review: Review): Promise<Result<void>> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into reviews (id, booking_id, coach_id, reviewer_id, reviewee_id, reviewer_type, rating, comment, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict on constraint reviews_one_per_party do nothing
       returning id`,
      [review.id, review.bookingId, review.coachId, review.reviewerId, review.revieweeId, review.reviewerType, review.rating, review.comment, review.createdAt],
    );
    return rows.length === 1 ? ok(undefined) : err(reviewErrors.alreadySubmitted());
  }

  async findByBookingAndReviewer(bookingId: Id, reviewerId: Id): Promise<Review | null> {
    const row = await this.em.findOne(ReviewEntity, { bookingId, reviewerId }, { disableIdentityMap: true });
    return row ? rebuild('reviews', parseReview, row) : null;
  }

  async listByBooking(bookingId: Id): Promise<Review[]> {
    return toReviews(await this.em.find(ReviewEntity, { bookingId }, { orderBy: { createdAt: 'asc', id: 'asc' }, disableIdentityMap: true }));
  }

  async listClientReviewsOfCoach(coachId: Id): Promise<Review[]> {
    return toReviews(await this.em.find(ReviewEntity, { coachId, reviewerType: 'client' }, { orderBy: { createdAt: 'desc', id: 'desc' }, disableIdentityMap: true }));
  }
}
