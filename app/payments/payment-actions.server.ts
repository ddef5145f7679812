import type { AppLoadContext } from '@remix-run/node';
import type { Actor } from '../../domain/policy/actor';
import { paymentErrors } from '../../domain/booking/money/payment-errors';
import { confirmPayment } from '../../domain/payments/use-cases/confirm-payment';
import type { PaymentSession } from '../../domain/payments/use-cases/open-payment-session';
import { startPayment } from '../../domain/payments/use-cases/start-payment';
import { seriesIntentOf } from '../../domain/payments/use-cases/series-payment';
import { takePayment } from '../../domain/payments/use-cases/take-payment';
import type { DomainError } from '../../domain/shared/errors';
import { isId } from '../../domain/shared/ids';
import { isAuthenticationResult, lastFour } from '../../adapters/payments/test-gateway/test-cards';
import { auditedWeb } from '../admin/admin.server';
import { actorOf, requireUser } from '../auth/guards.server';
import { STATUS_OF } from '../booking/domain-response.server';
import { PAYMENT_INTENTS, type PaymentDetailsView, type PaymentIntentName, type PaymentReply, type PaymentSessionView } from './payment-view';
import { paymentDetailsOf } from './payment-details.server';
import { requestDeps } from '~/request-deps.server';

export interface PaymentOutcome {
  readonly status: number;
  readonly body: PaymentReply;
}

const refused = (error: DomainError): PaymentOutcome => ({ status: STATUS_OF[error.kind], body: { ok: false, code: error.code, error: error.message } });
const text = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

function view(session: PaymentSession, context: AppLoadContext, awaitingCoach: boolean, details: PaymentDetailsView): PaymentSessionView {
  const payments = context.app.payments;
  return {
    bookingId: session.bookingId,
    referenceCode: session.referenceCode,
    intentId: session.intentId,
    clientSecret: session.clientSecret,
    amountPence: session.amountPence,
    servicePricePence: session.servicePricePence,
    adminFeePence: session.adminFeePence,
    durationMinutes: session.durationMinutes,
    provider: payments.provider,
    publishableKey: payments.publishableKey,
    testMode: session.testMode,
    awaitingCoach,
    details,
  };
}

/** After the card step: reads the intent from the gateway (never the browser's word) and records it. */
export async function confirmed(context: AppLoadContext, actor: Actor, bookingId: string, intentId: string, cardError: string | null): Promise<PaymentOutcome> {
  // An administrator's Take Payment is an admin action: audited in the transaction that records it.
  const deps = actor.role === 'admin' ? auditedWeb(context, actor, { action: 'booking.take_payment', targetType: 'booking', targetId: bookingId }) : requestDeps(context);
  const result = await confirmPayment(deps, { actor, bookingId, intentId });
  if (!result.ok) {
    const error = result.error.code === 'PAYMENT_FAILED' && cardError ? paymentErrors.failed(cardError) : result.error;
    context.log.info({ event: 'payment_refused', bookingId, userId: actor.userId, code: error.code }, 'payment not confirmed');
    return refused(error);
  }
  context.log.info({ event: 'payment_confirmed', bookingId, userId: actor.userId, intentStatus: result.value.intentStatus, paymentStatus: result.value.booking.paymentStatus }, 'payment confirmed');
  if (result.value.intentStatus === 'requires_action') return { status: 200, body: { ok: true, step: 'requires_action', bookingId, intentId } };
  if (result.value.intentStatus !== 'requires_capture' && result.value.intentStatus !== 'succeeded') return refused(paymentErrors.processing());
  return { status: 200, body: { ok: true, step: 'paid', bookingId, paymentStatus: result.value.booking.paymentStatus } };
}

/**
 * The Secure Payment dialog's requests for one booking:
 * - `start`: opens (or reopens) the payment: the client for their request, an administrator
 *   for any booking (SPEC "Take Payment");
 * - `confirm-test-card`: the offline test gateway's card form (card number, expiry, CVC), confirmed
 *   on the server; only the last four digits are ever logged;
 * - `authenticate-test-card`: the test gateway's 3-D Secure challenge (`result` complete | fail) for
 *   an intent the gateway holds in requires_action; then the intent is read as for `confirm`;
 * - `confirm`: after Stripe Elements confirmed the card in the browser.
 */
