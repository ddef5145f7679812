import { afterEach, describe, expect, it } from 'vitest';
import { outboxFileOf } from '../../../adapters/mail/index';
import { createAppWorker } from '../../../adapters/outbox/app-worker';
import { createUser, readOutbox } from '../../support/accounts';
import { sameOrigin, useHttpApp, type HttpApp } from '../../support/http-app';

/**
 * Password change (profile 'Password' card) and password reset ('Forgot your password?', the
 * mailed link, /ResetPassword) over HTTP, through the production middleware and build: who
 * stays signed in, what is stored, what is mailed, that the reset request tells nobody whether
 * an account exists (words, status, time), and that a link works once, for an hour, for an
 * account that may still sign in.
 */
const http = useHttpApp();
const MINUTE = 60_000;
let ipCounter = 0;
/** Each request from its own address, so the per-address limits stay out of the way. */
const freshIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

const RESET_REQUESTED = 'If an account exists for that email, we have sent a link to reset your password. The link works for one hour.';
const LINK_INVALID = 'This password reset link is invalid or has expired.';

async function login(base: HttpApp, email: string, password: string) {
  const res = await fetch(`${base.baseUrl}/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ email, password }),
    headers: sameOrigin(base.baseUrl, { 'X-Forwarded-For': freshIp() }),
    redirect: 'manual',
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { status: res.status, cookie, body: res.status === 302 ? '' : await res.text() };
}

/** Whether `cookie` still opens a signed-in page (a stale one is sent to the login). */
async function signedIn(base: HttpApp, cookie: string): Promise<boolean> {
  const res = await fetch(`${base.baseUrl}/Messages`, { headers: { Cookie: cookie }, redirect: 'manual' });
  if (res.status === 200) return true;
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toMatch(/^\/\?login=1/);
  return false;
}

/** The profile page's Password card, as the page's fetcher posts it (`_data`: the action's JSON). */
async function changePasswordOn(page: 'UserProfile' | 'CoachProfile', cookie: string, form: Record<string, string>, ip = freshIp()) {
  const res = await fetch(`${http.baseUrl}/${page}?_data=routes/_app.${page}`, {
    method: 'POST',
    body: new URLSearchParams({ intent: 'password', ...form }),
    headers: sameOrigin(http.baseUrl, { Cookie: cookie, 'X-Forwarded-For': ip }),
    redirect: 'manual',
  });
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { status: res.status, body: (await res.json()) as { ok: boolean; message: string; code?: string; fieldErrors?: Record<string, string[]> }, cookie: setCookie.split(';')[0] ?? '', setCookie };
}

/** 'Forgot your password?' as a browser without JavaScript posts it: the whole page comes back. */
async function forgot(email: string, ip = freshIp()) {
  const started = performance.now();
  const res = await fetch(`${http.baseUrl}/ForgotPassword`, {
    method: 'POST',
    body: new URLSearchParams({ email }),
    headers: sameOrigin(http.baseUrl, { 'X-Forwarded-For': ip }),
    redirect: 'manual',
  });
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - started };
}

/** The page without what differs on every response anyway (the CSP nonce). */
const comparable = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/"nonce":"[^"]*"/g, '"nonce":""');

/** `fact worker --once`: the application's worker, every handler, until nothing is due. */
async function runWorker() {
  const worker = createAppWorker(http.app);
  await worker.reclaimStale();
  await worker.enqueueScheduled();
  return worker.drain();
}

const resetMails = (email: string) => readOutbox(outboxFileOf(http.app.env)).filter((m) => m.to === email && m.subject === 'Reset your FACT password');

/** The link in the newest reset mail to `email`. */
function resetLinkFor(email: string): string {
  const mail = resetMails(email).at(-1);
  const link = /https?:\/\/\S+\/ResetPassword\?token=[A-Za-z0-9_.%-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no reset mail for ${email}`);
  return link;
}
/** The link as this test server serves it (APP_URL is not set in the test: same path, this port). */
const local = (link: string) => `${http.baseUrl}${new URL(link).pathname}${new URL(link).search}`;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function openLink(link: string) {
  const res = await fetch(local(link));
  return { status: res.status, html: await res.text(), headers: res.headers };
}

async function submitNewPassword(link: string, password: string, confirm = password) {
  return fetch(`${http.baseUrl}/ResetPassword`, {
    method: 'POST',
    body: new URLSearchParams({ token: tokenOf(link), newPassword: password, confirmPassword: confirm }),
    headers: sameOrigin(http.baseUrl, { 'X-Forwarded-For': freshIp() }),
    redirect: 'manual',
  });
}

