import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { useBrowser, shootAtWidths } from '../support/browser';
import { expectToast } from '../support/booking-e2e';
import { useTestServer } from '../support/server';

describe('packages on a coach’s profile', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let coachId = '';

  beforeAll(async () => {
    const coach = await createUser(server.db, { userType: 'coach', email: 'paula@example.com', fullName: 'Paula Coach', hourlyRate: 45, servicesOffered: ['striker'] });
    coachId = coach.user.id;
    await createUser(server.db, { userType: 'client', email: 'cleo@example.com', fullName: 'Cleo Client' });
  });

  it('lets a coach add a package by keyboard, refusing one dearer than single sessions', async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'paula@example.com');
    await page.goto(`${server.baseUrl}/CoachProfile`);
    const card = page.locator('section#packages');
    await card.getByText('No packages yet.').waitFor();
    await card.getByRole('button', { name: 'Add package' }).click();
    await card.getByLabel('Sessions').fill('5');
    await expect.poll(() => card.getByText('At most £225, the price of 5 single sessions.').isVisible()).toBe(true);
    await card.getByLabel('Total price (£)').fill('230');
    await card.getByLabel('Total price (£)').press('Enter');
    await card.getByText("A package can't cost more than 5 single sessions (£225.00).").waitFor();
    expect(await server.db.query('select 1 from package_offers where coach_id = $1', [coachId])).toHaveLength(0);

    await card.getByLabel('Total price (£)').fill('200');
    await card.getByLabel('Title (optional)').focus();
    await page.keyboard.type('Pre-season block');
    await page.keyboard.press('Tab'); // Cancel
    await page.keyboard.press('Tab'); // Add package
    await page.keyboard.press('Enter');
    await expectToast(page, 'Package added to your profile.');
    await card.getByRole('article', { name: 'Pre-season block' }).waitFor();
    expect(await server.db.query('select sessions, total_price_pence, validity_weeks, title from package_offers where coach_id = $1', [coachId])).toEqual([
      { sessions: 5, total_price_pence: 20_000, validity_weeks: 8, title: 'Pre-season block' },
    ]);
    await shootAtWidths(page, 'packages-coach', card);
    await page.close();
  });

  it('shows the package and its saving to a client and to a signed-out visitor', async () => {
    const client = await browser.newPage();
    await signIn(client, server.baseUrl, 'cleo@example.com');
    await client.goto(`${server.baseUrl}/CoachProfile?userId=${coachId}`);
    const pkg = client.getByRole('article', { name: 'Pre-season block' });
    await pkg.waitFor();
    expect(await pkg.innerText()).toMatch(/5 sessions of 1 hour[\s\S]*£200[\s\S]*£40 a session[\s\S]*Save £25 \(11%\) on 5 single sessions[\s\S]*Use within 8 weeks of buying/);
    await shootAtWidths(client, 'packages-client', client.locator('section[aria-labelledby="packages-title"]'));

    await client.getByRole('button', { name: /^Book/ }).first().click();
    const note = client.getByRole('dialog').locator('section[aria-labelledby="dialog-packages-title"]');
    await note.waitFor();
    expect(await note.innerText()).toMatch(/Training regularly\? Save with a package[\s\S]*Pre-season block · £200 · Save £25 \(11%\) on 5 single sessions/);
    await shootAtWidths(client, 'packages-booking-dialog', note);
    await client.close();

    const visitor = await browser.newPage();
    await visitor.goto(`${server.baseUrl}/CoachProfile?userId=${coachId}`);
    await visitor.getByRole('article', { name: 'Pre-season block' }).getByText('Save £25 (11%) on 5 single sessions').waitFor();
    await visitor.close();
  });

  it('lets a client buy the package in the Secure Payment dialog and find its sessions on MyBookings', async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'cleo@example.com');
    await page.goto(`${server.baseUrl}/CoachProfile?userId=${coachId}`);
    await page.getByRole('button', { name: 'Buy Pre-season block for £200' }).click();
    const pay = page.getByRole('dialog', { name: 'Secure Payment' });
    const summary = pay.getByRole('region', { name: 'Package summary' });
    await summary.waitFor();
    expect(await summary.innerText()).toMatch(/Pre-season block[\s\S]*5 sessions of 1 hour[\s\S]*Paula Coach[\s\S]*£200\.00[\s\S]*£3\.00[\s\S]*£203\.00[\s\S]*Use within 8 weeks of buying/);
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel(/Expiry/).fill('12/34');
    await pay.getByLabel('CVC').fill('123');
    await shootAtWidths(page, 'packages-payment', pay);
    await pay.getByRole('button', { name: 'Pay £203.00' }).click();
    await pay.getByText('Payment Successful!').waitFor();
    await expectToast(page, 'Pre-season block bought');
    const [bought] = await server.db.query<{ credits: number; paid: boolean }>(
      'select (select count(*)::int from package_credits c where c.purchase_id = p.id and c.state = $2) as credits, p.paid_at is not null as paid from package_purchases p where p.coach_id = $1',
      [coachId, 'available'],
    );
    expect(bought).toEqual({ credits: 5, paid: true });

    await page.goto(`${server.baseUrl}/MyBookings`);
    const mine = page.locator('section[aria-labelledby="my-packages-title"]');
    await mine.getByText(/^5 of 5 sessions left, valid until/).waitFor();
    expect(await mine.innerText()).toContain('Pre-season block with Paula Coach');
    await shootAtWidths(page, 'packages-my-bookings', mine);

    await mine.getByRole('button', { name: 'Refund unused sessions of Pre-season block' }).click();
    await mine.getByText('Refund £203.00 for 5 unused sessions and the admin fee to your card?', { exact: false }).waitFor();
    await mine.getByRole('button', { name: 'Refund £203.00' }).click();
    await expectToast(page, '£203.00 refunded to your card for 5 unused sessions and the admin fee.');
    await mine.getByText(/^0 of 5 sessions left/).waitFor();
    const [refunded] = await server.db.query<{ refunded: number }>(
      `select count(*)::int as refunded from package_credits c join package_purchases p on p.id = c.purchase_id where p.coach_id = $1 and c.state = 'refunded'`,
      [coachId],
    );
    expect(refunded?.refunded).toBe(5);
    await page.close();
  });

  it('takes a retired package off sale', async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'paula@example.com');
    await page.goto(`${server.baseUrl}/CoachProfile`);
    const card = page.locator('section#packages');
    await card.getByRole('button', { name: 'Retire Pre-season block' }).click();
    await card.getByRole('button', { name: 'Retire', exact: true }).click();
    await expectToast(page, 'Package retired. Clients who bought it can still use their sessions.');
    await card.getByText('No packages yet.').waitFor();
    const [row] = await server.db.query<{ retired: boolean }>('select retired_at is not null as retired from package_offers where coach_id = $1', [coachId]);
    expect(row?.retired).toBe(true);
    await page.close();
  });
});
