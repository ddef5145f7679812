import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, readOutbox, signIn, tempDataDir } from '../support/accounts';
import { screenshot, useBrowser } from '../support/browser';
import { useTestServer } from '../support/server';

const data = tempDataDir();
const RESET_REQUESTED = 'If an account exists for that email, we have sent a link to reset your password. The link works for one hour.';

/** The newest password-reset link mailed to `email` (the server's worker sends it within a second or two). */
async function resetLinkFor(email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readOutbox(data.outbox)
      .reverse()
      .find((m) => m.to === email && m.subject === 'Reset your FACT password');
    const link = /https?:\/\/\S+\/ResetPassword\?token=\S+/.exec(mail?.text ?? '')?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no reset mail for ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A closer look at one card, beside the full-page screenshots. */
async function cardShot(page: Page, selector: string, name: string): Promise<void> {
  const card = page.locator(selector);
  // Below the sticky header, then back to the top for the full-page shots.
  await card.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 96));
  await card.screenshot({ path: path.resolve(import.meta.dirname, '../../test-results/screenshots', `${name}.png`) });
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('password reset and password change', () => {
  const server = useTestServer({ DATA_DIR: data.dir });
  const browser = useBrowser();

  it('resets a forgotten password from the login dialog through the emailed link, then logs in with the new one', async () => {
    const { email, password } = await createUser(server.db, { fullName: 'Rita Reset' });
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/?login=1`);
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
    await dialog.getByLabel('Email').fill(email);
    await screenshot(page, 'login-dialog-forgot-link-1280');
    await dialog.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${server.baseUrl}/ForgotPassword`);
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await screenshot(page, 'forgot-password-1280');

    // Nothing typed: the server asks for the address, under the field.
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Please enter your email address').waitFor();
    await expect(page.getByLabel('Email').getAttribute('aria-invalid')).resolves.toBe('true');

    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByText(RESET_REQUESTED).waitFor();
    await screenshot(page, 'forgot-password-sent-1280');

    const link = await resetLinkFor(email);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByText(email).waitFor();
    await screenshot(page, 'reset-password-1280');
    await page.getByLabel(/^New password/).fill('fresh-pass-42');
    await page.getByLabel(/^Confirm new password/).fill('fresh-pass-43');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await screenshot(page, 'reset-password-mismatch-1280');
    await page.getByLabel(/^New password/).fill('fresh-pass-42');
    await page.getByLabel(/^Confirm new password/).fill('fresh-pass-42');
    await page.getByRole('button', { name: 'Set new password' }).click();

    // Back on Landing with the login dialog open and the toast.
    await page.waitForURL(`${server.baseUrl}/?login=1`);
    await page.getByText('Your password has been reset. You can now log in.').waitFor();
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Login' }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe('Invalid email or password. Please check your credentials and try again.');
    await dialog.getByLabel('Password', { exact: true }).fill('fresh-pass-42');
    await dialog.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.baseUrl}/FindCoaches`);

    // The link worked once.
    await page.goto(link);
    await page.getByText('This password reset link is invalid or has expired.').waitFor();
    await screenshot(page, 'reset-password-used-1280');
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await page.waitForURL(`${server.baseUrl}/ForgotPassword`);
  });

  it('lays the forgot and reset pages out at 360 px', async () => {
    const { email } = await createUser(server.db, { fullName: 'Nico Narrow' });
    const page = await browser.newPage({ width: 360, height: 740 });
    await page.goto(`${server.baseUrl}/ForgotPassword`);
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await expect(overflow()).resolves.toBe(0);
    await screenshot(page, 'forgot-password-360');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await screenshot(page, 'forgot-password-sent-360');
    await page.goto(await resetLinkFor(email));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expect(overflow()).resolves.toBe(0);
    await screenshot(page, 'reset-password-360');
    await page.goto(`${server.baseUrl}/ResetPassword?token=not-a-real-token`);
    await page.getByText('This password reset link is invalid or has expired.').waitFor();
    await screenshot(page, 'reset-password-invalid-360');
  });

  it('changes the password on the profile page: this device stays signed in, the other is signed out', async () => {
    const { email, password } = await createUser(server.db, { fullName: 'Cara Change' });
    const laptop = await browser.newPage();
    await signIn(laptop, server.baseUrl, email, password);
    const phone = await browser.newPage({ width: 360, height: 740 });
    await signIn(phone, server.baseUrl, email, password);

    await laptop.goto(`${server.baseUrl}/UserProfile`);
    const card = laptop.getByRole('region', { name: 'Password' });
    await card.getByLabel(/^Current password/).fill('not-my-password');
    await card.getByLabel(/^New password/).fill('changed-pass-77');
    await card.getByLabel(/^Confirm new password/).fill('changed-pass-77');
    await card.getByRole('button', { name: 'Change Password' }).click();
    await card.getByText('Your current password is incorrect.').waitFor();
    await expect(card.getByLabel(/^Current password/).getAttribute('aria-invalid')).resolves.toBe('true');
    await cardShot(laptop, 'section[aria-labelledby="password-title"]', 'profile-password-card-error-1280');
    await screenshot(laptop, 'profile-password-error-1280');

    await card.getByLabel(/^Current password/).fill(password);
    await card.getByRole('button', { name: 'Change Password' }).click();
    await laptop.getByText('Your password has been changed.').waitFor();
    // The form is emptied in an effect right after the success renders: wait for it, do not race it.
    await expect.poll(() => card.getByLabel(/^Current password/).inputValue(), { timeout: 10_000 }).toBe('');
    await cardShot(laptop, 'section[aria-labelledby="password-title"]', 'profile-password-card-1280');
    await screenshot(laptop, 'profile-password-1280');

    // This device: still signed in. The phone: sent to the login on its next page.
    await laptop.reload();
    await laptop.getByRole('heading', { name: 'My Profile' }).waitFor();
    await phone.goto(`${server.baseUrl}/UserProfile`);
    await phone.waitForURL(/\/\?login=1/);

    // The new password is the one that works now; the card at 360 px.
    await phone.context().clearCookies();
    await signIn(phone, server.baseUrl, email, 'changed-pass-77');
    await phone.goto(`${server.baseUrl}/UserProfile`);
    await cardShot(phone, 'section[aria-labelledby="password-title"]', 'profile-password-card-360');
    await screenshot(phone, 'profile-password-360');
  });

  it('offers the Password card on the coach profile page too', async () => {
    const coach = await createUser(server.db, { userType: 'coach', fullName: 'Colin Coach' });
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, coach.email, coach.password);
    await page.goto(`${server.baseUrl}/CoachProfile`);
    const card = page.getByRole('region', { name: 'Password' });
    await card.getByLabel(/^Current password/).fill(coach.password);
    await card.getByLabel(/^New password/).fill('coach-new-pass-1');
    await card.getByLabel(/^Confirm new password/).fill('coach-new-pass-1');
    await card.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'My Coach Profile' }).waitFor();
  });
});
