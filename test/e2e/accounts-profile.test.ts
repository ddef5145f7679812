import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createUser, signIn, tempDataDir } from '../support/accounts';
import { screenshot, useBrowser, waitForHydration } from '../support/browser';
import { useTestServer } from '../support/server';

const data = tempDataDir();

describe('UserProfile', () => {
  const server = useTestServer({ DATA_DIR: data.dir });
  const browser = useBrowser();

  it('edits the profile with SPEC validation, uploads a photo and requests deletion', async () => {
    const client = await createUser(server.db, { fullName: 'Pat Player' });
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, client.email, client.password);
    await page.goto(`${server.baseUrl}/UserProfile`);
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await expect(page.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(client.email);
    // Before hydration the browser would post the form itself (a CI run met that).
    await waitForHydration(page);

    await page.getByLabel('Phone').fill('not a phone');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please check your input and try again.' }).waitFor();
    await page.getByText('Invalid phone number format').waitFor();

    await page.getByLabel('Full name').fill('Pat Striker');
    await page.getByLabel('Phone').fill('+44 20 7946 0958');
    await page.getByLabel('Bio').fill('Centre forward, Sunday league.');
    await page.getByRole('group', { name: 'Preferred coaching types' }).getByLabel('Tactical Analysis').check();
    await page.getByRole('group', { name: 'Preferred session times' }).getByLabel('Evening (6PM-10PM)').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await page.reload();
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('Pat Striker');
    await expect(page.getByRole('group', { name: 'Preferred session times' }).getByLabel('Evening (6PM-10PM)').isChecked()).resolves.toBe(true);
    await page.getByRole('complementary', { name: 'Sidebar' }).getByText('Pat Striker').waitFor();

    const photo = path.join(data.dir, 'big.png');
    writeFileSync(
      photo,
      await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#1f8a48' } })
        .png()
        .toBuffer(),
    );
    await page.locator('#profile-photo').setInputFiles(photo);
    await page.getByText('Profile photo updated.').waitFor();
    const src = await page.getByRole('img', { name: 'Pat Striker', exact: true }).getAttribute('src');
    expect(src).toMatch(/^\/uploads\/avatars\/.+\.jpg$/);
    const stored = await page.request.get(`${server.baseUrl}${src}`);
    expect(stored.headers()['content-type']).toBe('image/jpeg');
    const meta = await sharp(await stored.body()).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 600]);

    const fake = path.join(data.dir, 'not-an-image.png');
    writeFileSync(fake, 'this is text, not a picture');
    await page.locator('#profile-photo').setInputFiles(fake);
    await page.getByText('Failed to load image').waitFor();
    const forged = await page.request.post(`${server.baseUrl}/UserProfile?_data=routes%2F_app.UserProfile`, {
      multipart: { photo: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<svg onload=alert(1)>') } },
      headers: { Origin: server.baseUrl },
    });
    expect(forged.status()).toBe(422);
    expect((await forged.json()).message).toBe('Please select an image file');
    await screenshot(page, 'user-profile-1280');

    await page.getByLabel('Reason (optional)').fill('Moving abroad');
    await page.getByRole('button', { name: 'Request Account Deletion' }).click();
    await page.getByText('Deletion request submitted. An admin will review it shortly.').waitFor();
    await page.getByRole('button', { name: 'Deletion Requested (Pending)' }).waitFor();
    await expect(page.getByRole('button', { name: 'Deletion Requested (Pending)' }).isDisabled()).resolves.toBe(true);
  });

  it('answers the profile and password forms posted as pages, without JavaScript, with their errors and successes in place', async () => {
    const client = await createUser(server.db, { fullName: 'Nora Noscript' });
    const signedIn = await browser.newPage();
    await signIn(signedIn, server.baseUrl, client.email, client.password);
    // No script at all: what a click before the page has hydrated gets (the form submits as HTML).
    const page = await browser.newPage({ javaScript: false });
    await page.context().addCookies(await signedIn.context().cookies());
    await signedIn.close();
    await page.goto(`${server.baseUrl}/UserProfile`);
    const phoneOf = async () => (await server.db.query<{ phone: string | null }>(`select phone from users where id = $1`, [client.user.id]))[0]?.phone;
    const storedPhone = await phoneOf();

    await page.getByLabel('Phone').fill('not a phone');
    await page.getByLabel('Bio').fill('Left back, working on my crossing');
    await page.getByRole('group', { name: 'Preferred coaching types' }).getByLabel('Goalkeeping').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please check your input and try again.' }).waitFor();
    await page.getByText('Invalid phone number format').waitFor();
    await expect(phoneOf()).resolves.toBe(storedPhone);
    // What was typed is still there to correct, not the stored profile.
    await expect(page.getByLabel('Phone').inputValue()).resolves.toBe('not a phone');
    await expect(page.getByLabel('Bio').inputValue()).resolves.toBe('Left back, working on my crossing');
    await expect(page.getByRole('group', { name: 'Preferred coaching types' }).getByLabel('Goalkeeping').isChecked()).resolves.toBe(true);
    await page.getByLabel('Phone').fill(storedPhone ?? '');

    await page.getByLabel('Full name').fill('Nora Plain');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Profile updated successfully!' }).waitFor();
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('Nora Plain');

    await page.locator('#password-current').fill('not my password');
    await page.locator('#password-new').fill('a-new-long-secret-9');
    await page.locator('#password-confirm').fill('a-new-long-secret-9');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your current password is incorrect.').waitFor();
    await expect(page.locator('#password-current').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByText('Profile updated successfully!').count()).resolves.toBe(0);
    await page.close();
  });

  it('fits a phone screen', async () => {
    const client = await createUser(server.db, { fullName: 'Mo Mobile', preferredCoachingTypes: ['goalkeeping'] });
    const page = await browser.newPage({ width: 390, height: 844 });
    await signIn(page, server.baseUrl, client.email, client.password);
    await page.goto(`${server.baseUrl}/UserProfile`);
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('complementary', { name: 'Sidebar' }).isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await sheet.getByRole('link', { name: 'My Bookings' }).waitFor();
    await page.waitForTimeout(400); // the slide-in transition
    await screenshot(page, 'shell-sheet-390');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await screenshot(page, 'user-profile-390');

    // A menu link in the sheet closes it and opens its page in the app, without a new document.
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await sheet.getByRole('link', { name: 'My Bookings' }).click();
    await page.waitForURL(/\/MyBookings$/);
    await page.getByRole('heading', { name: 'My Bookings', level: 1 }).waitFor();
    await sheet.waitFor({ state: 'hidden' });
    expect(documents).toEqual([]);
  });

  it('shows client profiles only to the client, coaches with a booking together and admins', async () => {
    const client = await createUser(server.db, { fullName: 'Private Client' });
    const coach = await createUser(server.db, { userType: 'coach', fullName: 'Nosy Coach' });
    const admin = await createUser(server.db, { role: 'admin', fullName: 'Ada Admin' });
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, coach.email, coach.password);
    const refused = await page.goto(`${server.baseUrl}/UserProfile?userId=${client.user.id}`);
    expect(refused?.status()).toBe(404);

    const adminPage = await browser.newPage();
    await signIn(adminPage, server.baseUrl, admin.email, admin.password);
    await adminPage.goto(`${server.baseUrl}/UserProfile?userId=${client.user.id}`);
    await adminPage.getByRole('heading', { name: 'User Profile' }).waitFor();
    await adminPage.getByText(client.email).waitFor();
    await expect(adminPage.getByRole('button', { name: 'Save Changes' }).count()).resolves.toBe(0);
    await expect(adminPage.getByRole('heading', { name: 'Delete account' }).count()).resolves.toBe(0);
    await adminPage.goto(`${server.baseUrl}/UserProfile`);
    await adminPage.waitForURL(/\/AdminDashboard$/);
  });
});
