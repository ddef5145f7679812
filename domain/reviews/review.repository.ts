import type { Id } from '../shared/ids';
import type { Result } from '../shared/result';
import type { Review } from './review';

/**
 * Port: reviews (re-validated with `parseReview`). The database keeps one review per reviewer
 * per booking; `add` turns a violation into conflict 'REVIEW_ALREADY_SUBMITTED'.
 */
export interface ReviewRepository {
  add(review: Review): Promise<Result<void>>;
  findByBookingAndReviewer(bookingId: Id, reviewerId: Id): Promise<Review | null>;
  listByBooking(bookingId: Id): Promise<Review[]>;
  /** Reviews written by clients about this coach, newest first. */
  listClientReviewsOfCoach(coachId: Id): Promise<Review[]>;
}
