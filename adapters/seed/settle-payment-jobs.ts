import { PAYMENT_INSTRUCTION_JOB } from '../../domain/booking/money/payment-instruction';
import { releaseDuePayments } from '../../domain/payments/use-cases/release-due-payments';
import type { Application } from '../composition-root';
import { registerJobHandlers } from '../outbox/job-handlers';
import { OutboxWorker } from '../outbox/worker';
import { sqlOf } from '../persistence/admin/sql';

/**
 * After the demo story: runs its payment instructions now (captures, voids, refunds) so the
 * amounts on the demo bookings are settled, releases and transfers what is due to coaches, and drops the story's pending notifications — the
 * e-mails about events "in the past" of the demo world are not sent to made-up addresses.
 */
export async function settlePaymentJobs(app: Application): Promise<void> {
  const worker = new OutboxWorker({ orm: app.orm, clock: app.clock, logger: app.logger });
  registerJobHandlers(worker, app);
  await worker.drain();
  await releaseDuePayments(app.deps());
  // The releases queue the coaches' transfers (decision 012): make them now too.
  await worker.drain();
  await sqlOf(app.orm)(`delete from outbox_jobs where status = 'pending' and type <> ?`, [PAYMENT_INSTRUCTION_JOB]);
}
