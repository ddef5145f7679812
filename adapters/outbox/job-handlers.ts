import { PAYMENT_INSTRUCTION_JOB, parsePaymentInstructionJob } from '../../domain/payments/payment-instruction';
import { executePaymentInstruction } from '../../domain/payments/use-cases/execute-payment-instruction';
import type { Application } from '../composition-root';
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
    return executePaymentInstruction(app.deps(), instruction);
  });
}
