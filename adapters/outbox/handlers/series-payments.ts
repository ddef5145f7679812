import { parseSeriesSettlementJob, SERIES_SETTLEMENT_JOB } from '../../../domain/booking/requests/series-settlement-job';
import { parseSeriesCreditRefundJob, SERIES_CREDIT_REFUND_JOB } from '../../../domain/packages/series-purchase';
import { refundReturnedSeriesCredits } from '../../../domain/payments/use-cases/refund-package-credits';
import { settleSeriesPayment } from '../../../domain/payments/use-cases/settle-series-payment';
import type { Application } from '../../composition-root';
import { PermanentJobFailure, type OutboxWorker } from '../worker';

/** A card-paid weekly series (decision 064): its capture once answered, and the refund of a session it gave back. */
export function registerSeriesPaymentHandlers(worker: OutboxWorker, app: Application): void {
  worker.registerHandler(SERIES_SETTLEMENT_JOB, async (job) => {
    const input = parseSeriesSettlementJob(job.payload);
    if (!input) throw new PermanentJobFailure(`Malformed ${SERIES_SETTLEMENT_JOB} payload`);
    const result = await settleSeriesPayment(app.deps(), input);
    app.logger.info(
      {
        event: 'series_payment_settled',
        jobId: job.id,
        seriesId: input.seriesId,
        outcome: result.ok ? result.value.outcome : result.error.code,
        amountPence: result.ok && 'amountPence' in result.value ? result.value.amountPence : null,
      },
      result.ok ? 'series payment settled' : 'series payment deferred',
    );
    return result;
  });
  worker.registerHandler(SERIES_CREDIT_REFUND_JOB, async (job) => {
    const input = parseSeriesCreditRefundJob(job.payload);
    if (!input) throw new PermanentJobFailure(`Malformed ${SERIES_CREDIT_REFUND_JOB} payload`);
    const result = await refundReturnedSeriesCredits(app.deps(), input);
    app.logger.info(
      {
        event: 'series_credit_refunded',
        jobId: job.id,
        purchaseId: input.purchaseId,
        amountPence: result.ok ? (result.value?.refundPence ?? 0) : null,
        outcome: result.ok ? 'done' : result.error.code,
      },
      result.ok ? 'series credit refunded' : 'series credit refund deferred',
    );
    return result;
  });
}
