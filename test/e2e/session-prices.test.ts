import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { useBrowser, waitForHydration } from '../support/browser';
import { cardOf, expectToast, screenshotBoth, setServerClock } from '../support/booking-e2e';
import { useTestServer } from '../support/server';

/**
 * Decision 045 in the browser: a coach offers 30 minutes at £25 and 90 minutes at £60; a client
 * sees 'from £25' on the card, books 90 minutes at £60 + £3, and the booking keeps that price.
 */
const MONDAY = new Date('2027-01-11T09:00:00Z'); // 09:00 in London (GMT)

describe('session lengths and prices', () => {
  const server = useTestServer();
  const browser = useBrowser();

  beforeAll(async () => {
    await setServerClock(server.baseUrl, MONDAY);
    await createUser(server.db, { userType: 'coach', email: 'lena@example.com', fullName: 'Lena Lengths', hourlyRate: 50, servicesOffered: ['goalkeeping'] });
    await createUser(server.db, { userType: 'client', email: 'pat@example.com', fullName: 'Pat Parent' });
  });

  it('lets a coach choose their session lengths and a price for each, refusing none at all', async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'lena@example.com');
    await page.goto(`${server.baseUrl}/CoachProfile`);
    await page.getByRole('heading', { name: 'My Coach Profile' }).waitFor();
    await waitForHydration(page);
    const lengths = page.getByRole('group', { name: /Session lengths and prices/ });
    // Never set: every length is offered at the rate, shown as the prices' placeholder.
    for (const name of ['30 minutes', '1 hour', '1.5 hours', '2 hours']) await expect(lengths.getByRole('checkbox', { name }).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Price for 30 minutes (£)').getAttribute('placeholder')).resolves.toBe('50');
    await expect(page.getByText('Your default price for every session length').isVisible()).resolves.toBe(true);

    for (const name of ['30 minutes', '1 hour', '1.5 hours', '2 hours']) await lengths.getByRole('checkbox', { name }).uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Please offer at least one session length').waitFor();

    await lengths.getByRole('checkbox', { name: '30 minutes' }).check();
    await page.getByLabel('Price for 30 minutes (£)').fill('25');
    await lengths.getByRole('checkbox', { name: '1.5 hours' }).check();
    await page.getByLabel('Price for 1.5 hours (£)').fill('5');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Price must be at least £10').waitFor();
    await page.getByLabel('Price for 1.5 hours (£)').fill('60');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await lengths.scrollIntoViewIfNeeded();
    await screenshotBoth(page, 'coach-profile-session-lengths');

    const rows = await server.db.query<{ minutes: number; price_pence: number }>(
      `select l.minutes, l.price_pence from coach_session_lengths l join users u on u.id = l.coach_id where u.email = 'lena@example.com' order by l.minutes`,
    );
    expect(rows).toEqual([
      { minutes: 30, price_pence: 2500 },
      { minutes: 90, price_pence: 6000 },
    ]);
  });

  it("shows the client 'from £25', offers only the chosen lengths with their prices, and books 90 minutes at £60 + £3", async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'pat@example.com');
    await page.goto(`${server.baseUrl}/FindCoaches`);
    const card = page.getByRole('article', { name: 'Lena Lengths' });
    await expect(card.textContent()).resolves.toContain('from £25 per session');
    await waitForHydration(page);

    await card.getByRole('button', { name: 'Book Lena Lengths' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a session with Lena Lengths' });
    await dialog.getByText('Secure payment powered by Stripe').waitFor();
    await expect(dialog.getByLabel('Duration').locator('option').allTextContents()).resolves.toEqual(['30 minutes · £25', '1.5 hours · £60']);
    await dialog.getByLabel('Duration').selectOption('90');
    await expect(dialog.getByLabel('Price summary').textContent()).resolves.toMatch(/Session price£60\.00Admin fee£3\.00Total£63\.00/);
    await dialog.getByRole('button', { name: 'Wednesday 13 January 2027' }).click();
    await dialog.getByRole('button', { name: '10:00' }).click();
    await screenshotBoth(page, 'booking-dialog-session-prices');
    await dialog.getByRole('button', { name: 'Request Booking' }).click();

    const pay = page.getByRole('dialog', { name: 'Secure Payment' });
    await expect(pay.textContent()).resolves.toMatch(/£60\.00[\s\S]*£3\.00/);
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel(/Expiry/).fill('12/34');
    await pay.getByLabel('CVC').fill('123');
    await pay.getByRole('button', { name: 'Pay £63.00' }).click();
    await pay.getByText('Payment Successful!').waitFor();
    await expectToast(page, 'Booking request sent successfully to Lena Lengths!');

    const [row] = await server.db.query<{ reference_code: string; duration_minutes: number; service_price_pence: number; admin_fee_pence: number; total_price_pence: number }>(
      'select reference_code, duration_minutes, service_price_pence, admin_fee_pence, total_price_pence from bookings',
    );
    expect(row).toMatchObject({ duration_minutes: 90, service_price_pence: 6000, admin_fee_pence: 300, total_price_pence: 6300 });
    await page.goto(`${server.baseUrl}/MyBookings`);
    const mine = cardOf(page, row!.reference_code);
    await expect(mine.getByText('10:00 (90 mins)').isVisible()).resolves.toBe(true);
    await expect(mine.textContent()).resolves.toContain('£63.00');
    await expect(mine.getByText('(inc. £3.00 admin fee)').isVisible()).resolves.toBe(true);
  });

  it('lists the lengths with their prices on the coach profile others see', async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'pat@example.com');
    const [coach] = await server.db.query<{ id: string }>(`select id from users where email = 'lena@example.com'`);
    await page.goto(`${server.baseUrl}/CoachProfile?userId=${coach!.id}`);
    const list = page.getByRole('list', { name: 'Session lengths and prices' });
    await expect(list.locator('li').allTextContents()).resolves.toEqual(['30 minutes £25', '1.5 hours £60']);
    await expect(page.getByText('from £25').first().isVisible()).resolves.toBe(true);
  });
});
