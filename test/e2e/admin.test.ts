import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts';
import { screenshot, useBrowser, waitForReactOn } from '../support/browser';
import { seedDemoWorld } from '../support/demo-world';
import { notifications } from '../support/booking-e2e';
import { createTestBooking } from '../support/fixtures/bookings';
import { useTestServer } from '../support/server';

/**
 * Administration in Chromium, on the demo world: deciding a deletion request, removing and
 * restoring a user (whose sessions end), verifying a coach (the badge clients see), searching a
 * booking reference and opening its chat, the highlight on AdminBookings, resolving a dispute.
 * Screenshots of every admin page.
 */
describe('administration', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let page: Page;
  let password: string;
  const toast = (text: string | RegExp) => notifications(page).getByText(text).first();
  const go = (path: string) => page.goto(`${server.baseUrl}${path}`);

  beforeAll(async () => {
    password = (await seedDemoWorld(server.db)).password;
    page = await browser.newPage({ width: 1280, height: 900 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    expect(await signIn(page, server.baseUrl, 'admin@fact.test', password)).toMatch(/\/AdminDashboard$/);
  }, 120_000);

  it('shows the dashboard: counts linking to the lists, deletion requests, disputes, recent bookings', async () => {
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await expect(page.getByRole('link', { name: /Total Accounts\s*15/ }).getAttribute('href')).resolves.toBe('/AdminUsers?type=all');
    await expect(page.getByRole('link', { name: /Disputed\s*1/ }).getAttribute('href')).resolves.toBe('/AdminBookings?status=disputed');
    expect(await page.getByRole('link', { name: 'View Chat' }).count()).toBe(8 + 1);
    await screenshot(page, 'admin-dashboard-1280');
  });

  it('decides a deletion request: approving erases the account, the bookings stay', async () => {
    await page.getByRole('button', { name: 'Decide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decide deletion request' });
    await dialog.getByLabel('Reason (optional)').fill('Requested by the user');
    await screenshot(page, 'admin-decide-deletion-dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await toast(/Deletion request approved/).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('No pending deletion requests.').waitFor();
    const [leo] = await server.db.query(`select full_name, is_active, email from users where email like 'deleted-%'`);
    expect(leo).toMatchObject({ full_name: 'Deleted user', is_active: false });
    const kept = await server.db.query(`select count(*)::int as n from bookings b join users u on u.id = b.client_id where u.full_name = 'Deleted user'`);
    expect(kept[0]!.n).toBeGreaterThan(0);
  });

  it('removes a coach (their open session ends at once) and restores them', async () => {
    const coachPage = await browser.newPage({ width: 390, height: 844 });
    await signIn(coachPage, server.baseUrl, 'marcus.reid@fact.test', password);
    await go('/AdminUsers?type=coach');
    await page.getByRole('heading', { name: 'Users (Coach)' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('MARCUS');
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/q=MARCUS/);
    const card = page.getByRole('article').filter({ hasText: 'Marcus Reid' });
    await page.getByRole('article').nth(1).waitFor({ state: 'detached' });
    await expect(page.getByRole('article').count()).resolves.toBe(1);
    await card.getByText('Email hidden').waitFor();
    await card.getByText('Offers:').waitFor();
    await card.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove user' });
    await dialog.getByLabel(/Reason/).fill('Certificate could not be verified');
    await dialog.getByRole('button', { name: 'Remove user' }).click();
    await toast('User removed. Their sessions have ended.').waitFor();
    await card.getByText('deactivated', { exact: true }).waitFor();
    await card.getByText('Reason: Certificate could not be verified').waitFor();
    await coachPage.goto(`${server.baseUrl}/CoachDashboard`);
    expect(new URL(coachPage.url()).pathname).toBe('/');
    await card.getByRole('button', { name: 'Restore' }).click();
    await toast('User restored.').waitFor();
    await card.getByRole('button', { name: 'Remove' }).waitFor();
    await go('/AdminUsers?type=all');
    await screenshot(page, 'admin-users-1280');
  });

  it('verifies a coach from AdminUsers with the keyboard: the card says so and clients see the badge', async () => {
    await go('/AdminUsers?type=coach&q=whitaker');
    await page.getByRole('heading', { name: 'Users (Coach)' }).waitFor();
    const card = page.getByRole('article').filter({ hasText: 'Tom Whitaker' });
    await card.getByText('Not verified').waitFor();
    await card.getByRole('button', { name: 'Verify coach Tom Whitaker' }).focus();
    await page.keyboard.press('Enter');
    await toast('Coach verified.').waitFor();
    await card.getByText('Verified coach').waitFor();
    const again = card.getByRole('button', { name: 'Remove verification Tom Whitaker' });
    await again.waitFor();
    // The same button changed its words: the keyboard focus is still on it.
    await expect(again.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    const [stored] = await server.db.query(`select cp.is_verified from coach_profiles cp join users u on u.id = cp.user_id where u.email = 'tom.whitaker@fact.test'`);
    expect(stored).toEqual({ is_verified: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshot(page, 'admin-users-verified-coach-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    const client = await browser.newPage({ width: 360, height: 800 });
    await signIn(client, server.baseUrl, 'jamie.carter@fact.test', password);
    await client.goto(`${server.baseUrl}/FindCoaches`);
    const coachCard = client.getByRole('article', { name: 'Tom Whitaker' });
    await coachCard.getByText('Verified', { exact: true }).waitFor();
    await expect(client.getByRole('article', { name: 'Marcus Reid' }).getByText('Verified', { exact: true }).count()).resolves.toBe(0);
    await coachCard.scrollIntoViewIfNeeded();
    await screenshot(client, 'find-coaches-verified-badge-360');
  });

  it('searches a booking reference in the sidebar and opens its chat', async () => {
    const [disputed] = await server.db.query<{ reference_code: string; id: string }>(`select reference_code, id from bookings where status = 'disputed'`);
    await go('/AdminDashboard');
    const sidebar = page.locator('aside');
    const box = sidebar.getByRole('textbox', { name: 'Booking reference' });
    // Enabled in the server's markup (an Enter pressed before the code arrives is held), disabled once it has while the box is empty.
    await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('aside form[role="search"] button[type="submit"]')?.disabled === true);
    await box.fill('fact-');
    await sidebar.getByRole('button', { name: 'Search' }).click();
    await toast('Found 11 matching bookings').waitFor();
    await sidebar.getByTestId('reference-results').getByRole('button').filter({ hasText: disputed!.reference_code }).click();
    await toast(`Viewing details for ${disputed!.reference_code}`).waitFor();
    await sidebar.getByRole('button', { name: `Copy reference ${disputed!.reference_code}` }).click();
    await toast('Booking reference copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(disputed!.reference_code);
    await box.fill('FACT-19990101');
    await sidebar.getByRole('button', { name: 'Search' }).click();
    await sidebar.getByText('No bookings found with that reference').waitFor();
    await toast('No bookings found for "FACT-19990101"').waitFor();
    await box.fill('A7B2?');
    await sidebar.getByRole('button', { name: 'Search' }).click();
    await toast('No bookings found for "A7B2?"').waitFor();
    await box.fill(disputed!.reference_code.toLowerCase());
    await sidebar.getByRole('button', { name: 'Search' }).click();
    await toast(`Found booking ${disputed!.reference_code}`).waitFor();
    await screenshot(page, 'admin-reference-search');
    await sidebar.getByRole('link', { name: 'Open Chat' }).click();
    await page.waitForURL(`**/Conversation?booking_id=${disputed!.id}`);
    await page.getByText('Chat for Striker & Finishing').waitFor();
  });

  it("answers the sidebar's reference search without JavaScript: AdminBookings looks the reference up once its code is in", async () => {
    // No script at all: what a click before the page has hydrated gets (the form submits as HTML).
    const plain = await browser.newPage({ width: 1280, height: 900, javaScript: false });
    await plain.context().addCookies(await page.context().cookies());
    await plain.goto(`${server.baseUrl}/AdminDashboard`);
    const box = plain.locator('aside').getByRole('textbox', { name: 'Booking reference' });
    await box.fill('fact-');
    await box.press('Enter');
    await plain.waitForURL((url: URL) => url.pathname === '/AdminBookings' && url.searchParams.get('reference') === 'fact-');
    await expect(plain.locator('#lookup').getByRole('textbox').inputValue()).resolves.toBe('fact-');
    const landed = plain.url();
    await plain.close();
    // The same address with the page's code: the lookup searches it on its own.
    const early = await browser.newPage({ width: 1280, height: 900 });
    await early.context().addCookies(await page.context().cookies());
    await early.goto(landed);
    await notifications(early).getByText('Found 11 matching bookings').first().waitFor();
    await expect(early.locator('#lookup').getByRole('textbox').inputValue()).resolves.toBe('fact-');
    await early.close();
  });

  it('highlights the booking picked from a search on AdminBookings for 3 seconds', async () => {
    // The demo world's requests are all paid (decision 011): an unpaid one, as a client who closed the payment leaves it.
    const [pair] = await server.db.query<{ client_id: string; coach_id: string }>(`select client_id, coach_id from bookings where status = 'pending' limit 1`);
    const created = await createTestBooking(server.db, { clientId: pair!.client_id, coachId: pair!.coach_id, paid: false, startsAt: new Date(Date.now() + 11 * 86_400_000 + 3_600_000) });
    const pending = { id: created.id, reference_code: created.referenceCode };
    await go('/AdminBookings?status=all');
    await page.getByRole('heading', { name: 'Bookings (All)' }).waitFor();
    const lookup = page.locator('#lookup');
    await lookup.getByRole('textbox').fill(pending.reference_code);
    await lookup.getByRole('button', { name: 'Search' }).click();
    await lookup.getByRole('link', { name: 'View in Bookings' }).click();
    await page.waitForURL(/highlight=/);
    const row = page.locator(`li[data-booking-id="${pending.id}"]`).first();
    await page.locator(`li[data-booking-id="${pending.id}"][data-highlighted="true"]`).waitFor();
    await screenshot(page, 'admin-bookings-1280');
    await page.waitForTimeout(3_300);
    await expect(row.getAttribute('data-highlighted')).resolves.toBeNull();
    await row.getByRole('button', { name: 'Take Payment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: /^Pay £/ }).click();
    await page.getByText('Payment Successful!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Authorised').waitFor();
    const audit = await server.db.query(`select action from audit_log where target_id = $1`, [pending.id]);
    expect(audit).toEqual([{ action: 'booking.take_payment' }]);
    await page.getByRole('link', { name: 'Cancelled' }).click();
    await page.getByRole('heading', { name: 'Bookings (Cancelled)' }).waitFor();
    await expect(page.getByRole('button', { name: 'Take Payment' }).first().isDisabled()).resolves.toBe(true);
  });

  it('takes an administrator whose session ended to the login dialog from the reference search, and back to the page', async () => {
    const other = await browser.newPage({ width: 1280, height: 900 });
    await signIn(other, server.baseUrl, 'admin@fact.test', password);
    await other.goto(`${server.baseUrl}/AdminBookings?status=all`);
    const lookup = other.locator('#lookup');
    await waitForReactOn(other, '#lookup form[role="search"] input');
    await lookup.getByRole('textbox').fill('FACT-');
    await other.context().clearCookies();
    // 401 SIGNED_OUT from the search: the form opens the login dialog for this page.
    await lookup.getByRole('button', { name: 'Search' }).click();
    await other.waitForURL(/\/\?login=1&redirectTo=%2FAdminBookings%3Fstatus%3Dall$/);
    const dialog = other.getByRole('dialog', { name: 'Welcome back' });
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
    await dialog.getByLabel('Email').fill('admin@fact.test');
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Login' }).click();
    await other.waitForURL(/\/AdminBookings\?status=all$/);
    await other.getByRole('heading', { name: 'Bookings (All)' }).waitFor();
    await other.close();
  });

  it('resolves the open dispute with a partial refund', async () => {
    await go('/AdminDashboard');
    await page.getByRole('button', { name: 'Resolve…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve dispute' });
    await dialog.getByLabel('Refund the client in part').check();
    await dialog.getByLabel('Refund to the client (£)').fill('20');
    await dialog.getByLabel('Note (kept with the booking)').fill('Session cut short by 40 minutes.');
    await screenshot(page, 'admin-resolve-dispute-dialog');
    await dialog.getByRole('button', { name: 'Resolve dispute' }).click();
    await toast('Dispute resolved.').waitFor();
    await page.getByText('No open disputes.').waitFor();
  });

  it('shows DataDiagnostic with its checks and the administrator actions just taken', async () => {
    await go('/DataDiagnostic');
    await page.getByRole('heading', { name: 'Data Diagnostic' }).waitFor();
    await page.getByText('approved deletion request').waitFor();
    await page.getByText('resolved dispute on booking').waitFor();
    await screenshot(page, 'admin-diagnostic-1280');
  });

  it('fits a phone', async () => {
    const phone = await browser.newPage({ width: 390, height: 844 });
    await signIn(phone, server.baseUrl, 'admin@fact.test', password);
    await screenshot(phone, 'admin-dashboard-390');
    await phone.goto(`${server.baseUrl}/AdminBookings`);
    await screenshot(phone, 'admin-bookings-390');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('shows nothing of the admin pages to a client', async () => {
    const client = await browser.newPage({ width: 1280, height: 800 });
    await signIn(client, server.baseUrl, 'jamie.carter@fact.test', password);
    const res = await client.goto(`${server.baseUrl}/AdminUsers`);
    expect(res?.status()).toBe(404);
    expect(await client.content()).not.toContain('Users (All)');
  });
});
