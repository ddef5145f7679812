import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../domain/shared/clock';
import { bookingCardView } from './booking-card-view';
import { bookAgainSeed, cardStatusColour, cardStatusLabel, cardTitle, cardWhen, locationLabel, otherPartyLabel, servicePricePence } from './booking-card-labels';
import { MINUTE_MS } from '../../domain/shared/clock';
import { NOW, STARTS_AT, admin, at, authorised, client, coach, completed, confirmedAndCaptured, pendingBooking, stranger, withPatch } from '../../domain/testing/booking-fixtures';

const item = (booking = pendingBooking(), reviewedByViewer = false) => ({ booking, clientName: 'Chloe Client', coachName: 'Carlos Coach', reviewedByViewer });

describe('the money on a card', () => {
  it('tells the client their held payment in words, and the coach what accepting earns them', () => {
    const held = authorised(pendingBooking());
    expect(bookingCardView(item(held), client, NOW, 0)!.payment).toEqual({
      label: 'Payment held',
      detail: '£53.00 is held on your card. You are charged only if Carlos Coach accepts; otherwise the hold is released.',
    });
    expect(bookingCardView(item(held), coach, NOW, 0)!.earnPence).toBe(5000);
    expect(bookingCardView(item(held), coach, NOW, 1000)!.earnPence).toBe(4500);
    expect(bookingCardView(item(held), coach, NOW, 0)!.payment).toBeUndefined();
    expect(bookingCardView(item(confirmedAndCaptured()), coach, NOW, 0)!.earnPence).toBeUndefined();
  });

  it('marks a session paid with a package, so its dialogs speak of the credit instead of card money', () => {
    const fromPackage = withPatch(confirmedAndCaptured(), { packagePurchaseId: '00000000-0000-4000-8000-0000000000aa' });
    expect(bookingCardView(item(fromPackage), client, NOW, 0)!.paidFromPackage).toBe(true);
    expect(bookingCardView(item(fromPackage), coach, NOW, 0)!.paidFromPackage).toBe(true);
    expect(bookingCardView(item(confirmedAndCaptured()), client, NOW, 0)!.paidFromPackage).toBeUndefined();
  });

  it('says what cancelling now refunds and keeps, by the rule the cancellation applies', () => {
    const late = at(STARTS_AT, -3 * HOUR_MS);
    expect(bookingCardView(item(confirmedAndCaptured()), client, late, 0)!.cancelMoney).toEqual({ paidPence: 5300, heldOnly: false, refundPence: 300, keptPence: 5000 });
    expect(bookingCardView(item(confirmedAndCaptured()), coach, late, 0)!.cancelMoney).toEqual({ paidPence: 5300, heldOnly: false, refundPence: 5300, keptPence: 0 });
    expect(bookingCardView(item(authorised(pendingBooking())), coach, NOW, 0)!.cancelMoney).toEqual({ paidPence: 5300, heldOnly: true, refundPence: 5300, keptPence: 0 });
  });
});

