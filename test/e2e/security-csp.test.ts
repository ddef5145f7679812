import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { useBrowser } from '../support/browser';
import { createTestBooking } from '../support/fixtures/bookings';
import { useTestServer } from '../support/server';

/**
 * Issue 12 §2: the pages really work under the Content-Security-Policy — no violation reported
 * by Chromium on any page, and the pages hydrate (a client-side navigation happens without a
 * document load).
 */
const server = useTestServer();
const browser = useBrowser();

interface Watched {
  violations: string[];
  errors: string[];
}

async function watch(page: Page): Promise<Watched> {
  const watched: Watched = { violations: [], errors: [] };
  await page.exposeFunction('__cspViolation', (text: string) => watched.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error') watched.errors.push(m.text());
  });
  page.on('pageerror', (e) => watched.errors.push(e.message));
  return watched;
}

/** Remix's router exists once the entry module ran and hydration started (false after 10 s). */
async function hydrated(page: Page): Promise<boolean> {
  return page
    .waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter), undefined, { timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
}

describe('pages under the Content-Security-Policy', () => {
  let client: { email: string; password: string; id: string };
  let coach: { email: string; password: string; id: string };
  let admin: { email: string; password: string };
  let bookingId: string;

  beforeAll(async () => {
    const c = await createUser(server.db, { fullName: 'Csp Client' });
    const k = await createUser(server.db, { userType: 'coach', fullName: 'Csp Coach' });
    const a = await createUser(server.db, { role: 'admin', fullName: 'Csp Admin' });
    client = { email: c.email, password: c.password, id: c.user.id };
    coach = { email: k.email, password: k.password, id: k.user.id };
    admin = { email: a.email, password: a.password };
    bookingId = (await createTestBooking(server.db, { clientId: client.id, coachId: coach.id })).id;
  });

  it('loads and hydrates the public pages without a single violation', async () => {
    const page = await browser.newPage();
    const watched = await watch(page);
    for (const path of ['/', '/Register', '/Register?type=coach', '/Terms', '/PrivacyPolicy', '/?login=1']) {
      await page.goto(`${server.baseUrl}${path}`);
      expect(await hydrated(page), `${path}: ${watched.errors.join(" | ")}`).toBe(true);
    }
    expect(watched.violations).toEqual([]);
  });

  it('loads and hydrates every signed-in page of a client, a coach and an administrator without a violation', async () => {
    const visits: [{ email: string; password: string }, string[]][] = [
      [client, ['/FindCoaches', '/MyBookings', '/Messages', `/Conversation?booking_id=${bookingId}`, '/UserProfile']],
      [coach, ['/CoachDashboard', '/MyBookings', '/Messages', `/Conversation?booking_id=${bookingId}`]],
      [admin, ['/AdminDashboard', '/AdminUsers', '/AdminBookings', '/DataDiagnostic', '/Messages']],
    ];
    for (const [who, paths] of visits) {
      const page = await browser.newPage();
      const watched = await watch(page);
      await signIn(page, server.baseUrl, who.email, who.password);
      for (const path of paths) {
        await page.goto(`${server.baseUrl}${path}`);
        expect(await hydrated(page), `${path}: ${watched.errors.join(" | ")}`).toBe(true);
      }
      expect(watched.violations, who.email).toEqual([]);
    }
  });

  it('navigates on the client after hydration (the scripts really ran)', async () => {
    const page = await browser.newPage();
    const watched = await watch(page);
    await signIn(page, server.baseUrl, client.email, client.password);
    await page.goto(`${server.baseUrl}/FindCoaches`);
    expect(await hydrated(page)).toBe(true);
    let documentLoads = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) documentLoads++;
    });
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') requests.push(r.url());
    });
    await page.getByRole('link', { name: 'Messages', exact: true }).first().click();
    await page.waitForURL(/\/Messages$/);
    expect(requests).toEqual([]);
    expect(documentLoads).toBeGreaterThanOrEqual(0);
    expect(watched.violations).toEqual([]);
  });
});
