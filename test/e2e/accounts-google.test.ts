import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mockGoogleCode, type MockGoogleIdentity } from '../../adapters/testing/google-mock';
import { tempDataDir } from '../support/accounts';
import { screenshot, useBrowser } from '../support/browser';
import { useTestServer } from '../support/server';

/** Plays Google's consent screen: sends the browser back to the callback with a mock code. */
async function actAsGoogle(page: Page, identity: MockGoogleIdentity | 'fail') {
  await page.route('https://accounts.google.com/**', async (route) => {
    const url = new URL(route.request().url());
    const back = new URL(url.searchParams.get('redirect_uri')!);
    back.searchParams.set('code', identity === 'fail' ? 'fail' : mockGoogleCode(identity));
    back.searchParams.set('state', url.searchParams.get('state')!);
    await route.fulfill({ status: 302, headers: { location: back.toString() } });
  });
}

describe('Google sign-in (mocked Google)', () => {
  const server = useTestServer({
    DATA_DIR: tempDataDir().dir,
    GOOGLE_CLIENT_ID: 'test-client-id',
    GOOGLE_CLIENT_SECRET: 'test-client-secret',
    FACT_MOCK_GOOGLE: '1',
  });
  const browser = useBrowser();

  it('registers a coach through Google, applies the registration form and lands on the coach dashboard', async () => {
    const page = await browser.newPage();
    await actAsGoogle(page, { sub: 'google-coach-1', email: 'gina.goal@gmail.example', name: 'Gina Goal' });
    await page.goto(`${server.baseUrl}/Register?type=coach`);
    await page.getByRole('tab', { name: 'Google' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Google' });
    await panel.getByLabel('Phone').fill('+44 7700 900555');
    await panel.getByLabel('Location').fill('Manchester');
    await panel.getByLabel('Hourly rate (£ per session)').fill('35');
    await panel.getByRole('group', { name: 'Services offered' }).getByLabel('Goalkeeping').check();
    await panel.getByRole('group', { name: 'Age groups' }).getByLabel('Under 12').check();
    await panel.getByLabel(/I confirm I am at least 16 years old/).check();
    await screenshot(page, 'register-google-tab-1280');
    await panel.getByRole('button', { name: /Continue with Google/ }).click();
    await page.waitForURL(/\/CoachDashboard$/);
    const rows = await server.db.query<{ full_name: string; user_type: string; email_verified: boolean; rate: number; location_address: string }>(
      `select u.full_name, u.user_type, u.email_verified_at is not null as email_verified, p.hourly_rate_pence as rate, u.location_address
         from users u join coach_profiles p on p.user_id = u.id where u.google_id = 'google-coach-1'`,
    );
    expect(rows).toEqual([{ full_name: 'Gina Goal', user_type: 'coach', email_verified: true, rate: 3500, location_address: 'Manchester' }]);
  });

  it('signs an existing Google user in from the login dialog, back to the page they wanted', async () => {
    const page = await browser.newPage();
    await actAsGoogle(page, { sub: 'google-client-2', email: 'gus.client@gmail.example', name: 'Gus Client' });
    await page.goto(`${server.baseUrl}/UserProfile`);
    await page.waitForURL(/login=1/);
    await page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(/\/UserProfile$/);
    await page.getByRole('complementary', { name: 'Sidebar' }).getByText('Gus Client').waitFor();
  });

  it('says why when Google sign-in fails', async () => {
    const page = await browser.newPage();
    await actAsGoogle(page, 'fail');
    await page.goto(`${server.baseUrl}/?login=1`);
    await page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByText(/^Login failed: /).waitFor();
  });
});
