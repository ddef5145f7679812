import type { Actor } from '../../policy/actor';
import type { Id } from '../../shared/ids';
import type { Pence } from '../../shared/money';
import { err, ok, type Result } from '../../shared/result';
import { bookingErrors } from '../../booking/lifecycle/booking-errors';
import { checkCanPay, type Payer } from '../../booking/money/payment-eligibility';
import { paymentErrors } from '../../booking/money/payment-errors';
import type { Currency } from '../payment-gateway';
import { recordIntentCreated } from '../payment-records';
import { fromGatewayError, type PaymentUseCaseDeps } from './payment-deps';
import { recordGatewayIntent } from './sync-payment-intent';
import { openSeriesPaymentSession } from './series-payment';

/** What the Secure Payment dialog needs (SPEC §2): the summary and the intent to confirm the card against. */
export interface PaymentSession {
  readonly bookingId: Id;
  readonly referenceCode: string;
  readonly intentId: string;
  readonly clientSecret: string;
  readonly currency: Currency;
  readonly servicePricePence: Pence;
  readonly adminFeePence: Pence;
  readonly amountPence: Pence;
  readonly durationMinutes: number;
  readonly testMode: boolean;
}

const REUSABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * Opens (or reopens) the payment for a booking: reuses the booking's open intent, or creates one
 * for the total with manual capture and records it on the booking.
 */
export async function openPaymentSession(deps: PaymentUseCaseDeps, input: { actor: Actor; bookingId: Id; as: Payer }): Promise<Result<PaymentSession>> {
  const booking = await deps.uow.read.bookings.findById(input.bookingId);
  if (!booking) return err(bookingErrors.notFound());
  // A session of a weekly series paid by card is paid with its series, in one payment (decision 064).
  const withSeries = await openSeriesPaymentSession(deps, { ...input, booking });
  if (withSeries) return withSeries;
  const allowed = checkCanPay(booking, input.actor, input.as);
  if (!allowed.ok) return allowed;
  const session = (intentId: string, clientSecret: string): PaymentSession => ({
    bookingId: booking.id,
    referenceCode: booking.referenceCode,
    intentId,
    clientSecret,
    currency: 'gbp',
    servicePricePence: booking.servicePricePence,
    adminFeePence: booking.adminFeePence,
    amountPence: booking.totalPricePence,
    durationMinutes: booking.durationMinutes,
    testMode: deps.gateway.testMode,
  });

  if (booking.paymentIntentId !== null) {
    const existing = await deps.gateway.retrieveIntent(booking.paymentIntentId);
    if (!existing.ok) return err(fromGatewayError(existing.error));
    const intent = existing.value;
    if (REUSABLE.has(intent.status) && intent.clientSecret !== null && intent.amountPence === booking.totalPricePence) return ok(session(intent.intentId, intent.clientSecret));
    if (intent.status === 'processing') return err(paymentErrors.processing());
    if (intent.status === 'requires_capture' || intent.status === 'succeeded') {
      const synced = await deps.uow.transaction((tx) => recordGatewayIntent(tx, booking.id, intent, deps.clock.now()));
      return err(synced.ok ? paymentErrors.alreadyPaid() : synced.error);
    }
    // canceled (or an amount that no longer matches): start a new intent
  }

  const created = await deps.gateway.createIntent({
    bookingId: booking.id,
    reference: booking.referenceCode,
    amountPence: booking.totalPricePence,
    currency: 'gbp',
    idempotencyKey: `${booking.id}:intent:${booking.paymentIntentId ?? 'first'}`,
  });
  if (!created.ok) return err(fromGatewayError(created.error));
  const intent = created.value;
  const recorded = await deps.uow.transaction(async (tx) => {
    const current = await tx.bookings.findByIdForUpdate(booking.id);
    if (!current) return err(bookingErrors.notFound());
    const stillAllowed = checkCanPay(current, input.actor, input.as);
    if (!stillAllowed.ok) return stillAllowed;
    if (current.paymentIntentId !== booking.paymentIntentId) return err(paymentErrors.processing());
    const next = recordIntentCreated(current, intent.intentId, deps.clock.now());
    if (!next.ok) return next;
    return ok(await tx.bookings.save(next.value));
  });
  if (!recorded.ok) return recorded;
  return ok(session(intent.intentId, intent.clientSecret));
}
