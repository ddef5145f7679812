import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { screenshot, useBrowser } from '../support/browser';
import { useTestServer } from '../support/server';

/**
 * The Secure Payment dialog in a real browser, with the offline test gateway (no Stripe keys):
 * the client books through the booking dialog and pays with Stripe's test cards — once at the
 * first go, once declined (insufficient funds, then a plain decline) and retried, and with the
 * 3-D Secure card 4000 0025 0000 3155 (the test challenge failed once, then completed).
 */
const DAY = 86_400_000;

describe('paying for a booking with the test gateway', () => {
  const server = useTestServer();
  const browser = useBrowser();

  beforeAll(async () => {
    await createUser(server.db, { userType: 'client', email: 'pat@example.com', fullName: 'Pat Payer' });
    await createUser(server.db, { userType: 'coach', email: 'sam@example.com', fullName: 'Sam Striker', hourlyRate: 45, servicesOffered: ['striker'] });
  });

  /** Opens the booking dialog for Sam, picks a day `daysAhead` from today at `time`, and sends the request. */
  async function requestBooking(page: Page, daysAhead: number, time: string) {
    await page.goto(`${server.baseUrl}/FindCoaches`);
    await page.getByRole('button', { name: 'Book Sam Striker' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a session with Sam Striker' });
    const iso = new Date(Date.now() + daysAhead * DAY).toISOString().slice(0, 10);
    await dialog.locator('[data-date]').first().waitFor();
    const day = dialog.locator(`[data-date="${iso}"]`);
    for (let i = 0; i < 3 && (await day.count()) === 0; i++) await dialog.getByRole('button', { name: 'Next month' }).click();
    await day.click();
    await dialog.getByRole('button', { name: time }).click();
    await dialog.getByRole('button', { name: 'Request Booking' }).click();
    const pay = page.getByRole('dialog', { name: 'Secure Payment' });
    await pay.getByRole('button', { name: 'Pay £48.00' }).waitFor();
    return pay;
  }

  async function enterCard(pay: ReturnType<Page['getByRole']>, number: string) {
    await pay.getByLabel('Card number').fill(number);
    await pay.getByLabel(/Expiry/).fill('12/34');
    await pay.getByLabel('CVC').fill('123');
  }

  const latestPayment = async () =>
    (
      await server.db.query<{ payment_status: string; amount_authorized_pence: number; status: string }>(
        'select payment_status, amount_authorized_pence, status from bookings order by created_at desc limit 1',
      )
    )[0]!;

  it('shows the summary, the protection note and test mode, and holds £48.00 with 4242 4242 4242 4242', async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'pat@example.com');
    const pay = await requestBooking(page, 7, '10:00');
    const summary = pay.getByRole('region', { name: 'Booking summary' });
    for (const text of ['Striker & Finishing', '1 hour', 'Sam Striker', '£45.00', '£3.00', '£48.00']) await summary.getByText(text, { exact: true }).waitFor();
    await pay.getByText('Payment Protection').waitFor();
    await pay.getByText(/Test mode — no real money moves/).waitFor();
    await pay.getByText(/Secured by Stripe/).waitFor();
    expect(await pay.getByRole('button', { name: 'Pay £48.00' }).isDisabled()).toBe(true);
    await enterCard(pay, '4242424242424242');
    expect(await pay.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await screenshot(page, 'payment-dialog-1280');
    await pay.getByRole('button', { name: 'Pay £48.00' }).click();
    await pay.getByText('Payment Successful!').waitFor();
    await screenshot(page, 'payment-successful-1280');
    const started = Date.now();
    await pay.waitFor({ state: 'detached', timeout: 5_000 });
    expect(Date.now() - started).toBeGreaterThan(1_000);
    expect(await latestPayment()).toMatchObject({ status: 'pending', payment_status: 'authorized', amount_authorized_pence: 4800 });
  });

  it("shows the provider's message when the card is refused, and pays on the next try", async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await signIn(page, server.baseUrl, 'pat@example.com');
    const pay = await requestBooking(page, 8, '14:00');

    await enterCard(pay, '4000 0000 0000 9995');
    await pay.getByRole('button', { name: 'Pay £48.00' }).click();
    await pay.getByText('Payment Failed').waitFor();
    await expect(pay.getByRole('alert').textContent()).resolves.toBe('Your card has insufficient funds.');
    await pay.getByText('There was an issue processing your payment. Please try again.').waitFor();
    await screenshot(page, 'payment-failed-390');
    expect(await latestPayment()).toMatchObject({ payment_status: 'failed' });

    await pay.getByRole('button', { name: 'Try Again' }).click();
    await enterCard(pay, '4000 0000 0000 0002');
    await pay.getByRole('button', { name: 'Pay £48.00' }).click();
    await expect(pay.getByRole('alert').textContent()).resolves.toBe('Your card was declined.');

    await pay.getByRole('button', { name: 'Try Again' }).click();
    await enterCard(pay, '4242 4242 4242 4242');
    await pay.getByRole('button', { name: 'Pay £48.00' }).click();
    await pay.getByText('Payment Successful!').waitFor();
    await screenshot(page, 'payment-successful-390');
    await pay.waitFor({ state: 'detached', timeout: 5_000 });
    expect(await latestPayment()).toMatchObject({ status: 'pending', payment_status: 'authorized', amount_authorized_pence: 4800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('asks for 3-D Secure with 4000 0025 0000 3155: a failed challenge is refused, a completed one holds the money', async () => {
    const page = await browser.newPage({ width: 360, height: 780 });
    await signIn(page, server.baseUrl, 'pat@example.com');
    const pay = await requestBooking(page, 9, '11:00');
    await pay.getByText(/4000 0025 0000 3155/).waitFor();

    await enterCard(pay, '4000 0025 0000 3155');
    await pay.getByRole('button', { name: 'Pay £48.00' }).click();
    const challenge = pay.getByRole('region', { name: 'Test 3-D Secure' });
    await challenge.waitFor();
    await challenge.getByText('£48.00').waitFor();
    await screenshot(page, 'payment-3ds-challenge-360');
    expect(await latestPayment()).not.toMatchObject({ payment_status: 'authorized' });
    await challenge.getByRole('button', { name: 'Fail authentication' }).click();
    await pay.getByText('Payment Failed').waitFor();
    await expect(pay.getByRole('alert').textContent()).resolves.toBe('We are unable to authenticate your payment method. Please choose a different payment method and try again.');
    await screenshot(page, 'payment-3ds-failed-360');
    expect(await latestPayment()).toMatchObject({ payment_status: 'failed' });

    await pay.getByRole('button', { name: 'Try Again' }).click();
    expect(await pay.getByLabel('Card number').inputValue()).toBe('');
    await enterCard(pay, '4000 0025 0000 3155');
    await pay.getByRole('button', { name: 'Pay £48.00' }).click();
    await challenge.waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'payment-3ds-challenge-1280');
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await pay.getByText('Payment Successful!').waitFor();
    await pay.waitFor({ state: 'detached', timeout: 5_000 });
    expect(await latestPayment()).toMatchObject({ status: 'pending', payment_status: 'authorized', amount_authorized_pence: 4800 });
  });

  it('never lets the browser pass 3-D Secure on its own: the challenge answer needs an intent waiting for it', async () => {
    const [booking] = await server.db.query<{ id: string; payment_intent_id: string }>('select id, payment_intent_id from bookings order by created_at desc limit 1');
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'pat@example.com');
    // Already authorised: a replayed 'complete' changes nothing and says it is paid, never pays twice.
    const res = await page.request.post(`${server.baseUrl}/api/payments/${booking!.id}`, {
      form: { intent: 'authenticate-test-card', intentId: booking!.payment_intent_id, result: 'complete' },
      headers: { Origin: server.baseUrl },
    });
    expect(await res.json()).toMatchObject({ ok: true, step: 'paid', paymentStatus: 'authorized' });
    const bad = await page.request.post(`${server.baseUrl}/api/payments/${booking!.id}`, {
      form: { intent: 'authenticate-test-card', intentId: booking!.payment_intent_id, result: 'succeeded' },
      headers: { Origin: server.baseUrl },
    });
    expect(bad.status()).toBe(422);
  });

  it('lets only the client (or an administrator) pay, and only once', async () => {
    await createUser(server.db, { userType: 'client', email: 'other@example.com', fullName: 'Olly Other' });
    await createUser(server.db, { role: 'admin', email: 'ada@example.com', fullName: 'Ada Admin' });
    const [booking] = await server.db.query<{ id: string; payment_intent_id: string }>('select id, payment_intent_id from bookings order by created_at limit 1');
    const post = async (email: string, form: Record<string, string>) => {
      const page = await browser.newPage();
      await signIn(page, server.baseUrl, email);
      const res = await page.request.post(`${server.baseUrl}/api/payments/${booking!.id}`, { form, headers: { Origin: server.baseUrl }, maxRedirects: 0 });
      return { status: res.status(), body: (await res.json()) as { ok: boolean; error?: string } };
    };
    await expect(post('sam@example.com', { intent: 'start' })).resolves.toEqual({
      status: 403,
      body: { ok: false, code: 'NOT_BOOKING_CLIENT', error: 'Only the client of this booking can pay for it.' },
    });
    await expect(post('other@example.com', { intent: 'start' })).resolves.toMatchObject({ status: 404, body: { ok: false, error: 'Booking not found' } });
    const stranger = await post('other@example.com', { intent: 'confirm-test-card', intentId: booking!.payment_intent_id, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
    expect(stranger.status).toBe(403);
    await expect(post('pat@example.com', { intent: 'start' })).resolves.toMatchObject({ status: 409, body: { error: 'This booking has already been paid.' } });
    // An administrator may take payment on any booking (SPEC 'Take Payment'): refused here only because it is paid.
    await expect(post('ada@example.com', { intent: 'start' })).resolves.toMatchObject({ status: 409, body: { error: 'This booking has already been paid.' } });
    expect((await fetch(`${server.baseUrl}/api/payments/${booking!.id}`)).status).toBe(405);
  });

  it('never writes the card number anywhere but the last four digits', async () => {
    const [dump] = await server.db.query<{ text: string }>(
      `select coalesce((select string_agg(t::text, ' ') from test_gateway_intents t), '') || coalesce((select string_agg(r::text, ' ') from test_gateway_requests r), '') as text`,
    );
    expect(dump!.text).not.toMatch(/4242 ?4242 ?4242 ?4242|4000 ?0000 ?0000 ?0002|4000 ?0000 ?0000 ?9995|4000 ?0025 ?0000 ?3155/);
    expect(server.output()).not.toMatch(/4242 ?4242 ?4242 ?4242|4000 ?0000 ?0000 ?0002/);
  });
});
