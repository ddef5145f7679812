import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { insertBooking } from '../support/admin-fixtures';
import { screenshot, useBrowser } from '../support/browser';
import { useTestServer } from '../support/server';

/**
 * AdminBookings' find and export in Chromium (decision 056): an administrator finds a client's
 * bookings by part of the email, narrows them by payment state, sees a partial dispute refund as
 * '£10.50 refunded', is told plainly when a filter will not do, and downloads the filtered list
 * as CSV holding exactly the rows on the page; then pages and filters the audit log. By keyboard
 * and at 360 px.
 */
describe('AdminBookings: find and export', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let page: Page;
  const ids: Record<string, string> = {};
  let adminId = '';

  beforeAll(async () => {
    const admin = await createUser(server.db, { role: 'admin', email: 'ada@fact.test', fullName: 'Ada Admin' });
    adminId = admin.user.id;
    const jamie = await createUser(server.db, { email: 'jamie.carter@example.test', fullName: 'Jamie Carter' });
    const priya = await createUser(server.db, { email: 'priya@example.test', fullName: 'Priya Shah' });
    const coach = await createUser(server.db, { userType: 'coach', email: 'marcus@example.test', fullName: 'Marcus Reid' });
    const booking = (clientId: string, reference: string, paymentStatus: string, createdAt: string) =>
      insertBooking(server.db, { clientId, coachId: coach.user.id, reference, status: 'completed', paymentStatus, captured: 4300, createdAt });
    ids.refunded = (await booking(jamie.user.id, 'FACT-20261110-JAM1', 'released', '2026-11-10T10:00:00Z')).id;
    ids.held = (await booking(jamie.user.id, 'FACT-20261112-JAM2', 'captured', '2026-11-12T10:00:00Z')).id;
    ids.other = (await booking(priya.user.id, 'FACT-20261114-PRI1', 'released', '2026-11-14T10:00:00Z')).id;
    await server.db.query(`update bookings set amount_refunded_pence = 1050, dispute_status = 'resolved', dispute_outcome = 'refund_partial', dispute_refund_pence = 1050 where id = $1`, [
      ids.refunded,
    ]);
    page = await browser.newPage({ width: 1280, height: 900 });
    expect(await signIn(page, server.baseUrl, admin.user.email, admin.password)).toMatch(/\/AdminDashboard$/);
  }, 120_000);

  it('finds a client by part of the email and narrows to a payment state, by keyboard', async () => {
    await page.goto(`${server.baseUrl}/AdminBookings?status=all`);
    await page.getByRole('heading', { level: 1, name: 'Bookings (All)' }).waitFor();
    const party = page.getByLabel('Client or coach (name or email)');
    await party.focus();
    await page.keyboard.type('JAMIE.CARTER@');
    await page.keyboard.press('Enter');
    await page.waitForURL(/party=JAMIE\.CARTER%40/);
    // The URL changes before the filtered list has replaced the whole one: wait for Priya's to go.
    await page.locator(`li[data-booking-id="${ids.other}"]`).waitFor({ state: 'detached' });
    await page.locator(`li[data-booking-id="${ids.held}"]`).waitFor();
    expect(await page.locator('li[data-booking-id]').count()).toBe(2);
    await expect(page.locator(`li[data-booking-id="${ids.refunded}"]`).getByText('£10.50 refunded · £32.50 paid to coach').isVisible()).resolves.toBe(true);
    await expect(page.locator('li[data-booking-id]').getByText('Paid to coach', { exact: true }).count()).resolves.toBe(0);
    await screenshot(page, 'admin-find-party-1280');

    await page.getByLabel('Payment').selectOption('released');
    await page.getByRole('button', { name: 'Apply filters' }).press('Enter');
    await page.waitForURL(/payment=released/);
    await page.locator(`li[data-booking-id="${ids.held}"]`).waitFor({ state: 'detached' });
    expect(await page.locator('li[data-booking-id]').count()).toBe(1);
    // The status tab keeps the search.
    await page.getByRole('link', { name: 'Completed' }).click();
    await page.waitForURL(/status=completed&party=JAMIE\.CARTER%40&payment=released/);
    await expect(page.getByLabel('Client or coach (name or email)').inputValue()).resolves.toBe('JAMIE.CARTER@');
  });

  it('downloads the filtered list as CSV, exactly the rows on the page', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV', exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/^fact-bookings-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse<Record<string, string>>(readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, ''), { columns: true });
    expect(rows).toEqual([expect.objectContaining({ Reference: 'FACT-20261110-JAM1', Client: 'Jamie Carter', Coach: 'Marcus Reid', Total: '43.00', Refunded: '10.50' })]);
    await page.goto(`${server.baseUrl}/AdminBookings?status=all`);
    const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV', exact: true }).click()]);
    const everything = parse<Record<string, string>>(readFileSync(await all.path(), 'utf8').replace(/^\uFEFF/, ''), { columns: true });
    expect(everything.map((r) => r.Reference)).toEqual(['FACT-20261114-PRI1', 'FACT-20261112-JAM2', 'FACT-20261110-JAM1']);
  });

  it('says plainly what is wrong with a filter and lists nothing until it is put right', async () => {
    await page.goto(`${server.baseUrl}/AdminBookings?status=all&party=ja`);
    const party = page.getByLabel('Client or coach (name or email)');
    await expect(party.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByText('Type at least 3 characters of a name or email.').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Correct the filters above to see bookings.').isVisible()).resolves.toBe(true);
    expect(await page.locator('li[data-booking-id]').count()).toBe(0);
    await expect(page.getByRole('link', { name: 'Export CSV', exact: true }).count()).resolves.toBe(0);
  });

  it('fits a 360 px phone', async () => {
    const phone = await browser.newPage({ width: 360, height: 800 });
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`${server.baseUrl}/AdminBookings?status=all&party=jamie`);
    await phone.getByRole('heading', { level: 1, name: 'Bookings (All)' }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'admin-find-360');
  });

  it('pages the audit log by keyboard and filters it by action and booking reference', async () => {
    // 24 cancellations of the refunded booking, one a day, and one dispute resolution on it, newest.
    await server.db.query(
      `insert into audit_log (id, actor_id, action, target_type, target_id, details, created_at)
       select gen_random_uuid(), $1, 'booking.cancel', 'booking', $2, '{"via":"cli","reason":"Rain"}'::jsonb, timestamptz '2026-10-01 09:00+00' + g * interval '1 day'
       from generate_series(1, 24) g`,
      [adminId, ids.refunded],
    );
    await server.db.query(
      `insert into audit_log (id, actor_id, action, target_type, target_id, details, created_at) values (gen_random_uuid(), $1, 'dispute.resolve', 'booking', $2, '{"via":"web","refundPence":1050}', '2026-11-20 09:00+00')`,
      [adminId, ids.refunded],
    );
    await page.goto(`${server.baseUrl}/AdminBookings?status=all`);
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const entries = page.getByRole('list', { name: 'Audit entries' }).locator('li');
    expect(await entries.count()).toBe(20);
    await expect(entries.first().innerText()).resolves.toMatch(/Ada Admin resolved dispute on booking FACT-20261110-JAM1/);
    await screenshot(page, 'admin-audit-1280');

    await page.getByRole('link', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/after=/);
    await page.getByRole('link', { name: 'Previous' }).waitFor();
    await entries.nth(5).waitFor({ state: 'detached' });
    expect(await entries.count()).toBe(5);
    await page.getByRole('link', { name: 'Previous' }).click();
    await page.waitForURL(/before=/);
    await entries.first().filter({ hasText: 'resolved dispute' }).waitFor();
    expect(await entries.count()).toBe(20);

    await page.getByLabel('Action').selectOption('dispute.resolve');
    await page.getByLabel('Booking, email or id').fill('fact-20261110-jam1');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/action=dispute\.resolve/);
    await page.getByRole('link', { name: 'Next' }).waitFor({ state: 'detached' });
    expect(await entries.count()).toBe(1);
    await expect(entries.first().innerText()).resolves.toMatch(/refund:\s*£10\.50/);

    const phone = await browser.newPage({ width: 360, height: 800 });
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`${server.baseUrl}/AdminAudit`);
    await phone.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'admin-audit-360');
  });
});
