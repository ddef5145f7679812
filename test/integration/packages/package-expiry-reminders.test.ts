import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { queuePackageExpiryReminders } from '../../../domain/notifications/use-cases/queue-package-expiry-reminders';
import { completePackagePurchase, startPackagePurchase } from '../../../domain/payments/use-cases/buy-package';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { insertPerson } from '../../support/booking-flow';
import { runJobs } from '../payments/money-helpers';

/** A package with sessions left that ends within 7 days: its client is reminded once. */
const ctx = useTestApp();

async function boughtPackage(endsInDays: number): Promise<{ purchaseId: string; clientId: string }> {
  const coach = await insertPerson(ctx.db, { type: 'coach', name: 'Cole Coach', ratePence: 4500 });
  const client = await insertPerson(ctx.db, { type: 'client', name: 'Cleo Client' });
  const [offer] = await ctx.db.query<{ id: string }>(
    `insert into package_offers (id, coach_id, sessions, duration_minutes, total_price_pence, validity_weeks, title) values (gen_random_uuid(), $1, 3, 60, 12000, 4, 'Three in March') returning id`,
    [coach.id],
  );
  const session = unwrap(await startPackagePurchase(ctx.app.deps(), { actor: client.actor, offerId: offer!.id }));
  expect((await ctx.app.payments.testCards!.confirmCard({ intentId: session.intentId, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', idempotencyKey: randomUUID() })).ok).toBe(true);
  unwrap(await completePackagePurchase(ctx.app.deps(), { actor: client.actor, purchaseId: session.purchaseId }));
  await ctx.db.query(`update package_purchases set valid_until = now() + make_interval(days => $2) where id = $1`, [session.purchaseId, endsInDays]);
  return { purchaseId: session.purchaseId, clientId: client.id };
}

const remindersOf = (purchaseId: string) => ctx.db.query(`select 1 from outbox_jobs where type = 'email.package_expiring' and payload->'details'->'package'->>'id' = $1`, [purchaseId]);

describe('the reminder that a package ends soon', () => {
  it('reminds the client once of the sessions left, however often the task runs, and not about packages ending later or used up', async () => {
    const soon = await boughtPackage(3);
    const later = await boughtPackage(10);
    const usedUp = await boughtPackage(2);
    await ctx.db.query(`update package_credits set state = 'refunded' where purchase_id = $1`, [usedUp.purchaseId]);

    unwrap(await queuePackageExpiryReminders(ctx.app.deps()));
    unwrap(await queuePackageExpiryReminders(ctx.app.deps()));
    expect(await remindersOf(soon.purchaseId)).toHaveLength(1);
    expect(await remindersOf(later.purchaseId)).toHaveLength(0);
    expect(await remindersOf(usedUp.purchaseId)).toHaveLength(0);

    await runJobs(ctx.app);
    const [sent] = await ctx.db.query<{ status: string; subject: string }>(`select status, subject from notification_deliveries where event = 'package_expiring' and user_id = $1`, [soon.clientId]);
    expect(sent).toMatchObject({ status: 'sent', subject: expect.stringMatching(/^3 sessions of "Three in March" left: the package ends on /) });
  });
});
