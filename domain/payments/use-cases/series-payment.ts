import type { Booking } from '../../booking/lifecycle/booking';
import { bookingErrors } from '../../booking/lifecycle/booking-errors';
import { checkCanPay, type Payer } from '../../booking/money/payment-eligibility';
import { paymentErrors } from '../../booking/money/payment-errors';
import { isAwaitingPayment } from '../../booking/money/payment-status';
import type { BookingSeries } from '../../booking/requests/booking-series';
import { authorisedWithSeries, cardSeriesErrors, failedWithSeries, seriesAmountPence, seriesRequests } from '../../booking/requests/card-series';
import { SERIES_RULES } from '../../booking/requests/weekly-series';
import { reachCoach } from '../../booking/requests/use-cases/reach-coach';
import { notifyBooking } from '../../booking/lifecycle/booking-notifications';
import type { Actor } from '../../policy/actor';
import type { Repositories } from '../../repositories';
import { err, ok, type Result } from '../../shared/result';
import type { GatewayIntent } from '../payment-gateway';
import type { PaymentSession } from './open-payment-session';
import { fromGatewayError, type PaymentUseCaseDeps } from './payment-deps';

const REUSABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/** The card series a session belongs to, if the session waits for that series' payment. */
async function cardSeriesOf(read: Pick<Repositories, 'bookings'>, booking: Booking, lock = false): Promise<BookingSeries | null> {
  if (!booking.seriesId || booking.packagePurchaseId) return null;
  const series = lock ? await read.bookings.findSeriesForUpdate(booking.seriesId) : await read.bookings.findSeries(booking.seriesId);
  return series?.paidBy === 'card' ? series : null;
}

/** The requests of the series its payment is for now (those still waiting for the coach, not yet held). */
async function unpaidRequests(read: Pick<Repositories, 'bookings'>, series: BookingSeries): Promise<Booking[]> {
  const sessions = await read.bookings.listInSeries([series.id], SERIES_RULES.maxWeeks);
  return seriesRequests(sessions).filter((s) => isAwaitingPayment(s.paymentStatus));
}

/**
 * In `tx`: what the gateway says of a card series' payment (decision 064). Authorised: each of
 * its requests is held with it, and the series reaches the coach, once. Refused: its requests
 * read 'failed' and the client may try again. Anything else changes nothing yet.
 */
export async function recordSeriesIntent(tx: Repositories, seriesId: string, intent: GatewayIntent, now: Date): Promise<Result<BookingSeries>> {
  const series = await tx.bookings.findSeriesForUpdate(seriesId);
  if (!series || series.paidBy !== 'card') return err(bookingErrors.notFound());
  if (series.paymentIntentId !== intent.intentId) return err(paymentErrors.intentMismatch());
  const requests = await unpaidRequests(tx, series);
  if (intent.status === 'requires_capture' && series.authorizedAt === null) {
    const held: Booking[] = [];
    for (const request of requests) held.push(await tx.bookings.save(authorisedWithSeries(request, now)));
    const authorised = { ...series, authorizedAt: now };
    await tx.bookings.saveSeriesPayment(authorised);
    const first = held[0];
    if (first) {
      await notifyBooking(tx.outbox, { bookingId: first.id, event: 'payment_received', actorId: null }, now);
      await reachCoach(tx, first, now, held);
    }
    return ok(authorised);
  }
  if (intent.status === 'requires_payment_method' || intent.status === 'canceled') {
    for (const request of requests) {
      const failed = failedWithSeries(request, now);
      if (failed !== request) await tx.bookings.save(failed);
    }
  }
  return ok(series);
}

/**
 * The Secure Payment dialog opened on a session of a card series: it takes the whole series'
 * payment, every session still asked for at its price and the admin fee once, held until the
 * coach answers. Opening it again reuses the series' intent while the card can still be entered
 * and the amount is unchanged; an intent already authorised is recorded instead of paid twice.
 */
