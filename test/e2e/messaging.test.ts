import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type CreatedUser } from '../support/accounts';
import { screenshot, useBrowser } from '../support/browser';
import { createTestBooking } from '../support/fixtures/bookings';
import { useTestServer } from '../support/server';

/**
 * Messaging in a real browser: a client (desktop) and a coach (phone) in two browser contexts
 * exchange messages that arrive live (server-sent events fed by PostgreSQL NOTIFY) without a
 * reload; the unread badges follow; an administrator writes to each party.
 */
describe('messaging', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let client: CreatedUser, coach: CreatedUser, admin: CreatedUser;
  let bookingId: string;
  let clientPage: Page, coachPage: Page;
  const LIVE = { timeout: 3_000 };

  const thread = (page: Page) => page.getByTestId('message-thread');
  /** The badge beside Messages in the visible menu (the phone sheet holds a second, hidden copy). */
  const menuBadge = (page: Page) => page.locator('[data-testid=menu-unread-count]:visible');
  const box = (page: Page) => page.getByPlaceholder('Type your message...');
  async function type(page: Page, text: string) {
    await box(page).fill(text);
    await box(page).press('Enter');
  }

  beforeAll(async () => {
    client = await createUser(server.db, { userType: 'client', fullName: 'Chris Client', email: 'chris@example.com' });
    coach = await createUser(server.db, { userType: 'coach', fullName: 'Casey Coach', email: 'casey@example.com', servicesOffered: ['striker'] });
    admin = await createUser(server.db, { role: 'admin', fullName: 'Ada Admin', email: 'ada@example.com' });
    bookingId = (await createTestBooking(server.db, { clientId: client.user.id, coachId: coach.user.id, serviceType: 'striker' })).id;
    clientPage = await browser.newPage({ width: 1280, height: 800 });
    coachPage = await browser.newPage({ width: 390, height: 844 });
    await signIn(clientPage, server.baseUrl, client.email, client.password);
    await signIn(coachPage, server.baseUrl, coach.email, coach.password);
  });

  it('shows each party their conversation on the Messages page', async () => {
    await clientPage.goto(`${server.baseUrl}/Messages`);
    const row = clientPage.getByRole('link', { name: /Casey Coach, Re: Striker & Finishing Session/ });
    await row.waitFor();
    await screenshot(clientPage, 'messages-client-1280');
    await coachPage.goto(`${server.baseUrl}/messages`);
    await coachPage.getByRole('link', { name: /Chris Client, Re: Striker & Finishing Session/ }).waitFor();
  });

  it('opens the conversation without the shell, with the other party and the service', async () => {
    await clientPage.getByRole('link', { name: /Casey Coach/ }).click();
    await clientPage.waitForURL(/\/Conversation\?booking_id=/);
    await clientPage.getByRole('heading', { level: 1, name: 'Casey Coach' }).waitFor();
    await clientPage.getByText('Re: Striker & Finishing Session').waitFor();
    await clientPage.getByRole('link', { name: 'Back to Messages' }).waitFor();
    expect(await clientPage.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  });

  it('does not send a blank message', async () => {
    await box(clientPage).fill('    ');
    expect(await clientPage.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await box(clientPage).press('Enter');
    expect(await thread(clientPage).count()).toBe(0);
  });

  it('delivers a message to the coach’s open conversation live, and back', async () => {
    await coachPage.goto(`${server.baseUrl}/Conversation?booking_id=${bookingId}`);
    await coachPage.getByText('No messages yet').waitFor();
    await type(clientPage, 'Hi Casey, can we work on finishing?');
    await thread(clientPage).getByText('Hi Casey, can we work on finishing?').waitFor(LIVE);
    await thread(coachPage).getByText('Hi Casey, can we work on finishing?').waitFor(LIVE);
    // The coach has it open, so it is read at once, and the client sees that without a reload.
    await thread(clientPage).getByText('Read').waitFor(LIVE);

    await type(coachPage, 'Of course! Bring your boots.');
    await thread(clientPage).getByText('Of course! Bring your boots.').waitFor(LIVE);
    await thread(coachPage).getByText('Read').waitFor(LIVE);
    await screenshot(clientPage, 'conversation-client-1280');
    await screenshot(coachPage, 'conversation-coach-390');
  });

  it('keeps the typed text and says why when a message is too long', async () => {
    const long = 'a'.repeat(5001);
    await box(clientPage).fill(long);
    await box(clientPage).press('Enter');
    await clientPage.getByRole('alert').getByText('Message too long').waitFor();
    expect(await box(clientPage).inputValue()).toBe(long);
    await box(clientPage).fill('');
  });

  it('updates the coach’s unread counts on the Messages page without a reload', async () => {
    await coachPage.goto(`${server.baseUrl}/Messages`);
    await type(clientPage, 'See you Saturday at 10.');
    const row = coachPage.getByRole('link', { name: /Chris Client/ });
    await row.getByTestId('unread-badge').getByText('1').waitFor(LIVE);
    await row.getByText('See you Saturday at 10.').waitFor(LIVE);
    await coachPage.getByTestId('menu-unread-dot').waitFor(LIVE);
    await screenshot(coachPage, 'messages-coach-390');
    await coachPage.setViewportSize({ width: 1280, height: 800 });
    await menuBadge(coachPage).getByText('1').waitFor(LIVE);
    await type(clientPage, 'And one more thing.');
    await menuBadge(coachPage).getByText('2').waitFor(LIVE);
    await screenshot(coachPage, 'messages-coach-1280');
    await row.click();
    await thread(coachPage).getByText('And one more thing.').waitFor();
    await coachPage.setViewportSize({ width: 390, height: 844 });
  });

  it('says “Conversation not found.” with a 404 for a booking that is missing or not yours', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    const stranger = await createUser(server.db, { userType: 'client', fullName: 'Sam Stranger', email: 'sam@example.com' });
    await signIn(page, server.baseUrl, stranger.email, stranger.password);
    for (const id of [bookingId, '00000000-0000-4000-8000-000000000000']) {
      const response = await page.goto(`${server.baseUrl}/Conversation?booking_id=${id}`);
      expect(response?.status()).toBe(404);
      await page.getByText('Conversation not found.').waitFor();
    }
    await page.goto(`${server.baseUrl}/Messages`);
    await page.getByText('No messages yet').waitFor();
    await page.getByText('Your conversations will appear here.').waitFor();
    await screenshot(page, 'messages-empty-390');
  });

  it('falls back to polling where server-sent events are unavailable', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'EventSource');
    });
    await signIn(page, server.baseUrl, client.email, client.password);
    await page.goto(`${server.baseUrl}/Conversation?booking_id=${bookingId}`);
    await thread(page).getByText('And one more thing.').waitFor();
    await type(coachPage, 'Polling works too.');
    // One polling interval (3 s) plus the reload.
    await thread(page).getByText('Polling works too.').waitFor({ timeout: 5_000 });
    await page.close();
  });

  it('lets an admin read the whole chat and write to each party', async () => {
    const page = await browser.newPage({ width: 1280, height: 800 });
    await signIn(page, server.baseUrl, admin.email, admin.password);
    await page.goto(`${server.baseUrl}/Messages`);
    await page.getByRole('link', { name: /Chris Client & Casey Coach/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Chat for Striker & Finishing' }).waitFor();
    await thread(page).getByText('Hi Casey, can we work on finishing?').waitFor();
    await thread(page).getByText('Of course! Bring your boots.').waitFor();

    await coachPage.goto(`${server.baseUrl}/Conversation?booking_id=${bookingId}`);
    await page.getByText('Message Client: Chris Client').click();
    await type(page, 'Hello Chris, this is FACT support.');
    await thread(clientPage).getByText('Hello Chris, this is FACT support.').waitFor(LIVE);
    await page.getByText('Message Coach: Casey Coach').click();
    await type(page, 'Hello Casey, this is FACT support.');
    await thread(coachPage).getByText('Hello Casey, this is FACT support.').waitFor(LIVE);
    // Each party sees only what was addressed to them.
    expect(await thread(coachPage).getByText('Hello Chris, this is FACT support.').count()).toBe(0);
    expect(await thread(clientPage).getByText('Hello Casey, this is FACT support.').count()).toBe(0);
    await thread(page).getByText('Hello Casey, this is FACT support.').waitFor(LIVE);
    await screenshot(page, 'conversation-admin-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'conversation-admin-390');
    await screenshot(clientPage, 'conversation-client-with-admin-1280');
  });

  it('takes a sender whose session ended to the login dialog, back to the conversation, and stores nothing', async () => {
    const page = await browser.newPage({ width: 1280, height: 800 });
    await signIn(page, server.baseUrl, client.email, client.password);
    await page.goto(`${server.baseUrl}/Conversation?booking_id=${bookingId}`);
    await page.getByRole('heading', { level: 1, name: 'Casey Coach' }).waitFor();
    await page.waitForFunction(() => Object.keys(document.querySelector('textarea') ?? {}).some((k) => k.startsWith('__reactProps')));
    await page.context().clearCookies();
    // /api/messages answers 401 SIGNED_OUT; the page sends the person to log in.
    await type(page, 'Sent after the session ended');
    await page.waitForURL(`${server.baseUrl}/?login=1&redirectTo=${encodeURIComponent(`/Conversation?booking_id=${bookingId}`)}`);
    const stored = await server.db.query(`select count(*)::int as n from messages where content = 'Sent after the session ended'`);
    expect(stored[0]!.n).toBe(0);
    await page.close();
  });
});
