import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../domain/shared/clock';
import { expireRequest } from '../../domain/booking/lifecycle/booking-decisions';
import { unwrap } from '../../domain/shared/result';
import { NOW, STARTS_AT, authorised, client, coach, pendingBooking } from '../../domain/testing/booking-fixtures';
import { bookingCardView } from './booking-card-view';
import { respondByLabel } from './respond-by-label';

const item = (booking = pendingBooking()) => ({ booking, clientName: 'Chloe Client', coachName: 'Carlos Coach', reviewedByViewer: false });

describe("a paid request's 'Respond by' on the coach's card", () => {
  it('is 6 days after the authorisation for a session further away, in London time', () => {
    const far = authorised(pendingBooking({ startsAt: new Date('2026-04-01T14:00:00Z') }));
    // Authorised Mon 2 Mar 2026, 10:00 GMT: the coach has until Sun 8 Mar, 10:00.
    expect(bookingCardView(item(far), coach, NOW, 0)!.respondBy).toBe('2026-03-08T10:00');
  });

  it("is the session's start when that comes first", () => {
    expect(bookingCardView(item(authorised(pendingBooking())), coach, NOW, 0)!.respondBy).toBe('2026-03-05T15:00');
  });

  it('is gone once the deadline has passed, with Accept', () => {
    const card = bookingCardView(item(authorised(pendingBooking())), coach, STARTS_AT, 0)!;
    expect(card.respondBy).toBeUndefined();
    expect(card.actions).not.toContain('accept');
  });

  it('is not shown to the client, nor on a request not paid yet', () => {
    expect(bookingCardView(item(authorised(pendingBooking())), client, NOW, 0)!.respondBy).toBeUndefined();
    expect(bookingCardView(item(pendingBooking()), coach, NOW, 0)).toSatisfy((card) => card === null || card.respondBy === undefined);
  });

  it('reads as a weekday, day, month and time', () => {
    expect(respondByLabel('2026-12-08T14:05')).toBe('Tue 8 Dec, 14:05');
    expect(respondByLabel('2027-01-01T09:30')).toBe('Fri 1 Jan, 09:30');
  });
});

describe('a request that expired unanswered, on the client’s card', () => {
  it("says it expired, not that the coach declined it, and offers 'Book again' with the same coach", () => {
    const expired = unwrap(expireRequest(authorised(pendingBooking()), STARTS_AT)).booking;
    const card = bookingCardView(item(expired), client, new Date(STARTS_AT.getTime() + DAY_MS), 0)!;
    expect(card).toMatchObject({ status: 'cancelled', expired: true, cancellationReason: 'The coach did not respond in time', bookAgain: { coachId: expired.coachId } });
  });
});
