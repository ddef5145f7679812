/**
 * Stripe's test cards, as the offline test gateway plays them
 * (https://docs.stripe.com/testing). Card numbers never leave this module except as last 4.
 */
export interface CardOutcome {
  readonly approved: boolean;
  /** Stripe's decline code and message for a refused card. */
  readonly code?: string;
  readonly message?: string;
  /** The issuer asks for 3-D Secure first: the intent waits in requires_action for the challenge. */
  readonly requiresAuthentication?: boolean;
}

const APPROVED: CardOutcome = { approved: true };

export const DECLINED_MESSAGE = 'Your card was declined.';
export const INSUFFICIENT_FUNDS_MESSAGE = 'Your card has insufficient funds.';
/** Stripe's last_payment_error when the customer fails (or abandons) 3-D Secure. */
export const AUTHENTICATION_FAILED_CODE = 'payment_intent_authentication_failure';
export const AUTHENTICATION_FAILED_MESSAGE = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
/** Stripe's test card that always asks for 3-D Secure (https://docs.stripe.com/testing#regulatory-cards). */
export const THREE_D_SECURE_CARD = '4000002500003155';

const TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': APPROVED, // Visa
  '5555555555554444': APPROVED, // Mastercard
  '4000058260000005': APPROVED, // UK Visa debit
  [THREE_D_SECURE_CARD]: { approved: true, requiresAuthentication: true }, // 3-D Secure required
  '4000000000000002': { approved: false, code: 'card_declined', message: DECLINED_MESSAGE },
  '4000000000009995': { approved: false, code: 'insufficient_funds', message: INSUFFICIENT_FUNDS_MESSAGE },
  '4000000000009987': { approved: false, code: 'lost_card', message: DECLINED_MESSAGE },
  '4000000000000069': { approved: false, code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { approved: false, code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

/** Digits only: '4242 4242 4242 4242' → '4242424242424242'. */
export function normaliseCardNumber(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

export function lastFour(raw: string): string {
  return normaliseCardNumber(raw).slice(-4);
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What Stripe (in test mode) answers for a card number. */
export function outcomeOfCard(raw: string): CardOutcome {
  const digits = normaliseCardNumber(raw);
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { approved: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  return (
    TEST_CARDS[digits] ?? {
      approved: false,
      code: 'card_declined',
      message: 'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    }
  );
}

/** Expiry month/year in the future and a 3–4 digit CVC, as Elements would check them. */
export function checkCardDetails(input: { expiry: string; cvc: string }, now: Date): CardOutcome {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  if (!match) return { approved: false, code: 'invalid_expiry_month', message: "Your card's expiration date is incomplete." };
  const month = Number(match[1]);
  const year = Number(match[2]!.length === 2 ? `20${match[2]}` : match[2]);
  if (month < 1 || month > 12) return { approved: false, code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  const endOfMonth = Date.UTC(year, month, 1);
  if (endOfMonth <= now.getTime()) return { approved: false, code: 'invalid_expiry_year', message: "Your card's expiration year is in the past." };
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { approved: false, code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
  return APPROVED;
}

/** The customer's answer to the 3-D Secure challenge. */
export type AuthenticationResult = 'complete' | 'fail';

export const isAuthenticationResult = (value: string): value is AuthenticationResult => value === 'complete' || value === 'fail';

/** What the issuer answers after the challenge: authorised, or Stripe's authentication failure. */
export function outcomeOfAuthentication(result: AuthenticationResult): CardOutcome {
  return result === 'complete' ? APPROVED : { approved: false, code: AUTHENTICATION_FAILED_CODE, message: AUTHENTICATION_FAILED_MESSAGE };
}
