import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { useBrowser } from '../support/browser';
import { bookVia, cardOf, expectToast, postAction, screenshotBoth, setServerClock } from '../support/booking-e2e';
import { useTestServer } from '../support/server';

/** Cancellations in both policy windows, a decline with a reason, a reschedule, a dispute. */
const MONDAY = new Date('2027-01-11T09:00:00Z');

describe('changing a booking', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let client: Page;
  let coach: Page;
  let coachId = '';

  beforeAll(async () => {
    await setServerClock(server.baseUrl, MONDAY);
    await createUser(server.db, { userType: 'client', email: 'chloe@example.com', fullName: 'Chloe Client' });
    coachId = (await createUser(server.db, { userType: 'coach', email: 'carlos@example.com', fullName: 'Carlos Mendes', hourlyRate: 40 })).user.id;
    client = await browser.newPage();
    coach = await browser.newPage();
    await signIn(client, server.baseUrl, 'chloe@example.com');
    await signIn(coach, server.baseUrl, 'carlos@example.com');
  });

  async function cancelAs(page: Page, reference: string, policy: string | RegExp, shot?: string) {
    await page.goto(`${server.baseUrl}/MyBookings`);
    await cardOf(page, reference).getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Booking' });
    await dialog.getByText(policy).waitFor();
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe('Please provide a reason for cancelling.');
    await dialog.getByLabel('Reason for cancelling').fill('My plans changed');
    if (shot) await screenshotBoth(page, shot);
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expectToast(page, 'Booking cancelled successfully.');
  }

  it('lets the client cancel a request, a session well ahead, and one within 24 hours, each under its policy', async () => {
    const request = await bookVia(client, server.baseUrl, coachId, '2027-01-20', '10:00');
    await cancelAs(client, request.referenceCode, /not charged/, 'cancel-dialog');

    const early = await bookVia(client, server.baseUrl, coachId, '2027-01-21', '10:00');
    await postAction(coach, server.baseUrl, 'CoachDashboard', { intent: 'accept', bookingId: early.id });
    await cancelAs(client, early.referenceCode, 'More than 24 hours before the start: you get a full refund.');

    const late = await bookVia(client, server.baseUrl, coachId, '2027-01-12', '10:00');
    await postAction(coach, server.baseUrl, 'CoachDashboard', { intent: 'accept', bookingId: late.id });
    await setServerClock(server.baseUrl, new Date('2027-01-11T15:00:00Z'));
    await cancelAs(client, late.referenceCode, /Less than 24 hours before the start: the session price goes to the coach/);
    await setServerClock(server.baseUrl, MONDAY);

    await client.goto(`${server.baseUrl}/MyBookings?tab=cancelled`);
    for (const b of [request, early, late]) await expect(cardOf(client, b.referenceCode).getByText('Cancelled: My plans changed').isVisible()).resolves.toBe(true);
    await screenshotBoth(client, 'my-bookings-cancelled');
    const rows = await server.db.query<{ status: string; cancelled_by: string }>('select status, cancelled_by from bookings');
    expect(rows.every((r) => r.status === 'cancelled' && r.cancelled_by === 'client')).toBe(true);
  });

  it('lets the coach decline with a reason the client then reads', async () => {
    const booking = await bookVia(client, server.baseUrl, coachId, '2027-01-22', '15:00');
    await coach.goto(`${server.baseUrl}/CoachDashboard`);
    await cardOf(coach, booking.referenceCode).getByRole('button', { name: 'Decline' }).click();
    const dialog = coach.getByRole('dialog', { name: 'Decline Booking Request' });
    const confirm = dialog.getByRole('button', { name: 'Decline Request' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: 'Cancel', exact: true }).isVisible()).resolves.toBe(true);
    await dialog.getByLabel('Reason for declining').fill('I am away at a tournament that week');
    await expect(confirm.isEnabled()).resolves.toBe(true);
    await screenshotBoth(coach, 'decline-dialog');
    await confirm.click();
    await expectToast(coach, 'Booking request declined.');
    await coach.getByText('No pending booking requests.').waitFor();

    await client.goto(`${server.baseUrl}/MyBookings?tab=cancelled`);
    const card = cardOf(client, booking.referenceCode);
    await card.getByText('Declined: I am away at a tournament that week').waitFor();
    await expect(card.locator('[data-colour]').getAttribute('data-colour')).resolves.toBe('red');
  });

  it('moves a session when the coach proposes a new time and the client accepts it', async () => {
    const booking = await bookVia(client, server.baseUrl, coachId, '2027-01-25', '11:00');
    await postAction(coach, server.baseUrl, 'CoachDashboard', { intent: 'accept', bookingId: booking.id });
    await coach.goto(`${server.baseUrl}/CoachDashboard?tab=upcoming`);
    await cardOf(coach, booking.referenceCode).getByRole('button', { name: 'Reschedule' }).click();
    const dialog = coach.getByRole('dialog', { name: 'Reschedule Session' });
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe('Please select both date and time');
    await dialog.getByLabel('New date').fill('2027-01-26');
    await dialog.getByLabel('New time').selectOption('17:30');
    await dialog.getByLabel(/Reason/).fill('The pitch is booked in the morning');
    await screenshotBoth(coach, 'reschedule-dialog');
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expectToast(coach, 'Reschedule request sent.');
    await cardOf(coach, booking.referenceCode).getByText('Reschedule Pending').waitFor();

    await client.goto(`${server.baseUrl}/MyBookings`);
    const card = cardOf(client, booking.referenceCode);
    await card.getByText('proposed a new time: Tue, 26 Jan 2027 at 17:30').waitFor();
    await card.getByRole('button', { name: 'Review Reschedule' }).click();
    const review = client.getByRole('dialog', { name: 'Review Reschedule' });
    await review.getByText('The pitch is booked in the morning').waitFor();
    await screenshotBoth(client, 'review-reschedule-dialog');
    await review.getByRole('button', { name: 'Accept New Time' }).click();
    await expectToast(client, 'Reschedule accepted. The session has moved to the new time.');
    // The proposal text also names the new date, so wait for the card's own time line to change.
    await card.getByText('17:30 (60 mins)').waitFor();
    await expect(card.getByText('Tue, 26 Jan 2027').first().isVisible()).resolves.toBe(true);
  });

  it('lets a party report an issue during the session', async () => {
    const booking = await bookVia(client, server.baseUrl, coachId, '2027-01-13', '16:00');
    await postAction(coach, server.baseUrl, 'CoachDashboard', { intent: 'accept', bookingId: booking.id });
    await setServerClock(server.baseUrl, new Date('2027-01-13T15:50:00Z'));
    await postAction(client, server.baseUrl, 'MyBookings', { intent: 'mark_arrival', bookingId: booking.id });
    await setServerClock(server.baseUrl, new Date('2027-01-13T16:10:00Z'));
    await client.goto(`${server.baseUrl}/MyBookings?tab=past`);
    const card = cardOf(client, booking.referenceCode);
    await card.getByText('Session in progress').waitFor();
    await card.getByRole('button', { name: 'Report Issue' }).click();
    const dialog = client.getByRole('dialog', { name: 'Report an Issue' });
    await dialog.getByRole('button', { name: 'Report Issue' }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe('Please describe the issue.');
    await dialog.getByLabel('Description').fill('The coach has not turned up');
    await dialog.getByRole('button', { name: 'Report Issue' }).click();
    await expectToast(client, 'Issue reported. An administrator will look into it.');
    await card.getByText('Issue reported', { exact: true }).waitFor();
    await expect(card.locator('[data-colour]').getAttribute('data-colour')).resolves.toBe('grey');
    await card.getByRole('button', { name: 'Report Issue' }).waitFor({ state: 'detached' });
    await screenshotBoth(client, 'my-bookings-disputed');
    const [row] = await server.db.query<{ status: string; dispute_status: string }>('select status, dispute_status from bookings where id = $1', [booking.id]);
    expect(row).toEqual({ status: 'disputed', dispute_status: 'open' });
  });
});
