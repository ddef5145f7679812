import { withCoachStats } from '../../accounts/users/coach-profile';
import type { Repositories } from '../../repositories';
import type { Id } from '../../shared/ids';
import { ok, type Result } from '../../shared/result';
import { coachRatingFrom } from '../coach-rating';
import type { Review } from '../review';

/**
 * Recomputes a coach's derived figures in `tx` (SPEC §3): rating = average of clients' reviews
 * (one decimal), reviewCount, totalSessions = completed bookings. The booking context calls
 * this when a booking completes; submitReview calls it after a client's review. `added` is a
 * review written in this transaction, counted even if the store does not list it yet.
 */
export async function refreshCoachStats(tx: Repositories, coachId: Id, now: Date, added?: Review): Promise<Result<void>> {
  const profile = await tx.coachProfiles.findByUserId(coachId);
  if (!profile) return ok(undefined);
  const listed = await tx.reviews.listClientReviewsOfCoach(coachId);
  const reviews = added ? [...listed.filter((r) => r.id !== added.id), added] : listed;
  const { rating, reviewCount } = coachRatingFrom(reviews, coachId);
  const totalSessions = await tx.bookingParties.countCompletedSessions(coachId);
  if (profile.rating === rating && profile.reviewCount === reviewCount && profile.totalSessions === totalSessions) return ok(undefined);
  return tx.coachProfiles.save(withCoachStats(profile, { rating, reviewCount, totalSessions }, now));
}
