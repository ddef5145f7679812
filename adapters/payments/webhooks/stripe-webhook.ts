import type { EntityManager } from '@mikro-orm/postgresql';
import Stripe from 'stripe';
import type { GatewayIntent } from '../../../domain/payments/payment-gateway';
import { recordGatewayIntent } from '../../../domain/payments/use-cases/sync-payment-intent';
import { DomainFailure } from '../../../domain/shared/errors';
import type { Application } from '../../composition-root';
import { mapDatabaseError } from '../../persistence/database-errors';
import { makeRepositories } from '../../persistence/repositories';
import { toGatewayIntent } from '../stripe/stripe-mapping';

/** Stripe's default: a signature older than five minutes is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const HANDLED_EVENTS = [
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
] as const;

export interface WebhookReply {
  readonly status: number;
  readonly body: Readonly<Record<string, unknown>>;
}

type Outcome = 'processed' | 'duplicate' | 'ignored';

/** A failure worth Stripe retrying the delivery for (database conflict, gateway away). */
class RetryLater extends Error {}

/**
 * What the event says about a payment intent. payment_intent.* events carry the intent itself (a
 * signed snapshot; the domain never moves a payment backwards, so a stale one changes nothing).
 * charge.refunded re-reads the intent from the gateway, which counts FACT's refunds exactly.
 */
async function intentOfEvent(app: Application, event: Stripe.Event): Promise<GatewayIntent | null> {
  if (event.type.startsWith('payment_intent.')) return toGatewayIntent(event.data.object as Stripe.PaymentIntent);
  if (event.type !== 'charge.refunded') return null;
  const charge = event.data.object as Stripe.Charge;
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  if (intentId === null) return null;
  const read = await app.payments.gateway.retrieveIntent(intentId);
  if (read.ok) return read.value;
  if (read.error.retryable) throw new RetryLater(`${read.error.code}: ${read.error.message}`);
  return null;
}

/**
 * One transaction: record the event id (a duplicate delivery finds it and stops), then bring the
 * booking's payment up to what the event says with the domain's transitions, queueing what
 * follows (a capture or a void) in the same commit.
 */
async function processOnce(app: Application, event: Stripe.Event, intent: GatewayIntent | null): Promise<{ outcome: Outcome; why?: string; bookingId?: string }> {
  const em = app.orm.em.fork() as EntityManager;
  return em.transactional(async (tx) => {
    const claimed = await tx.execute<{ event_id: string }[]>(
      `insert into webhook_events (event_id, type) values (?, ?) on conflict (event_id) do nothing returning event_id`,
      [event.id, event.type],
    );
    if (claimed.length === 0) return { outcome: 'duplicate' as const };
    const done = async (outcome: Outcome, extra: { why?: string; bookingId?: string } = {}) => {
      await tx.execute(`update webhook_events set processed_at = now() where event_id = ?`, [event.id]);
      return { outcome, ...extra };
    };
    if (intent === null) return done('ignored', { why: `not handled: ${event.type}` });
    const repositories = makeRepositories(tx);
    const booking = await repositories.bookings.findByPaymentIntentId(intent.intentId);
    if (!booking) return done('ignored', { why: 'unknown payment intent' });
    const recorded = await recordGatewayIntent(repositories, booking.id, intent, app.clock.now());
    if (!recorded.ok) return done('ignored', { why: recorded.error.code, bookingId: booking.id });
    return done('processed', { bookingId: booking.id });
  });
}

/**
 * POST /webhooks/stripe: verifies the signature on the raw body with STRIPE_WEBHOOK_SECRET,
 * processes each event id once, and answers 2xx for anything Stripe should not send again (also
 * events we ignore), 400 for a bad signature, 500 when a retry may succeed.
 */
export async function receiveStripeWebhook(app: Application, payload: Buffer, signature: string | undefined): Promise<WebhookReply> {
  const secret = app.payments.webhookSecret;
  if (!secret) return { status: 503, body: { error: 'Stripe webhooks are not configured.' } };
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature ?? '', secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    app.logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'stripe webhook refused: bad signature');
    return { status: 400, body: { error: 'Invalid signature.' } };
  }
  const log = app.logger.child({ eventId: event.id, eventType: event.type });
  try {
    const intent = (HANDLED_EVENTS as readonly string[]).includes(event.type) ? await intentOfEvent(app, event) : null;
    const result = await processOnce(app, event, intent);
    if (result.outcome === 'ignored' && result.bookingId) log.warn(result, 'stripe webhook could not be applied to its booking');
    else log.info(result, 'stripe webhook');
    return { status: 200, body: { received: true, ...result } };
  } catch (error) {
    const mapped = error instanceof DomainFailure ? error.error : mapDatabaseError(error);
    if (!(error instanceof RetryLater) && !mapped) log.error({ err: error }, 'stripe webhook failed');
    else log.warn({ reason: mapped?.code ?? (error as Error).message }, 'stripe webhook deferred; Stripe will retry');
    return { status: 500, body: { error: 'Could not process the event now; please retry.' } };
  }
}
