import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../shared/clock';
import { bookingCardView } from './booking-card-view';
import { MINUTE_MS } from '../shared/clock';
import { NOW, STARTS_AT, admin, at, authorised, client, coach, completed, confirmedAndCaptured, pendingBooking, stranger, withPatch } from './testing/fixtures';

const item = (booking = pendingBooking(), reviewedByViewer = false) => ({ booking, clientName: 'Chloe Client', coachName: 'Carlos Coach', reviewedByViewer });

describe('a booking as a MyBookings card', () => {
  it('shows the SPEC fields from the point of view of each party', () => {
    const mine = bookingCardView(item(), client, NOW)!;
    expect(mine).toMatchObject({
      title: 'Striker & Finishing Session',
      otherPartyLabel: 'Coach',
      otherPartyName: 'Carlos Coach',
      statusLabel: 'Pending',
      statusColour: 'yellow',
      date: 'Thu, 5 Mar 2026',
      time: '15:00',
      durationMinutes: 60,
      locationLabel: 'Outdoor',
      totalPricePence: 5300,
      adminFeePence: 300,
    });
    expect(mine.actions).toContain('cancel');
    expect(mine.actions).not.toContain('accept');
    expect(mine.cancelPreview).toEqual({ rule: 'before_acceptance', refundPence: 5300 });
    const theirs = bookingCardView(item(authorised(pendingBooking())), coach, NOW)!;
    expect(theirs).toMatchObject({ otherPartyLabel: 'Client', otherPartyName: 'Chloe Client', awaitingPayment: null });
    expect(theirs.actions).toEqual(expect.arrayContaining(['accept', 'decline']));
  });

  it('asks the client to pay an unpaid request within the minutes left (decision 011)', () => {
    expect(bookingCardView(item(), client, NOW)).toMatchObject({ awaitingPayment: { minutesLeft: 30 }, actions: expect.arrayContaining(['pay']) });
    expect(bookingCardView(item(), client, at(NOW, 7 * MINUTE_MS - 1))!.awaitingPayment).toEqual({ minutesLeft: 24 });
    expect(bookingCardView(item(), client, at(NOW, 30 * MINUTE_MS))!.awaitingPayment).toEqual({ minutesLeft: 0 });
    expect(bookingCardView(item(authorised(pendingBooking())), client, NOW)!.awaitingPayment).toBeNull();
    // The coach cannot accept it (they are not shown it at all: the read models leave it out).
    expect(bookingCardView(item(), coach, NOW)!.actions).not.toContain('accept');
  });

  it('is not shown to strangers or administrators (they use the admin pages)', () => {
    expect(bookingCardView(item(), stranger, NOW)).toBeNull();
    expect(bookingCardView(item(), admin, NOW)).toBeNull();
  });

  it('names the policy that a late cancellation falls under', () => {
    const late = at(STARTS_AT, -2 * HOUR_MS);
    expect(bookingCardView(item(confirmedAndCaptured()), client, late)!.cancelPreview).toEqual({ rule: 'client_late', refundPence: 300 });
    expect(bookingCardView(item(confirmedAndCaptured()), coach, late)!.cancelPreview).toEqual({ rule: 'coach_or_platform', refundPence: 5300 });
  });

  it('offers a review once per party on a completed session, and shows the progress card', () => {
    const done = completed();
    const card = bookingCardView(item(done), client, at(STARTS_AT, 2 * HOUR_MS))!;
    expect(card).toMatchObject({ canReview: true, statusColour: 'blue', progress: { shown: true, state: 'completed' } });
    expect(bookingCardView(item(done, true), client, at(STARTS_AT, 2 * HOUR_MS))!.canReview).toBe(false);
  });

  it('tells the proposer and the other party apart for a pending reschedule', () => {
    const proposed = withPatch(confirmedAndCaptured(), {
      rescheduleStatus: 'pending',
      rescheduleRequestedBy: coach.userId,
      rescheduleProposedStartsAt: new Date('2026-03-10T17:30:00Z'),
      rescheduleReason: 'Pitch booked',
    });
    expect(bookingCardView(item(proposed), coach, NOW)!.reschedule.view).toBe('awaiting_other_party');
    expect(bookingCardView(item(proposed), client, NOW)!.reschedule).toEqual({ view: 'review', proposedDate: 'Tue, 10 Mar 2026', proposedTime: '17:30', reason: 'Pitch booked' });
  });
});