export async function handlePaymentAction(request: Request, context: AppLoadContext, bookingId: string | undefined): Promise<PaymentOutcome> {
  const user = await requireUser(request, context);
  const actor = actorOf(user);
  if (!isId(bookingId)) return refused(paymentErrors.notPayable());
  const form = await request.formData();
  const intent = text(form, 'intent') as PaymentIntentName;
  if (!PAYMENT_INTENTS.includes(intent)) return { status: 400, body: { ok: false, code: 'UNKNOWN_INTENT', error: 'Unknown payment step.' } };
  const log = context.log.child({ bookingId, userId: user.id, paymentStep: intent });
  const deps = requestDeps(context);

  if (intent === 'start') {
    const opened = actor.role === 'admin' ? await takePayment(deps, { actor, bookingId }) : await startPayment(deps, { actor, bookingId });
    if (!opened.ok) {
      log.info({ code: opened.error.code }, 'payment not opened');
      return refused(opened.error);
    }
    log.info({ event: 'payment_opened', amountPence: opened.value.amountPence, provider: context.app.payments.provider }, 'payment opened');
    const booking = await deps.uow.read.bookings.findById(bookingId);
    if (!booking) return refused(paymentErrors.notPayable());
    const details = await paymentDetailsOf(deps.uow.read, booking, actor.userId, deps.clock.now());
    return { status: 200, body: { ok: true, step: 'session', session: view(opened.value, context, booking.status === 'pending', details) } };
  }

  const intentId = text(form, 'intentId');
  if (!intentId) return refused(paymentErrors.intentMismatch());

  if (intent === 'confirm') return confirmed(context, actor, bookingId, intentId, null);

  const testCards = context.app.payments.testCards;
  if (!testCards) return { status: 400, body: { ok: false, code: 'NOT_TEST_MODE', error: 'Card details are taken by Stripe on this site.' } };
  const booking = await deps.uow.read.bookings.findById(bookingId);
  // A session of a card-paid weekly series is paid with its series' one payment (decision 064).
  const paying = booking ? (booking.paymentIntentId ?? (await seriesIntentOf(deps.uow.read, booking))) : null;
  if (!booking || paying !== intentId) return refused(paymentErrors.intentMismatch());
  if (actor.role !== 'admin' && booking.clientId !== actor.userId) return refused(paymentErrors.payerOnly());
  const attempt = text(form, 'attempt');

  if (intent === 'authenticate-test-card') {
    // The browser only says which button was pressed; the gateway checks the intent waits for it.
    const result = text(form, 'result');
    if (!isAuthenticationResult(result)) return { status: 422, body: { ok: false, code: 'INVALID_RESULT', error: 'Unknown authentication result.' } };
    const answered = await testCards.authenticate({ intentId, result, idempotencyKey: `${bookingId}:authenticate:${intentId}:${isId(attempt) ? attempt : 'single'}` });
    log.info({ outcome: answered.ok ? answered.value.status : answered.error.code }, 'test 3-D Secure answered');
    if (!answered.ok && answered.error.retryable) return refused(paymentErrors.gatewayUnavailable());
    // Not waiting for a challenge (a second click, a stale tab): the intent as the gateway has it decides.
    if (!answered.ok && answered.error.code === 'payment_intent_unexpected_state') return confirmed(context, actor, bookingId, intentId, null);
    return confirmed(context, actor, bookingId, intentId, answered.ok ? null : answered.error.message);
  }
  const cardNumber = text(form, 'cardNumber');
  const card = await testCards.confirmCard({
    intentId,
    cardNumber,
    expiry: text(form, 'expiry'),
    cvc: text(form, 'cvc'),
    idempotencyKey: `${bookingId}:confirm:${intentId}:${isId(attempt) ? attempt : 'single'}`,
  });
  log.info({ last4: lastFour(cardNumber), outcome: card.ok ? card.value.status : card.error.code }, 'test card confirmed');
  if (!card.ok && card.error.retryable) return refused(paymentErrors.gatewayUnavailable());
  return confirmed(context, actor, bookingId, intentId, card.ok ? null : card.error.message);
}
