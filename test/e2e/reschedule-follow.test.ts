import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { screenshot, useBrowser, waitForHydration } from '../support/browser';
import { bookVia, cardOf, expectToast, postAction, screenshotBoth, setServerClock } from '../support/booking-e2e';
import { useTestServer } from '../support/server';

/**
 * A reschedule both sides can follow: the client proposes a new time, both cards show it, the
 * coach finds it under 'Needs your response', and the client withdraws it; the card goes back.
 * Then the coach's card at 360 px: 'Cancel Booking' on a row of its own, outlined.
 */
const MONDAY = new Date('2027-01-11T09:00:00Z');

describe('a reschedule both sides can follow', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let client: Page;
  let coach: Page;
  let coachId = '';
  let booking: { id: string; referenceCode: string };

  beforeAll(async () => {
    await setServerClock(server.baseUrl, MONDAY);
    await createUser(server.db, { userType: 'client', email: 'rita@example.com', fullName: 'Rita Client' });
    coachId = (await createUser(server.db, { userType: 'coach', email: 'rob@example.com', fullName: 'Rob Coach', hourlyRate: 40 })).user.id;
    client = await browser.newPage();
    coach = await browser.newPage();
    await signIn(client, server.baseUrl, 'rita@example.com');
    await signIn(coach, server.baseUrl, 'rob@example.com');
    booking = await bookVia(client, server.baseUrl, coachId, '2027-01-25', '11:00');
    await postAction(coach, server.baseUrl, 'CoachDashboard', { intent: 'accept', bookingId: booking.id });
  });

  it('shows the client’s proposed time on both cards and in the coach’s Needs your response', async () => {
    await client.goto(`${server.baseUrl}/MyBookings`);
    await waitForHydration(client);
    const card = cardOf(client, booking.referenceCode);
    await card.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = client.getByRole('dialog', { name: 'Reschedule Session' });
    await dialog.getByLabel('New date').fill('2027-01-28');
    await dialog.getByLabel('New time').selectOption('17:30');
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expectToast(client, 'Reschedule request sent.');
    await card.getByText('Proposed new time: Thu 28 Jan, 17:30').waitFor();
    await card.getByText('Reschedule Pending').waitFor();
    await card.getByText('11:00 (60 mins)').waitFor();
    await card.getByRole('button', { name: 'Withdraw proposal' }).waitFor();
    await screenshotBoth(client, 'reschedule-follow-client-card');

    await coach.goto(`${server.baseUrl}/CoachDashboard`);
    const needs = coach.getByRole('region', { name: /Needs your response/ });
    await needs.getByRole('heading', { name: 'Needs your response (1)' }).waitFor();
    const row = needs.getByRole('group', { name: 'New time proposed: Rita Client' });
    await row.getByText('Proposed new time: Thu 28 Jan, 17:30').waitFor();
    await row.getByRole('button', { name: 'Review Reschedule' }).waitFor();
    // SPEC's tabs stay below it, Pending first.
    await coach.getByRole('link', { name: 'Pending (0)' }).waitFor();
    await screenshotBoth(coach, 'reschedule-follow-coach-needs');
    await coach.getByRole('link', { name: 'Upcoming (1)' }).click();
    const coachCard = cardOf(coach, booking.referenceCode);
    await coachCard.getByText('Proposed new time: Thu 28 Jan, 17:30').waitFor();
    await coachCard.getByRole('button', { name: 'Review Reschedule' }).waitFor();
    await expect(coachCard.getByRole('button', { name: 'Withdraw proposal' }).count()).resolves.toBe(0);
  });

  it('lets the client withdraw it after confirming; both cards go back', async () => {
    await client.goto(`${server.baseUrl}/MyBookings`);
    await waitForHydration(client);
    const card = cardOf(client, booking.referenceCode);
    await card.getByRole('button', { name: 'Withdraw proposal' }).click();
    const dialog = client.getByRole('dialog', { name: 'Withdraw proposal' });
    await dialog.getByText('Rob Coach will be told').waitFor();
    await screenshotBoth(client, 'reschedule-follow-withdraw-dialog');
    await dialog.getByRole('button', { name: 'Keep proposal' }).click();
    await card.getByText('Proposed new time: Thu 28 Jan, 17:30').waitFor();
    await card.getByRole('button', { name: 'Withdraw proposal' }).click();
    await client.getByRole('dialog', { name: 'Withdraw proposal' }).getByRole('button', { name: 'Withdraw proposal' }).click();
    await expectToast(client, 'Proposal withdrawn. The session keeps its time.');
    await card.getByRole('button', { name: 'Reschedule' }).waitFor();
    await expect(card.getByText('Proposed new time').count()).resolves.toBe(0);
    await expect(card.getByText('Reschedule Pending').count()).resolves.toBe(0);
    await card.getByText('11:00 (60 mins)').waitFor();

    await coach.goto(`${server.baseUrl}/CoachDashboard?tab=upcoming`);
    await coach.getByRole('heading', { name: 'Needs your response (0)' }).waitFor();
    const coachCard = cardOf(coach, booking.referenceCode);
    await coachCard.getByRole('button', { name: 'Reschedule' }).waitFor();
    await expect(coachCard.getByText('Proposed new time').count()).resolves.toBe(0);
  });

  it('lets the coach answer a paid request from its row in Needs your response', async () => {
    const request = await bookVia(client, server.baseUrl, coachId, '2027-01-27', '15:00');
    await coach.goto(`${server.baseUrl}/CoachDashboard`);
    await waitForHydration(coach);
    const row = coach.getByRole('group', { name: 'Booking request: Rita Client' });
    await row.getByText('Wed, 27 Jan 2027 at 15:00 (60 mins)', { exact: false }).waitFor();
    await coach.getByText('You have 1 new request to review.').waitFor();
    await row.getByRole('button', { name: 'Accept' }).click();
    await expectToast(coach, 'Booking accepted. The session is confirmed.');
    await coach.getByRole('heading', { name: 'Needs your response (0)' }).waitFor();
    await coach.getByRole('link', { name: 'Upcoming (2)' }).click();
    await cardOf(coach, request.referenceCode).getByText('Confirmed', { exact: true }).waitFor();
  });

  it('keeps the coach’s Cancel Booking apart from Reschedule and Message at 360 px, outlined, behind its confirmation', async () => {
    await coach.setViewportSize({ width: 360, height: 780 });
    await coach.goto(`${server.baseUrl}/CoachDashboard?tab=upcoming`);
    await waitForHydration(coach);
    const card = cardOf(coach, booking.referenceCode);
    const cancel = card.getByRole('button', { name: 'Cancel Booking' });
    const reschedule = card.getByRole('button', { name: 'Reschedule' });
    const message = card.getByRole('link', { name: 'Message Client' });
    const [c, r, m] = await Promise.all([cancel.boundingBox(), reschedule.boundingBox(), message.boundingBox()]);
    // On a row below the others, and as wide as the card's actions.
    expect(c!.y).toBeGreaterThanOrEqual(Math.max(r!.y + r!.height, m!.y + m!.height));
    expect(c!.width).toBeGreaterThan(r!.width + m!.width);
    await expect(cancel.getAttribute('class')).resolves.toContain('btn-do');
    const overflow = await coach.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await card.scrollIntoViewIfNeeded();
    await screenshot(coach, 'reschedule-follow-coach-card-360', { fullPage: false });
    await cancel.click();
    const dialog = coach.getByRole('dialog', { name: 'Cancel Booking' });
    await dialog.getByRole('button', { name: 'Keep Booking' }).click();
    await expect(card.getByText('Confirmed', { exact: true }).isVisible()).resolves.toBe(true);
  });

  it('keeps the session’s reference and time in the Conversation header at 360 px, also once the thread is scrolled', async () => {
    const [ids] = await server.db.query<{ client_id: string; coach_id: string }>('select client_id, coach_id from bookings where id = $1', [booking.id]);
    for (let i = 0; i < 40; i++) {
      await server.db.query(
        `insert into messages (id, booking_id, sender_id, receiver_id, content, is_read, created_at) values (gen_random_uuid(), $1, $2, $3, $4, true, now() - make_interval(mins => $5))`,
        [booking.id, i % 2 ? ids!.client_id : ids!.coach_id, i % 2 ? ids!.coach_id : ids!.client_id, `Message number ${i} about the session`, 60 - i],
      );
    }
    await coach.setViewportSize({ width: 360, height: 780 });
    await coach.goto(`${server.baseUrl}/Conversation?booking_id=${booking.id}`);
    await waitForHydration(coach);
    const header = coach.locator('header').first();
    // The wide screen's copy is hidden at this width: the phone's own line must be the one shown.
    const reference = header.getByText(booking.referenceCode).filter({ visible: true });
    const when = header.getByText('25 Jan 2027, 11:00').filter({ visible: true });
    await reference.waitFor();
    await when.waitFor();
    // Scroll the thread (and the page, whichever scrolls) back to the first messages.
    await coach.getByText('Message number 20 about the session').scrollIntoViewIfNeeded();
    await coach.mouse.move(180, 400);
    await coach.mouse.wheel(0, -5000);
    await coach.waitForTimeout(200);
    for (const line of [reference, when]) {
      const box = (await line.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(780);
    }
    await screenshot(coach, 'reschedule-follow-conversation-360', { fullPage: false });
  });

  it('lists a started session for the coach to complete, leading to its card', async () => {
    await setServerClock(server.baseUrl, new Date('2027-01-25T11:10:00Z'));
    await coach.setViewportSize({ width: 1280, height: 800 });
    await coach.goto(`${server.baseUrl}/CoachDashboard`);
    await waitForHydration(coach);
    const row = coach.getByRole('group', { name: 'Session to complete: Rita Client' });
    await row.getByRole('link', { name: 'Go to session' }).click();
    await coach.waitForURL((url) => url.searchParams.get('tab') === 'upcoming' && url.hash === `#booking-${booking.id}`);
    const card = coach.locator(`#booking-${booking.id}`);
    // Started, with nobody marked yet: the coach's next step is on the card, and the card is in view.
    await card.getByRole('button', { name: 'Mark Arrival' }).waitFor();
    await expect(card.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight && el.getBoundingClientRect().bottom > 0)).resolves.toBe(true);
    await screenshot(coach, 'reschedule-follow-session-to-complete', { fullPage: false });
  });
});
