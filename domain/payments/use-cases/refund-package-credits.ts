import type { BatchOutcome } from '../../booking/lifecycle/use-cases/run-due-batch';
import { checkoutErrors } from '../../packages/package-checkout';
import { refundUnused, type PackagePurchase, type UnusedRefundReason } from '../../packages/package-purchase';
import type { Actor } from '../../policy/actor';
import type { DomainError } from '../../shared/errors';
import type { Id } from '../../shared/ids';
import type { Pence } from '../../shared/money';
import { err, ok, type Result } from '../../shared/result';
import { fromGatewayError, type PaymentUseCaseDeps } from './payment-deps';

export interface CreditsRefunded {
  readonly purchase: PackagePurchase;
  readonly refundPence: Pence;
  readonly credits: number;
  readonly adminFeeRefunded: boolean;
}

/**
 * Gives back a purchase's unused credits (PRODUCT.md: FACT never keeps money for sessions that did
 * not happen), on the client's request before expiry or at expiry. The purchase is held while the
 * refund is made, so two requests cannot both refund the same credits; the refund's idempotency
 * key names the credits it returns, so a retry after a failed commit refunds nothing twice.
 */
async function refundCredits(deps: PaymentUseCaseDeps, purchaseId: Id, reason: UnusedRefundReason, owner: Id | null): Promise<Result<CreditsRefunded | null>> {
  return deps.uow.transaction(async (tx): Promise<Result<CreditsRefunded | null>> => {
    const stored = await tx.packagePurchases.findByIdForUpdate(purchaseId);
    const purchase = stored?.purchase ?? null;
    if (!stored || !purchase || (owner !== null && purchase.clientId !== owner)) return err(checkoutErrors.notYours());
    const plan = refundUnused(purchase, reason, deps.clock.now());
    if (!plan.ok) return plan;
    if (plan.value.refundPence === 0) return ok(null);
    const intentId = stored.checkout.paymentIntentId;
    if (intentId === null) return err(checkoutErrors.notYours());
    const refunded = await deps.gateway.refund({
      intentId,
      amountPence: plan.value.refundPence,
      idempotencyKey: `package:${purchase.id}:refund:${plan.value.creditIndexes.join('.')}${plan.value.adminFeeRefunded ? ':fee' : ''}`,
    });
    if (!refunded.ok) return err(fromGatewayError(refunded.error));
    await tx.packagePurchases.saveCredits(plan.value.purchase);
    // A series' session given back is told by its own cancellation or decline email.
    if (reason !== 'returned')
      await tx.packageEmails.queueRefunded(
        tx.outbox,
        { purchase: plan.value.purchase, refundPence: plan.value.refundPence, credits: plan.value.creditIndexes.length, adminFeeRefunded: plan.value.adminFeeRefunded, reason },
        deps.clock.now(),
      );
    return ok({ purchase: plan.value.purchase, refundPence: plan.value.refundPence, credits: plan.value.creditIndexes.length, adminFeeRefunded: plan.value.adminFeeRefunded });
  });
}

/** The client (or an administrator for them) asks for the unused sessions back before the package expires. */
export async function refundUnusedCredits(deps: PaymentUseCaseDeps, input: { actor: Actor; purchaseId: Id }): Promise<Result<CreditsRefunded>> {
  const done = await refundCredits(deps, input.purchaseId, 'request', input.actor.role === 'admin' ? null : input.actor.userId);
  if (!done.ok) return done;
  // refundUnused refuses a request with nothing to refund, so a request always refunds something.
  return done.value ? ok(done.value) : err({ kind: 'conflict', code: 'NOTHING_TO_REFUND', message: 'There are no unused sessions to refund.' } satisfies DomainError);
}

/** At expiry, every purchase with unused credits has them refunded; running again finds nothing more. */
export async function refundExpiredPackages(deps: PaymentUseCaseDeps, options: { limit?: number } = {}): Promise<Result<BatchOutcome>> {
  const due = await deps.uow.read.packagePurchases.listExpiredWithUnusedCredits(deps.clock.now(), options.limit ?? 100);
  const done: Id[] = [];
  const skipped: Id[] = [];
  const failed: { id: Id; error: DomainError }[] = [];
  for (const id of due) {
    const result = await refundCredits(deps, id, 'expiry', null);
    if (!result.ok) failed.push({ id, error: result.error });
    else (result.value ? done : skipped).push(id);
  }
  return ok({ done, skipped, failed });
}

/**
 * A session of a card-paid weekly series gave its credit back (declined, cancelled early or by the
 * coach): a series never books it again, so its price goes back to the card at once, and the
 * admin fee with the last one if no session happened (decision 064). The outbox job runs this.
 */
export async function refundReturnedSeriesCredits(deps: PaymentUseCaseDeps, input: { purchaseId: Id }): Promise<Result<CreditsRefunded | null>> {
  return refundCredits(deps, input.purchaseId, 'returned', null);
}
