import type Stripe from 'stripe';
import type { GatewayIntent } from '../../../domain/payments/payment-gateway';
import { recordSeriesIntent } from '../../../domain/payments/use-cases/series-payment';
import { recordGatewayIntent } from '../../../domain/payments/use-cases/sync-payment-intent';
import type { Repositories } from '../../../domain/repositories';
import type { Application } from '../../composition-root';
import { toGatewayIntent } from '../stripe/stripe-mapping';
import { apply, ignore, RetryLater, type Applied, type EventFamily } from './webhook-plan';

/**
 * What the event says about a payment intent. payment_intent.* events carry the intent itself (a
 * signed snapshot; the domain never moves a payment backwards, so a stale one changes nothing).
 * charge.refunded re-reads the intent from the gateway, which counts FACT's refunds exactly.
 */
async function intentOfEvent(app: Application, event: Stripe.Event): Promise<GatewayIntent | null> {
  if (event.type.startsWith('payment_intent.')) return toGatewayIntent(event.data.object as Stripe.PaymentIntent);
  if (event.type !== 'charge.refunded') return null;
  const charge = event.data.object;
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  if (intentId === null) return null;
  const read = await app.payments.gateway.retrieveIntent(intentId);
  if (read.ok) return read.value;
  if (read.error.retryable) throw new RetryLater(`${read.error.code}: ${read.error.message}`);
  return null;
}

/**
 * A card series' one payment (decision 064), not yet settled: recorded for the whole series, so a
 * client who leaves the dialog once the card is held still reaches the coach. Once settled, the
 * intent is the series' purchase's, which webhooks leave alone as any package purchase's.
 */
async function applyToSeries(tx: Repositories, intent: GatewayIntent, now: Date): Promise<Applied> {
  const series = await tx.bookings.findSeriesByPaymentIntentId(intent.intentId);
  if (!series || series.settledAt !== null) return { outcome: 'ignored', why: 'unknown payment intent' };
  const recorded = await recordSeriesIntent(tx, series.id, intent, now);
  if (!recorded.ok) return { outcome: 'ignored', why: recorded.error.code };
  return { outcome: 'processed' };
}

/**
 * payment_intent.* and charge.refunded: bring the booking's payment up to what the event says
 * with the domain's transitions, queueing what follows (a capture or a void) in the same commit.
 */
export const paymentEvents: EventFamily = {
  types: ['payment_intent.amount_capturable_updated', 'payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled', 'charge.refunded'],
  async plan(app, event) {
    const intent = await intentOfEvent(app, event);
    if (intent === null) return ignore(`not handled: ${event.type}`);
    return apply(async (tx, now) => {
      const booking = await tx.bookings.findByPaymentIntentId(intent.intentId);
      if (!booking) return applyToSeries(tx, intent, now);
      const recorded = await recordGatewayIntent(tx, booking.id, intent, now);
      if (!recorded.ok) return { outcome: 'ignored', why: recorded.error.code, bookingId: booking.id };
      return { outcome: 'processed', bookingId: booking.id };
    });
  },
};
