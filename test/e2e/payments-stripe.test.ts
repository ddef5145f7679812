import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { screenshot, useBrowser } from '../support/browser';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { stripeJsStub } from '../support/fake-stripe-js';
import { useTestServer } from '../support/server';

/**
 * The Secure Payment dialog with Stripe keys configured: the server talks to a local fake Stripe
 * (STRIPE_API_BASE) and the Stripe.js that @stripe/stripe-js injects (https://js.stripe.com/…)
 * is replaced by a small stub (test/support/fake-stripe-js.ts) with the Payment Element's API,
 * confirming against the same fake as Stripe.js would — a decline, a failed and a completed
 * 3-D Secure challenge, a good card — and Stripe's return_url checked by the server.
 */
const DAY = 86_400_000;
const AUTH_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

interface SeenByStripeJs {
  key: string | null;
  options: { locale?: string } | null;
  elementsOptions: { clientSecret?: string; appearance?: { variables?: Record<string, string> } } | null;
  created: { type: string }[];
  confirms: { redirect: string; withElements: boolean; confirmParams: { return_url: string; payment_method_data?: { billing_details?: Record<string, string> } } }[];
}

describe('paying with the Payment Element (fake Stripe)', () => {
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

  beforeAll(async () => {
    await createUser(server.db, { userType: 'client', email: 'elle@example.com', fullName: 'Elle Elements' });
    await createUser(server.db, { userType: 'coach', email: 'kim@example.com', fullName: 'Kim Keeper', hourlyRate: 60, servicesOffered: ['goalkeeping'] });
  });

  async function stubbedPage(size: { width?: number; height?: number } = {}): Promise<{ page: Page; scripts: string[] }> {
    const page = await browser.newPage(size);
    const scripts: string[] = [];
    await page.route('https://js.stripe.com/**', (route) => {
      scripts.push(route.request().url());
      return route.fulfill({ contentType: 'application/javascript', body: stripeJsStub(fake.url) });
    });
    return { page, scripts };
  }

  async function requestBooking(page: Page, daysAhead: number, time: string) {
    await page.goto(`${server.baseUrl}/FindCoaches`);
    await page.getByRole('button', { name: 'Book Kim Keeper' }).click();
    const booking = page.getByRole('dialog', { name: 'Book a session with Kim Keeper' });
    await booking.locator('[data-date]').first().waitFor();
    const iso = new Date(Date.now() + daysAhead * DAY).toISOString().slice(0, 10);
    for (let i = 0; i < 3 && (await booking.locator(`[data-date="${iso}"]`).count()) === 0; i++) await booking.getByRole('button', { name: 'Next month' }).click();
    await booking.locator(`[data-date="${iso}"]`).click();
    await booking.getByRole('button', { name: time }).click();
    await booking.getByRole('button', { name: 'Request Booking' }).click();
    const pay = page.getByRole('dialog', { name: 'Secure Payment' });
    await pay.getByLabel('Card number').waitFor();
    return pay;
  }

  async function enterCard(pay: ReturnType<Page['getByRole']>, number: string) {
    await pay.getByLabel('Card number').fill(number);
    await pay.getByLabel('Expiration date').fill('12 / 34');
    await pay.getByLabel('Security code').fill('123');
  }

  const seen = (page: Page) => page.evaluate(() => (window as unknown as { __stripe: SeenByStripeJs }).__stripe);
  const latest = async () =>
    (
      await server.db.query<{ id: string; payment_status: string; amount_authorized_pence: number; payment_intent_id: string }>(
        'select id, payment_status, amount_authorized_pence, payment_intent_id from bookings order by created_at desc limit 1',
      )
    )[0]!;

  it('holds the total through the Payment Element, after a decline, a failed 3-D Secure and a retry', async () => {
    const { page, scripts } = await stubbedPage();
    expect(scripts).toEqual([]);
    await signIn(page, server.baseUrl, 'elle@example.com');
    await page.goto(`${server.baseUrl}/MyBookings`);
    expect(scripts, 'no Stripe.js on a page without the payment dialog').toEqual([]);
    const pay = await requestBooking(page, 9, '11:00');
    expect(scripts).toEqual([expect.stringMatching(/^https:\/\/js\.stripe\.com\/[a-z0-9]+\/stripe\.js/)]);
    expect(await pay.getByText(/Test mode — no real money moves/).count()).toBe(0);
    await pay.getByText('Secured by Stripe (test mode)').waitFor();

    const [booking] = await server.db.query<{ id: string; payment_intent_id: string }>('select id, payment_intent_id from bookings');
    const stripe = await seen(page);
    expect(stripe).toMatchObject({ key: 'pk_test_fact_e2e', options: { locale: 'en-GB' }, created: [{ type: 'payment' }] });
    expect(stripe.elementsOptions).toMatchObject({ clientSecret: `${booking!.payment_intent_id}_secret_fake`, appearance: { variables: { colorPrimary: '#147d42' } } });
    const create = fake.writes().find((r) => r.path === '/v1/payment_intents')!;
    expect(create.form).toMatchObject({ amount: '6300', currency: 'gbp', capture_method: 'manual', 'automatic_payment_methods[enabled]': 'true' });
    expect(create.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}:intent:first$/);

    const payButton = pay.getByRole('button', { name: 'Pay £63.00' });
    expect(await payButton.isDisabled()).toBe(true);
    await enterCard(pay, '4000 0000 0000 0002');
    await screenshot(page, 'payment-element-1280');
    await payButton.click();
    await pay.getByText('Payment Failed').waitFor();
    await expect(pay.getByRole('alert').textContent()).resolves.toBe('Your card was declined.');
    expect((await latest()).payment_status).toBe('failed');
    const first = (await seen(page)).confirms[0]!;
    expect(first).toMatchObject({ redirect: 'if_required', withElements: true });
    expect(first.confirmParams.return_url).toBe(`${server.baseUrl}/payments/return?booking=${booking!.id}&back=%2FFindCoaches`);

    await pay.getByRole('button', { name: 'Try Again' }).click();
    await enterCard(pay, '4000 0025 0000 3155');
    await payButton.click();
    const bank = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
    await bank.waitFor();
    await screenshot(page, 'payment-element-3ds-1280');
    expect(fake.intents.get(booking!.payment_intent_id)).toMatchObject({ status: 'requires_action' });
    await bank.getByRole('button', { name: 'Fail' }).click();
    await pay.getByText('Payment Failed').waitFor();
    await expect(pay.getByRole('alert').textContent()).resolves.toBe(AUTH_FAILED);
    expect((await latest()).payment_status).toBe('failed');

    await pay.getByRole('button', { name: 'Try Again' }).click();
    await enterCard(pay, '4242 4242 4242 4242');
    await payButton.click();
    await pay.getByText('Payment Successful!').waitFor();
    await screenshot(page, 'payment-stripe-successful-1280');
    await pay.waitFor({ state: 'detached', timeout: 5_000 });
    const row = await latest();
    expect(row).toMatchObject({ payment_status: 'authorized', amount_authorized_pence: 6300 });
    expect(fake.intents.get(row.payment_intent_id)).toMatchObject({ status: 'requires_capture', metadata: { booking_id: row.id, reference: expect.stringMatching(/^FACT-/) } });
    expect(fake.writes().filter((r) => r.path === '/v1/payment_intents')).toHaveLength(1);
    expect(scripts).toHaveLength(1);
  });

  it('completes 3-D Secure in Stripe.js modal on a phone', async () => {
    const { page } = await stubbedPage({ width: 360, height: 780 });
    await signIn(page, server.baseUrl, 'elle@example.com');
    const pay = await requestBooking(page, 10, '11:00');
    await enterCard(pay, '4000 0025 0000 3155');
    await screenshot(page, 'payment-element-360');
    await pay.getByRole('button', { name: 'Pay £63.00' }).click();
    const bank = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
    await bank.waitFor();
    await screenshot(page, 'payment-element-3ds-360');
    await bank.getByRole('button', { name: 'Complete' }).click();
    await pay.getByText('Payment Successful!').waitFor();
    expect(await latest()).toMatchObject({ payment_status: 'authorized', amount_authorized_pence: 6300 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("finishes a payment that left the page at Stripe's return_url, trusting the intent and not redirect_status", async () => {
    const { page } = await stubbedPage();
    await signIn(page, server.baseUrl, 'elle@example.com');
    const pay = await requestBooking(page, 11, '11:00');
    const { id, payment_intent_id: intentId } = await latest();
    await pay.getByRole('button', { name: 'Cancel' }).click();
    const back = (status: string) =>
      `${server.baseUrl}/payments/return?booking=${id}&back=%2FMyBookings&payment_intent=${intentId}&payment_intent_client_secret=${intentId}_secret_fake&redirect_status=${status}`;

    // A forged 'succeeded' while the bank said nothing: not paid.
    await page.goto(back('succeeded'));
    expect(new URL(page.url()).pathname).toBe('/MyBookings');
    await page.getByText('Payment Failed').waitFor();
    expect((await latest()).payment_status).not.toBe('authorized');

    // The bank authorised it on its own page: the server reads that from Stripe.
    fake.authorise(intentId);
    await page.goto(back('succeeded'));
    expect(new URL(page.url()).pathname).toBe('/MyBookings');
    await page.getByText('Payment Successful!').waitFor();
    expect(await latest()).toMatchObject({ payment_status: 'authorized', amount_authorized_pence: 6300 });
  });
});
