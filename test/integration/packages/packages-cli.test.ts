import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { completePackagePurchase, startPackagePurchase } from '../../../domain/payments/use-cases/buy-package';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { insertPerson, type Person } from '../../support/booking-flow';
import { runCli } from '../../support/cli';
import { runJobs } from '../payments/money-helpers';

/** `fact packages list|show|refund` against PostgreSQL: an operator sees a bought package and refunds its unused sessions, audited. */
const ctx = useTestApp();
const fact = (...args: string[]) => runCli(ctx.db.url, args);
let admin: Person;
let client: Person;
let coach: Person;
let purchaseId = '';

describe('fact packages', () => {
  beforeAll(async () => {
    admin = await insertPerson(ctx.db, { type: 'admin', name: 'Ada Admin' });
    coach = await insertPerson(ctx.db, { type: 'coach', name: 'Cole Coach', ratePence: 4500 });
    client = await insertPerson(ctx.db, { type: 'client', name: 'Cleo Client' });
    const [offer] = await ctx.db.query<{ id: string }>(
      `insert into package_offers (id, coach_id, sessions, duration_minutes, total_price_pence, validity_weeks, title) values (gen_random_uuid(), $1, 4, 60, 16000, 6, 'Four in May') returning id`,
      [coach.id],
    );
    const session = unwrap(await startPackagePurchase(ctx.app.deps(), { actor: client.actor, offerId: offer!.id }));
    const card = await ctx.app.payments.testCards!.confirmCard({ intentId: session.intentId, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', idempotencyKey: randomUUID() });
    expect(card.ok).toBe(true);
    unwrap(await completePackagePurchase(ctx.app.deps(), { actor: client.actor, purchaseId: session.purchaseId }));
    purchaseId = session.purchaseId;
  }, 60_000);

  it('emails the client a receipt and tells the coach, whatever their optional emails say', async () => {
    await runJobs(ctx.app);
    const sent = await ctx.db.query<{ user_id: string; status: string; subject: string }>(
      `select user_id, status, subject from notification_deliveries where event = 'package_purchased' order by subject`,
    );
    expect(sent).toEqual([
      { user_id: coach.id, status: 'sent', subject: 'Cleo Client bought your package "Four in May"' },
      { user_id: client.id, status: 'sent', subject: 'Receipt: £163.00 for "Four in May"' },
    ]);
  });

  it('lists and shows a bought package with its credits', async () => {
    const listed = await fact('packages', 'list', '--client', `${client.id}@example.test`, '--json');
    expect(listed.code).toBe(0);
    expect(listed.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({ id: purchaseId, title: 'Four in May', credits: { available: 4 }, totalPricePence: 16_000, adminFeePence: 300 }),
    ]);
    const shown = await fact('packages', 'show', purchaseId);
    expect(shown.stdout).toMatch(/Package:\s+Four in May/);
    expect(shown.stdout).toMatch(/Credits:\s+available 4/);
  });

  it('refunds the unused sessions and the admin fee for the client, audited, and refuses a second time', async () => {
    const refunded = await fact('packages', 'refund', purchaseId, '--as', `${admin.id}@example.test`, '--json');
    expect(refunded.code).toBe(0);
    expect(refunded.json()).toEqual({ purchaseId, refundPence: 16_300, credits: 4, adminFeeRefunded: true });
    const audit = await ctx.db.query<{ action: string; actor_id: string; via: string }>(
      `select action, actor_id, details->>'via' as via from audit_log where target_type = 'package_purchase' and target_id = $1`,
      [purchaseId],
    );
    expect(audit).toEqual([{ action: 'package.refund', actor_id: admin.id, via: 'cli' }]);
    const again = await fact('packages', 'refund', purchaseId, '--as', `${admin.id}@example.test`);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('There are no unused sessions to refund.');
    expect(await ctx.db.query(`select 1 from audit_log where target_type = 'package_purchase' and target_id = $1`, [purchaseId])).toHaveLength(1);
    await runJobs(ctx.app);
    const [receipt] = await ctx.db.query<{ subject: string }>(`select subject from notification_deliveries where event = 'package_refunded' and user_id = $1`, [client.id]);
    expect(receipt?.subject).toContain('Refund: £163.00 for your unused sessions');
  });

  it('does not find what is not a bought package', async () => {
    const missing = await fact('packages', 'show', randomUUID());
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('Purchase not found');
  });
});
