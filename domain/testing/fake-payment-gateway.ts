import { err, ok } from '../shared/result';
import type { CreateIntentInput, GatewayError, GatewayIntent, GatewayResult, PaymentGateway } from '../payments/payment-gateway';

/**
 * An in-memory gateway for tests, with Stripe's manual-capture rules and test cards
 * (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined) and idempotency keys: a key
 * seen before returns the first answer without doing anything again.
 */
export const TEST_CARD_OK = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

export interface FakeGateway extends PaymentGateway {
  readonly intents: Map<string, GatewayIntent>;
  /** Every call that changed something, e.g. 'capture pi_1 5300'. */
  readonly calls: string[];
  /** The browser confirming a card against an intent. */
  confirmCard(intentId: string, cardNumber: string): GatewayIntent;
  /** Makes the next call fail with this error (then behaves again). */
  failNext(error: GatewayError): void;
  createIntentNow(input: CreateIntentInput): GatewayResult<GatewayIntent & { clientSecret: string }>;
  captureNow(input: { intentId: string; amountPence: number; idempotencyKey: string }): GatewayResult<GatewayIntent>;
  cancelNow(input: { intentId: string; idempotencyKey: string }): GatewayResult<GatewayIntent>;
  refundNow(input: { intentId: string; amountPence: number; idempotencyKey: string }): GatewayResult<GatewayIntent>;
}

const unexpected = (message: string): GatewayError => ({ code: 'payment_intent_unexpected_state', message, retryable: false });

export function createFakeGateway(): FakeGateway {
  const intents = new Map<string, GatewayIntent>();
  const answers = new Map<string, GatewayResult<GatewayIntent>>();
  const calls: string[] = [];
  let nextFailure: GatewayError | null = null;
  let counter = 0;

  function once<T extends GatewayIntent>(key: string, act: () => GatewayResult<T>): GatewayResult<T> {
    const seen = answers.get(key);
    if (seen) return seen as GatewayResult<T>;
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = null;
      return err(failure);
    }
    const answer = act();
    answers.set(key, answer);
    return answer;
  }
  const update = (intent: GatewayIntent, patch: Partial<GatewayIntent>): GatewayIntent => {
    const next = { ...intent, ...patch };
    intents.set(intent.intentId, next);
    return next;
  };
  const find = (id: string): GatewayResult<GatewayIntent> => {
    const intent = intents.get(id);
    return intent ? ok(intent) : err({ code: 'resource_missing', message: `No such payment_intent: ${id}`, retryable: false });
  };

  const gateway: FakeGateway = {
    testMode: true,
    intents,
    calls,
    failNext(error) {
      nextFailure = error;
    },
    confirmCard(intentId, cardNumber) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') return intent;
      if (cardNumber.replace(/\s/g, '') === TEST_CARD_OK) return update(intent, { status: 'requires_capture', lastError: null });
      return update(intent, { status: 'requires_payment_method', lastError: { code: 'card_declined', message: 'Your card was declined.' } });
    },
    createIntentNow(input) {
      return once(input.idempotencyKey, () => {
        counter += 1;
        const intent = {
          intentId: `pi_fake_${counter}`,
          status: 'requires_payment_method' as const,
          amountPence: input.amountPence,
          amountCapturedPence: 0,
          amountRefundedPence: 0,
          clientSecret: `pi_fake_${counter}_secret`,
          authorisedAt: null,
          lastError: null,
        };
        intents.set(intent.intentId, intent);
        calls.push(`create ${intent.intentId} ${input.amountPence}`);
        return ok(intent);
      });
    },
    captureNow(input) {
      return once(input.idempotencyKey, () => {
        const found = find(input.intentId);
        if (!found.ok) return found;
        const intent = found.value;
        if (intent.status !== 'requires_capture') return err(unexpected(`cannot capture a ${intent.status} intent`));
        if (input.amountPence > intent.amountPence) return err(unexpected('amount_to_capture too large'));
        calls.push(`capture ${intent.intentId} ${input.amountPence}`);
        return ok(update(intent, { status: 'succeeded', amountCapturedPence: input.amountPence }));
      });
    },
    cancelNow(input) {
      return once(input.idempotencyKey, () => {
        const found = find(input.intentId);
        if (!found.ok) return found;
        const intent = found.value;
        if (intent.status === 'succeeded' || intent.status === 'canceled') return err(unexpected(`cannot cancel a ${intent.status} intent`));
        calls.push(`cancel ${intent.intentId}`);
        return ok(update(intent, { status: 'canceled' }));
      });
    },
    refundNow(input) {
      return once(input.idempotencyKey, () => {
        const found = find(input.intentId);
        if (!found.ok) return found;
        const intent = found.value;
        if (intent.status !== 'succeeded') return err(unexpected(`cannot refund a ${intent.status} intent`));
        if (input.amountPence <= 0 || input.amountPence > intent.amountCapturedPence - intent.amountRefundedPence)
          return err({ code: 'amount_too_large', message: 'Refund amount is greater than the unrefunded amount', retryable: false });
        calls.push(`refund ${intent.intentId} ${input.amountPence}`);
        return ok(update(intent, { amountRefundedPence: intent.amountRefundedPence + input.amountPence }));
      });
    },
    createIntent: async (input) => gateway.createIntentNow(input),
    retrieveIntent: async (intentId) => find(intentId),
    capture: async (input) => gateway.captureNow(input),
    cancel: async (input) => gateway.cancelNow(input),
    refund: async (input) => gateway.refundNow(input),
  };
  return gateway;
}
