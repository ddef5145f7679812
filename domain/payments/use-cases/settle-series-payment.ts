import { paymentHeldUntilFor } from '../../booking/money/payment-hold';
import { paymentErrors } from '../../booking/money/payment-errors';
import { capturedWithSeries, seriesAmountPence, seriesSessionsToCapture } from '../../booking/requests/card-series';
import { SERIES_RULES } from '../../booking/requests/weekly-series';
import { seriesPurchase } from '../../packages/series-purchase';
import type { Id } from '../../shared/ids';
import type { Pence } from '../../shared/money';
import { ok, err, type Result } from '../../shared/result';
import { fromGatewayError, type PaymentUseCaseDeps } from './payment-deps';

export type SeriesSettlement = { readonly outcome: 'captured'; readonly amountPence: Pence; readonly sessions: number } | { readonly outcome: 'voided' | 'skipped' };

const UNCAPTURED = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture']);

/**
 * The outbox job once every request of a card series is answered (decision 064). With sessions
 * accepted, the series' payment is captured for them and the admin fee, once (the rest of the
 * hold goes back to the card with the capture), and becomes the series' purchase: each session
 * is then paid, held by FACT until its release as any capture. With none accepted, the hold is
 * cancelled. The gateway's idempotency keys name the series and the amount, and the series' row
 * is held while the outcome is written, so a job run twice moves no money twice.
 */
export async function settleSeriesPayment(deps: PaymentUseCaseDeps, input: { seriesId: Id }): Promise<Result<SeriesSettlement>> {
  const series = await deps.uow.read.bookings.findSeries(input.seriesId);
  if (!series || series.paidBy !== 'card' || series.settledAt !== null) return ok({ outcome: 'skipped' });
  const sessions = await deps.uow.read.bookings.listInSeries([series.id], SERIES_RULES.maxWeeks);
  if (sessions.some((s) => s.status === 'pending')) return ok({ outcome: 'skipped' });
  const toCapture = seriesSessionsToCapture(sessions);
  const intentId = series.paymentIntentId;

  if (toCapture.length === 0 || intentId === null || series.authorizedAt === null) {
    if (intentId !== null) {
      const intent = await deps.gateway.retrieveIntent(intentId);
      if (!intent.ok) return err(fromGatewayError(intent.error));
      if (UNCAPTURED.has(intent.value.status)) {
        const cancelled = await deps.gateway.cancel({ intentId, idempotencyKey: `series:${series.id}:void` });
        if (!cancelled.ok) return err(fromGatewayError(cancelled.error));
      }
    }
    return deps.uow.transaction(async (tx): Promise<Result<SeriesSettlement>> => {
      const current = await tx.bookings.findSeriesForUpdate(series.id);
      if (!current || current.settledAt !== null) return ok({ outcome: 'skipped' });
      await tx.bookings.saveSeriesPayment({ ...current, settledAt: deps.clock.now() });
      return ok({ outcome: 'voided' });
    });
  }

  const amountPence = seriesAmountPence(series, toCapture);
  const read = await deps.gateway.retrieveIntent(intentId);
  if (!read.ok) return err(fromGatewayError(read.error));
  let intent = read.value;
  if (intent.status === 'requires_capture') {
    const captured = await deps.gateway.capture({ intentId, amountPence, idempotencyKey: `series:${series.id}:capture:${amountPence}` });
    if (!captured.ok) return err(fromGatewayError(captured.error));
    intent = captured.value;
  }
  if (intent.status !== 'succeeded') return err(paymentErrors.failed(intent.lastError?.message ?? null));
  if (intent.amountCapturedPence !== amountPence) return err(paymentErrors.amountInvalid('captured'));

  const now = deps.clock.now();
  return deps.uow.transaction(async (tx): Promise<Result<SeriesSettlement>> => {
    const current = await tx.bookings.findSeriesForUpdate(series.id);
    if (!current || current.settledAt !== null) return ok({ outcome: 'skipped' });
    const locked = [];
    for (const s of toCapture) {
      const booking = await tx.bookings.findByIdForUpdate(s.id);
      // Accepted sessions cannot change status before the capture (settleWithSeries refuses it).
      if (!booking || booking.status !== 'confirmed' || booking.paymentStatus !== 'authorized') return err(paymentErrors.processing());
      locked.push(booking);
    }
    const { checkout, purchase } = seriesPurchase(current, locked, intentId, now);
    await tx.packagePurchases.insertCheckout(checkout);
    await tx.packagePurchases.markPaid(purchase);
    for (const booking of locked) await tx.bookings.save(capturedWithSeries(booking, { purchaseId: purchase.id, heldUntil: paymentHeldUntilFor(booking) }, now));
    await tx.bookings.saveSeriesPayment({ ...current, packagePurchaseId: purchase.id, settledAt: now });
    return ok({ outcome: 'captured', amountPence, sessions: locked.length });
  });
}
