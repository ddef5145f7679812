import { describe, expect, it } from 'vitest';
import { unwrap } from '../shared/result';
import { authorised, confirmedAndCaptured, NOW, pendingBooking, RATE_PENCE } from '../testing/booking-fixtures';
import { applyGatewayIntent, followUpsAfterAuthorization } from './intent-sync';
import type { GatewayIntent } from './payment-gateway';
import { recordIntentCreated } from './payment-records';

const TOTAL = RATE_PENCE + 300;
const intent = (patch: Partial<GatewayIntent>): GatewayIntent => ({
  intentId: 'pi_1',
  status: 'requires_payment_method',
  amountPence: TOTAL,
  amountCapturedPence: 0,
  amountRefundedPence: 0,
  clientSecret: 'secret',
  lastError: null,
  authorisedAt: null,
  ...patch,
});
const withIntent = (b = pendingBooking()) => unwrap(recordIntentCreated(b, 'pi_1', NOW));

describe('recording what the gateway reports', () => {
  it('records an authorisation, and asks nothing more while the coach has not answered', () => {
    const r = unwrap(applyGatewayIntent(withIntent(), intent({ status: 'requires_capture' }), NOW));
    expect(r.booking.paymentStatus).toBe('authorized');
    expect(r.followUps).toEqual([]);
  });

  it("dates the authorisation by the provider's clock when FACT hears of it later, so the response deadline does not outlive the hold", () => {
    const provider = new Date(NOW.getTime() - 3 * 3_600_000);
    const sync = unwrap(applyGatewayIntent(withIntent(), intent({ status: 'requires_capture', authorisedAt: provider }), NOW));
    expect(sync.booking.authorizedAt).toEqual(provider);
  });

  it("keeps FACT's own time when the provider's is later or unknown", () => {
    const later = new Date(NOW.getTime() + 60_000);
    expect(unwrap(applyGatewayIntent(withIntent(), intent({ status: 'requires_capture', authorisedAt: later }), NOW)).booking.authorizedAt).toEqual(NOW);
    expect(unwrap(applyGatewayIntent(withIntent(), intent({ status: 'requires_capture' }), NOW)).booking.authorizedAt).toEqual(NOW);
  });

  it('asks for a capture when the booking was accepted before the payment', () => {
    const r = unwrap(applyGatewayIntent(withIntent({ ...pendingBooking(), status: 'confirmed' }), intent({ status: 'requires_capture' }), NOW));
    expect(r.followUps).toEqual([{ kind: 'capture', amountPence: TOTAL }]);
  });

  it('asks for a void when the booking was cancelled before the payment went through', () => {
    const cancelled = withIntent({ ...pendingBooking(), status: 'cancelled', cancelledBy: 'client', cancelledAt: NOW });
    expect(unwrap(applyGatewayIntent(cancelled, intent({ status: 'requires_capture' }), NOW)).followUps).toEqual([{ kind: 'void' }]);
  });

  it('changes nothing when recording the same state twice', () => {
    const b = authorised(pendingBooking(), 'pi_1');
    const r = unwrap(applyGatewayIntent(b, intent({ status: 'requires_capture' }), NOW));
    expect(r.booking).toBe(b);
    expect(r.followUps).toEqual([]);
  });

  it('records a capture and later refunds from the totals', () => {
    const held = { ...authorised(pendingBooking(), 'pi_1'), status: 'confirmed' as const };
    const captured = unwrap(applyGatewayIntent(held, intent({ status: 'succeeded', amountCapturedPence: TOTAL }), NOW)).booking;
    expect(captured).toMatchObject({ paymentStatus: 'captured', amountCapturedPence: TOTAL });
    const refunded = unwrap(applyGatewayIntent(captured, intent({ status: 'succeeded', amountCapturedPence: TOTAL, amountRefundedPence: 300 }), NOW)).booking;
    expect(refunded).toMatchObject({ paymentStatus: 'partially_refunded', amountRefundedPence: 300 });
    expect(unwrap(applyGatewayIntent(refunded, intent({ status: 'succeeded', amountCapturedPence: TOTAL, amountRefundedPence: 300 }), NOW)).booking).toBe(refunded);
  });

  it('records an intent captured straight away as authorised then captured', () => {
    const r = unwrap(applyGatewayIntent(withIntent(), intent({ status: 'succeeded', amountCapturedPence: TOTAL }), NOW));
    expect(r.booking).toMatchObject({ paymentStatus: 'captured', amountAuthorizedPence: TOTAL, amountCapturedPence: TOTAL });
  });

  it('records a cancelled intent as voided', () => {
    expect(unwrap(applyGatewayIntent(authorised(pendingBooking(), 'pi_1'), intent({ status: 'canceled' }), NOW)).booking.paymentStatus).toBe('voided');
  });

  it('records a declined card as failed, and leaves undecided states alone', () => {
    const failed = unwrap(applyGatewayIntent(withIntent(), intent({ lastError: { code: 'card_declined', message: 'Your card was declined.' } }), NOW));
    expect(failed.booking.paymentStatus).toBe('failed');
    for (const status of ['requires_payment_method', 'requires_action', 'processing', 'requires_confirmation'] as const) {
      const b = withIntent();
      expect(unwrap(applyGatewayIntent(b, intent({ status }), NOW)).booking).toBe(b);
    }
  });

  it('refuses an intent that is not the booking’s', () => {
    const r = applyGatewayIntent(withIntent(), intent({ intentId: 'pi_other', status: 'requires_capture' }), NOW);
    expect(!r.ok && r.error.code).toBe('PAYMENT_INTENT_MISMATCH');
  });

  it('refuses an authorised amount that is not the total', () => {
    const r = applyGatewayIntent(withIntent(), intent({ status: 'requires_capture', amountPence: 100 }), NOW);
    expect(!r.ok && r.error.code).toBe('PAYMENT_AMOUNT_INVALID');
  });

  it('asks nothing after authorisation of a captured booking', () => {
    expect(followUpsAfterAuthorization(confirmedAndCaptured())).toEqual([]);
  });
});
