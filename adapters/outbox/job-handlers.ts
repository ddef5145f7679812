import { PAYMENT_INSTRUCTION_JOB, parsePaymentInstructionJob } from '../../domain/booking/money/payment-instruction';
import { executePaymentInstruction } from '../../domain/payments/use-cases/execute-payment-instruction';
import type { Application } from '../composition-root';
import { registerPasswordReset } from './handlers/password-reset';
import { registerPayoutHandlers } from './handlers/payouts';
import { registerSeriesPaymentHandlers } from './handlers/series-payments';
import { PermanentJobFailure, type OutboxWorker } from './worker';

/**
 * Which use case runs each outbox job type. One registration per job type; a context adds its
 * own line here (e.g. the mailer for 'booking.notification'). A job type nobody registered is
 * left pending by this worker, not failed.
 */
export function registerJobHandlers(worker: OutboxWorker, app: Application): void {
  worker.registerHandler(PAYMENT_INSTRUCTION_JOB, async (job) => {
    const instruction = parsePaymentInstructionJob(job.payload);
    if (!instruction) throw new PermanentJobFailure(`Malformed ${PAYMENT_INSTRUCTION_JOB} payload`);
    const result = await executePaymentInstruction(app.deps(), instruction);
    const amountPence = 'amountPence' in instruction.instruction ? instruction.instruction.amountPence : null;
    app.logger.info(
      { event: 'payment_instruction', jobId: job.id, bookingId: instruction.bookingId, kind: instruction.instruction.kind, amountPence, outcome: result.ok ? result.value.outcome : result.error.code },
      result.ok ? 'payment instruction carried out' : 'payment instruction refused',
    );
    return result;
  });
  registerSeriesPaymentHandlers(worker, app);
  registerPasswordReset(worker, app);
  registerPayoutHandlers(worker, app);
}
