import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type CreatedUser } from '../support/accounts';
import { useBrowser } from '../support/browser';
import { createTestBooking } from '../support/fixtures/bookings';
import { useTestServer } from '../support/server';

/**
 * In Chromium. Stored XSS: script, event-handler and javascript: payloads in every
 * free-text field — written both through the forms (the server's sanitiser) and straight into the
 * tables (as if the sanitiser had been bypassed) — render as inert text on every page that shows
 * them: no dialog opens, no payload runs, no element is injected. The same visits check that the
 * pages really work under the Content-Security-Policy: each hydrates, and Chromium reports no
 * violation on any public, client, coach or admin page; a client-side navigation happens.
 */
const server = useTestServer();
const browser = useBrowser();

let n = 0;
/** A different payload each time, each one tagged so the page can be seen to show it. */
function payload(): string {
  const i = n++;
  const kinds = [
    `XSS-MARK-${i} <script>window.__xss=${i};alert(${i})</script>`,
    `XSS-MARK-${i} <img src=x onerror="window.__xss=${i};alert(${i})">`,
    `XSS-MARK-${i} "><svg onload=alert(${i})>`,
    `XSS-MARK-${i} javascript:alert(${i})`,
    `XSS-MARK-${i} '><iframe src="javascript:alert(${i})"></iframe>`,
  ];
  return kinds[i % kinds.length]!;
}

interface Observed {
  dialogs: string[];
  violations: string[];
}

async function watch(page: Page): Promise<Observed> {
  const observed: Observed = { dialogs: [], violations: [] };
  page.on('dialog', (d) => {
    observed.dialogs.push(d.message());
    void d.dismiss();
  });
  await page.exposeFunction('__cspViolation', (text: string) => observed.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return observed;
}

/** Remix's router exists once the entry module ran and hydration started (false after 10 s). */
async function hydrated(page: Page): Promise<boolean> {
  return page
    .waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter), undefined, { timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
}

async function inert(page: Page, path: string): Promise<void> {
  const errors: string[] = [];
  const onError = (e: Error) => errors.push(e.message);
  page.on('pageerror', onError);
  const response = await page.goto(`${server.baseUrl}${path}`);
  expect(response?.status(), path).toBe(200);
  const ok = await hydrated(page);
  page.off('pageerror', onError);
  expect(ok, `${path} did not hydrate: ${errors.join(' | ')}`).toBe(true);
  await page.waitForTimeout(150);
  const found = await page.evaluate(() => ({
    ran: (window as unknown as { __xss?: unknown }).__xss ?? null,
    handlers: [...document.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name))).map((el) => el.outerHTML.slice(0, 120)),
    scripts: [...document.querySelectorAll('script:not([src])')].filter((s) => !s.hasAttribute('nonce')).map((s) => s.outerHTML.slice(0, 120)),
    injected: [...document.querySelectorAll('img[src="x"], svg[onload], iframe[src^="javascript:" i], a[href^="javascript:" i], form[action^="javascript:" i]')].map((e) => e.outerHTML.slice(0, 120)),
    marks: (document.body.innerText.match(/XSS-MARK-\d+/g) ?? []).length,
  }));
  expect(found.ran, `${path}: a payload ran`).toBeNull();
  expect(found.handlers, `${path}: inline handlers`).toEqual([]);
  expect(found.scripts, `${path}: scripts without the nonce`).toEqual([]);
  expect(found.injected, `${path}: injected elements`).toEqual([]);
  expect(found.marks, `${path}: the stored text is not shown at all`).toBeGreaterThan(0);
}

async function post(cookie: string, path: string, form: Record<string, string>): Promise<number> {
  const res = await fetch(`${server.baseUrl}${path}`, { method: 'POST', body: new URLSearchParams(form), headers: { Cookie: cookie, Origin: server.baseUrl }, redirect: 'manual' });
  return res.status;
}

