import { describe, expect, it } from 'vitest';
import { createUser, signIn, tempDataDir } from '../support/accounts';
import { postAction } from '../support/booking-e2e';
import { screenshot, useBrowser } from '../support/browser';
import { createTestBooking } from '../support/fixtures/bookings';
import { useTestServer } from '../support/server';

const data = tempDataDir();

/** The feed's address over plain HTTP (the test server has no TLS): what a calendar fetches for webcal://. */
const httpOf = (webcal: string) => webcal.replace(/^webcal:\/\//, 'http://');

describe('the personal calendar feed in the running server', () => {
  const server = useTestServer({ DATA_DIR: data.dir, MAIL_OUTBOX_FILE: data.outbox });
  const browser = useBrowser();

  it('a client turns the feed on, sees the webcal link, the feed holds their session; resetting the link makes the old one 404', async () => {
    const client = await createUser(server.db, { fullName: 'Casey Calendar' });
    const coach = await createUser(server.db, { fullName: 'Alex Coach', userType: 'coach' });
    const booking = await createTestBooking(server.db, { clientId: client.user.id, coachId: coach.user.id });
    const coachPage = await browser.newPage();
    await signIn(coachPage, server.baseUrl, coach.email, coach.password);
    await postAction(coachPage, server.baseUrl, 'CoachDashboard', { intent: 'accept', bookingId: booking.id });

    const page = await browser.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await signIn(page, server.baseUrl, client.email, client.password);
    await page.goto(`${server.baseUrl}/UserProfile`);
    const card = page.getByRole('region', { name: 'Add to your calendar' });
    const turnOn = card.getByRole('button', { name: 'Turn on calendar feed' });
    // The card loads its state once the page has hydrated (useLoadOnce).
    await card.scrollIntoViewIfNeeded();
    await turnOn.waitFor();
    await turnOn.click();

    const link = card.getByLabel('Your calendar link');
    await link.waitFor();
    const webcal = await link.inputValue();
    expect(webcal).toMatch(new RegExp(`^webcal://${new URL(server.baseUrl).host}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await card.getByRole('link', { name: 'Open in your calendar app' }).getAttribute('href')).toBe(webcal);
    expect(await card.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href')).toBe(`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`);
    await card.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Calendar link copied').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(webcal);

    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'calendar-feed-card-1280');
    await card.screenshot({ path: 'test-results/screenshots/calendar-feed-card-only-1280.png' });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.waitForTimeout(150);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the profile scrolls sideways at 360 px').toBeLessThanOrEqual(0);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'calendar-feed-card-360');
    await card.screenshot({ path: 'test-results/screenshots/calendar-feed-card-only-360.png' });
    await page.setViewportSize({ width: 1280, height: 800 });

    // A calendar fetches it with no session at all.
    const feed = await fetch(httpOf(webcal));
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const ics = await feed.text();
    expect(ics).toContain('X-WR-CALNAME:FACT sessions');
    expect(ics).toContain(`UID:booking-${booking.id}@fact`);
    expect(ics).toContain(booking.referenceCode);

    await card.getByRole('button', { name: 'Reset link' }).click();
    await expect.poll(() => link.inputValue(), { timeout: 10_000 }).not.toBe(webcal);
    const renewed = await link.inputValue();
    expect((await fetch(httpOf(webcal))).status).toBe(404);
    expect((await fetch(httpOf(renewed))).status).toBe(200);

    // Later visits: the feed is on, its link is not shown again (only its hash is kept).
    await page.reload();
    await card.getByTestId('calendar-feed-on').waitFor();
    expect(await card.getByText('Last fetched').count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: 'test-results/screenshots/calendar-feed-card-on-later-1280.png' });

    await card.getByRole('button', { name: 'Turn off' }).click();
    await card.getByRole('button', { name: 'Turn on calendar feed' }).waitFor();
    expect((await fetch(httpOf(renewed))).status).toBe(404);
  });

  it('a coach has the card on CoachProfile too', async () => {
    const coach = await createUser(server.db, { fullName: 'Robin Coach', userType: 'coach' });
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, coach.email, coach.password);
    await page.goto(`${server.baseUrl}/CoachProfile`);
    const card = page.getByRole('region', { name: 'Add to your calendar' });
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: 'Turn on calendar feed' }).click();
    const webcal = await card.getByLabel('Your calendar link').inputValue();
    const res = await fetch(httpOf(webcal));
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('BEGIN:VEVENT');
  });
});
