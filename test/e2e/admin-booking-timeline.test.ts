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
import { releaseDuePayments } from '../../domain/payments/use-cases/release-due-payments';
import { autoCompleteDue } from '../../domain/booking/session-progress/use-cases/auto-complete-due';
import { unwrap } from '../../domain/shared/result';
import { createUser, signIn } from '../support/accounts';
import { notifications } from '../support/booking-e2e';
import { screenshot, useBrowser } from '../support/browser';
import { createTestBooking } from '../support/fixtures/bookings';
import { enablePayouts } from '../support/payout-fixtures';
import { useTestServer } from '../support/server';
import { TEST_HASH_COST } from '../support/test-env';

/**
 * The admin booking page in Chromium (decision 055): opened from AdminBookings, its
 * timeline of a real booking's story — made through the use cases of an application on the
 * server's database — with who did each step and the money after it, at 1280 and 360 px; and its
 * three actions (cancel, resolve a dispute, retry a payout), each checked in the database after,
 * the payment worker run by the test as the server's would.
 */
const HOUR = 3_600_000;
const server = useTestServer();
const browser = useBrowser();
let app: Application;
let page: Page;
const people = {} as Record<'admin' | 'client' | 'coach', { id: string; actor: Actor; email: string; password: string }>;
const ids = {} as Record<'disputed' | 'toRefund' | 'toCancel' | 'toRetry', { id: string; reference: string }>;
let payoutAccount = '';

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
  // The same day two and four hours earlier: one to refund in part, one whose payout fails; and one in ten days, to cancel.
  const toRefund = await createTestBooking(app, { clientId: people.client.id, coachId: people.coach.id, startsAt: new Date(booking.startsAt.getTime() - 2 * HOUR) });
  const toRetry = await createTestBooking(app, { clientId: people.client.id, coachId: people.coach.id, startsAt: new Date(booking.startsAt.getTime() - 4 * HOUR) });
  const toCancel = await createTestBooking(app, { clientId: people.client.id, coachId: people.coach.id, startsAt: new Date(booking.startsAt.getTime() + 240 * HOUR) });
  for (const b of [booking, toRefund, toRetry, toCancel]) unwrap(await acceptBooking(app.deps(), { actor: people.coach.actor, bookingId: b.id }));
  await drain();
  app.testClock!.set(new Date(booking.startsAt.getTime() + 26 * HOUR));
  unwrap(await autoCompleteDue(app.deps()));
  unwrap(await openDispute(app.deps(), { actor: people.client.actor, bookingId: booking.id, description: 'The coach left after forty minutes' }));
  unwrap(await openDispute(app.deps(), { actor: people.client.actor, bookingId: toRefund.id, description: 'Ended twenty minutes early' }));
  // toRetry's hold ends and its £50.00 goes to a coach whose account the gateway has just closed to payouts: the transfer fails.
  app.testClock!.set(new Date(toRetry.startsAt.getTime() + 49 * HOUR + 1000));
  expect(unwrap(await releaseDuePayments(app.deps())).done).toEqual([toRetry.id]);
  payoutAccount = await enablePayouts(app, people.coach.id);
  await server.db.query(`update test_gateway_accounts set payouts_enabled = false where id = $1`, [payoutAccount]);
  await drain();
  expect(await transferOf(toRetry.id)).toMatchObject({ status: 'failed', attempt: 1 });
  for (const [key, b] of Object.entries({ disputed: booking, toRefund, toRetry, toCancel })) ids[key as keyof typeof ids] = { id: b.id, reference: b.referenceCode };

  page = await browser.newPage({ width: 1280, height: 900 });
  expect(await signIn(page, server.baseUrl, people.admin.email, people.admin.password)).toMatch(/\/AdminDashboard$/);
}, 180_000);

afterAll(async () => {
  await app?.close();
});

const timeline = (p: Page) => p.getByRole('list', { name: 'Timeline, oldest first' });
const steps = (p: Page) => timeline(p).locator(':scope > li').allInnerTexts();
const toast = (p: Page, text: string) => notifications(p).getByText(text).first();

async function bookingRow(id: string) {
  const rows = await server.db.query<Record<string, unknown>>(
    `select status, payment_status, amount_captured_pence, amount_refunded_pence, cancelled_by, cancellation_reason, dispute_status, dispute_outcome, dispute_refund_pence, dispute_resolution_note, dispute_resolved_by
       from bookings where id = $1`,
    [id],
  );
  return rows[0]!;
}
async function transferOf(id: string) {
  return (await server.db.query<Record<string, unknown>>(`select status, attempt, coach_share_pence, last_error from coach_transfers where booking_id = $1`, [id]))[0];
}
async function auditOf(id: string) {
  return server.db.query<{ action: string; actor_id: string; details: Record<string, unknown> }>(`select action, actor_id, details from audit_log where target_id = $1 order by created_at, id`, [id]);
}

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

