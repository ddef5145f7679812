import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { useBrowser } from '../support/browser';
import { cardOf, expectToast, screenshotBoth, setServerClock } from '../support/booking-e2e';
import { useTestServer } from '../support/server';
import { untilRow } from '../support/until-row';

/**
 * The terms before the money, and a payment the client can follow: a parent books a session
 * that starts within 24 hours and is warned before paying; the payment summary says when, for
 * whom and where; after paying he reads what happened, on the dialog and on his card; the coach's
 * request card says what accepting earns; after the coach accepts, the cancel dialog says what
 * this cancellation refunds and keeps, and the server's worker refunds exactly that.
 */
const MONDAY = new Date('2027-01-11T09:00:00Z'); // 09:00 in London (GMT)

describe('the terms before the money', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let reference = '';
  let client: Page;

  beforeAll(async () => {
    await setServerClock(server.baseUrl, MONDAY);
    await createUser(server.db, { userType: 'client', email: 'pat@example.com', fullName: 'Pat Parent' });
    await createUser(server.db, { userType: 'coach', email: 'sam@example.com', fullName: 'Sam Jones', hourlyRate: 40, servicesOffered: ['striker'] });
    client = await browser.newPage();
    await signIn(client, server.baseUrl, 'pat@example.com');
  });

  it('states the terms in pounds and times, and warns a late booking before payment', async () => {
    await client.goto(`${server.baseUrl}/FindCoaches`);
    await client.getByRole('button', { name: 'Book Sam Jones' }).click();
    const dialog = client.getByRole('dialog', { name: 'Book a session with Sam Jones' });
    const terms = dialog.getByLabel('Cancellation terms');
    await dialog.getByRole('button', { name: 'Wednesday 13 January 2027' }).click();
    await dialog.getByRole('button', { name: '10:00' }).click();
    await expect(terms.textContent()).resolves.toContain('Free cancellation until Tue 12 Jan, 10:00. After that £40.00 goes to the coach and £3.00 is refunded.');

    await dialog.getByRole('button', { name: 'Monday 11 January 2027' }).click();
    await dialog.getByRole('button', { name: '18:00' }).click();
    await expect(terms.textContent()).resolves.toContain(
      'This session starts within 24 hours, so once Sam Jones accepts it can no longer be cancelled for a refund of the session price: if you cancel then, £40.00 goes to the coach and £3.00 is refunded.',
    );
    await screenshotBoth(client, 'booking-dialog-late-terms');
    await dialog.getByRole('button', { name: 'Request Booking' }).click();

    const pay = client.getByRole('dialog', { name: 'Secure Payment' });
    const summary = pay.getByLabel('Booking summary');
    await summary.getByText('Mon, 11 Jan 2027').waitFor();
    const rows = await summary.locator('dl > div').allTextContents();
    expect(rows).toEqual(
      expect.arrayContaining(['ServiceStriker & Finishing', 'DateMon, 11 Jan 2027', 'Time18:00 (UK time)', 'Duration1 hour', 'PlayerYou', 'LocationOnline', 'CoachSam Jones', 'Total£43.00']),
    );
    await expect(pay.getByLabel('Cancellation terms').textContent()).resolves.toContain('can no longer be cancelled for a refund of the session price');
    await screenshotBoth(client, 'secure-payment-late-terms');
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel(/Expiry/).fill('12/34');
    await pay.getByLabel('CVC').fill('123');
    await pay.getByRole('button', { name: 'Pay £43.00' }).click();
    await pay.getByText('£43.00 is held on your card. You are charged only if Sam Jones accepts; otherwise the hold is released.').waitFor();
    await expectToast(client, 'Booking request sent successfully to Sam Jones!');
    const [row] = await server.db.query<{ reference_code: string }>(`select reference_code from bookings where payment_status = 'authorized'`);
    reference = row!.reference_code;

    await client.goto(`${server.baseUrl}/MyBookings`);
    const note = cardOf(client, reference).getByRole('note', { name: 'Payment' });
    await expect(note.textContent()).resolves.toBe('Payment held£43.00 is held on your card. You are charged only if Sam Jones accepts; otherwise the hold is released.');
    await screenshotBoth(client, 'my-bookings-payment-held');
  });

  it('tells the coach what accepting earns, and the client then sees the payment taken', async () => {
    const coach = await browser.newPage();
    await signIn(coach, server.baseUrl, 'sam@example.com');
    await coach.goto(`${server.baseUrl}/CoachDashboard`);
    const card = coach.getByRole('article', { name: 'Session with Pat Parent' });
    await card.getByText('You earn £40.00 from this session if you accept.').waitFor();
    await screenshotBoth(coach, 'coach-request-earnings');
    // Declining would release the hold: the dialog says so, in pounds, before the coach confirms.
    await card.getByRole('button', { name: 'Decline' }).click();
    const decline = coach.getByRole('dialog', { name: 'Decline Booking Request' });
    await expect(decline.getByRole('note', { name: 'What this cancellation does with the payment' }).textContent()).resolves.toContain(
      'Pat Parent is not charged: the £43.00 held on their card is released. You earn nothing from this session.',
    );
    await screenshotBoth(coach, 'decline-dialog-amounts');
    await decline.getByRole('button', { name: 'Cancel', exact: true }).click();
    await card.getByRole('button', { name: 'Accept' }).click();
    await expectToast(coach, 'Booking accepted. The session is confirmed.');
    await untilRow(server, 'the capture', `select 1 from bookings where reference_code = $1 and payment_status = 'captured'`, [reference]);
    await coach.close();

    await client.goto(`${server.baseUrl}/MyBookings`);
    await expect(cardOf(client, reference).getByRole('note', { name: 'Payment' }).textContent()).resolves.toContain('Paid');
    // A new time moves no money; the dialog says when free cancellation would then end.
    await cardOf(client, reference).getByRole('button', { name: 'Reschedule' }).click();
    const reschedule = client.getByRole('dialog', { name: 'Reschedule Session' });
    await reschedule.getByText('A new time moves no money: nothing is charged or refunded now.', { exact: false }).waitFor();
    await screenshotBoth(client, 'reschedule-dialog-money');
    await reschedule.getByRole('button', { name: 'Cancel', exact: true }).click();
  });

  it('shows in the cancel dialog the refund the server then makes', async () => {
    await client.goto(`${server.baseUrl}/MyBookings`);
    await cardOf(client, reference).getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = client.getByRole('dialog', { name: 'Cancel Booking' });
    const money = dialog.getByRole('note', { name: 'What this cancellation does with the payment' });
    await expect(money.textContent()).resolves.toContain('you are refunded £3.00 (the admin fee) and £40.00 (the session price) goes to Sam Jones');
    const pence = (text: string | null) => Math.round(Number((text ?? '').replace(/[£,]/g, '')) * 100);
    const shownRefund = pence(await money.getByTestId('cancel-refund').textContent());
    const shownKept = pence(await money.getByTestId('cancel-kept').textContent());
    expect([shownRefund, shownKept]).toEqual([300, 4000]);
    await dialog.getByLabel('Reason for cancelling').fill('Jordan is ill');
    await screenshotBoth(client, 'cancel-dialog-amounts');
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expectToast(client, 'Booking cancelled successfully.');

    // The refund the cancellation asked of the payment, and the one the worker made, are the dialog's.
    const instruction = await untilRow<{ amount: number }>(
      server,
      'the refund instruction',
      `select (j.payload->'instruction'->>'amountPence')::int as amount from outbox_jobs j join bookings b on b.id::text = j.payload->>'bookingId'
        where b.reference_code = $1 and j.type = 'payment.instruction' and j.payload->'instruction'->>'kind' = 'refund'`,
      [reference],
    );
    expect(instruction.amount).toBe(shownRefund);
    const refunded = await untilRow<{ refunded: number; captured: number }>(
      server,
      'the refund',
      `select amount_refunded_pence as refunded, amount_captured_pence as captured from bookings where reference_code = $1 and amount_refunded_pence > 0`,
      [reference],
    );
    expect(refunded.refunded).toBe(shownRefund);
    expect(refunded.captured - refunded.refunded).toBe(shownKept);

    await client.goto(`${server.baseUrl}/MyBookings?tab=cancelled`);
    await expect(cardOf(client, reference).getByRole('note', { name: 'Payment' }).textContent()).resolves.toContain('Refunded £3.00');
    await screenshotBoth(client, 'my-bookings-refunded');
  });
});
