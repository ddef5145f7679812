import { describe, expect, it } from 'vitest';
import { handlePaymentAction } from '../../../app/payments/payment-actions.server';
import type { PaymentSessionView } from '../../../app/payments/payment-view';
import { formatLondonDate } from '../../../domain/shared/london-time';
import { useTestApp } from '../../support/app';
import { remixContext, requestAs } from '../../support/booking-flow';
import { HOUR, insertParty, storeBooking } from './payment-fixtures';

/** The Secure Payment dialog's opening answer: the summary's facts and the terms, at the server's clock. */
describe('the payment summary and its terms', () => {
  const ctx = useTestApp();

  async function open(userId: string, bookingId: string): Promise<PaymentSessionView & { details: NonNullable<PaymentSessionView['details']> }> {
    const request = await requestAs(ctx.app, userId, `/api/payments/${bookingId}`, { intent: 'start' });
    const outcome = await handlePaymentAction(request, remixContext(ctx.app), bookingId);
    expect(outcome.status).toBe(200);
    if (!outcome.body.ok || outcome.body.step !== 'session') throw new Error(JSON.stringify(outcome.body));
    const { session } = outcome.body;
    if (session.details === null) throw new Error('a booking’s payment has its details');
    return { ...session, details: session.details };
  }

  it('says the date, time, player and place, and free cancellation until 24 hours before the start', async () => {
    const client = await insertParty(ctx.db, 'client');
    const coach = await insertParty(ctx.db, 'coach');
    const booking = await storeBooking(ctx.app, client, coach, { location: { type: 'outdoor', address: 'Platt Fields Park' } });
    const session = await open(client.id, booking.id);
    const freeUntil = new Date(booking.startsAt.getTime() - 24 * HOUR);
    expect(session.details).toMatchObject({
      serviceLabel: 'Striker & Finishing',
      date: formatLondonDate(booking.startsAt),
      durationMinutes: 60,
      player: 'You',
      location: 'Outdoor · Platt Fields Park',
      withinWindow: false,
    });
    expect(session.details.coachName).toMatch(/^Test coach/);
    expect(session.details.terms).toEqual([expect.stringMatching(/^Free cancellation until \w{3} \d{1,2} \w{3}, \d{2}:\d{2}\. After that £50\.00 goes to the coach and £3\.00 is refunded\.$/)]);
    expect(session.details.terms[0]).toContain(`${String(freeUntil.getUTCDate())} `);
  });

  it('warns before payment that a session within 24 hours is no longer refundable once accepted, by the server clock', async () => {
    const client = await insertParty(ctx.db, 'client');
    const coach = await insertParty(ctx.db, 'coach');
    const booking = await storeBooking(ctx.app, client, coach, { startsAt: new Date(Date.now() + 30 * HOUR) });
    expect((await open(client.id, booking.id)).details.withinWindow).toBe(false);
    ctx.app.testClock!.set(new Date(Date.now() + 8 * HOUR));
    try {
      const late = await open(client.id, booking.id);
      expect(late.details.withinWindow).toBe(true);
      expect(late.details.terms[0]).toContain('can no longer be cancelled for a refund of the session price: if you cancel then, £50.00 goes to the coach and £3.00 is refunded.');
    } finally {
      ctx.app.testClock!.reset();
    }
  });

  it('names the client, not "You", to an administrator taking the payment', async () => {
    const client = await insertParty(ctx.db, 'client');
    const coach = await insertParty(ctx.db, 'coach');
    const admin = await insertParty(ctx.db, 'admin');
    const booking = await storeBooking(ctx.app, client, coach);
    expect((await open(admin.id, booking.id)).details.player).toMatch(/^Test client/);
  });
});
