import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type CreatedUser } from '../support/accounts';
import { screenshot, useBrowser, waitForHydration } from '../support/browser';
import { bookVia, expectToast, screenshotBoth, setServerClock } from '../support/booking-e2e';
import { useTestServer } from '../support/server';
import type { Page } from 'playwright-core';

/**
 * Asking before booking (decision 052): a parent sends a coach an enquiry from the coach's
 * profile, the coach sees 'Enquiry' in Messages, replies and reports it to FACT, the parent
 * books that coach, and the booking's conversation opens with the enquiry's messages.
 */
const MONDAY = new Date('2027-01-11T09:00:00Z'); // 09:00 in London (GMT)

/** Desktop and 390 px (screenshotBoth), and the narrowest phone the product supports, 360 px, without sideways scroll. */
async function screenshotAll(page: Page, name: string): Promise<void> {
  await screenshotBoth(page, name);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(150);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
  await screenshot(page, `${name}-360`);
  if (size) await page.setViewportSize(size);
}

describe('an enquiry becomes a booking’s conversation', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let coach: CreatedUser;
  let enquiryUrl = '';

  beforeAll(async () => {
    await setServerClock(server.baseUrl, MONDAY);
    await createUser(server.db, { userType: 'client', email: 'paula@example.com', fullName: 'Paula Parent' });
    await createUser(server.db, { email: 'ada@example.com', fullName: 'Ada Admin', role: 'admin' });
    coach = await createUser(server.db, { userType: 'coach', email: 'carlos@example.com', fullName: 'Carlos Mendes', location: 'Manchester', hourlyRate: 45, servicesOffered: ['striker'] });
  });

  it("sends the coach a question from the profile, whose dialog opens on arrival with 'open=enquiry'", async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'paula@example.com');
    await page.goto(`${server.baseUrl}/CoachProfile?userId=${coach.user.id}&open=enquiry`);
    await waitForHydration(page);
    const dialog = page.getByRole('dialog', { name: 'Message Carlos Mendes' });
    await dialog.getByLabel('Your message').fill('Hello! Do you coach 12-year-olds on Saturdays?');
    await screenshotAll(page, 'enquiry-dialog');
    await dialog.getByRole('button', { name: 'Send message' }).click();

    await page.waitForURL(/\/Conversation\?enquiry_id=/);
    enquiryUrl = page.url();
    await page.getByRole('heading', { name: 'Carlos Mendes' }).waitFor();
    await expect(page.getByTestId('message').first().textContent()).resolves.toContain('Do you coach 12-year-olds on Saturdays?');
    await expect(page.getByText('Enquiry', { exact: true }).isVisible()).resolves.toBe(true);
    await screenshotAll(page, 'enquiry-conversation-client');

    // The profile's button opens the same enquiry's dialog again; a coach's own pages have none.
    await page.goto(`${server.baseUrl}/CoachProfile?userId=${coach.user.id}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Message' }).click();
    await page.getByRole('dialog', { name: 'Message Carlos Mendes' }).waitFor();
  });

  it("shows the coach 'Enquiry' in Messages, where they reply and report it to FACT", async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'carlos@example.com');
    await page.goto(`${server.baseUrl}/Messages`);
    const row = page.getByRole('link', { name: /Paula Parent, Enquiry, 1 unread/ });
    await row.waitFor();
    await screenshotAll(page, 'enquiry-messages-coach');
    await row.click();
    await page.getByRole('heading', { name: 'Paula Parent' }).waitFor();
    await waitForHydration(page);
    await page.getByPlaceholder('Type your message...').fill('Yes, Saturdays 10:00 to 12:00 in Platt Fields. Happy to help.');
    await page.keyboard.press('Enter');
    await page.getByTestId('message').filter({ hasText: 'Happy to help.' }).waitFor();

    await page.getByRole('button', { name: 'Report to FACT' }).click();
    const report = page.getByRole('dialog', { name: 'Report to FACT' });
    await report.getByLabel('Reason').fill('Checking the report works: nothing wrong with this parent.');
    await screenshotAll(page, 'enquiry-report-dialog');
    await report.getByRole('button', { name: 'Send report' }).click();
    await expectToast(page, /Reported to FACT/);
    await page.getByText('Reported to FACT', { exact: true }).waitFor();
    await screenshotAll(page, 'enquiry-conversation-coach');

    const [reported] = await server.db.query<{ n: number }>(`select count(*)::int as n from enquiry_reports`);
    expect(reported!.n).toBe(1);
  });

  it('lists the report for administrators, who read the enquiry without a composer', async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'ada@example.com');
    await page.goto(`${server.baseUrl}/AdminDashboard`);
    const section = page.locator('section', { has: page.getByRole('heading', { name: /Reported Enquiries/ }) });
    await section.getByText('Coach Carlos Mendes reported client Paula Parent').waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshotAll(page, 'admin-reported-enquiries');
    await section.getByRole('link', { name: 'View Enquiry' }).click();
    await page.getByText('Administrators can read enquiries; only the client and the coach write in them.').waitFor();
    await expect(page.getByTestId('message').count()).resolves.toBe(2);
  });

  it("puts the enquiry's messages at the top of the booking's conversation once the parent books that coach", async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'paula@example.com');
    await page.goto(`${server.baseUrl}/Messages`);
    await page.getByRole('link', { name: /Carlos Mendes, Enquiry, 1 unread/ }).waitFor();

    const booking = await bookVia(page, server.baseUrl, coach.user.id, '2027-01-16', '10:00');
    await page.goto(enquiryUrl);
    await page.waitForURL(new RegExp(`/Conversation\\?booking_id=${booking.id}`));
    await page.getByText('Re: Striker & Finishing Session').waitFor();
    await expect(page.getByTestId('message').allTextContents()).resolves.toEqual([expect.stringContaining('Do you coach 12-year-olds on Saturdays?'), expect.stringContaining('Happy to help.')]);
    await waitForHydration(page);
    await page.getByPlaceholder('Type your message...').fill('Booked for Saturday, see you then!');
    await page.keyboard.press('Enter');
    await page.getByTestId('message').filter({ hasText: 'see you then' }).waitFor();
    await expect(page.getByTestId('message').first().textContent()).resolves.toContain('Do you coach 12-year-olds on Saturdays?');
    // The thread says where the enquiry ends and the booking's own messages begin.
    const markers = page.getByTestId('message-thread').locator('li:not([data-testid]) span');
    await expect(markers.allTextContents()).resolves.toEqual(expect.arrayContaining(['Enquiry before the booking', 'Booked']));
    await screenshotAll(page, 'enquiry-joined-booking-conversation');

    await page.goto(`${server.baseUrl}/Messages`);
    await page.getByRole('link', { name: /Carlos Mendes, Re: Striker & Finishing Session/ }).waitFor();
    await expect(page.getByRole('link', { name: /Enquiry/ }).count()).resolves.toBe(0);
  });
});
