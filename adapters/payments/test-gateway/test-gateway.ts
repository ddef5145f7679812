import { randomBytes } from 'node:crypto';
import type { CreateIntentInput, GatewayIntent, GatewayResult, PaymentGateway } from '../../../domain/payments/payment-gateway';
import type { Clock } from '../../../domain/shared/clock';
import type { Pence } from '../../../domain/shared/money';
import { err, ok } from '../../../domain/shared/result';
import type { Orm } from '../../persistence/orm';
import { checkCardDetails, lastFour, outcomeOfAuthentication, outcomeOfCard, type AuthenticationResult } from './test-cards';
import { authorisedNow, withLapse } from './test-authorisation-lapse';
import { findIntent, gatewayError, insertIntent, intentOfRow, noSuchIntent, runIdempotent, updateIntent, type IntentRow } from './test-gateway-store';

/** What the test gateway's card form posts (the card number is never logged or stored; only its last 4). */
export interface TestCardInput {
  readonly intentId: string;
  readonly cardNumber: string;
  readonly expiry: string;
  readonly cvc: string;
  readonly idempotencyKey: string;
}

/** The customer's answer to the test 3-D Secure challenge of an intent in requires_action. */
export interface TestAuthenticationInput {
  readonly intentId: string;
  readonly result: AuthenticationResult;
  readonly idempotencyKey: string;
}

/** The extra steps of the offline gateway: confirming a card on the server (Stripe does it in the browser). */
export interface TestCardConfirmer {
  confirmCard(input: TestCardInput): Promise<GatewayResult<GatewayIntent>>;
  /** Ends the 3-D Secure challenge (Stripe's own page does it): only for an intent in requires_action. */
  authenticate(input: TestAuthenticationInput): Promise<GatewayResult<GatewayIntent>>;
}

const token = (bytes: number): string => randomBytes(bytes).toString('hex');

const unexpectedState = (id: string, action: string, status: string, allowed: string[]) =>
  gatewayError(
    'payment_intent_unexpected_state',
    `This PaymentIntent (${id}) could not be ${action} because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be ${action}: ${allowed.join(', ')}.`,
  );

const CANCELLABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];
// Like Stripe, an intent waiting for 3-D Secure may be confirmed again with another card.
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/**
 * The offline payment gateway used when no Stripe keys are configured (the embedded default and
 * the tests): the same port, Stripe's test-card behaviour, manual capture with Stripe's 7-day
 * authorisation limit (test-authorisation-lapse.ts), idempotency keys, and its state in PostgreSQL.
 */
