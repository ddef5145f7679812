import { describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { screenshot, useBrowser } from '../support/browser';
import { useTestServer } from '../support/server';

describe('logging in and out', () => {
  const server = useTestServer();
  const browser = useBrowser();

  it('logs a client in through the dialog, honours redirectTo, shows the shell and logs out to Landing', async () => {
    const { email, password } = await createUser(server.db, { fullName: 'Lena Client' });
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/UserProfile`);
    await page.waitForURL(/\/\?login=1&redirectTo=%2FUserProfile$/);
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    await dialog.waitFor(); // the dialog opens once the page is interactive
    await expect(dialog.getByRole('button', { name: /Continue with Google/ }).isDisabled()).resolves.toBe(true);
    await expect(dialog.getByText('Google sign-in is not configured').isVisible()).resolves.toBe(true);
    await screenshot(page, 'login-dialog-1280');
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Show password' }).click();
    await expect(dialog.getByLabel('Password', { exact: true }).getAttribute('type')).resolves.toBe('text');
    await screenshot(page, 'login-dialog-email-1280');
    await dialog.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/UserProfile$/);
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();

    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    for (const label of ['Find Coaches', 'My Bookings', 'Messages', 'Profile']) {
      await expect(sidebar.getByRole('link', { name: label, exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(sidebar.getByText('Football Academy Coaching & Training').isVisible()).resolves.toBe(true);
    await expect(sidebar.getByText('Lena Client').isVisible()).resolves.toBe(true);
    await expect(sidebar.getByText('client', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(sidebar.getByText('user', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("We're constantly improving! Some features may be temporarily unavailable during updates...").isVisible()).resolves.toBe(true);
    await screenshot(page, 'shell-client-1280');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.goto(`${server.baseUrl}/UserProfile`);
    await page.waitForURL(/login=1/);
  });

  it('shows the SPEC message for a wrong password and for an unverified email', async () => {
    const { email } = await createUser(server.db, {});
    const unverified = await createUser(server.db, { verified: false });
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/?login=1`);
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
    await dialog.getByRole('button', { name: 'Login' }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe('Invalid email or password. Please check your credentials and try again.');
    await screenshot(page, 'login-dialog-error-390');
    await dialog.getByLabel('Email').fill(unverified.email);
    await dialog.getByLabel('Password', { exact: true }).fill(unverified.password);
    await dialog.getByRole('button', { name: 'Login' }).click();
    await dialog.getByText('Please check your email and click the verification link before logging in.').waitFor();
  });

  it('signs in fast for other tests and sends a coach to the coach dashboard', async () => {
    const coach = await createUser(server.db, { userType: 'coach' });
    const page = await browser.newPage();
    const landed = await signIn(page, server.baseUrl, coach.email, coach.password);
    expect(landed).toBeDefined();
    // As the dialog's form posts it (the browser's cookies go with it, so it must say where it comes from).
    const response = await page.request.post(`${server.baseUrl}/auth/login`, {
      form: { email: coach.email, password: coach.password },
      headers: { Origin: server.baseUrl },
      maxRedirects: 0,
    });
    expect(response.headers()['location']).toBe('/CoachDashboard');
    const cookie = response.headers()['set-cookie'] ?? '';
    expect(cookie).toMatch(/^fact_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('ends every copy of a session when the user logs out (server-side session version)', async () => {
    const { email, password } = await createUser(server.db, {});
    const first = await browser.newPage();
    await signIn(first, server.baseUrl, email, password);
    const second = await browser.newPage();
    await second.context().addCookies(await first.context().cookies());
    await second.goto(`${server.baseUrl}/UserProfile`);
    await second.getByRole('heading', { name: 'My Profile' }).waitFor();
    await first.goto(`${server.baseUrl}/UserProfile`);
    // Logout reloads the document: nothing of the signed-in pages stays in memory, and no loaded
    // fetcher can answer with a login redirect after it (a CI run once landed on
    // '/?login=1&redirectTo=%2Fapi%2Femail-preferences' from the profile's email settings).
    await first.evaluate(() => Object.assign(window, { signedInPage: true }));
    await first.getByRole('button', { name: 'Logout' }).click();
    await first.waitForURL(`${server.baseUrl}/`);
    expect(await first.evaluate(() => 'signedInPage' in window)).toBe(false);
    await second.goto(`${server.baseUrl}/UserProfile`);
    await second.waitForURL(/\/\?login=1&redirectTo=%2FUserProfile$/);
  });

  it('takes a page whose session ended elsewhere to the login dialog and back to that page, not to the JSON its settings load from', async () => {
    const { email, password } = await createUser(server.db, {});
    const first = await browser.newPage();
    await signIn(first, server.baseUrl, email, password);
    const second = await browser.newPage();
    await second.context().addCookies(await first.context().cookies());
    // The profile's email settings load after hydration: that request is held until the session has ended.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked = new Promise<void>((resolve) => void second.route(/\/api\/email-preferences/, async (route) => (resolve(), await held, route.continue())));
    await second.goto(`${server.baseUrl}/UserProfile`);
    // The section loads its state once the page has hydrated (useLoadOnce).
    await second.getByRole('region', { name: 'Email notifications' }).scrollIntoViewIfNeeded();
    await asked;
    await first.goto(`${server.baseUrl}/UserProfile`);
    await first.getByRole('button', { name: 'Logout' }).click();
    await first.waitForURL(`${server.baseUrl}/`);
    release();
    // The resource answers 401 (no redirect a fetcher would follow); the page opens the login dialog for itself.
    await second.waitForURL(/\/\?login=1&redirectTo=%2FUserProfile$/);
    const dialog = second.getByRole('dialog', { name: 'Welcome back' });
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Login' }).click();
    await second.waitForURL(/\/UserProfile$/);
    await second.getByRole('heading', { name: 'My Profile' }).waitFor();
  });

  // Last in the file: it spends this address's five failed attempts.
  it('refuses further attempts after five wrong passwords with the SPEC message', async () => {
    const { email, password } = await createUser(server.db, {});
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/?login=1`);
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();
    await dialog.getByLabel('Email').fill(email);
    for (let i = 1; i <= 5; i++) {
      await dialog.getByLabel('Password', { exact: true }).fill(`wrong-${i}`);
      await Promise.all([page.waitForResponse((r) => r.url().includes('/auth/login')), dialog.getByRole('button', { name: 'Login' }).click()]);
      await expect(dialog.getByRole('alert').textContent()).resolves.toMatch(/Invalid email or password|Too many requests/);
    }
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Login' }).click();
    await dialog.getByText(/^Too many requests\. Please wait until \d{2}:\d{2}$/).waitFor();
    await screenshot(page, 'login-dialog-rate-limited-1280');
  });
});
