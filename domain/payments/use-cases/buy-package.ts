import type { CoachDirectory } from '../../booking/requests/coach-directory';
import { paymentErrors } from '../../booking/money/payment-errors';
import { checkoutErrors, checkoutTotalPence, paidPurchase, startCheckout, type PackageCheckout } from '../../packages/package-checkout';
import type { PackagePurchase } from '../../packages/package-purchase';
import type { Actor } from '../../policy/actor';
import { isId, type Id, type IdSource } from '../../shared/ids';
import type { Pence } from '../../shared/money';
import { err, ok, type Result } from '../../shared/result';
import type { GatewayIntent } from '../payment-gateway';
import { fromGatewayError, type PaymentUseCaseDeps } from './payment-deps';

/** What the Secure Payment dialog needs to take a package's price. */
export interface PackagePaymentSession {
  readonly purchaseId: Id;
  readonly intentId: string;
  readonly clientSecret: string;
  readonly amountPence: Pence;
  readonly packagePricePence: Pence;
  readonly adminFeePence: Pence;
  readonly checkout: PackageCheckout;
  readonly testMode: boolean;
}

export type BuyPackageDeps = PaymentUseCaseDeps & { readonly ids: IdSource; readonly coaches: CoachDirectory };

const REUSABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

const sessionOf = (c: PackageCheckout, intent: { intentId: string; clientSecret: string }, testMode: boolean): PackagePaymentSession => ({
  purchaseId: c.id,
  intentId: intent.intentId,
  clientSecret: intent.clientSecret,
  amountPence: checkoutTotalPence(c),
  packagePricePence: c.totalPricePence,
  adminFeePence: c.adminFeePence,
  checkout: c,
  testMode,
});

/**
 * A client opens the payment for a package (PRODUCT.md: captured at once, held by the platform).
 * Opening it again reuses the client's unpaid checkout of the same offer and its intent while the
 * card can still be entered; an intent already authorised is completed instead of charged twice.
 */
export async function startPackagePurchase(deps: BuyPackageDeps, input: { actor: Actor; offerId: string }): Promise<Result<PackagePaymentSession>> {
  const offer = isId(input.offerId) ? await deps.uow.read.packageOffers.findById(input.offerId) : null;
  const coach = offer ? await deps.coaches.findCoachForBooking(offer.coachId) : null;
  const fresh = startCheckout(offer, input.actor, { id: deps.ids.newId(), now: deps.clock.now(), coachBookable: coach?.isBookable ?? false });
  if (!fresh.ok) return fresh;

  const open = await deps.uow.read.packagePurchases.findOpenCheckout(input.actor.userId, input.offerId);
  // The same terms as now: the client sees today's price, never a stale one.
  const sameTerms = open !== null && open.totalPricePence === fresh.value.totalPricePence && open.sessions === fresh.value.sessions && open.validityWeeks === fresh.value.validityWeeks;
  if (open?.paymentIntentId) {
    const existing = await deps.gateway.retrieveIntent(open.paymentIntentId);
    if (!existing.ok) return err(fromGatewayError(existing.error));
    const intent = existing.value;
    if (intent.status === 'requires_capture' || intent.status === 'succeeded') {
      const completed = await completePackagePurchase(deps, { actor: input.actor, purchaseId: open.id });
      return completed.ok ? err(paymentErrors.alreadyPaid()) : completed;
    }
    if (intent.status === 'processing') return err(paymentErrors.processing());
    if (REUSABLE.has(intent.status) && intent.clientSecret !== null && sameTerms) return ok(sessionOf(open, { intentId: intent.intentId, clientSecret: intent.clientSecret }, deps.gateway.testMode));
  }

  // A checkout whose intent could not be made last time is tried again, under the same key.
  const retry = open !== null && open.paymentIntentId === null && sameTerms;
  const checkout = retry ? open : fresh.value;
  if (!retry) await deps.uow.transaction(async (tx) => ok(await tx.packagePurchases.insertCheckout(checkout)));
  const created = await deps.gateway.createIntent({
    bookingId: checkout.id,
    reference: `Package ${checkout.id.slice(0, 8).toUpperCase()}`,
    amountPence: checkoutTotalPence(checkout),
    currency: 'gbp',
    idempotencyKey: `package:${checkout.id}:intent`,
  });
  if (!created.ok) return err(fromGatewayError(created.error));
  await deps.uow.transaction(async (tx) => ok(await tx.packagePurchases.recordIntent(checkout.id, created.value.intentId)));
  return ok(sessionOf({ ...checkout, paymentIntentId: created.value.intentId }, created.value, deps.gateway.testMode));
}

export interface CompletedPurchase {
  /** Null while the card still asks for 3-D Secure (the intent's status says so). */
  readonly purchase: PackagePurchase | null;
  readonly intentStatus: GatewayIntent['status'];
}

/**
 * After the card step: reads the intent from the gateway (never the browser's word), captures
 * the whole amount once it is authorised, and marks the purchase paid with its credits. Running
 * it again (a second tab, a retry) captures nothing twice: the capture's idempotency key is the
 * purchase's, and a paid purchase is answered as it is.
 */
export async function completePackagePurchase(deps: PaymentUseCaseDeps, input: { actor: Actor; purchaseId: string; intentId?: string }): Promise<Result<CompletedPurchase>> {
  const stored = await deps.uow.read.packagePurchases.findById(input.purchaseId);
  if (!stored || stored.checkout.clientId !== input.actor.userId) return err(checkoutErrors.notYours());
  if (stored.purchase) return ok({ purchase: stored.purchase, intentStatus: 'succeeded' });
  const intentId = stored.checkout.paymentIntentId;
  if (intentId === null || (input.intentId !== undefined && input.intentId !== intentId)) return err(paymentErrors.intentMismatch());

  const read = await deps.gateway.retrieveIntent(intentId);
  if (!read.ok) return err(fromGatewayError(read.error));
  let intent = read.value;
  if (intent.status === 'requires_action') return ok({ purchase: null, intentStatus: intent.status });
  if (intent.status === 'requires_capture') {
    const captured = await deps.gateway.capture({ intentId, amountPence: checkoutTotalPence(stored.checkout), idempotencyKey: `package:${stored.checkout.id}:capture` });
    if (!captured.ok) return err(fromGatewayError(captured.error));
    intent = captured.value;
  }
  if (intent.status === 'processing') return err(paymentErrors.processing());
  if (intent.status !== 'succeeded') return err(paymentErrors.failed(intent.lastError?.message ?? null));
  if (intent.amountCapturedPence !== checkoutTotalPence(stored.checkout)) return err(paymentErrors.amountInvalid('captured'));

  return deps.uow.transaction(async (tx) => {
    const current = await tx.packagePurchases.findByIdForUpdate(stored.checkout.id);
    if (!current) return err(checkoutErrors.notYours());
    if (current.purchase) return ok({ purchase: current.purchase, intentStatus: intent.status });
    const purchase = paidPurchase(current.checkout, deps.clock.now());
    await tx.packagePurchases.markPaid(purchase);
    await tx.packageEmails.queuePurchased(tx.outbox, purchase, deps.clock.now());
    return ok({ purchase, intentStatus: intent.status });
  });
}