export class TestGateway implements PaymentGateway, TestCardConfirmer {
  readonly testMode = true;

  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
  ) {}

  createIntent(input: CreateIntentInput): Promise<GatewayResult<GatewayIntent & { readonly clientSecret: string }>> {
    const fingerprint = JSON.stringify(['create', input.bookingId, input.reference, input.amountPence, input.currency]);
    return runIdempotent(this.orm, input.idempotencyKey, fingerprint, async (em) => {
      if (!Number.isSafeInteger(input.amountPence) || input.amountPence < 30) return err(gatewayError('amount_too_small', 'Amount must be at least £0.30 gbp'));
      const id = `pi_test_${token(12)}`;
      const clientSecret = `${id}_secret_${token(12)}`;
      const row: IntentRow = {
        id,
        booking_id: input.bookingId,
        amount_pence: input.amountPence,
        currency: input.currency,
        status: 'requires_payment_method',
        amount_capturable_pence: 0,
        amount_received_pence: 0,
        amount_refunded_pence: 0,
        last_error_code: null,
        last_error_message: null,
        metadata: { booking_id: input.bookingId, reference: input.reference, client_secret: clientSecret },
      };
      await insertIntent(em, row);
      return ok({ ...intentOfRow(row), clientSecret });
    });
  }

  async retrieveIntent(intentId: string): Promise<GatewayResult<GatewayIntent>> {
    const em = this.orm.em.fork();
    const row = await findIntent(em, intentId);
    return row ? ok(intentOfRow(await withLapse(em, row, this.clock.now()))) : err(noSuchIntent(intentId));
  }

  confirmCard(input: TestCardInput): Promise<GatewayResult<GatewayIntent>> {
    const fingerprint = JSON.stringify(['confirm', input.intentId, lastFour(input.cardNumber), input.expiry, input.cvc.length]);
    return runIdempotent(this.orm, input.idempotencyKey, fingerprint, async (em) => {
      const row = await findIntent(em, input.intentId, true);
      if (!row) return err(noSuchIntent(input.intentId));
      if (!CONFIRMABLE.includes(row.status)) return err(unexpectedState(row.id, 'confirmed', row.status, CONFIRMABLE));
      const details = checkCardDetails(input, this.clock.now());
      const outcome = details.approved ? outcomeOfCard(input.cardNumber) : details;
      const { next_action: _abandoned, ...kept } = row.metadata;
      const metadata = { ...kept, card_last4: lastFour(input.cardNumber) };
      if (!outcome.approved) {
        const code = outcome.code ?? 'card_declined';
        const message = outcome.message ?? 'Your card was declined.';
        await updateIntent(em, row.id, { status: 'requires_payment_method', last_error_code: code, last_error_message: message, metadata });
        return err(gatewayError(code, message));
      }
      if (outcome.requiresAuthentication) {
        const waiting = await updateIntent(em, row.id, { status: 'requires_action', last_error_code: null, last_error_message: null, metadata: { ...metadata, next_action: 'test_3ds' } });
        return ok(intentOfRow(waiting));
      }
      const next = await updateIntent(em, row.id, {
        status: 'requires_capture',
        amount_capturable_pence: row.amount_pence,
        last_error_code: null,
        last_error_message: null,
        metadata: authorisedNow(metadata, this.clock.now()),
      });
      return ok(intentOfRow(next));
    });
  }

  authenticate(input: TestAuthenticationInput): Promise<GatewayResult<GatewayIntent>> {
    return runIdempotent(this.orm, input.idempotencyKey, JSON.stringify(['authenticate', input.intentId, input.result]), async (em) => {
      const row = await findIntent(em, input.intentId, true);
      if (!row) return err(noSuchIntent(input.intentId));
      if (row.status !== 'requires_action') return err(unexpectedState(row.id, 'authenticated', row.status, ['requires_action']));
      const { next_action: _done, ...metadata } = row.metadata;
      const outcome = outcomeOfAuthentication(input.result);
      if (!outcome.approved) {
        const code = outcome.code ?? 'payment_intent_authentication_failure';
        const message = outcome.message ?? 'Your card was declined.';
        await updateIntent(em, row.id, { status: 'requires_payment_method', last_error_code: code, last_error_message: message, metadata });
        return err(gatewayError(code, message));
      }
      const next = await updateIntent(em, row.id, { status: 'requires_capture', amount_capturable_pence: row.amount_pence, metadata: authorisedNow(metadata, this.clock.now()) });
      return ok(intentOfRow(next));
    });
  }

  capture(input: { intentId: string; amountPence: Pence; idempotencyKey: string }): Promise<GatewayResult<GatewayIntent>> {
    const fingerprint = JSON.stringify(['capture', input.intentId, input.amountPence]);
    return runIdempotent(this.orm, input.idempotencyKey, fingerprint, async (em) => {
      const found = await findIntent(em, input.intentId, true);
      if (!found) return err(noSuchIntent(input.intentId));
      const row = await withLapse(em, found, this.clock.now());
      if (row.status !== 'requires_capture') return err(unexpectedState(row.id, 'captured', row.status, ['requires_capture']));
      if (!Number.isSafeInteger(input.amountPence) || input.amountPence <= 0 || input.amountPence > row.amount_capturable_pence)
        return err(gatewayError('amount_too_large', `The amount to capture (${input.amountPence}) must be positive and at most the amount capturable (${row.amount_capturable_pence}).`));
      const next = await updateIntent(em, row.id, { status: 'succeeded', amount_received_pence: input.amountPence, amount_capturable_pence: 0 });
      return ok(intentOfRow(next));
    });
  }

  cancel(input: { intentId: string; idempotencyKey: string }): Promise<GatewayResult<GatewayIntent>> {
    return runIdempotent(this.orm, input.idempotencyKey, JSON.stringify(['cancel', input.intentId]), async (em) => {
      const found = await findIntent(em, input.intentId, true);
      if (!found) return err(noSuchIntent(input.intentId));
      const row = await withLapse(em, found, this.clock.now());
      if (!CANCELLABLE.includes(row.status)) return err(unexpectedState(row.id, 'canceled', row.status, CANCELLABLE));
      return ok(intentOfRow(await updateIntent(em, row.id, { status: 'canceled', amount_capturable_pence: 0 })));
    });
  }

  refund(input: { intentId: string; amountPence: Pence; idempotencyKey: string }): Promise<GatewayResult<GatewayIntent>> {
    const fingerprint = JSON.stringify(['refund', input.intentId, input.amountPence]);
    return runIdempotent(this.orm, input.idempotencyKey, fingerprint, async (em) => {
      const row = await findIntent(em, input.intentId, true);
      if (!row) return err(noSuchIntent(input.intentId));
      if (row.status !== 'succeeded') return err(gatewayError('payment_intent_unexpected_state', `This PaymentIntent (${row.id}) does not have a successful charge to refund.`));
      const unrefunded = row.amount_received_pence - row.amount_refunded_pence;
      if (unrefunded <= 0) return err(gatewayError('charge_already_refunded', `The charge of PaymentIntent ${row.id} has already been refunded.`));
      if (!Number.isSafeInteger(input.amountPence) || input.amountPence <= 0 || input.amountPence > unrefunded)
        return err(gatewayError('amount_too_large', `Refund amount (${input.amountPence}) is greater than unrefunded amount on charge (${unrefunded}).`));
      return ok(intentOfRow(await updateIntent(em, row.id, { amount_refunded_pence: row.amount_refunded_pence + input.amountPence })));
    });
  }
}
