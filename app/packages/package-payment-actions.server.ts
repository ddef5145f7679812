import type { AppLoadContext } from '@remix-run/node';
import { isAuthenticationResult, lastFour } from '../../adapters/payments/test-gateway/test-cards';
import { paymentErrors } from '../../domain/booking/money/payment-errors';
import { checkoutErrors } from '../../domain/packages/package-checkout';
import { completePackagePurchase, startPackagePurchase, type PackagePaymentSession } from '../../domain/payments/use-cases/buy-package';
import type { Actor } from '../../domain/policy/actor';
import type { DomainError } from '../../domain/shared/errors';
import { isId } from '../../domain/shared/ids';
import { actorOf, requireUser } from '../auth/guards.server';
import { STATUS_OF } from '../booking/domain-response.server';
import { PAYMENT_INTENTS, type PaymentIntentName, type PaymentSessionView } from '../payments/payment-view';
import type { PaymentOutcome } from '../payments/payment-actions.server';
import { requestDeps } from '~/request-deps.server';

const refused = (error: DomainError): PaymentOutcome => ({ status: STATUS_OF[error.kind], body: { ok: false, code: error.code, error: error.message } });
const text = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

function view(session: PackagePaymentSession, context: AppLoadContext): PaymentSessionView {
  const payments = context.app.payments;
  return {
    bookingId: session.purchaseId,
    referenceCode: '',
    intentId: session.intentId,
    clientSecret: session.clientSecret,
    amountPence: session.amountPence,
    servicePricePence: session.packagePricePence,
    adminFeePence: session.adminFeePence,
    durationMinutes: session.checkout.durationMinutes,
    provider: payments.provider,
    publishableKey: payments.publishableKey,
    testMode: session.testMode,
    awaitingCoach: false,
    details: null,
  };
}

async function completed(context: AppLoadContext, actor: Actor, purchaseId: string, intentId: string, cardError: string | null): Promise<PaymentOutcome> {
  const result = await completePackagePurchase(requestDeps(context), { actor, purchaseId, intentId });
  const log = context.log.child({ purchaseId, userId: actor.userId });
  if (!result.ok) {
    const error = result.error.code === 'PAYMENT_FAILED' && cardError ? paymentErrors.failed(cardError) : result.error;
    log.info({ event: 'package_payment_refused', code: error.code }, 'package payment not completed');
    return refused(error);
  }
  if (result.value.purchase === null) return { status: 200, body: { ok: true, step: 'requires_action', bookingId: purchaseId, intentId } };
  log.info({ event: 'package_bought', sessions: result.value.purchase.sessions }, 'package bought');
  return { status: 200, body: { ok: true, step: 'paid', bookingId: purchaseId, paymentStatus: 'captured' } };
}

/**
 * The Secure Payment dialog's steps for buying one package (`offerId` in the path):
 * - `start`: opens (or reopens) the client's payment for it;
 * - `confirm-test-card` / `authenticate-test-card`: the offline test gateway's card form and its
 *   3-D Secure answer, then the intent is read as for `confirm`;
 * - `confirm`: after Stripe Elements confirmed the card in the browser.
 * The steps after `start` name the purchase (`purchaseId`) and its intent.
 */
export async function handlePackagePaymentAction(request: Request, context: AppLoadContext, offerId: string | undefined): Promise<PaymentOutcome> {
  const user = await requireUser(request, context);
  const actor = actorOf(user);
  const form = await request.formData();
  const intent = text(form, 'intent') as PaymentIntentName;
  if (!PAYMENT_INTENTS.includes(intent)) return { status: 400, body: { ok: false, code: 'UNKNOWN_INTENT', error: 'Unknown payment step.' } };
  const deps = requestDeps(context);

  if (intent === 'start') {
    const opened = await startPackagePurchase(deps, { actor, offerId: offerId ?? '' });
    if (!opened.ok) {
      context.log.info({ offerId, userId: user.id, code: opened.error.code }, 'package payment not opened');
      return refused(opened.error);
    }
    return { status: 200, body: { ok: true, step: 'session', session: view(opened.value, context) } };
  }

  const purchaseId = text(form, 'purchaseId');
  const intentId = text(form, 'intentId');
  if (!isId(purchaseId) || !intentId) return refused(paymentErrors.intentMismatch());
  if (intent === 'confirm') return completed(context, actor, purchaseId, intentId, null);

  const testCards = context.app.payments.testCards;
  if (!testCards) return { status: 400, body: { ok: false, code: 'NOT_TEST_MODE', error: 'Card details are taken by Stripe on this site.' } };
  const stored = await deps.uow.read.packagePurchases.findById(purchaseId);
  if (!stored || stored.checkout.clientId !== actor.userId) return refused(checkoutErrors.notYours());
  if (stored.checkout.paymentIntentId !== intentId) return refused(paymentErrors.intentMismatch());
  const attempt = isId(text(form, 'attempt')) ? text(form, 'attempt') : 'single';

  if (intent === 'authenticate-test-card') {
    const result = text(form, 'result');
    if (!isAuthenticationResult(result)) return { status: 422, body: { ok: false, code: 'INVALID_RESULT', error: 'Unknown authentication result.' } };
    const answered = await testCards.authenticate({ intentId, result, idempotencyKey: `package:${purchaseId}:authenticate:${attempt}` });
    if (!answered.ok && answered.error.retryable) return refused(paymentErrors.gatewayUnavailable());
    if (!answered.ok && answered.error.code === 'payment_intent_unexpected_state') return completed(context, actor, purchaseId, intentId, null);
    return completed(context, actor, purchaseId, intentId, answered.ok ? null : answered.error.message);
  }
  const cardNumber = text(form, 'cardNumber');
  const card = await testCards.confirmCard({ intentId, cardNumber, expiry: text(form, 'expiry'), cvc: text(form, 'cvc'), idempotencyKey: `package:${purchaseId}:confirm:${attempt}` });
  context.log.info({ purchaseId, last4: lastFour(cardNumber), outcome: card.ok ? card.value.status : card.error.code }, 'test card confirmed for a package');
  if (!card.ok && card.error.retryable) return refused(paymentErrors.gatewayUnavailable());
  return completed(context, actor, purchaseId, intentId, card.ok ? null : card.error.message);
}
