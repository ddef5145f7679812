import { PAYOUT_REVERSAL_JOB, PAYOUT_TRANSFER_JOB, parseReversalJob, parseTransferJob } from '../../../domain/payouts/payout-jobs';
import { reverseCoachTransfer } from '../../../domain/payouts/use-cases/reverse-coach-transfer';
import { transferCoachShare } from '../../../domain/payouts/use-cases/transfer-coach-share';
import type { Application } from '../../composition-root';
import { PermanentJobFailure, type OutboxWorker } from '../worker';

/** Coach payouts (decision 012): the transfer at release and the reversal after a lost chargeback. */
export function registerPayoutHandlers(worker: OutboxWorker, app: Application): void {
  worker.registerHandler(PAYOUT_TRANSFER_JOB, async (job) => {
    const input = parseTransferJob(job.payload);
    if (!input) throw new PermanentJobFailure(`Malformed ${PAYOUT_TRANSFER_JOB} payload`);
    const result = await transferCoachShare(app.deps(), input);
    const t = result.ok ? result.value.transfer : null;
    app.logger.info(
      {
        event: 'coach_transfer',
        jobId: job.id,
        bookingId: input.bookingId,
        outcome: result.ok ? result.value.outcome : result.error.code,
        amountPence: t?.coachSharePence ?? null,
        transferId: t?.transferId ?? null,
      },
      result.ok ? 'coach transfer handled' : 'coach transfer deferred',
    );
    return result;
  });
  worker.registerHandler(PAYOUT_REVERSAL_JOB, async (job) => {
    const input = parseReversalJob(job.payload);
    if (!input) throw new PermanentJobFailure(`Malformed ${PAYOUT_REVERSAL_JOB} payload`);
    const result = await reverseCoachTransfer(app.deps(), input);
    app.logger.info(
      {
        event: 'coach_transfer_reversal',
        jobId: job.id,
        bookingId: input.bookingId,
        amountPence: input.amountPence,
        reason: input.reason,
        outcome: result.ok ? result.value.outcome : result.error.code,
      },
      result.ok ? 'coach transfer reversal handled' : 'coach transfer reversal deferred',
    );
    return result;
  });
}
