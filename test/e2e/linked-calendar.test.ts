import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, tempDataDir } from '../support/accounts';
import { setServerClock } from '../support/booking-e2e';
import { screenshot, useBrowser } from '../support/browser';
import { useTestServer } from '../support/server';

const data = tempDataDir();
const GOOGLE = readFileSync(path.resolve(import.meta.dirname, '../fixtures/ics/google-export.ics'), 'utf8');
/** Where the card is mounted. */
const CARD_PAGE = '/CoachAvailability';

describe("the coach's own calendar in the running server", () => {
  const server = useTestServer({ DATA_DIR: data.dir, MAIL_OUTBOX_FILE: data.outbox, CALENDAR_FETCH_ALLOW_INSECURE: '1', LOG_LEVEL: 'info' });
  const browser = useBrowser();
  let calendars: Server;
  let base = '';
  let status = 200;

  beforeAll(async () => {
    calendars = createServer((_req, res) => {
      res.writeHead(status, { 'Content-Type': 'text/calendar' });
      res.end(status === 200 ? GOOGLE : 'gone');
    });
    await new Promise<void>((resolve) => calendars.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(calendars.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    calendars.closeAllConnections();
    await new Promise<void>((resolve) => calendars.close(() => resolve()));
  });

  it('a coach links a calendar, sees it synced, sees a failure with its reason, and unlinks it', async () => {
    const coach = await createUser(server.db, { fullName: 'Sam Keeper', userType: 'coach' });
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, coach.email, coach.password);
    await page.goto(`${server.baseUrl}${CARD_PAGE}`);
    const card = page.getByRole('region', { name: 'Your own calendar' });
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: 'test-results/screenshots/linked-calendar-card-empty-1280.png' });

    const field = card.getByLabel('Secret address in iCal format');
    await field.fill('my calendar');
    await card.getByRole('button', { name: 'Link calendar' }).click();
    expect(await card.getByRole('alert').innerText()).toBe('That is not a web address: copy the secret address in iCal format from your calendar');
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    const address = `${base}/calendar/ical/sam%40example.com/private-e2e-9f8e7d6c5b4a/basic.ics`;
    await field.fill(address);
    await card.getByRole('button', { name: 'Link calendar' }).click();
    await page.getByText('Calendar linked. It will be synced in a moment.').first().waitFor();
    await expect.poll(async () => card.getByTestId('linked-calendar-status').innerText(), { timeout: 20_000 }).toMatch(/^Last synced \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}/);
    expect(await card.getByTestId('linked-calendar-hint').innerText()).toBe(`${new URL(base).host} …c.ics`);
    expect(await page.content()).not.toContain('private-e2e');
    await card.screenshot({ path: 'test-results/screenshots/linked-calendar-card-synced-1280.png' });

    status = 404;
    // A coach's own sync waits a minute after the previous fetch: two minutes on, it runs at once.
    await setServerClock(server.baseUrl, new Date(Date.now() + 2 * 60_000));
    await card.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(async () => card.getByTestId('linked-calendar-status').innerText(), { timeout: 30_000 }).toContain('Could not fetch: the server answered 404');
    expect(await card.getByTestId('linked-calendar-status').innerText()).toContain('(these busy times are still used)');
    await page.setViewportSize({ width: 360, height: 800 });
    await page.waitForTimeout(150);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the page scrolls sideways at 360 px').toBeLessThanOrEqual(0);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'linked-calendar-failed-360');
    await card.screenshot({ path: 'test-results/screenshots/linked-calendar-card-failed-360.png' });
    await page.setViewportSize({ width: 1280, height: 800 });

    await card.getByRole('button', { name: 'Unlink' }).click();
    await card.getByRole('button', { name: 'Link calendar' }).waitFor();
    expect(server.output()).toContain('calendar_sync');
    expect(server.output()).not.toContain('private-e2e');
  });
});