async function cookieOf(who: CreatedUser): Promise<string> {
  const res = await fetch(`${server.baseUrl}/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ email: who.email, password: who.password }),
    headers: { Origin: server.baseUrl },
    redirect: 'manual',
  });
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

describe('stored text is shown as text', () => {
  let client: CreatedUser;
  let coach: CreatedUser;
  let admin: CreatedUser;
  let leaving: CreatedUser;
  let pending: string;
  let cancelled: string;

  beforeAll(async () => {
    client = await createUser(server.db, { fullName: 'Xavier Client' });
    coach = await createUser(server.db, { userType: 'coach', fullName: 'Xena Coach' });
    admin = await createUser(server.db, { role: 'admin', fullName: 'Xan Admin' });
    leaving = await createUser(server.db, { fullName: 'Lea Leaving' });
    const db = server.db;

    // Straight into the tables: what the pages must survive even if input cleaning were bypassed.
    for (const u of [client.user.id, coach.user.id, leaving.user.id]) {
      await db.query('update users set full_name = $2, bio = $3, location_address = $4 where id = $1', [u, payload(), payload(), payload()]);
    }
    await db.query('update coach_profiles set credentials = $2 where user_id = $1', [coach.user.id, [payload(), payload()]]);
    pending = (await createTestBooking(db, { clientId: client.user.id, coachId: coach.user.id })).id;
    cancelled = (await createTestBooking(db, { clientId: client.user.id, coachId: coach.user.id, startsAt: new Date(Date.now() + 6 * 86_400_000) })).id;
    await db.query('update bookings set client_notes = $2, location_address = $3, location_notes = $4 where id = $1', [pending, payload().slice(0, 200), payload(), payload()]);
    await db.query('insert into messages (id, booking_id, sender_id, receiver_id, content) values ($1, $2, $3, $4, $5)', [randomUUID(), pending, client.user.id, coach.user.id, payload()]);
    await db.query(`insert into account_deletion_requests (id, user_id, reason) values ($1, $2, $3)`, [randomUUID(), leaving.user.id, payload()]);

    // Through the forms: the same payloads, cleaned by the server, shown by the pages.
    const clientCookie = await cookieOf(client);
    const coachCookie = await cookieOf(coach);
    expect(await post(clientCookie, '/api/messages', { bookingId: pending, content: payload() })).toBe(200);
    expect(await post(coachCookie, '/api/messages', { bookingId: pending, content: payload() })).toBe(200);
    expect(await post(clientCookie, '/MyBookings', { intent: 'cancel', bookingId: cancelled, reason: payload() })).toBe(200);
    expect(
      await post(clientCookie, '/MyBookings', {
        intent: 'propose_reschedule',
        bookingId: pending,
        date: new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10),
        time: '10:00',
        reason: payload(),
      }),
    ).toBe(200);
    const third = (await createTestBooking(db, { clientId: leaving.user.id, coachId: coach.user.id, startsAt: new Date(Date.now() + 9 * 86_400_000) })).id;
    expect(await post(coachCookie, '/CoachDashboard', { intent: 'decline', bookingId: third, reason: payload() })).toBe(200);
  });

  it('renders every page of the client inert', async () => {
    const page = await browser.newPage();
    const observed = await watch(page);
    await signIn(page, server.baseUrl, client.email, client.password);
    for (const path of ['/FindCoaches', '/MyBookings', '/MyBookings?tab=cancelled', '/Messages', `/Conversation?booking_id=${pending}`, '/UserProfile', `/CoachProfile?userId=${coach.user.id}`]) {
      await inert(page, path);
    }
    expect(observed.dialogs).toEqual([]);
    expect(observed.violations).toEqual([]);
  });

  it('renders every page of the coach inert', async () => {
    const page = await browser.newPage();
    const observed = await watch(page);
    await signIn(page, server.baseUrl, coach.email, coach.password);
    for (const path of ['/CoachDashboard', '/CoachDashboard?tab=history', '/Messages', `/Conversation?booking_id=${pending}`, `/UserProfile?userId=${client.user.id}`, '/CoachProfile']) {
      await inert(page, path);
    }
    expect(observed.dialogs).toEqual([]);
    expect(observed.violations).toEqual([]);
  });

  it('renders every admin page inert', async () => {
    const page = await browser.newPage();
    const observed = await watch(page);
    await signIn(page, server.baseUrl, admin.email, admin.password);
    for (const path of ['/AdminDashboard', '/AdminUsers', '/AdminBookings', '/DataDiagnostic', '/Messages', `/Conversation?booking_id=${pending}`, `/UserProfile?userId=${client.user.id}`]) {
      await inert(page, path);
    }
    expect(observed.dialogs).toEqual([]);
    expect(observed.violations).toEqual([]);
  });

  it('loads and hydrates the public pages without a CSP violation', async () => {
    const page = await browser.newPage();
    const observed = await watch(page);
    for (const path of ['/', '/Register', '/Register?type=coach', '/Terms', '/PrivacyPolicy', '/?login=1', '/ForgotPassword', '/ResetPassword?token=not-a-real-token']) {
      await page.goto(`${server.baseUrl}${path}`);
      expect(await hydrated(page), path).toBe(true);
    }
    expect(observed.violations).toEqual([]);
  });

  it('navigates on the client after hydration (the scripts really ran)', async () => {
    const page = await browser.newPage();
    const observed = await watch(page);
    await signIn(page, server.baseUrl, client.email, client.password);
    await page.goto(`${server.baseUrl}/FindCoaches`);
    expect(await hydrated(page)).toBe(true);
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    await page.getByRole('link', { name: 'Messages', exact: true }).first().click();
    await page.waitForURL(/\/Messages$/);
    expect(documents).toEqual([]);
    expect(observed.violations).toEqual([]);
  });
});
