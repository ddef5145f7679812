import { autoCompleteDue } from '../../domain/booking/session-progress/use-cases/auto-complete-due';
import { expireStaleRequests } from '../../domain/booking/lifecycle/use-cases/expire-stale-requests';
import { expireUnpaidRequests } from '../../domain/booking/requests/use-cases/expire-unpaid-requests';
import type { BatchOutcome } from '../../domain/booking/lifecycle/use-cases/run-due-batch';
import { releaseDuePayments } from '../../domain/payments/use-cases/release-due-payments';
import { refundExpiredPackages } from '../../domain/payments/use-cases/refund-package-credits';
import { ok, type Result } from '../../domain/shared/result';
import { runTestPayouts } from '../payments/test-gateway/test-payouts';
import type { Application } from '../composition-root';
import type { OutboxWorker } from './worker';

const MINUTE = 60_000;

/** A batch use case as a scheduled task: logs what it did, fails the run only if it could not start. */
function batch(app: Application, name: string, run: () => Promise<Result<BatchOutcome>>): () => Promise<Result<BatchOutcome>> {
  return async () => {
    const result = await run();
    if (result.ok) {
      const { done, skipped, failed } = result.value;
      if (done.length || failed.length)
        app.logger.info({ task: name, done: done.length, skipped: skipped.length, failed: failed.map((f) => ({ id: f.id, code: f.error.code })) }, 'scheduled task ran');
    }
    return result;
  };
}

/** Runs batch use cases one after another as one task; the outcomes are added up. */
function inTurn(...runs: (() => Promise<Result<BatchOutcome>>)[]): () => Promise<Result<BatchOutcome>> {
  return async () => {
    const done: BatchOutcome['done'][number][] = [];
    const skipped: BatchOutcome['skipped'][number][] = [];
    const failed: BatchOutcome['failed'][number][] = [];
    for (const run of runs) {
      const result = await run();
      if (!result.ok) return result;
      done.push(...result.value.done);
      skipped.push(...result.value.skipped);
      failed.push(...result.value.failed);
    }
    return ok({ done, skipped, failed });
  };
}

/**
 * Time-based jobs (PRODUCT.md), run by the outbox worker once per period across all instances.
 * Add a line per periodic use case.
 */
export function registerScheduledTasks(worker: OutboxWorker, app: Application): void {
  worker.schedule({ name: 'booking.auto-complete', everyMs: 5 * MINUTE, run: batch(app, 'booking.auto-complete', () => autoCompleteDue(app.deps())) });
  worker.schedule({
    name: 'booking.expire-requests',
    everyMs: 5 * MINUTE,
    run: batch(
      app,
      'booking.expire-requests',
      inTurn(
        () => expireStaleRequests(app.deps()),
        () => expireUnpaidRequests(app.deps()),
      ),
    ),
  });
  worker.schedule({ name: 'payments.release-due', everyMs: 15 * MINUTE, run: batch(app, 'payments.release-due', () => releaseDuePayments(app.deps())) });
  // PRODUCT.md: a package's unused sessions go back to the card when it expires.
  worker.schedule({ name: 'packages.refund-expired', everyMs: 15 * MINUTE, run: batch(app, 'packages.refund-expired', () => refundExpiredPackages(app.deps())) });
  // Without Stripe keys the offline gateway pays connected accounts out daily (Stripe does it itself).
  if (app.payments.testConnect) {
    worker.schedule({
      name: 'test-gateway.daily-payouts',
      everyMs: 15 * MINUTE,
      run: async () => {
        const done = await runTestPayouts(app.orm, app.clock);
        if (done.payouts > 0) app.logger.info({ task: 'test-gateway.daily-payouts', ...done }, 'scheduled task ran');
        return ok(done);
      },
    });
  }
}