async function row(userId: string) {
  const [r] = await http.db.query<{ password_hash: string | null; session_version: number; email_verified_at: Date | null }>(
    'select password_hash, session_version, email_verified_at from users where id = $1',
    [userId],
  );
  return r!;
}

afterEach(() => http.app.testClock?.reset());

describe('changing the password on the profile page', () => {
  it('ends the sessions on other devices but keeps this one, with a fresh cookie', async () => {
    const { user, email, password } = await createUser(http.app, { email: 'change-two-devices@example.com' });
    const phone = (await login(http, email, password)).cookie;
    const laptop = (await login(http, email, password)).cookie;
    const before = await row(user.id);
    http.clearLogs();

    const changed = await changePasswordOn('UserProfile', phone, { currentPassword: password, newPassword: 'fresh-password-7', confirmPassword: 'fresh-password-7' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ok: true, intent: 'password', message: 'Your password has been changed.' });
    expect(changed.setCookie).toMatch(/^fact_session=[^;]+;.*HttpOnly/i);

    expect(await signedIn(http, changed.cookie)).toBe(true);
    expect(await signedIn(http, laptop)).toBe(false);
    expect(await signedIn(http, phone)).toBe(false);
    const after = await row(user.id);
    expect(after.session_version).toBe(before.session_version + 1);
    expect(after.password_hash).toMatch(/^scrypt\$/);
    expect(after.password_hash).not.toBe(before.password_hash);
    expect((await login(http, email, password)).status).toBe(422);
    expect((await login(http, email, 'fresh-password-7')).status).toBe(302);

    const events = http.logs().filter((l) => l.event === 'password_changed');
    expect(events).toEqual([expect.objectContaining({ event: 'password_changed', userId: user.id })]);
    expect(http.rawLogs()).not.toContain('fresh-password-7');
    expect(http.rawLogs()).not.toContain(password);
  });

  it('changes nothing for a wrong current password, and counts it against the login limit of the account', async () => {
    const { user, email, password } = await createUser(http.app, { email: 'change-wrong@example.com' });
    const here = (await login(http, email, password)).cookie;
    const elsewhere = (await login(http, email, password)).cookie;
    const before = await row(user.id);

    const wrong = await changePasswordOn('UserProfile', here, { currentPassword: 'not-my-password', newPassword: 'fresh-password-7', confirmPassword: 'fresh-password-7' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({
      ok: false,
      code: 'CURRENT_PASSWORD_INCORRECT',
      message: 'Your current password is incorrect.',
      fieldErrors: { currentPassword: ['Your current password is incorrect.'] },
    });
    expect(wrong.setCookie).toBe('');
    expect(await row(user.id)).toEqual(before);
    expect(await signedIn(http, here)).toBe(true);
    expect(await signedIn(http, elsewhere)).toBe(true);

    // Four more wrong guesses (five in all, from different addresses): the account is locked,
    // here and at the login, even with the right password.
    for (let i = 0; i < 4; i++) {
      expect((await changePasswordOn('UserProfile', here, { currentPassword: `guess-${i}`, newPassword: 'fresh-password-7', confirmPassword: 'fresh-password-7' })).status).toBe(422);
    }
    const locked = await changePasswordOn('UserProfile', here, { currentPassword: password, newPassword: 'fresh-password-7', confirmPassword: 'fresh-password-7' });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^⚠️ Too many requests\. Please wait until \d\d:\d\d$/);
    expect((await login(http, email, password)).status).toBe(429);
    expect(await row(user.id)).toEqual(before);
  });

  it("checks the new password on the server: 'Password must be at least 6 characters long', 'Passwords do not match'", async () => {
    const { user, email, password } = await createUser(http.app, { email: 'change-rules@example.com' });
    const cookie = (await login(http, email, password)).cookie;
    const before = await row(user.id);
    const short = await changePasswordOn('UserProfile', cookie, { currentPassword: password, newPassword: '12345', confirmPassword: '12345' });
    expect(short.status).toBe(422);
    expect(short.body.fieldErrors).toEqual({ newPassword: ['Password must be at least 6 characters long'] });
    const mismatch = await changePasswordOn('UserProfile', cookie, { currentPassword: password, newPassword: 'fresh-password-7', confirmPassword: 'fresh-password-8' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.fieldErrors).toEqual({ confirmPassword: ['Passwords do not match'] });
    expect(await row(user.id)).toEqual(before);
  });

  it('works on the coach profile page too', async () => {
    const { email, password } = await createUser(http.app, { userType: 'coach', email: 'change-coach@example.com' });
    const cookie = (await login(http, email, password)).cookie;
    const changed = await changePasswordOn('CoachProfile', cookie, { currentPassword: password, newPassword: 'coach-password-9', confirmPassword: 'coach-password-9' });
    expect(changed.status).toBe(200);
    expect(await signedIn(http, changed.cookie)).toBe(true);
    expect((await login(http, email, 'coach-password-9')).status).toBe(302);
  });

  it('shows a Google-only account how to set a password instead of the form, and refuses a posted change', async () => {
    const { user } = await createUser(http.app, { email: 'google-only@example.com' });
    await http.db.query(`update users set password_hash = null, google_id = 'google-sub-1' where id = $1`, [user.id]);
    const cookie = await http.cookieFor(user.id);
    const page = await (await fetch(`${http.baseUrl}/UserProfile`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain('You sign in with Google, so your account has no password.');
    expect(page).toContain('href="/ForgotPassword"');
    expect(page).not.toContain('Current password');
    const refused = await changePasswordOn('UserProfile', cookie, { currentPassword: 'anything-1', newPassword: 'fresh-password-7', confirmPassword: 'fresh-password-7' });
    expect(refused.status).toBe(403);
    expect((await row(user.id)).password_hash).toBeNull();
  });

  it('refuses a change posted from another site', async () => {
    const { user, email, password } = await createUser(http.app, { email: 'change-csrf@example.com' });
    const cookie = (await login(http, email, password)).cookie;
    const before = await row(user.id);
    const res = await fetch(`${http.baseUrl}/UserProfile`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'password', currentPassword: password, newPassword: 'evil-password-1', confirmPassword: 'evil-password-1' }),
      headers: { Cookie: cookie, Origin: 'https://evil.example' },
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
    expect(await row(user.id)).toEqual(before);
  });
});

describe('asking for a reset link', () => {
  it('answers an existing and an unknown email alike: same status, same page', async () => {
    await createUser(http.app, { email: 'reset-known@example.com' });
    const known = await forgot('reset-known@example.com');
    const unknown = await forgot('reset-unknown@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(known.body).toContain(RESET_REQUESTED);
    expect(comparable(unknown.body)).toBe(comparable(known.body));
  });

  it('takes about as long for an unknown email as for an existing one (the request does the same work for both)', async () => {
    const accounts = await Promise.all([1, 2, 3].map((i) => createUser(http.app, { email: `reset-timing-${i}@example.com` })));
    const known: number[] = [];
    const unknown: number[] = [];
    // Warm up both paths, then interleave: 12 of each (4 per account, under the 5-an-hour limit of an email).
    await forgot('reset-warm-up@example.com');
    for (let i = 0; i < 12; i++) {
      known.push((await forgot(accounts[i % 3]!.email)).ms);
      unknown.push((await forgot(`reset-ghost-${i}@example.com`)).ms);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(unknown) / median(known);
    const detail = `unknown ${median(unknown).toFixed(1)} ms, existing ${median(known).toFixed(1)} ms`;
    expect(ratio, detail).toBeGreaterThan(0.7);
    expect(ratio, detail).toBeLessThan(1.4);
  });

  it('queues a job carrying only the normalised email, whether or not an account has it', async () => {
    await http.db.query(`delete from outbox_jobs where type = 'account.password_reset'`);
    await forgot('  Reset-Queued@Example.COM ');
    await forgot('reset-queued-nobody@example.com');
    const jobs = await http.db.query<{ payload: unknown }>(`select payload from outbox_jobs where type = 'account.password_reset' order by created_at`);
    expect(jobs.map((j) => j.payload)).toEqual([{ email: 'reset-queued@example.com' }, { email: 'reset-queued-nobody@example.com' }]);
  });

  it('mails a link for an existing account and nothing for an unknown one once the worker runs', async () => {
    await createUser(http.app, { email: 'reset-mailed@example.com', fullName: 'Mia Mailed' });
    await forgot('reset-mailed@example.com');
    await forgot('reset-nobody@example.com');
    expect(resetMails('reset-mailed@example.com')).toEqual([]);
    const outcome = await runWorker();
    expect(outcome.failed).toBe(0);
    const [mail, ...more] = resetMails('reset-mailed@example.com');
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Hi Mia Mailed,');
    expect(mail!.text).toMatch(/\/ResetPassword\?token=/);
    expect(mail!.text).toContain('If you did not ask for this, you can ignore this email');
    expect(mail!.html).toContain('href="http');
    expect(readOutbox(outboxFileOf(http.app.env)).filter((m) => m.to === 'reset-nobody@example.com')).toEqual([]);
  });

  it('limits requests per email and per address (5 an hour each)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await forgot(`reset-limit-${i}@example.com`, ip)).status).toBe(200);
    const sixth = await forgot('reset-limit-6@example.com', ip);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatch(/Too many requests\. Please wait until \d\d:\d\d/);
    for (let i = 0; i < 5; i++) expect((await forgot('reset-one-inbox@example.com')).status).toBe(200);
    expect((await forgot('reset-one-inbox@example.com')).status).toBe(429);
  });

  it('refuses a request posted from another site', async () => {
    const res = await fetch(`${http.baseUrl}/ForgotPassword`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'reset-csrf@example.com' }),
      headers: { Origin: 'https://evil.example', 'X-Forwarded-For': freshIp() },
    });
    expect(res.status).toBe(403);
  });
});

describe('the reset link', () => {
  it('sets the password, ends every existing session, verifies the email and works only once', async () => {
    const { user, email, password } = await createUser(http.app, { email: 'reset-once@example.com' });
    const phone = (await login(http, email, password)).cookie;
    const laptop = (await login(http, email, password)).cookie;
    await forgot(email);
    await runWorker();
    const link = resetLinkFor(email);

    const page = await openLink(link);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Choose a new password');
    expect(page.headers.get('cache-control')).toMatch(/no-store/);
    expect(page.headers.get('referrer-policy')).toMatch(/no-referrer/);
    // Opening the link changes nothing (no state change on GET).
    expect(await signedIn(http, phone)).toBe(true);

    http.clearLogs();
    const res = await submitNewPassword(link, 'after-reset-5');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?login=1');
    expect(res.headers.get('set-cookie')).toMatch(/fact_toast=/);
    const landing = await (await fetch(`${http.baseUrl}/?login=1`, { headers: { Cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]! } })).text();
    expect(landing).toContain('Your password has been reset. You can now log in.');

    expect(await signedIn(http, phone)).toBe(false);
    expect(await signedIn(http, laptop)).toBe(false);
    expect((await login(http, email, password)).status).toBe(422);
    expect((await login(http, email, 'after-reset-5')).status).toBe(302);
    expect(http.logs().filter((l) => l.event === 'password_reset')).toEqual([expect.objectContaining({ userId: user.id })]);
    expect(http.rawLogs()).not.toContain('after-reset-5');
    expect(http.rawLogs()).not.toContain(tokenOf(link));

    // Used: refused on the page and on a second post, which changes nothing.
    expect((await openLink(link)).html).toContain(LINK_INVALID);
    const before = await row(user.id);
    const again = await submitNewPassword(link, 'second-try-6');
    expect(again.status).toBe(422);
    expect(await again.text()).toContain(LINK_INVALID);
    expect(await row(user.id)).toEqual(before);
  });

  it('verifies the email of an account that never followed its verification link', async () => {
    const { user, email } = await createUser(http.app, { email: 'reset-unverified@example.com', verified: false });
    expect((await row(user.id)).email_verified_at).toBeNull();
    await forgot(email);
    await runWorker();
    expect((await submitNewPassword(resetLinkFor(email), 'verified-now-4')).status).toBe(302);
    expect((await row(user.id)).email_verified_at).not.toBeNull();
    expect((await login(http, email, 'verified-now-4')).status).toBe(302);
  });

  it("lifts the account's login lockout: the owner signs in at once with the new password", async () => {
    const { email, password } = await createUser(http.app, { email: 'reset-locked@example.com' });
    for (let i = 0; i < 5; i += 1) expect((await login(http, email, 'not-the-password')).status).toBe(422);
    const locked = await login(http, email, password);
    expect(locked.status).toBe(429);
    expect(locked.body).toContain('Too many requests. Please wait until');
    await forgot(email);
    await runWorker();
    expect((await submitNewPassword(resetLinkFor(email), 'unlocked-now-3')).status).toBe(302);
    expect((await login(http, email, 'unlocked-now-3')).status).toBe(302);
  });

  it('is refused after an hour', async () => {
    const { user, email, password } = await createUser(http.app, { email: 'reset-expired@example.com' });
    await forgot(email);
    await runWorker();
    const link = resetLinkFor(email);
    const clock = http.app.testClock!;
    clock.set(new Date(Date.now() + 59 * MINUTE));
    expect((await openLink(link)).html).toContain('Choose a new password');
    clock.set(new Date(Date.now() + 61 * MINUTE));
    const page = await openLink(link);
    expect(page.status).toBe(200);
    expect(page.html).toContain(LINK_INVALID);
    expect(page.html).toContain('href="/ForgotPassword"');
    const before = await row(user.id);
    expect((await submitNewPassword(link, 'too-late-3')).status).toBe(422);
    expect(await row(user.id)).toEqual(before);
    expect((await login(http, email, password)).status).toBe(302);
  });

  it('is refused once the person logged out (or changed the password) after it was sent', async () => {
    const { email, password } = await createUser(http.app, { email: 'reset-overtaken@example.com' });
    await forgot(email);
    await runWorker();
    const link = resetLinkFor(email);
    const cookie = (await login(http, email, password)).cookie;
    await fetch(`${http.baseUrl}/auth/logout`, { method: 'POST', headers: sameOrigin(http.baseUrl, { Cookie: cookie }), redirect: 'manual' });
    expect((await openLink(link)).html).toContain(LINK_INVALID);
    expect((await submitNewPassword(link, 'overtaken-2')).status).toBe(422);
  });

  it('gives a deactivated account no email, and refuses a link sent before it was deactivated', async () => {
    const admin = await createUser(http.app, { role: 'admin', email: 'reset-admin@example.com' });
    const adminCookie = (await login(http, admin.email, admin.password)).cookie;
    const { user, email } = await createUser(http.app, { email: 'reset-deactivated@example.com' });
    await forgot(email);
    await runWorker();
    const earlier = resetLinkFor(email);

    const removed = await fetch(`${http.baseUrl}/AdminUsers`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'remove_user', userId: user.id, reason: 'Spam' }),
      headers: sameOrigin(http.baseUrl, { Cookie: adminCookie }),
      redirect: 'manual',
    });
    expect(removed.status).toBe(200);

    await forgot(email);
    await runWorker();
    expect(resetMails(email)).toHaveLength(1);
    expect((await openLink(earlier)).html).toContain(LINK_INVALID);
    const before = await row(user.id);
    expect((await submitNewPassword(earlier, 'deactivated-1')).status).toBe(422);
    expect(await row(user.id)).toEqual(before);
  });

  it('refuses a forged or tampered token and a token made for email verification', async () => {
    const { user, email } = await createUser(http.app, { email: 'reset-forged@example.com' });
    const verification = await http.app.deps().tokens.issue({ userId: user.id, email }, http.app.clock.now());
    const realToken = await http.app.deps().resetTokens.issue({ userId: user.id, email, sessionVersion: user.sessionVersion }, http.app.clock.now());
    const tampered = `${realToken.slice(0, -2)}${realToken.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const token of ['forged', verification, tampered, '']) {
      const link = `${http.baseUrl}/ResetPassword?token=${encodeURIComponent(token)}`;
      expect((await openLink(link)).html).toContain(LINK_INVALID);
      expect((await submitNewPassword(link, 'forged-pass-1')).status).toBe(422);
    }
    expect((await row(user.id)).password_hash).toBe(user.passwordHash);
  });

  it('keeps the form and the link when the new password is refused', async () => {
    const { email } = await createUser(http.app, { email: 'reset-rules@example.com' });
    await forgot(email);
    await runWorker();
    const link = resetLinkFor(email);
    const short = await submitNewPassword(link, '12345');
    expect(short.status).toBe(422);
    expect(await short.text()).toContain('Password must be at least 6 characters long');
    const mismatch = await submitNewPassword(link, 'matching-1', 'matching-2');
    expect(mismatch.status).toBe(422);
    expect(await mismatch.text()).toContain('Passwords do not match');
    expect((await submitNewPassword(link, 'matching-1')).status).toBe(302);
  });

  it('refuses a new password posted from another site', async () => {
    const { user, email } = await createUser(http.app, { email: 'reset-csrf-link@example.com' });
    const token = await http.app.deps().resetTokens.issue({ userId: user.id, email, sessionVersion: user.sessionVersion }, http.app.clock.now());
    const res = await fetch(`${http.baseUrl}/ResetPassword`, {
      method: 'POST',
      body: new URLSearchParams({ token, newPassword: 'evil-password-1', confirmPassword: 'evil-password-1' }),
      headers: { Origin: 'https://evil.example' },
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
    expect((await row(user.id)).password_hash).toBe(user.passwordHash);
  });
});
