import { describe, expect, it } from 'vitest';
import { createUser, signIn, tempDataDir } from '../support/accounts';
import { screenshot, useBrowser } from '../support/browser';
import { useTestServer } from '../support/server';

/**
 * Decision 012: a coach sets up payouts from the dashboard banner through the offline gateway's
 * stand-in for Stripe's hosted onboarding, gets 'details needed' for bank details that do not
 * verify, then 'Payouts enabled' with Stripe's test details; the banner goes away.
 */
describe('setting up payouts', () => {
  const server = useTestServer({ DATA_DIR: tempDataDir().dir });
  const browser = useBrowser();

  it('takes a coach from the dashboard banner through onboarding to payouts enabled', async () => {
    const coach = await createUser(server.db, { userType: 'coach', fullName: 'Tom Whitaker', servicesOffered: ['goalkeeping'] });
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, coach.email, coach.password);
    await page.goto(`${server.baseUrl}/CoachDashboard`);
    const banner = page.getByRole('status').filter({ hasText: 'Set up payouts:' });
    await banner.waitFor();
    await screenshot(page, 'payouts-dashboard-banner');
    await banner.getByRole('button', { name: 'Set up payouts' }).click();

    await page.getByRole('heading', { name: 'Where should we pay you?' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/test-gateway/onboarding');
    await page.getByLabel('Sort code').fill('10-88');
    await page.getByLabel('Account number').fill('1234');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Enter a 6-digit sort code, like 10-88-00').waitFor();
    await page.getByText('Enter an 8-digit account number').waitFor();

    await page.getByLabel('Sort code').fill('20-00-00');
    await page.getByLabel('Account number').fill('55779911');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').filter({ hasText: 'We could not verify this bank account' }).waitFor();
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshot(page, 'payouts-test-onboarding-360');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('link', { name: 'Save and finish later' }).click();
    await page.getByRole('heading', { name: 'My Coach Profile' }).waitFor();
    const card = page.locator('#payouts');
    await expect.poll(() => card.getByTestId('payout-state').textContent(), { timeout: 10_000 }).toBe('Details needed');
    await page.getByText('Stripe still needs some details').first().waitFor();

    await card.getByRole('button', { name: 'Finish setting up payouts' }).click();
    await page.getByLabel('Sort code').fill('10-88-00');
    await page.getByLabel('Account number').fill('00012345');
    await screenshot(page, 'payouts-test-onboarding');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Payouts are set up').first().waitFor();
    await expect.poll(() => card.getByTestId('payout-state').textContent(), { timeout: 10_000 }).toBe('Payouts enabled');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'payouts-get-paid-card');
    await page.setViewportSize({ width: 360, height: 800 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'payouts-get-paid-card-360');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto(`${server.baseUrl}/CoachDashboard`);
    await page.getByRole('heading', { name: 'Coach Dashboard' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Set up payouts:' }).count()).toBe(0);
    const [row] = await server.db.query<{ payouts_enabled: boolean }>(`select payouts_enabled from payout_accounts where coach_id = $1`, [coach.user.id]);
    expect(row!.payouts_enabled).toBe(true);
  });

  it('does not open another coach’s onboarding page', async () => {
    const owner = await createUser(server.db, { userType: 'coach', fullName: 'Owner Coach' });
    const other = await createUser(server.db, { userType: 'coach', fullName: 'Other Coach' });
    await server.db.query(`insert into test_gateway_accounts (id) values ('acct_test_owner')`);
    await server.db.query(`insert into payout_accounts (coach_id, account_id) values ($1, 'acct_test_owner')`, [owner.user.id]);
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, other.email, other.password);
    const response = await page.goto(`${server.baseUrl}/test-gateway/onboarding?account=acct_test_owner`);
    expect(response!.status()).toBe(404);
  });
});
