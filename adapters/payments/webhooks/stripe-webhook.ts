import type { EntityManager } from '@mikro-orm/postgresql';
import Stripe from 'stripe';
import * as z from 'zod';
import { DomainFailure } from '../../../domain/shared/errors';
import type { Application } from '../../composition-root';
import { mapDatabaseError } from '../../persistence/database-errors';
import { makeRepositories } from '../../persistence/repositories';
import { connectEvents } from './connect-events';
import { disputeEvents } from './dispute-events';
import { paymentEvents } from './payment-events';
import { firstIssue, RetryLater, type Applied, type EventFamily, type WebhookPlan } from './webhook-plan';

/** Stripe's default: a signature older than five minutes is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const FAMILIES: readonly EventFamily[] = [paymentEvents, disputeEvents, connectEvents];

/** Every event type FACT acts on; the endpoints in Stripe's dashboard subscribe to these (README). */
export const HANDLED_EVENTS: readonly string[] = FAMILIES.flatMap((f) => f.types);

export interface WebhookReply {
  readonly status: number;
  readonly body: Readonly<Record<string, unknown>>;
}

type Processed = { outcome: 'duplicate' } | (Applied & { outcome: Applied['outcome'] });

/** What every event must have, whatever its type. */
const envelopeSchema = z.object({
  id: z.string().regex(/^evt_\w+$/, 'not an event id'),
  type: z.string().min(1),
  account: z.string().nullish(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/**
 * One transaction: record the event id (a duplicate delivery finds it and stops), then apply
 * the plan with the domain's use cases, queueing what follows in the same commit.
 */
async function processOnce(app: Application, event: Stripe.Event, plan: Exclude<WebhookPlan, { kind: 'refuse' }>): Promise<Processed> {
  const em = app.orm.em.fork() as EntityManager;
  return em.transactional(async (tx): Promise<Processed> => {
    const claimed = await tx.execute<{ event_id: string }[]>(`insert into webhook_events (event_id, type) values (?, ?) on conflict (event_id) do nothing returning event_id`, [event.id, event.type]);
    if (claimed.length === 0) return { outcome: 'duplicate' };
    const applied: Applied = plan.kind === 'ignore' ? { outcome: 'ignored', why: plan.why } : await plan.apply(makeRepositories(tx), app.clock.now());
    await tx.execute(`update webhook_events set processed_at = now() where event_id = ?`, [event.id]);
    return applied;
  });
}

/**
 * The event, if the signature verifies with one of the endpoint secrets: the platform endpoint's
 * (STRIPE_WEBHOOK_SECRET), then the Connect endpoint's (STRIPE_CONNECT_WEBHOOK_SECRET) when the
 * two endpoints share the URL but not the secret.
 */
function verifiedEvent(payload: Buffer, signature: string, secrets: readonly string[]): { ok: true; event: unknown } | { ok: false; reason: string } {
  let reason = 'no secret';
  for (const secret of secrets) {
    try {
      return { ok: true, event: Stripe.webhooks.constructEvent(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS) };
    } catch (error) {
      // Signed, but not JSON: the envelope check below refuses it.
      if (error instanceof SyntaxError) return { ok: true, event: null };
      reason = error instanceof Error ? error.message : String(error);
    }
  }
  return { ok: false, reason };
}

/**
 * POST /webhooks/stripe: verifies the signature on the raw body, refuses a body that is not a
 * Stripe event FACT can read (400, nothing recorded), processes each event id once, and answers
 * 2xx for anything Stripe should not send again (also events we ignore), 400 for a bad signature,
 * 500 when a retry may succeed.
 */
export async function receiveStripeWebhook(app: Application, payload: Buffer, signature: string | undefined): Promise<WebhookReply> {
  const secrets = [app.payments.webhookSecret, app.payments.connectWebhookSecret].filter((s): s is string => Boolean(s));
  if (secrets.length === 0) return { status: 503, body: { error: 'Stripe webhooks are not configured.' } };
  const verified = verifiedEvent(payload, signature ?? '', secrets);
  if (!verified.ok) {
    app.logger.warn({ reason: verified.reason }, 'stripe webhook refused: bad signature');
    return { status: 400, body: { error: 'Invalid signature.' } };
  }
  const envelope = envelopeSchema.safeParse(verified.event);
  if (!envelope.success) {
    app.logger.warn({ reason: firstIssue(envelope.error) }, 'stripe webhook refused: not an event');
    return { status: 400, body: { error: `Malformed event (${firstIssue(envelope.error)}).` } };
  }
  const event = verified.event as Stripe.Event;
  const log = app.logger.child({ eventId: event.id, eventType: event.type, ...(event.account ? { account: event.account } : {}) });
  try {
    const family = FAMILIES.find((f) => f.types.includes(event.type));
    const plan: WebhookPlan = family ? await family.plan(app, event) : { kind: 'ignore', why: `not handled: ${event.type}` };
    if (plan.kind === 'refuse') {
      log.warn({ reason: plan.why }, 'stripe webhook refused: malformed event');
      return { status: 400, body: { error: plan.why } };
    }
    const result = await processOnce(app, event, plan);
    if (result.outcome === 'ignored' && 'bookingId' in result && result.bookingId) log.warn(result, 'stripe webhook could not be applied to its booking');
    else log.info(result, 'stripe webhook');
    return { status: 200, body: { received: true, ...result } };
  } catch (error) {
    const mapped = error instanceof DomainFailure ? error.error : mapDatabaseError(error);
    if (!(error instanceof RetryLater) && !mapped) log.error({ err: error }, 'stripe webhook failed');
    else log.warn({ reason: mapped?.code ?? (error as Error).message }, 'stripe webhook deferred; Stripe will retry');
    return { status: 500, body: { error: 'Could not process the event now; please retry.' } };
  }
}
