import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DataExportDocument } from '../../domain/accounts/data-export/data-export';
import { createUser, signIn } from '../support/accounts';
import { screenshot, useBrowser } from '../support/browser';
import { createTestBooking } from '../support/fixtures/bookings';
import { useTestServer } from '../support/server';

const screenshots = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/** Clicks 'Download my data' in the card and answers the saved file's name and parsed JSON. */
async function downloadFrom(page: Page): Promise<{ name: string; doc: DataExportDocument }> {
  const card = page.getByRole('region', { name: 'Download my data' });
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Download my data' }).click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), doc: JSON.parse(readFileSync(file, 'utf8')) as DataExportDocument };
}

describe("'Download my data' in the browser", () => {
  const server = useTestServer();
  const browser = useBrowser();

  it('saves a JSON copy of the client’s data from their profile, 3 times an hour', async () => {
    const client = await createUser(server.db, { fullName: 'Pat Player', phone: '+44 7700 900111' });
    const coach = await createUser(server.db, { userType: 'coach', fullName: 'Robin Trainer', phone: '+44 7700 900222' });
    const booking = await createTestBooking(server.db, { clientId: client.user.id, coachId: coach.user.id });
    await server.db.query('insert into messages (id, booking_id, sender_id, receiver_id, content) values ($1, $2, $3, $4, $5)', [
      randomUUID(),
      booking.id,
      coach.user.id,
      client.user.id,
      'Bring your boots',
    ]);

    const page = await browser.newPage({ width: 1280 });
    await signIn(page, server.baseUrl, client.email, client.password);
    await page.goto(`${server.baseUrl}/UserProfile`);
    const card = page.getByRole('region', { name: 'Download my data' });
    await card.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');

    const { name, doc } = await downloadFrom(page);
    expect(name).toMatch(/^fact-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(doc).toMatchObject({ format: 'fact-export', version: 1, account: { email: client.email, fullName: 'Pat Player', phone: '+44 7700 900111' } });
    expect(doc.bookings.items).toEqual([expect.objectContaining({ reference: booking.referenceCode, with: 'Robin', yourRole: 'client' })]);
    expect(doc.messages.items).toEqual([expect.objectContaining({ direction: 'received', with: 'Robin', content: 'Bring your boots' })]);
    const text = JSON.stringify(doc);
    expect(text).not.toContain(coach.email);
    expect(text).not.toContain('+44 7700 900222');
    await card.getByText(`Saved as ${name}`).waitFor();
    await screenshot(page, 'data-export-card-1280');
    await card.screenshot({ path: path.join(screenshots, 'data-export-card-1280-card.png') });

    await downloadFrom(page);
    await downloadFrom(page);
    await card.getByRole('link', { name: 'Download my data' }).click();
    const alert = card.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^You can download your data 3 times an hour\. Please wait until \d\d:\d\d$/);
    await card.screenshot({ path: path.join(screenshots, 'data-export-card-1280-limited.png') });
  });

  it('offers the same card on a coach’s own profile on a phone', async () => {
    const coach = await createUser(server.db, { userType: 'coach', fullName: 'Sam Striker' });
    const page = await browser.newPage({ width: 360, height: 740 });
    await signIn(page, server.baseUrl, coach.email, coach.password);
    await page.goto(`${server.baseUrl}/CoachProfile`);
    const card = page.getByRole('region', { name: 'Download my data' });
    await card.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    const box = await card.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(360);
    const { doc } = await downloadFrom(page);
    expect(doc.account).toMatchObject({ email: coach.email, userType: 'coach' });
    expect(doc.coachProfile).not.toBeNull();
    expect(doc.payouts).toMatchObject({ count: 0, items: [] });
    await screenshot(page, 'data-export-card-360');
    await card.screenshot({ path: path.join(screenshots, 'data-export-card-360-card.png') });
  });
});