describe('acting from the admin booking page', () => {
  it('refuses a dispute refund larger than what is held, with the rule’s words, and changes nothing', async () => {
    await page.goto(`${server.baseUrl}/AdminBookings/${ids.toRefund.id}`);
    const open = page.getByRole('button', { name: 'Resolve dispute…' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Resolve dispute' });
    await dialog.getByLabel('Refund the client in full').waitFor();
    await expect(dialog.getByRole('status').innerText()).resolves.toBe('£53.00 goes back to the client.');
    await dialog.getByLabel('Release to the coach').check();
    await expect(dialog.getByRole('status').innerText()).resolves.toBe('£53.00 is released to the coach now; the client gets nothing back.');
    await dialog.getByLabel('Refund the client in part').check();
    await dialog.getByLabel('Refund to the client (£)').fill('60');
    await expect(dialog.getByRole('status').innerText()).resolves.toBe('At most £53.00 can go back to the client.');
    const before = await bookingRow(ids.toRefund.id);
    await dialog.getByRole('button', { name: 'Resolve dispute' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Failed to resolve dispute: Enter a refund amount between £0.01 and £53.00.' }).waitFor();
    expect(await bookingRow(ids.toRefund.id)).toEqual(before);
    expect((await auditOf(ids.toRefund.id)).map((a) => a.action)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Resolve dispute…');
  });

  it('refunds £10.50 of a dispute, audited as the CLI audits it, and the timeline says £10.50 refunded', async () => {
    await page.getByRole('button', { name: 'Resolve dispute…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve dispute' });
    await dialog.getByLabel('Refund the client in part').check();
    await dialog.getByLabel('Refund to the client (£)').fill('10.50');
    await dialog.getByLabel('Note (kept with the booking)').fill('Twenty minutes short');
    await expect(dialog.getByRole('status').innerText()).resolves.toBe('£10.50 goes back to the client; the other £42.50 is paid to the coach when the payment is released.');
    await screenshot(page, 'admin-booking-resolve-dialog-1280');
    await dialog.getByRole('button', { name: 'Resolve dispute' }).click();
    await toast(page, 'Dispute resolved.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    expect(await bookingRow(ids.toRefund.id)).toMatchObject({
      status: 'completed',
      dispute_status: 'resolved',
      dispute_outcome: 'refund_partial',
      dispute_refund_pence: 1050,
      dispute_resolution_note: 'Twenty minutes short',
      dispute_resolved_by: people.admin.id,
    });
    expect(await auditOf(ids.toRefund.id)).toEqual([
      { action: 'dispute.resolve', actor_id: people.admin.id, details: { reference: ids.toRefund.reference, outcome: 'refund_partial', refundPence: 1050, note: 'Twenty minutes short', via: 'web' } },
    ]);
    await drain();
    expect(await bookingRow(ids.toRefund.id)).toMatchObject({ payment_status: 'partially_refunded', amount_captured_pence: 5300, amount_refunded_pence: 1050 });

    await page.reload();
    const texts = await steps(page);
    expect(texts.some((t) => /^Administrator Ada Admin \(web\)\n[\s\S]*Dispute resolved: £10\.50 to go back to the client/.test(t))).toBe(true);
    expect(texts.some((t) => /^System\n[\s\S]*£10\.50 refunded[\s\S]*Refunded\s*£10\.50/.test(t))).toBe(true);
    await expect(page.getByRole('button', { name: 'Resolve dispute…' }).count()).resolves.toBe(0);
    // And on the AdminBookings list, the money as the list says it.
    await page.goto(`${server.baseUrl}/AdminBookings?status=all`);
    await page
      .locator(`li[data-booking-id="${ids.toRefund.id}"]`)
      .getByText(/£10\.50 refunded/)
      .waitFor();
  });

  it('cancels a confirmed booking with a reason and refunds it in full, as fact bookings cancel does', async () => {
    await page.goto(`${server.baseUrl}/AdminBookings/${ids.toCancel.id}`);
    await page.getByRole('button', { name: 'Cancel booking…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel booking' });
    await dialog.getByText('£53.00 goes back to the client’s card.').waitFor();
    await dialog.getByText('An administrator’s cancellation always refunds the client in full under the cancellation policy, as fact bookings cancel does.').waitFor();
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('cancel-reason');

    // No reason: the rule's words, nothing changed.
    await dialog.getByRole('button', { name: 'Cancel and refund £53.00' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: /^Failed to cancel booking: / })
      .waitFor();
    expect(await bookingRow(ids.toCancel.id)).toMatchObject({ status: 'confirmed', payment_status: 'captured', amount_refunded_pence: 0 });
    expect(await auditOf(ids.toCancel.id)).toEqual([]);

    await dialog.getByLabel('Reason for cancelling').fill('The coach is injured');
    await screenshot(page, 'admin-booking-cancel-dialog-1280');
    await dialog.getByRole('button', { name: 'Cancel and refund £53.00' }).click();
    await toast(page, 'Booking cancelled.').waitFor();
    expect(await bookingRow(ids.toCancel.id)).toMatchObject({ status: 'cancelled', cancelled_by: 'admin', cancellation_reason: 'The coach is injured' });
    expect(await auditOf(ids.toCancel.id)).toEqual([
      { action: 'booking.cancel', actor_id: people.admin.id, details: { reference: ids.toCancel.reference, reason: 'The coach is injured', via: 'web' } },
    ]);
    // The test server's own worker may hold the refund's job while this drain runs: wait for the record.
    await drain();
    await expect.poll(() => bookingRow(ids.toCancel.id), { timeout: 10_000 }).toMatchObject({ payment_status: 'refunded', amount_captured_pence: 5300, amount_refunded_pence: 5300 });

    await page.reload();
    const texts = await steps(page);
    expect(texts.some((t) => /^Administrator Ada Admin \(web\)\n[\s\S]*Cancelled: The coach is injured/.test(t))).toBe(true);
    expect(texts.some((t) => /^System\n[\s\S]*£53\.00 refunded[\s\S]*Refunded\s*£53\.00/.test(t))).toBe(true);
    await expect(page.getByRole('button', { name: 'Cancel booking…' }).count()).resolves.toBe(0);
  });

  it('retries a failed payout, audited, and the coach is paid on the second attempt', async () => {
    await page.goto(`${server.baseUrl}/AdminBookings/${ids.toRetry.id}`);
    await page.getByRole('button', { name: 'Retry payout…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retry payout' });
    await dialog.getByText('£50.00, the coach’s share, is sent to Cole Coach again (attempt 2).').waitFor();
    await dialog.getByText(/^The last attempt failed: /).waitFor();
    await server.db.query(`update test_gateway_accounts set payouts_enabled = true where id = $1`, [payoutAccount]);
    await dialog.getByRole('button', { name: 'Send £50.00 again' }).click();
    await toast(page, 'Payout queued again.').waitFor();
    // Queued again: a second attempt with the error cleared (the server's worker may already be sending it).
    expect(await transferOf(ids.toRetry.id)).toMatchObject({ status: expect.stringMatching(/^(pending|paid)$/), attempt: 2, last_error: null });
    expect(await auditOf(ids.toRetry.id)).toEqual([{ action: 'payout.retry', actor_id: people.admin.id, details: { reference: ids.toRetry.reference, previousState: 'failed', via: 'web' } }]);
    // The server's own worker may hold the job while this one drains: wait until one of them has sent it.
    await expect
      .poll(
        async () => {
          await drain();
          return (await transferOf(ids.toRetry.id))?.status;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe('paid');
    expect(await transferOf(ids.toRetry.id)).toMatchObject({ status: 'paid', attempt: 2, coach_share_pence: 5000 });

    await page.reload();
    const texts = await steps(page);
    expect(texts.some((t) => /^System\n[\s\S]*Transfer failed/.test(t))).toBe(true);
    expect(texts.some((t) => /^Administrator Ada Admin \(web\)\n[\s\S]*Transfer sent again \(attempt 2\)/.test(t))).toBe(true);
    expect(texts.at(-1)).toMatch(/^System\n[\s\S]*Transfer paid to the coach/);
    await expect(page.getByRole('button', { name: 'Retry payout…' }).count()).resolves.toBe(0);
  });

  it('opens its dialogs on a 360 px phone without overflowing', async () => {
    const phone = await browser.newPage({ width: 360, height: 800 });
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`${server.baseUrl}/AdminBookings/${ids.disputed.id}`);
    await phone.getByRole('button', { name: 'Resolve dispute…' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Resolve dispute' });
    await dialog.getByLabel('Refund the client in part').check();
    await expect(phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBeLessThanOrEqual(0);
    await screenshot(phone, 'admin-booking-resolve-dialog-360');
    await phone.close();
  });
});
