import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { reconcilePayments } from '../../../adapters/payments/reconcile';
import { startPayment } from '../../../domain/payments/use-cases/start-payment';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { expectMoney, newWorld, payWithCard, runJobs } from './money-helpers';
import { loadBooking } from './payment-fixtures';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

describe('fact payments reconcile and release-due', () => {
  const ctx = useTestApp();
  const deps = () => ctx.app.deps();

  it('finds a card the browser confirmed but the server never heard of, and records the hold', async () => {
    const world = await newWorld(ctx.app, ctx.db);
    const session = unwrap(await startPayment(deps(), { actor: world.client.actor, bookingId: world.booking.id }));
    unwrap(await ctx.app.payments.testCards!.confirmCard({ intentId: session.intentId, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', idempotencyKey: 'lost-confirm' }));

    const dry = await reconcilePayments(ctx.app, { dryRun: true, bookingId: world.booking.id });
    expect(dry.lines[0]).toMatchObject({ before: 'pending', after: 'authorized', gatewayStatus: 'requires_capture', drift: true });
    expect((await loadBooking(ctx.app, world.booking.id)).paymentStatus).toBe('pending');

    const report = await reconcilePayments(ctx.app, { bookingId: world.booking.id });
    expect(report).toMatchObject({ checked: 1, drifted: 1, repaired: 1, errors: 0 });
    await expectMoney(ctx.app, world.booking.id, { status: 'authorized', authorised: 5300, captured: 0, refunded: 0, gateway: 'requires_capture' });
    expect((await reconcilePayments(ctx.app, { bookingId: world.booking.id })).drifted).toBe(0);
  });

  it('records a capture made out of band, and queues a failed instruction again', async () => {
    const world = await newWorld(ctx.app, ctx.db);
    unwrap(await payWithCard(ctx.app, world));
    unwrap(await acceptBooking(deps(), { actor: world.coach.actor, bookingId: world.booking.id }));
    await ctx.db.query(`update outbox_jobs set status = 'failed', last_error = 'gave up' where type = 'payment.instruction' and payload->>'bookingId' = $1`, [world.booking.id]);
    const booking = await loadBooking(ctx.app, world.booking.id);
    unwrap(await ctx.app.payments.gateway.capture({ intentId: booking.paymentIntentId!, amountPence: 5300, idempotencyKey: 'dashboard-capture' }));

    const report = await reconcilePayments(ctx.app, { bookingId: world.booking.id, retryFailed: true });
    expect(report).toMatchObject({ checked: 1, drifted: 1, requeued: 1, errors: 0 });
    await runJobs(ctx.app); // the capture instruction re-plans from the recorded state: nothing left to do
    await expectMoney(ctx.app, world.booking.id, { status: 'captured', authorised: 5300, captured: 5300, refunded: 0, gateway: 'succeeded' });
    const jobs = await ctx.db.query<{ status: string }>(`select status from outbox_jobs where type = 'payment.instruction' and payload->>'bookingId' = $1`, [world.booking.id]);
    expect(jobs.map((j) => j.status)).toEqual(['done']);
  });

  it('runs both as CLI commands with machine-readable output', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATABASE_URL: ctx.db.url, LOG_LEVEL: 'silent', DEMO_SEED: 'never' };
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE']) delete env[name];
    const node = path.join(root, 'node_modules/.bin/node');
    const reconcile = await run(node, ['--import', 'tsx', 'cli/index.ts', 'payments', 'reconcile', '--json'], { cwd: root, env });
    expect(JSON.parse(reconcile.stdout)).toMatchObject({ errors: 0 });
    const release = await run(node, ['--import', 'tsx', 'cli/index.ts', 'payments', 'release-due', '--json'], { cwd: root, env });
    expect(JSON.parse(release.stdout)).toMatchObject({ done: [], failed: [] });
    const bad = await run(node, ['--import', 'tsx', 'cli/index.ts', 'payments', 'reconcile', '--booking', 'nope'], { cwd: root, env }).catch((e: { code: number; stderr: string }) => e);
    expect(bad).toMatchObject({ code: 2 });
  }, 60_000);
});
