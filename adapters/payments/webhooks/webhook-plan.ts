import type Stripe from 'stripe';
import type { Repositories } from '../../../domain/repositories';
import type { Application } from '../../composition-root';

/**
 * What one Stripe event asks of FACT, decided before its transaction (reads from Stripe happen
 * here, never while the database transaction is open):
 * - apply: runs inside the transaction that records the event id, so it happens once;
 * - ignore: acknowledged and recorded, nothing to do (an event for someone else, an unknown type);
 * - refuse: the body is not what Stripe sends (400); nothing is recorded, nothing changes.
 */
export type WebhookPlan =
  { readonly kind: 'apply'; readonly apply: (tx: Repositories, now: Date) => Promise<Applied> } | { readonly kind: 'ignore'; readonly why: string } | { readonly kind: 'refuse'; readonly why: string };

/** What applying the event did, in the webhook's answer and log line. */
export interface Applied {
  readonly outcome: 'processed' | 'ignored';
  readonly why?: string;
  readonly bookingId?: string;
  readonly accountId?: string;
  readonly chargebackId?: string;
  readonly chargebackStatus?: string;
  readonly transfersPaidOut?: number;
}

/** One family of events (payment intents, disputes, Connect) and how to plan each. */
export interface EventFamily {
  readonly types: readonly string[];
  plan(app: Application, event: Stripe.Event): Promise<WebhookPlan>;
}

/** A failure worth Stripe retrying the delivery for (database conflict, gateway away). */
export class RetryLater extends Error {}

export const apply = (fn: (tx: Repositories, now: Date) => Promise<Applied>): WebhookPlan => ({ kind: 'apply', apply: fn });
export const ignore = (why: string): WebhookPlan => ({ kind: 'ignore', why });
export const refuse = (why: string): WebhookPlan => ({ kind: 'refuse', why });

/** The first problem zod found, as "path: message". */
export function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
