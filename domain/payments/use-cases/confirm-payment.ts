import type { Actor } from '../../policy/actor';
import type { Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { Booking } from '../../booking/lifecycle/booking';
import { bookingErrors } from '../../booking/lifecycle/booking-errors';
import { relationOf } from '../../booking/lifecycle/booking-party';
import { paymentErrors } from '../../booking/money/payment-errors';
import type { GatewayIntentStatus } from '../payment-gateway';
import { fromGatewayError, type PaymentUseCaseDeps } from './payment-deps';
import { recordGatewayIntent } from './sync-payment-intent';
import { confirmSeriesPayment } from './series-payment';

export interface ConfirmPaymentOutput {
  readonly booking: Booking;
  /** requires_capture: held ('Payment Successful!'); requires_action / processing: not decided yet. */
  readonly intentStatus: GatewayIntentStatus;
}

/**
 * After the card was confirmed in the browser: reads the intent from the gateway (never trusting
 * the browser) and records the outcome. A declined card is recorded as failed and reported with
 * the provider's message so the dialog can offer 'Try Again'.
 */
export async function confirmPayment(deps: PaymentUseCaseDeps, input: { actor: Actor; bookingId: Id; intentId: string }): Promise<Result<ConfirmPaymentOutput>> {
  const booking = await deps.uow.read.bookings.findById(input.bookingId);
  if (!booking) return err(bookingErrors.notFound());
  const relation = relationOf(booking, input.actor);
  if (relation === 'stranger') return err(bookingErrors.notBookingParty());
  if (relation === 'coach') return err(paymentErrors.payerOnly());
  const withSeries = await confirmSeriesPayment(deps, { booking, intentId: input.intentId });
  if (withSeries) return withSeries;
  if (booking.paymentIntentId !== input.intentId) return err(paymentErrors.intentMismatch());
  const intent = await deps.gateway.retrieveIntent(input.intentId);
  if (!intent.ok) return err(fromGatewayError(intent.error));
  const recorded = await deps.uow.transaction((tx) => recordGatewayIntent(tx, booking.id, intent.value, deps.clock.now()));
  if (!recorded.ok) return recorded;
  if (intent.value.status === 'requires_payment_method' || intent.value.status === 'canceled') return err(paymentErrors.failed(intent.value.lastError?.message ?? null));
  return ok({ booking: recorded.value, intentStatus: intent.value.status });
}
