import type { Actor } from '../../policy/actor';
import { canViewBooking } from '../../policy/permissions';
import { policyErrors } from '../../policy/policy-errors';
import type { Clock } from '../../shared/clock';
import { idSchema, type Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { parseForm } from '../../validation/parse-form';
import type { IdSource } from '../../shared/ids';
import { submitReview as writeReview, type Review } from '../review';
import { refreshCoachStats } from './refresh-coach-stats';

/**
 * SPEC §2 'Leave Review': a party of a completed booking rates the other party once
 * ('REVIEW_ALREADY_SUBMITTED' otherwise). A client's review updates the coach's rating.
 */
export async function submitReview(deps: { uow: UnitOfWork; clock: Clock; ids: IdSource }, input: { actor: Actor; bookingId: Id; form: unknown }): Promise<Result<Review>> {
  const bookingId = parseForm(idSchema, input.bookingId);
  if (!bookingId.ok) return bookingId;
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const booking = await tx.bookingParties.findParties(bookingId.value);
    if (!booking || !canViewBooking(input.actor, booking)) return err(policyErrors.bookingNotFound());
    const existing = await tx.reviews.findByBookingAndReviewer(booking.id, input.actor.userId);
    const review = writeReview({ id: deps.ids.newId(), booking, actor: input.actor, form: input.form, alreadyReviewed: existing !== null }, now);
    if (!review.ok) return review;
    const added = await tx.reviews.add(review.value);
    if (!added.ok) return added;
    if (review.value.reviewerType === 'client') {
      const refreshed = await refreshCoachStats(tx, booking.coachId, now, review.value);
      if (!refreshed.ok) return refreshed;
    }
    return ok(review.value);
  });
}
