import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { screenshot, useBrowser } from '../support/browser';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { useTestServer } from '../support/server';

/**
 * The Secure Payment dialog with Stripe keys configured: the server talks to a local fake Stripe
 * (STRIPE_API_BASE) and the browser's https://js.stripe.com/v3 is replaced by a small stub of
 * Stripe.js (no network here) that confirms the card against the same fake, as Elements would.
 */
const DAY = 86_400_000;
const stripeJsStub = (fakeUrl: string) => `
window.Stripe = function (key) {
  window.__stripeKey = key;
  var input = null;
  return {
    elements: function () { return { create: function () { return {
      mount: function (el) { input = document.createElement('input'); input.setAttribute('aria-label', 'Stripe card number'); el.appendChild(input); },
      on: function (event, handler) { input.addEventListener('input', function () { handler({ complete: input.value.replace(/\\D/g, '').length >= 16 }); }); },
      destroy: function () { if (input) input.remove(); }
    }; } }; },
    confirmCardPayment: function (secret, data) {
      window.__stripeBilling = data.payment_method.billing_details;
      return fetch(${JSON.stringify(fakeUrl)} + '/browser/confirm_card', { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_secret: secret, card_number: input.value }) }).then(function (r) { return r.json(); });
    }
  };
};`;

describe('paying with Stripe Elements (fake Stripe)', () => {
  let fake: FakeStripe;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeStripe();
    Object.assign(env, { STRIPE_SECRET_KEY: 'sk_test_fact_e2e', STRIPE_PUBLISHABLE_KEY: 'pk_test_fact_e2e', STRIPE_API_BASE: fake.url });
  });
  afterAll(async () => {
    await fake?.close();
  });
  const server = useTestServer(env);
  const browser = useBrowser();

  async function stubbedPage(): Promise<Page> {
    const page = await browser.newPage();
    await page.route('https://js.stripe.com/v3**', (route) => route.fulfill({ contentType: 'application/javascript', body: stripeJsStub(fake.url) }));
    return page;
  }

  it('holds the total with a card confirmed by Stripe.js, after a decline and a retry', async () => {
    await createUser(server.db, { userType: 'client', email: 'elle@example.com', fullName: 'Elle Elements' });
    await createUser(server.db, { userType: 'coach', email: 'kim@example.com', fullName: 'Kim Keeper', hourlyRate: 60, servicesOffered: ['goalkeeping'] });
    const page = await stubbedPage();
    await signIn(page, server.baseUrl, 'elle@example.com');
    await page.goto(`${server.baseUrl}/FindCoaches`);
    await page.getByRole('button', { name: 'Book Kim Keeper' }).click();
    const booking = page.getByRole('dialog', { name: 'Book a session with Kim Keeper' });
    await booking.locator('[data-date]').first().waitFor();
    const iso = new Date(Date.now() + 9 * DAY).toISOString().slice(0, 10);
    for (let i = 0; i < 3 && (await booking.locator(`[data-date="${iso}"]`).count()) === 0; i++) await booking.getByRole('button', { name: 'Next month' }).click();
    await booking.locator(`[data-date="${iso}"]`).click();
    await booking.getByRole('button', { name: '11:00' }).click();
    await booking.getByRole('button', { name: 'Request Booking' }).click();

    const pay = page.getByRole('dialog', { name: 'Secure Payment' });
    const card = pay.getByLabel('Stripe card number');
    await card.waitFor();
    expect(await pay.getByText(/Test mode — no real money moves/).count()).toBe(0);
    await pay.getByText('Secured by Stripe (test mode)').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __stripeKey: string }).__stripeKey)).toBe('pk_test_fact_e2e');

    const create = fake.writes().find((r) => r.path === '/v1/payment_intents')!;
    expect(create.form).toMatchObject({ amount: '6300', currency: 'gbp', capture_method: 'manual' });
    expect(create.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}:intent:first$/);

    await card.fill('4000 0000 0000 0002');
    await pay.getByRole('button', { name: 'Pay £63.00' }).click();
    await pay.getByText('Payment Failed').waitFor();
    await expect(pay.getByRole('alert').textContent()).resolves.toBe('Your card was declined.');
    const [failed] = await server.db.query<{ payment_status: string }>('select payment_status from bookings');
    expect(failed!.payment_status).toBe('failed');

    await pay.getByRole('button', { name: 'Try Again' }).click();
    await card.fill('4242 4242 4242 4242');
    await pay.getByRole('button', { name: 'Pay £63.00' }).click();
    await pay.getByText('Payment Successful!').waitFor();
    await screenshot(page, 'payment-stripe-successful-1280');
    await pay.waitFor({ state: 'detached', timeout: 5_000 });
    const [row] = await server.db.query<{ payment_status: string; amount_authorized_pence: number; payment_intent_id: string }>(
      'select payment_status, amount_authorized_pence, payment_intent_id from bookings',
    );
    expect(row).toMatchObject({ payment_status: 'authorized', amount_authorized_pence: 6300 });
    expect(fake.intents.get(row!.payment_intent_id)).toMatchObject({ status: 'requires_capture', metadata: { booking_id: expect.any(String), reference: expect.stringMatching(/^FACT-/) } });
    expect(fake.writes().filter((r) => r.path === '/v1/payment_intents')).toHaveLength(1);
  });
});
