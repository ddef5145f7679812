import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { insertBooking } from '../support/admin-fixtures';
import { screenshot, useBrowser } from '../support/browser';
import { useTestServer } from '../support/server';

/**
 * AdminBookings in Chromium with payouts (decision 012): a booking's coach transfer under its row,
 * the 'Chargeback' badge, and the Chargebacks list whose reference highlights the booking.
 */
describe('AdminBookings: transfers and chargebacks', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let page: Page;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const admin = await createUser(server.db, { role: 'admin', email: 'ada@fact.test', fullName: 'Ada Admin' });
    const client = await createUser(server.db, { email: 'cleo@example.test', fullName: 'Cleo Client' });
    const coach = await createUser(server.db, { userType: 'coach', email: 'cole@example.test', fullName: 'Cole Coach' });
    const booking = (reference: string, startsAt: string) =>
      insertBooking(server.db, { clientId: client.user.id, coachId: coach.user.id, reference, status: 'completed', paymentStatus: 'released', captured: 5300, servicePence: 5000, startsAt });
    ids.paid = (await booking('FACT-20261118-PAID', '2026-11-18T10:00:00Z')).id;
    ids.charged = (await booking('FACT-20261119-CHRG', '2026-11-19T10:00:00Z')).id;
    ids.waiting = (await booking('FACT-20261120-WAIT', '2026-11-20T10:00:00Z')).id;
    const transfer = (bookingId: string, status: string, transferId: string | null, transferredAt: string | null) =>
      server.db.query(
        `insert into coach_transfers (booking_id, coach_id, coach_share_pence, platform_share_pence, commission_bps, status, transfer_id, released_at, transferred_at)
         values ($1, $2, 5000, 300, 0, $3, $4, '2026-11-22T12:00:00Z', $5)`,
        [bookingId, coach.user.id, status, transferId, transferredAt],
      );
    await transfer(ids.paid, 'paid', 'tr_test_1a2b3c4d5e6f', '2026-11-22T12:00:05Z');
    await transfer(ids.charged, 'paid', 'tr_test_9f8e7d6c5b4a', '2026-11-23T12:00:05Z');
    await transfer(ids.waiting, 'waiting', null, null);
    await server.db.query(
      `insert into chargebacks (id, booking_id, amount_pence, reason, status, opened_at) values ('dp_test_1Qx7', $1, 5300, 'fraudulent', 'needs_response', '2026-11-24T09:30:00Z')`,
      [ids.charged],
    );
    page = await browser.newPage({ width: 1280, height: 900 });
    expect(await signIn(page, server.baseUrl, admin.user.email, admin.password)).toMatch(/\/AdminDashboard$/);
  }, 120_000);

  it("shows each booking's coach payout, the 'Chargeback' badge and the Chargebacks list", async () => {
    await page.goto(`${server.baseUrl}/AdminBookings?status=all`);
    await page.getByRole('heading', { level: 1, name: 'Bookings (All)' }).waitFor();
    const charged = page.locator(`li[data-booking-id="${ids.charged}"]`);
    await expect(charged.getByText('Chargeback: Response needed').isVisible()).resolves.toBe(true);
    await expect(charged.getByText('tr_test_9f8e7d6c5b4a').isVisible()).resolves.toBe(true);
    await expect(page.locator(`li[data-booking-id="${ids.waiting}"]`).getByText('Waiting for payout details').isVisible()).resolves.toBe(true);
    const list = page.getByRole('list', { name: 'Chargebacks' });
    await expect(list.getByText('Response needed').isVisible()).resolves.toBe(true);
    await screenshot(page, 'admin-bookings-payouts-1280');

    await list.getByRole('link', { name: 'FACT-20261119-CHRG' }).click();
    await page.waitForURL(new RegExp(`highlight=${ids.charged}`));
    await page.locator(`li[data-booking-id="${ids.charged}"][data-highlighted="true"]`).first().waitFor();
    await screenshot(page, 'admin-bookings-chargeback-highlight');
  });

  it('fits a phone', async () => {
    const phone = await browser.newPage({ width: 390, height: 844 });
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`${server.baseUrl}/AdminBookings?status=all`);
    await phone.getByRole('heading', { level: 1, name: 'Bookings (All)' }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'admin-bookings-payouts-390');
  });
});
