import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, readOutbox, tempDataDir, verificationLinkFor } from '../support/accounts';
import { screenshot, useBrowser } from '../support/browser';
import { useTestServer } from '../support/server';

const data = tempDataDir();

async function fillCommon(page: Page, email: string) {
  const form = page.getByRole('tabpanel', { name: 'Email & Password' });
  await form.getByLabel('Email').fill(email);
  await form.locator('input[name=password]').fill('secret-pass');
  await form.getByLabel('Full name').fill('Robin Reader');
  await form.getByLabel('Phone').fill('+44 7700 900321');
  await form.getByLabel('Location').fill('Bristol');
  await form.getByLabel('Bio').fill('Left-footed winger working on finishing.');
  await form.getByRole('group', { name: 'Preferred coaching types' }).getByLabel('Striker & Finishing').check();
  await form.getByRole('group', { name: 'Preferred session times' }).getByLabel('Weekend').check();
  await form.getByLabel(/I confirm I am at least 16 years old/).check();
  return form;
}

/** The newest mail to `email` with `subject` in the outbox (waits up to 5 s for it). */
async function waitForMail(outbox: string, email: string, subject: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = readOutbox(outbox)
      .reverse()
      .find((m) => m.to === email && m.subject === subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no '${subject}' mail for ${email} in ${outbox}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('registration', () => {
  const server = useTestServer({ DATA_DIR: data.dir });
  const browser = useBrowser();

  it('registers a client, verifies the email by the outbox link and logs in to Find Coaches', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/Register?type=user`);
    await expect(page.getByRole('button', { name: "I'm looking for a coach" }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByRole('tab', { name: 'Email & Password' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.getByRole('tab', { name: 'Google' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'register-client-1280');

    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert').first().textContent()).resolves.toBe('Please fill in all required fields');

    const form = await fillCommon(page, 'Robin.Reader@example.com');
    await form.locator('input[name=password]').fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').filter({ hasText: 'Password must be at least 6 characters long' }).waitFor();
    await form.locator('input[name=password]').fill('secret-pass');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByText('Account created successfully! Please check your email to verify your account, then you can log in.').waitFor();

    const page2 = await browser.newPage();
    await page2.goto(`${server.baseUrl}/?login=1`);
    await page2.getByRole('button', { name: 'Continue with Email' }).click();
    await page2.getByRole('dialog').getByLabel('Email').fill('robin.reader@example.com');
    await page2.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page2.getByRole('dialog').getByRole('button', { name: 'Login' }).click();
    await page2.getByText('Please check your email and click the verification link before logging in.').waitFor();

    await page2.goto(await verificationLinkFor(data.outbox, 'robin.reader@example.com'));
    await page2.waitForURL(/\/\?login=1$/);
    await page2.getByText('Your email is verified. You can now log in.').waitFor();
    await page2.getByRole('button', { name: 'Continue with Email' }).click();
    await page2.getByRole('dialog').getByLabel('Email').fill('robin.reader@example.com');
    await page2.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page2.getByRole('dialog').getByRole('button', { name: 'Login' }).click();
    await page2.waitForURL(/\/FindCoaches$/);
    await page2.getByRole('complementary', { name: 'Sidebar' }).getByText('Robin Reader').waitFor();
  });

  it('registers a coach with the coach block and lands on the coach dashboard after verifying', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/Register?type=user`);
    await expect(page.getByLabel('Hourly rate (£ per session)').count()).resolves.toBe(0);
    await page.getByRole('button', { name: "I'm a coach" }).click();
    await page.waitForURL(/type=coach/);
    const form = await fillCommon(page, 'casey.keeper@example.com');
    await form.getByLabel('Hourly rate (£ per session)').fill('40');
    await form.getByRole('group', { name: 'Services offered' }).getByLabel('Striker & Finishing').check();
    await form.getByRole('group', { name: 'Services offered' }).getByLabel('Goalkeeping').check();
    await form.getByLabel('Adults (18+)').check();
    await form.getByLabel('Credentials').fill('UEFA B Licence\nFA Goalkeeping Level 2');
    await screenshot(page, 'register-coach-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${server.baseUrl}/`);

    await page.goto(await verificationLinkFor(data.outbox, 'casey.keeper@example.com'));
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByRole('dialog').getByLabel('Email').fill('casey.keeper@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByRole('dialog').getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/CoachDashboard$/);
    const rows = await server.db.query<{ hourly_rate_pence: number; services_offered: string[]; credentials: string[] }>(
      `select hourly_rate_pence, services_offered, credentials from coach_profiles p join users u on u.id = p.user_id where u.email = 'casey.keeper@example.com'`,
    );
    expect(rows[0]).toEqual({ hourly_rate_pence: 4000, services_offered: ['striker', 'goalkeeping'], credentials: ['UEFA B Licence', 'FA Goalkeeping Level 2'] });
  });

  it('answers a registered email like a new sign-up and mails its owner instead (decision 008)', async () => {
    const existing = await createUser(server.db, { email: 'already@example.com' });
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/Register`);
    await fillCommon(page, 'Already@Example.com');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByText('Account created successfully! Please check your email to verify your account, then you can log in.').waitFor();
    await expect(page.getByText('An account with this email already exists').count()).resolves.toBe(0);
    await screenshot(page, 'register-duplicate-1280');

    const notice = await waitForMail(data.outbox, existing.email, 'You already have a FACT account');
    expect(notice.text).toContain(`${server.baseUrl}/?login=1`);
    expect(notice.text).toContain('Forgot your password?');
    const rows = await server.db.query<{ id: string; full_name: string }>('select id, full_name from users where email = $1', [existing.email]);
    expect(rows).toEqual([{ id: existing.user.id, full_name: existing.user.fullName }]);
  });

  it('says Google sign-in is not configured instead of failing', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/Register?type=coach`);
    await page.getByRole('tab', { name: 'Google' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Google' });
    await expect(panel.getByRole('button', { name: /Continue with Google/ }).isDisabled()).resolves.toBe(true);
    await expect(panel.getByText('Google sign-in is not configured').isVisible()).resolves.toBe(true);
  });
});
