import type Stripe from 'stripe';
import * as z from 'zod';
import { chargebackStatusOf, type ChargebackSnapshot } from '../../../domain/payouts/chargeback';
import { recordChargeback } from '../../../domain/payouts/use-cases/record-chargeback';
import { recordPackageChargeback } from '../../../domain/packages/use-cases/record-package-chargeback';
import { apply, firstIssue, ignore, refuse, type EventFamily, type WebhookPlan } from './webhook-plan';

/** The fields of a Stripe.Dispute FACT reads; anything else in it is left alone. */
const disputeSchema = z.object({
  id: z.string().regex(/^(dp|du)_\w+$/, 'not a dispute id'),
  payment_intent: z.union([z.string().regex(/^pi_\w+$/, 'not a payment intent id'), z.object({ id: z.string().regex(/^pi_\w+$/, 'not a payment intent id') }), z.null()]),
  amount: z.number().int().positive(),
  reason: z.string(),
  status: z.string(),
  created: z.number().int().positive(),
});

/** A Stripe.Dispute as the domain's snapshot, or why it cannot be one. */
export function toChargebackSnapshot(object: unknown): { ok: true; snapshot: ChargebackSnapshot | null } | { ok: false; why: string } {
  const parsed = disputeSchema.safeParse(object);
  if (!parsed.success) return { ok: false, why: firstIssue(parsed.error) };
  const d = parsed.data;
  const status = chargebackStatusOf(d.status);
  if (status === null) return { ok: false, why: `status: unknown dispute status '${d.status}'` };
  const intentId = typeof d.payment_intent === 'string' ? d.payment_intent : (d.payment_intent?.id ?? null);
  // A dispute on a charge made without a payment intent is none of FACT's.
  if (intentId === null) return { ok: true, snapshot: null };
  return { ok: true, snapshot: { id: d.id, intentId, amountPence: d.amount, reason: d.reason, status, createdAt: new Date(d.created * 1000) } };
}

/**
 * charge.dispute.*: a card chargeback on a booking's charge, or on a package purchase's (separate charges and transfers, so
 * it is the platform's). The event's dispute is recorded with the domain's merge (events in any
 * order; a closed chargeback is never reopened); a loss after the coach's transfer queues its
 * reversal in the same transaction.
 */
export const disputeEvents: EventFamily = {
  types: ['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed', 'charge.dispute.funds_withdrawn', 'charge.dispute.funds_reinstated'],
  async plan(app, event: Stripe.Event): Promise<WebhookPlan> {
    const read = toChargebackSnapshot(event.data.object);
    if (!read.ok) return refuse(`Malformed ${event.type} event (${read.why}).`);
    // A connected account's own dispute (event.account set) is not a booking's.
    if (event.account) return ignore('dispute on a connected account');
    const snapshot = read.snapshot;
    if (snapshot === null) return ignore('dispute without a payment intent');
    return apply(async (tx, now) => {
      const saved = await recordChargeback(tx, snapshot, now);
      if (!saved) {
        // Not a booking's charge: a package purchase's, perhaps (decision 060).
        const onPackage = await recordPackageChargeback(tx, snapshot, now, app.deps().payoutPolicy.commissionBps);
        if (onPackage) return { outcome: 'processed', chargebackId: onPackage.id, chargebackStatus: onPackage.status };
        return { outcome: 'ignored', why: 'unknown payment intent', chargebackId: snapshot.id };
      }
      return { outcome: 'processed', bookingId: saved.bookingId, chargebackId: saved.id, chargebackStatus: saved.status };
    });
  },
};
