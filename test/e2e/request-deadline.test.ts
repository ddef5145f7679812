import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { bookVia, cardOf, expectToast, screenshotBoth, setServerClock } from '../support/booking-e2e';
import { screenshot, useBrowser, waitForHydration } from '../support/browser';
import { useTestServer } from '../support/server';

/**
 * Decision 050 in a real browser: Chloe pays for two requests to Carlos on Monday 11 January at
 * 09:00. His dashboard tells him by when to answer each, the earlier of 6 days after the payment
 * and the session's start. Six days on, an Accept from the page he left open is refused with the
 * reason, and the request stays as it was.
 */
const MONDAY = new Date('2027-01-11T09:00:00Z'); // 09:00 in London (GMT)
const DAY = 86_400_000;

describe("a paid request's response deadline", () => {
  const server = useTestServer();
  const browser = useBrowser();
  let coachPage: Page;
  const refs: { far: string; soon: string } = { far: '', soon: '' };

  beforeAll(async () => {
    await createUser(server.db, { userType: 'client', email: 'chloe@example.com', fullName: 'Chloe Client' });
    await createUser(server.db, { userType: 'coach', email: 'carlos@example.com', fullName: 'Carlos Mendes', hourlyRate: 45, servicesOffered: ['striker'] });
  });

  it('shows the coach "Respond by" on each paid request: 6 days after the payment, or the start when sooner', async () => {
    // Signed in after the clock moved, so the sessions are not weeks old by it.
    await setServerClock(server.baseUrl, MONDAY);
    const chloe = await browser.newPage();
    await signIn(chloe, server.baseUrl, 'chloe@example.com');
    const [{ id: coachId }] = (await server.db.query<{ id: string }>(`select id from users where email = 'carlos@example.com'`)) as [{ id: string }];
    refs.far = (await bookVia(chloe, server.baseUrl, coachId, '2027-02-01', '10:00')).referenceCode;
    refs.soon = (await bookVia(chloe, server.baseUrl, coachId, '2027-01-13', '10:00')).referenceCode;

    coachPage = await browser.newPage();
    await signIn(coachPage, server.baseUrl, 'carlos@example.com');
    await coachPage.goto(`${server.baseUrl}/CoachDashboard`);
    await waitForHydration(coachPage);
    await expect(cardOf(coachPage, refs.far).getByText('Respond by Sun 17 Jan, 09:00').isVisible()).resolves.toBe(true);
    await expect(cardOf(coachPage, refs.soon).getByText('Respond by Wed 13 Jan, 10:00').isVisible()).resolves.toBe(true);
    await expect(cardOf(coachPage, refs.far).locator('time').getAttribute('datetime')).resolves.toBe('2027-01-17T09:00');
    await screenshotBoth(coachPage, 'coach-dashboard-respond-by');
    await coachPage.setViewportSize({ width: 360, height: 780 });
    await screenshot(coachPage, 'coach-dashboard-respond-by-360');
    await coachPage.setViewportSize({ width: 1280, height: 800 });
  });

  it('refuses an Accept after the deadline with the reason, from a page opened before it, and takes no money', async () => {
    await setServerClock(server.baseUrl, new Date(MONDAY.getTime() + 6 * DAY + 60_000));
    await cardOf(coachPage, refs.far).getByRole('button', { name: 'Accept' }).click();
    // The same words whether or not the server's expiry job got there first.
    await expectToast(coachPage, 'This request has expired: the coach did not respond in time.');
    const [row] = await server.db.query<{ status: string; amount_captured_pence: number }>(`select status, amount_captured_pence from bookings where reference_code = $1`, [refs.far]);
    expect(row!.status).not.toBe('confirmed');
    expect(row!.amount_captured_pence).toBe(0);
  });

  it("is expired by the server's scheduled job, the hold voided, and Chloe is offered 'Book again' with Carlos", async () => {
    // The server's own worker runs the job once the moved clock starts a new 5-minute period, then the void.
    let row: { status: string; payment_status: string } | undefined;
    for (let i = 0; i < 60 && row?.payment_status !== 'voided'; i++) {
      [row] = await server.db.query<{ status: string; payment_status: string }>(`select status, payment_status from bookings where reference_code = $1`, [refs.far]);
      if (row?.payment_status !== 'voided') await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(row).toEqual({ status: 'cancelled', payment_status: 'voided' });
    const chloe = await browser.newPage();
    await signIn(chloe, server.baseUrl, 'chloe@example.com');
    await chloe.goto(`${server.baseUrl}/MyBookings?tab=cancelled`);
    await waitForHydration(chloe);
    const card = cardOf(chloe, refs.far);
    await expect(card.getByText('Expired: The coach did not respond in time').isVisible()).resolves.toBe(true);
    await expect(card.getByRole('button', { name: 'Book again' }).isVisible()).resolves.toBe(true);
    await screenshotBoth(chloe, 'my-bookings-request-expired');
    await chloe.setViewportSize({ width: 360, height: 780 });
    await screenshot(chloe, 'my-bookings-request-expired-360');
    await setServerClock(server.baseUrl, new Date());
  });
});