export async function openSeriesPaymentSession(deps: PaymentUseCaseDeps, input: { actor: Actor; booking: Booking; as: Payer }): Promise<Result<PaymentSession> | null> {
  const series = await cardSeriesOf(deps.uow.read, input.booking);
  if (!series) return null;
  const allowed = checkCanPay(input.booking, input.actor, input.as);
  if (!allowed.ok) return allowed;
  if (series.authorizedAt !== null || series.settledAt !== null) return err(paymentErrors.alreadyPaid());
  const requests = await unpaidRequests(deps.uow.read, series);
  const amountPence = seriesAmountPence(series, requests);
  const first = requests[0];
  if (!first) return err(cardSeriesErrors.notPayable());
  const session = (intentId: string, clientSecret: string): PaymentSession => ({
    bookingId: input.booking.id,
    referenceCode: first.referenceCode,
    intentId,
    clientSecret,
    currency: 'gbp',
    servicePricePence: amountPence - series.adminFeePence,
    adminFeePence: series.adminFeePence,
    amountPence,
    durationMinutes: first.durationMinutes,
    testMode: deps.gateway.testMode,
  });

  if (series.paymentIntentId !== null) {
    const existing = await deps.gateway.retrieveIntent(series.paymentIntentId);
    if (!existing.ok) return err(fromGatewayError(existing.error));
    const intent = existing.value;
    if (REUSABLE.has(intent.status) && intent.clientSecret !== null && intent.amountPence === amountPence) return ok(session(intent.intentId, intent.clientSecret));
    if (intent.status === 'processing') return err(paymentErrors.processing());
    if (intent.status === 'requires_capture' || intent.status === 'succeeded') {
      const recorded = await deps.uow.transaction((tx) => recordSeriesIntent(tx, series.id, intent, deps.clock.now()));
      return err(recorded.ok ? paymentErrors.alreadyPaid() : recorded.error);
    }
    // canceled, or a request dropped meanwhile: a new intent for what is asked now
  }

  const created = await deps.gateway.createIntent({
    bookingId: series.id,
    reference: `Series ${first.referenceCode}`,
    amountPence,
    currency: 'gbp',
    idempotencyKey: `series:${series.id}:intent:${series.paymentIntentId ?? 'first'}:${amountPence}`,
  });
  if (!created.ok) return err(fromGatewayError(created.error));
  const saved = await deps.uow.transaction(async (tx) => {
    const current = await tx.bookings.findSeriesForUpdate(series.id);
    if (!current || current.paymentIntentId !== series.paymentIntentId || current.authorizedAt !== null) return err(paymentErrors.processing());
    await tx.bookings.saveSeriesPayment({ ...current, paymentIntentId: created.value.intentId });
    return ok(undefined);
  });
  if (!saved.ok) return saved;
  return ok(session(created.value.intentId, created.value.clientSecret));
}

/**
 * After the card step on a session of a card series: reads the series' intent from the gateway
 * (never the browser's word) and records it for the whole series.
 */
export async function confirmSeriesPayment(
  deps: PaymentUseCaseDeps,
  input: { booking: Booking; intentId: string },
): Promise<Result<{ booking: Booking; intentStatus: GatewayIntent['status'] }> | null> {
  const series = await cardSeriesOf(deps.uow.read, input.booking);
  if (!series) return null;
  if (series.paymentIntentId !== input.intentId) return err(paymentErrors.intentMismatch());
  const intent = await deps.gateway.retrieveIntent(input.intentId);
  if (!intent.ok) return err(fromGatewayError(intent.error));
  const recorded = await deps.uow.transaction((tx) => recordSeriesIntent(tx, series.id, intent.value, deps.clock.now()));
  if (!recorded.ok) return recorded;
  if (intent.value.status === 'requires_payment_method' || intent.value.status === 'canceled') return err(paymentErrors.failed(intent.value.lastError?.message ?? null));
  const booking = (await deps.uow.read.bookings.findById(input.booking.id)) ?? input.booking;
  return ok({ booking, intentStatus: intent.value.status });
}

/** The card payment a session is paid with before its series' capture: the series' (null for any other booking). */
export async function seriesIntentOf(read: Pick<Repositories, 'bookings'>, booking: Booking): Promise<string | null> {
  return (await cardSeriesOf(read, booking))?.paymentIntentId ?? null;
}
