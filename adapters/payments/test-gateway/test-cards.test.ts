import { describe, expect, it } from 'vitest';
import { checkCardDetails, isAuthenticationResult, lastFour, normaliseCardNumber, outcomeOfAuthentication, outcomeOfCard } from './test-cards';

describe("the test gateway's cards", () => {
  it('approves 4242 4242 4242 4242 however it is spaced', () => {
    expect(outcomeOfCard('4242 4242 4242 4242')).toEqual({ approved: true });
    expect(outcomeOfCard('4242-4242-4242-4242')).toEqual({ approved: true });
    expect(normaliseCardNumber(' 4242 4242 ')).toBe('42424242');
  });

  it("declines 4000 0000 0000 0002 and 9995 with Stripe's words", () => {
    expect(outcomeOfCard('4000 0000 0000 0002')).toEqual({ approved: false, code: 'card_declined', message: 'Your card was declined.' });
    expect(outcomeOfCard('4000000000009995')).toEqual({ approved: false, code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
  });

  it('refuses a number that fails the Luhn check, and a real-looking card in test mode', () => {
    expect(outcomeOfCard('4242 4242 4242 4241')).toMatchObject({ approved: false, code: 'incorrect_number', message: 'Your card number is incorrect.' });
    expect(outcomeOfCard('12')).toMatchObject({ code: 'incorrect_number' });
    expect(outcomeOfCard('4012 8888 8888 1881')).toMatchObject({ approved: false, code: 'card_declined' });
  });

  it('checks the expiry against the clock and the CVC length', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(checkCardDetails({ expiry: '11/26', cvc: '123' }, now)).toEqual({ approved: true });
    expect(checkCardDetails({ expiry: '10/26', cvc: '123' }, now)).toMatchObject({ code: 'invalid_expiry_year' });
    expect(checkCardDetails({ expiry: '13/30', cvc: '123' }, now)).toMatchObject({ code: 'invalid_expiry_month' });
    expect(checkCardDetails({ expiry: '1230', cvc: '123' }, now)).toMatchObject({ code: 'invalid_expiry_month' });
    expect(checkCardDetails({ expiry: '12/2030', cvc: '12' }, now)).toMatchObject({ code: 'incomplete_cvc' });
  });

  it('keeps only the last four digits', () => {
    expect(lastFour('4242 4242 4242 4242')).toBe('4242');
    expect(lastFour('4000 0000 0000 9995')).toBe('9995');
  });

  it('asks for 3-D Secure on 4000 0025 0000 3155, and on no other approved card', () => {
    expect(outcomeOfCard('4000 0025 0000 3155')).toEqual({ approved: true, requiresAuthentication: true });
    for (const card of ['4242424242424242', '5555555555554444', '4000058260000005']) expect(outcomeOfCard(card).requiresAuthentication).toBeUndefined();
    expect(outcomeOfCard('4000 0025 0000 3156')).toMatchObject({ approved: false, code: 'incorrect_number' });
  });

  it("authorises a completed challenge and refuses a failed one with Stripe's words", () => {
    expect(outcomeOfAuthentication('complete')).toEqual({ approved: true });
    expect(outcomeOfAuthentication('fail')).toEqual({
      approved: false,
      code: 'payment_intent_authentication_failure',
      message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    });
    expect(['complete', 'fail', 'succeed', '', 'COMPLETE'].map(isAuthenticationResult)).toEqual([true, true, false, false, false]);
  });
});