describe('a booking as a MyBookings card', () => {
  it('shows the SPEC fields from the point of view of each party', () => {
    const mine = bookingCardView(item(), client, NOW, 0)!;
    expect(mine).toMatchObject({
      viewerIs: 'client',
      otherPartyName: 'Carlos Coach',
      status: 'pending',
      serviceType: 'striker',
      start: '2026-03-05T15:00',
      durationMinutes: 60,
      locationType: 'outdoor',
      locationAddress: 'Hackney Marshes',
      totalPricePence: 5300,
      adminFeePence: 300,
    });
    // The words are derived from those fields (booking-card-labels.ts), in the browser too.
    expect(cardTitle(mine)).toBe('Striker & Finishing Session');
    expect(otherPartyLabel(mine)).toBe('Coach');
    expect([cardStatusLabel(mine), cardStatusColour(mine)]).toEqual(['Pending', 'yellow']);
    expect(cardWhen(mine)).toEqual({ date: 'Thu, 5 Mar 2026', time: '15:00' });
    expect(locationLabel(mine.locationType)).toBe('Outdoor');
    expect(servicePricePence(mine)).toBe(5000);
    expect(mine.actions).toContain('cancel');
    expect(mine.actions).not.toContain('accept');
    expect(mine.cancelRule).toBe('before_acceptance');
    // Only the coach is sent the client's notes; nothing that does not apply is sent at all.
    expect(mine.clientNotes).toBeUndefined();
    expect(Object.keys(mine).sort()).toEqual(
      [
        'actions',
        'adminFeePence',
        'awaitingPayment',
        'cancelRule',
        'cancelMoney',
        'durationMinutes',
        'id',
        'locationAddress',
        'locationType',
        'otherPartyName',
        'referenceCode',
        'serviceType',
        'start',
        'status',
        'totalPricePence',
        'viewerIs',
      ].sort(),
    );
    const theirs = bookingCardView(item(authorised(pendingBooking())), coach, NOW, 0)!;
    expect(theirs).toMatchObject({ viewerIs: 'coach', otherPartyName: 'Chloe Client', clientNotes: 'Working on my left foot', paymentHeld: true });
    expect(otherPartyLabel(theirs)).toBe('Client');
    expect(theirs.awaitingPayment).toBeUndefined();
    expect(theirs.actions).toEqual(expect.arrayContaining(['accept', 'decline']));
  });

  it('asks the client to pay an unpaid request within the minutes left (decision 011)', () => {
    expect(bookingCardView(item(), client, NOW, 0)).toMatchObject({ awaitingPayment: { minutesLeft: 30 }, actions: expect.arrayContaining(['pay']) });
    expect(bookingCardView(item(), client, at(NOW, 7 * MINUTE_MS - 1), 0)!.awaitingPayment).toEqual({ minutesLeft: 24 });
    expect(bookingCardView(item(), client, at(NOW, 30 * MINUTE_MS), 0)!.awaitingPayment).toEqual({ minutesLeft: 0 });
    expect(bookingCardView(item(authorised(pendingBooking())), client, NOW, 0)!.awaitingPayment).toBeUndefined();
    // The coach cannot accept it (they are not shown it at all: the read models leave it out).
    expect(bookingCardView(item(), coach, NOW, 0)!.actions).not.toContain('accept');
  });

  it('is not shown to strangers or administrators (they use the admin pages)', () => {
    expect(bookingCardView(item(), stranger, NOW, 0)).toBeNull();
    expect(bookingCardView(item(), admin, NOW, 0)).toBeNull();
  });

  it('names the policy that a late cancellation falls under', () => {
    const late = at(STARTS_AT, -2 * HOUR_MS);
    expect(bookingCardView(item(confirmedAndCaptured()), client, late, 0)!.cancelRule).toBe('client_late');
    expect(bookingCardView(item(confirmedAndCaptured()), coach, late, 0)!.cancelRule).toBe('coach_or_platform');
  });

  it('offers a review once per party on a completed session, and shows the progress card', () => {
    const done = completed();
    const card = bookingCardView(item(done), client, at(STARTS_AT, 2 * HOUR_MS), 0)!;
    expect(card).toMatchObject({ canReview: true, status: 'completed', progress: { state: 'completed' } });
    expect(cardStatusColour(card)).toBe('blue');
    expect(bookingCardView(item(done, true), client, at(STARTS_AT, 2 * HOUR_MS), 0)!.canReview).toBeUndefined();
    // No progress panel before the coach accepts.
    expect(bookingCardView(item(), client, NOW, 0)!.progress).toBeUndefined();
  });

  it('tells the proposer and the other party apart for a pending reschedule', () => {
    const proposed = withPatch(confirmedAndCaptured(), {
      rescheduleStatus: 'pending',
      rescheduleRequestedBy: coach.userId,
      rescheduleProposedStartsAt: new Date('2026-03-10T17:30:00Z'),
      rescheduleReason: 'Pitch booked',
    });
    expect(bookingCardView(item(proposed), coach, NOW, 0)!.reschedule).toEqual({ view: 'awaiting_other_party', proposedStart: '2026-03-10T17:30' });
    expect(bookingCardView(item(proposed), client, NOW, 0)!.reschedule).toEqual({ view: 'review', proposedStart: '2026-03-10T17:30', reason: 'Pitch booked' });
    expect(bookingCardView(item(confirmedAndCaptured()), client, NOW, 0)!.reschedule).toBeUndefined();
  });

  it("seeds 'Book again' from the client's own card", () => {
    const card = bookingCardView(item(confirmedAndCaptured()), client, NOW, 0)!;
    expect(card.bookAgain).toEqual({ coachId: coach.userId });
    expect(bookAgainSeed(card)).toEqual({
      coachId: coach.userId,
      serviceType: 'striker',
      durationMinutes: 60,
      locationType: 'outdoor',
      locationAddress: 'Hackney Marshes',
      playerId: null,
      lastDate: '2026-03-05',
      lastTime: '15:00',
    });
    expect(bookingCardView(item(confirmedAndCaptured()), coach, NOW, 0)!.bookAgain).toBeUndefined();
  });
});
