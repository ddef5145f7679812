import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication, type Application } from '../../adapters/composition-root';
import { loadEnv } from '../../adapters/config/env';
import { createLogger } from '../../adapters/logging/logger';
import { createAppWorker } from '../../adapters/outbox/app-worker';
import type { Actor } from '../../domain/policy/actor';
import { openDispute } from '../../domain/booking/disputes/use-cases/open-dispute';
import { acceptBooking } from '../../domain/booking/lifecycle/use-cases/accept-booking';
import { autoCompleteDue } from '../../domain/booking/session-progress/use-cases/auto-complete-due';
import { unwrap } from '../../domain/shared/result';
import { createUser, signIn } from '../support/accounts';
import { screenshot, useBrowser } from '../support/browser';
import { createTestBooking } from '../support/fixtures/bookings';
import { useTestServer } from '../support/server';
import { TEST_HASH_COST } from '../support/test-env';

/**
 * The admin booking page in Chromium (decision 055): opened from AdminBookings, its
 * timeline of a real booking's story — made through the use cases of an application on the
 * server's database — with who did each step and the money after it, at 1280 and 360 px.
 */
const HOUR = 3_600_000;
const server = useTestServer();
const browser = useBrowser();
let app: Application;
let page: Page;
const people = {} as Record<'admin' | 'client' | 'coach', { id: string; actor: Actor; email: string; password: string }>;
const ids = {} as Record<'disputed', { id: string; reference: string }>;

const drain = () => createAppWorker(app).drain();

beforeAll(async () => {
  const env = loadEnv({ NODE_ENV: 'test', FACT_TEST_MODE: '1', ...TEST_HASH_COST, DATABASE_URL: server.db.url, LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fact-timeline-')) });
  app = await createApplication({ env, logger: createLogger({ level: 'silent', pretty: false }), databaseUrl: server.db.url, sessionSecret: 'timeline-test-secret-0123456789abcdef' });
  const person = async (key: keyof typeof people, input: NonNullable<Parameters<typeof createUser>[1]>) => {
    const created = await createUser(app, input);
    const actor: Actor = { userId: created.user.id, role: input.role === 'admin' ? 'admin' : 'user', userType: input.userType ?? 'client' };
    people[key] = { id: created.user.id, actor, email: created.user.email, password: created.password };
  };
  await person('admin', { role: 'admin', email: 'ada@fact.test', fullName: 'Ada Admin' });
  await person('client', { email: 'cleo@example.test', fullName: 'Cleo Client' });
  await person('coach', { userType: 'coach', email: 'cole@example.test', fullName: 'Cole Coach', hourlyRate: 50 });

  // Paid, accepted (captured), completed automatically a day after it ended, then disputed by the client.
  const booking = await createTestBooking(app, { clientId: people.client.id, coachId: people.coach.id });
  unwrap(await acceptBooking(app.deps(), { actor: people.coach.actor, bookingId: booking.id }));
  await drain();
  app.testClock!.set(new Date(booking.startsAt.getTime() + 26 * HOUR));
  unwrap(await autoCompleteDue(app.deps()));
  unwrap(await openDispute(app.deps(), { actor: people.client.actor, bookingId: booking.id, description: 'The coach left after forty minutes' }));
  ids.disputed = { id: booking.id, reference: booking.referenceCode };

  page = await browser.newPage({ width: 1280, height: 900 });
  expect(await signIn(page, server.baseUrl, people.admin.email, people.admin.password)).toMatch(/\/AdminDashboard$/);
}, 180_000);

afterAll(async () => {
  await app?.close();
});

const timeline = (p: Page) => p.getByRole('list', { name: 'Timeline, oldest first' });

describe('the admin booking page', () => {
  it('opens from its AdminBookings row by keyboard and tells the story with who and the money', async () => {
    await page.goto(`${server.baseUrl}/AdminBookings?status=all`);
    const link = page.getByRole('link', { name: ids.disputed.reference, exact: true });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/AdminBookings/${ids.disputed.id}$`));
    await page.getByRole('heading', { level: 1, name: `Booking ${ids.disputed.reference}` }).waitFor();

    const steps = timeline(page).locator(':scope > li');
    const texts = await steps.allInnerTexts();
    expect(texts[0]).toMatch(/^Client Cleo Client\n[\s\S]*Booking requested/);
    expect(texts.some((t) => /^Client Cleo Client\n[\s\S]*£53\.00 held on the card[\s\S]*Held\s*£53\.00/.test(t))).toBe(true);
    expect(texts.some((t) => /^Coach Cole Coach\n[\s\S]*Accepted/.test(t))).toBe(true);
    expect(texts.some((t) => /^System\n[\s\S]*£53\.00 captured[\s\S]*Captured\s*£53\.00/.test(t))).toBe(true);
    expect(texts.some((t) => /^System\n[\s\S]*Completed/.test(t))).toBe(true);
    expect(texts.at(-1)).toMatch(/^Client Cleo Client\n[\s\S]*Dispute opened: The coach left after forty minutes/);
    await expect(page.getByRole('link', { name: 'Open the conversation' }).getAttribute('href')).resolves.toBe(`/Conversation?booking_id=${ids.disputed.id}`);
    await screenshot(page, 'admin-booking-timeline-1280');
  });

  it('fits a 360 px phone', async () => {
    const phone = await browser.newPage({ width: 360, height: 800 });
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`${server.baseUrl}/AdminBookings/${ids.disputed.id}`);
    await timeline(phone).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'admin-booking-timeline-360');
  });

  it('is a 404 for a booking that does not exist', async () => {
    const res = await page.goto(`${server.baseUrl}/AdminBookings/00000000-0000-4000-8000-000000000000`);
    expect(res?.status()).toBe(404);
  });
});
