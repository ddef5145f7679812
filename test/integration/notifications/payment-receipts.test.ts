import { describe, expect, it } from 'vitest';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { newWorld, payWithCard, runJobs } from '../payments/money-helpers';
import { emailJobs } from './notification-fixtures';

describe('the client’s payment receipts', () => {
  const ctx = useTestApp();

  const receiptsOf = (bookingId: string) => emailJobs(ctx.db, `type = 'email.payment_receipt' and payload->'booking'->>'id' = $1`, [bookingId]);
  const deliveredTo = (userId: string) =>
    ctx.db.query<{ status: string; subject: string }>(`select status, subject from notification_deliveries where event = 'payment_receipt' and user_id = $1 order by recorded_at, subject`, [userId]);

  it('sends a receipt when the hold is placed and another when it is taken, even with every optional email turned off', async () => {
    const world = await newWorld(ctx.app, ctx.db);
    await ctx.db.query(`update users set email_preferences = '{"booking_updates": false, "session_reminders": false, "session_completed": false, "message_digest": false}'::jsonb where id = $1`, [
      world.client.id,
    ]);
    unwrap(await payWithCard(ctx.app, world));
    const [held, ...none] = await receiptsOf(world.booking.id);
    expect(none).toEqual([]);
    expect(held!.payload.recipient).toEqual({ kind: 'user', userId: world.client.id, role: 'client' });
    expect(held!.payload.details).toEqual({ paidPence: 5300, heldOnly: true, servicePricePence: 5000, adminFeePence: 300 });

    unwrap(await acceptBooking(ctx.app.deps(), { actor: world.coach.actor, bookingId: world.booking.id }));
    // The worker captures the hold (the payment instruction) and sends the emails it queued.
    await runJobs(ctx.app);
    await runJobs(ctx.app);
    const receipts = await receiptsOf(world.booking.id);
    expect(receipts.map((r) => [r.payload.details.heldOnly, r.payload.details.paidPence])).toEqual([
      [true, 5300],
      [false, 5300],
    ]);
    const delivered = await deliveredTo(world.client.id);
    expect(delivered.map((d) => [d.status, d.subject.split(':')[0]])).toEqual([
      ['sent', 'Payment received'],
      ['sent', 'Receipt'],
    ]);
    expect(delivered[1]!.subject).toContain(world.booking.referenceCode);
  });

  it('sends no receipt for a card that was declined', async () => {
    const world = await newWorld(ctx.app, ctx.db);
    expect((await payWithCard(ctx.app, world, '4000 0000 0000 0002')).ok).toBe(false);
    expect(await receiptsOf(world.booking.id)).toEqual([]);
  });
});
