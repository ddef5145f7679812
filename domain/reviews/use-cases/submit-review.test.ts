import { describe, expect, it } from 'vitest';
import { unwrap } from '../../shared/result';
import { createCoachProfile } from '../../accounts/users/coach-profile';
import { aBooking, adminActor, client2Actor, clientActor, coachActor, IDS, NOW } from '../../testing/fixtures';
import { fixedClock, memoryUnitOfWork, sequentialIds } from '../../testing';
import { refreshCoachStats } from './refresh-coach-stats';
import { submitReview } from './submit-review';

function setup() {
  const uow = memoryUnitOfWork();
  uow.data.bookingParties.set(IDS.booking, aBooking({ status: 'completed' }));
  uow.data.bookingParties.set(IDS.booking2, aBooking({ id: IDS.booking2, clientId: IDS.client2, status: 'completed' }));
  uow.data.coachProfiles.set(IDS.coach, createCoachProfile(IDS.coach, {}, NOW));
  return { uow, deps: { uow, clock: fixedClock(NOW), ids: sequentialIds() } };
}

describe('submitReview use case', () => {
  it("stores a client's review and updates the coach's rating, review count and sessions", async () => {
    const { uow, deps } = setup();
    unwrap(await submitReview(deps, { actor: clientActor, bookingId: IDS.booking, form: { rating: '5' } }));
    expect(uow.data.coachProfiles.get(IDS.coach)).toMatchObject({ rating: 5, reviewCount: 1, totalSessions: 2 });
    unwrap(await submitReview(deps, { actor: client2Actor, bookingId: IDS.booking2, form: { rating: '4', comment: 'Good drills, a bit rushed' } }));
    expect(uow.data.coachProfiles.get(IDS.coach)).toMatchObject({ rating: 4.5, reviewCount: 2 });
  });

  it("does not let a coach's review of a client change the coach's rating", async () => {
    const { uow, deps } = setup();
    unwrap(await submitReview(deps, { actor: coachActor, bookingId: IDS.booking, form: { rating: 1 } }));
    expect(uow.data.coachProfiles.get(IDS.coach)).toMatchObject({ rating: 0, reviewCount: 0 });
    expect(uow.data.reviews.size).toBe(1);
  });

  it("refuses a second review by the same party: 'REVIEW_ALREADY_SUBMITTED'", async () => {
    const { uow, deps } = setup();
    await submitReview(deps, { actor: clientActor, bookingId: IDS.booking, form: { rating: 5 } });
    expect(await submitReview(deps, { actor: clientActor, bookingId: IDS.booking, form: { rating: 1 } })).toMatchObject({
      ok: false,
      error: { code: 'REVIEW_ALREADY_SUBMITTED' },
    });
    expect(uow.data.coachProfiles.get(IDS.coach)?.rating).toBe(5);
  });

  it("answers a booking the actor cannot see 'Booking not found' and an admin 'NOT_BOOKING_PARTY'", async () => {
    const { deps } = setup();
    expect(await submitReview(deps, { actor: client2Actor, bookingId: IDS.booking, form: { rating: 5 } })).toMatchObject({
      ok: false,
      error: { kind: 'not_found', message: 'Booking not found' },
    });
    expect(await submitReview(deps, { actor: adminActor, bookingId: IDS.booking, form: { rating: 5 } })).toMatchObject({
      ok: false,
      error: { code: 'NOT_BOOKING_PARTY' },
    });
  });

  it('refuses a review before the session is completed', async () => {
    const { uow, deps } = setup();
    uow.data.bookingParties.set(IDS.booking, aBooking({ status: 'in_session' }));
    expect(await submitReview(deps, { actor: clientActor, bookingId: IDS.booking, form: { rating: 5 } })).toMatchObject({
      ok: false,
      error: { code: 'BOOKING_NOT_COMPLETED' },
    });
  });
});

describe('refreshCoachStats', () => {
  it('recounts completed sessions when a booking completes', async () => {
    const { uow } = setup();
    uow.data.bookingParties.set(IDS.booking, aBooking({ status: 'cancelled' }));
    await uow.transaction((tx) => refreshCoachStats(tx, IDS.coach, NOW));
    expect(uow.data.coachProfiles.get(IDS.coach)?.totalSessions).toBe(1);
  });
});
