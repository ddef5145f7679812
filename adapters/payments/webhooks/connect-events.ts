import type Stripe from 'stripe';
import * as z from 'zod';
import type { AccountSnapshot } from '../../../domain/payouts/payout-account';
import { recordAccountSnapshot } from '../../../domain/payouts/use-cases/record-payout-account';
import { recordPayoutPaid } from '../../../domain/payouts/use-cases/record-payout-paid';
import type { Application } from '../../composition-root';
import { toAccountSnapshot } from '../stripe/stripe-payout-gateway';
import { apply, firstIssue, ignore, refuse, RetryLater, type EventFamily, type WebhookPlan } from './webhook-plan';

const accountId = z.string().regex(/^acct_\w+$/, 'not an account id');

/** The fields of a Stripe.Account FACT reads. */
const accountSchema = z.object({
  id: accountId,
  details_submitted: z.boolean().optional(),
  payouts_enabled: z.boolean().optional(),
  requirements: z
    .object({ currently_due: z.array(z.string()).nullable().optional() })
    .nullable()
    .optional(),
});

/** The fields of a Stripe.Payout FACT reads. */
const payoutSchema = z.object({
  id: z.string().regex(/^po_\w+$/, 'not a payout id'),
  created: z.number().int().positive(),
  arrival_date: z.number().int().positive(),
});

/**
 * account.updated: what Stripe says of the coach's account. Events may come late or out of order,
 * so the account is read again from Stripe and that is recorded (any order of deliveries ends on
 * what Stripe says now); if Stripe refuses the read for good, the event's own copy is used.
 */
async function planAccountUpdated(app: Application, event: Stripe.Event): Promise<WebhookPlan> {
  const parsed = accountSchema.safeParse(event.data.object);
  if (!parsed.success) return refuse(`Malformed account.updated event (${firstIssue(parsed.error)}).`);
  if (event.account && event.account !== parsed.data.id) return refuse(`Malformed account.updated event (account ${event.account} sent an update of ${parsed.data.id}).`);
  let snapshot: AccountSnapshot = toAccountSnapshot(event.data.object as Stripe.Account);
  const read = await app.payments.payouts.retrieveAccount(parsed.data.id);
  if (read.ok) snapshot = read.value;
  else if (read.error.retryable) throw new RetryLater(`${read.error.code}: ${read.error.message}`);
  return apply(async (tx, now) => {
    const saved = await recordAccountSnapshot(tx, snapshot, now);
    if (!saved) return { outcome: 'ignored', why: 'unknown account', accountId: snapshot.accountId };
    return { outcome: 'processed', accountId: saved.accountId };
  });
}

/**
 * payout.paid on a connected account (event.account): Stripe paid the coach's balance to their
 * bank; the transfers it covers are marked paid out with its arrival date. The platform's own
 * payouts (no event.account) are none of this.
 */
function planPayoutPaid(event: Stripe.Event): WebhookPlan {
  const parsed = payoutSchema.safeParse(event.data.object);
  if (!parsed.success) return refuse(`Malformed payout.paid event (${firstIssue(parsed.error)}).`);
  if (!event.account) return ignore('payout of the platform account');
  const account = accountId.safeParse(event.account);
  if (!account.success) return refuse(`Malformed payout.paid event (account: ${account.error.issues[0]?.message ?? 'invalid'}).`);
  const payout = parsed.data;
  return apply(async (tx) => {
    const input = { accountId: account.data, payoutId: payout.id, createdAt: new Date(payout.created * 1000), arrivalDate: new Date(payout.arrival_date * 1000) };
    const covered = await recordPayoutPaid(tx, input);
    return { outcome: 'processed', accountId: account.data, transfersPaidOut: covered };
  });
}

/** Events of coaches' connected accounts (sent to the Connect endpoint). */
export const connectEvents: EventFamily = {
  types: ['account.updated', 'payout.paid'],
  plan: (app, event) => (event.type === 'account.updated' ? planAccountUpdated(app, event) : Promise.resolve(planPayoutPaid(event))),
};
