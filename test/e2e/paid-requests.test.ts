import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { cardOf, expectToast } from '../support/booking-e2e';
import { screenshot, useBrowser } from '../support/browser';
import { useTestServer } from '../support/server';

/**
 * Decision 011 in a real browser: Anna requests Tom's slot and closes the Secure
 * Payment dialog without paying; she sees the request in My Bookings awaiting payment, with
 * 'Pay Now' and the time left. Ben requests the same slot and pays with 4242. Tom's dashboard shows
 * only Ben's request (and its count and banner say one).
 */
const DAY = 86_400_000;

describe('only paid requests reach the coach', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let anna: Page;
  let annaReference = '';

  beforeAll(async () => {
    await createUser(server.db, { userType: 'client', email: 'anna@example.com', fullName: 'Anna Unpaid' });
    await createUser(server.db, { userType: 'client', email: 'ben@example.com', fullName: 'Ben Paid' });
    await createUser(server.db, { userType: 'coach', email: 'tom@example.com', fullName: 'Tom Keeper', hourlyRate: 45, servicesOffered: ['striker'] });
    await createUser(server.db, { role: 'admin', email: 'ada@example.com', fullName: 'Ada Admin' });
  });

  /** Opens the booking dialog for Tom, picks the day 7 days ahead at 10:00, sends the request: the payment dialog opens. */
  async function requestTomAt10(page: Page) {
    await page.goto(`${server.baseUrl}/FindCoaches`);
    await page.getByRole('button', { name: 'Book Tom Keeper' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a session with Tom Keeper' });
    const iso = new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10);
    await dialog.locator('[data-date]').first().waitFor();
    const day = dialog.locator(`[data-date="${iso}"]`);
    for (let i = 0; i < 3 && (await day.count()) === 0; i++) await dialog.getByRole('button', { name: 'Next month' }).click();
    await day.click();
    await dialog.getByRole('button', { name: '10:00' }).click();
    await dialog.getByRole('button', { name: 'Request Booking' }).click();
    const pay = page.getByRole('dialog', { name: 'Secure Payment' });
    await pay.getByRole('button', { name: 'Pay £48.00' }).waitFor();
    return pay;
  }

  it('Anna closes the payment dialog unpaid: My Bookings asks her to pay, with the time left', async () => {
    anna = await browser.newPage();
    await signIn(anna, server.baseUrl, 'anna@example.com');
    const pay = await requestTomAt10(anna);
    await pay.getByRole('button', { name: 'Close' }).click();
    await expectToast(anna, 'Your request is not sent to Tom Keeper yet');

    const [row] = await server.db.query<{ reference_code: string; status: string; payment_status: string }>(
      `select reference_code, status, payment_status from bookings b join users u on u.id = b.client_id where u.email = 'anna@example.com'`,
    );
    expect(row).toMatchObject({ status: 'pending', payment_status: 'pending' });
    annaReference = row!.reference_code;

    await anna.goto(`${server.baseUrl}/MyBookings`);
    const card = cardOf(anna, annaReference);
    await card.getByText('Awaiting payment').waitFor();
    const notice = card.getByRole('note', { name: 'Payment needed' });
    await expect(notice.textContent()).resolves.toMatch(/Pay within (29|30) min/);
    await expect(notice.textContent()).resolves.toContain('Tom Keeper will only see your request once it is paid.');
    await expect(card.getByRole('button', { name: 'Pay Now' }).isVisible()).resolves.toBe(true);

    await anna.setViewportSize({ width: 1280, height: 900 });
    await screenshot(anna, 'paid-requests-my-bookings-unpaid-1280');
    await anna.setViewportSize({ width: 360, height: 800 });
    const overflow = await anna.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'MyBookings scrolls sideways at 360 px').toBeLessThanOrEqual(0);
    await screenshot(anna, 'paid-requests-my-bookings-unpaid-360');
    await anna.setViewportSize({ width: 1280, height: 900 });

    // 'Pay Now' opens the same Secure Payment dialog (she closes it again: Ben is quicker).
    await card.getByRole('button', { name: 'Pay Now' }).click();
    const again = anna.getByRole('dialog', { name: 'Secure Payment' });
    await again.getByRole('button', { name: 'Pay £48.00' }).waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
  });

  it('Ben books the same slot and pays; Tom is shown only Ben’s request', async () => {
    const ben = await browser.newPage();
    await signIn(ben, server.baseUrl, 'ben@example.com');
    const pay = await requestTomAt10(ben);
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel(/Expiry/).fill('12/34');
    await pay.getByLabel('CVC').fill('123');
    await pay.getByRole('button', { name: 'Pay £48.00' }).click();
    await pay.getByText('Payment Successful!').waitFor();
    await expectToast(ben, 'Booking request sent successfully to Tom Keeper!');

    const tom = await browser.newPage();
    await signIn(tom, server.baseUrl, 'tom@example.com');
    await tom.goto(`${server.baseUrl}/CoachDashboard`);
    await tom.getByText('Manage your bookings and schedule.').waitFor();
    await expect(tom.getByText('You have 1 new request to review.').isVisible()).resolves.toBe(true);
    await tom.getByRole('link', { name: 'Pending (1)' }).waitFor();
    await tom.getByRole('article', { name: 'Session with Ben Paid' }).waitFor();
    await expect(tom.getByRole('article', { name: 'Session with Anna Unpaid' }).count()).resolves.toBe(0);
    await expect(tom.getByText(annaReference).count()).resolves.toBe(0);
    await screenshot(tom, 'paid-requests-coach-dashboard');

    // Anna's request is still hers alone, awaiting payment.
    await anna.goto(`${server.baseUrl}/MyBookings`);
    await cardOf(anna, annaReference).getByText('Awaiting payment').waitFor();
  });

  it('shows administrators both requests, Anna’s marked Unpaid', async () => {
    const ada = await browser.newPage();
    await signIn(ada, server.baseUrl, 'ada@example.com');
    await ada.goto(`${server.baseUrl}/AdminBookings`);
    const annaRow = ada.locator('li[data-booking-id]', { hasText: annaReference });
    await annaRow.getByText('Unpaid', { exact: true }).waitFor();
    const rows = ada.locator('li[data-booking-id]');
    await expect(rows.count()).resolves.toBe(2);
    await expect(ada.locator('[data-unpaid]').count()).resolves.toBe(1);
    await screenshot(ada, 'paid-requests-admin-bookings');
  });
});
