import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { cardOf, expectToast, setServerClock } from '../support/booking-e2e';
import { shootAtWidths, useBrowser, waitForHydration } from '../support/browser';
import { useTestServer } from '../support/server';
import { untilRow } from '../support/until-row';

/**
 * A weekly series paid in full up front by card, in a real browser (decision 064): a client with
 * no package asks for three Wednesdays, sees the whole series' price (each session and the admin
 * fee once), pays it in one Secure Payment; the coach accepts the series in one decision, which
 * captures the one payment; the client cancels the second session days ahead and its price goes
 * back to the card while the others stay.
 */
const MONDAY = new Date('2027-01-11T09:00:00Z'); // 09:00 in London (GMT)

describe('a weekly series paid by card', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let coachId = '';
  let client: Page;
  let coach: Page;
  let references: string[] = [];

  const sessions = () =>
    server.db.query<{ reference_code: string; status: string; payment_status: string; captured: number }>(
      `select reference_code, status, payment_status, amount_captured_pence as captured from bookings where series_id is not null order by starts_at`,
    );
  const intent = async () =>
    (
      await server.db.query<{ status: string; amount_pence: number; received: number; refunded: number }>(
        `select i.status, i.amount_pence, i.amount_received_pence as received, i.amount_refunded_pence as refunded from test_gateway_intents i join booking_series s on s.payment_intent_id = i.id`,
      )
    )[0];

  beforeAll(async () => {
    await setServerClock(server.baseUrl, MONDAY);
    coachId = (await createUser(server.db, { userType: 'coach', email: 'carla@example.com', fullName: 'Carla Card', hourlyRate: 45, servicesOffered: ['striker'] })).user.id;
    await createUser(server.db, { userType: 'client', email: 'pat@example.com', fullName: 'Pat Upfront' });
    await server.db.query(
      `insert into availability_periods (id, coach_id, starts_at, ends_at, is_available, created_at, updated_at) values (gen_random_uuid(), $1, $2, $2::timestamptz + interval '85 days', true, now(), now())`,
      [coachId, MONDAY],
    );
    coach = await browser.newPage();
    await signIn(coach, server.baseUrl, 'carla@example.com');
    client = await browser.newPage();
    await signIn(client, server.baseUrl, 'pat@example.com');
  });

  it('asks for three weeks, shows the whole series’ price, and takes it in one Secure Payment', async () => {
    await client.goto(`${server.baseUrl}/CoachProfile?userId=${coachId}`);
    await waitForHydration(client);
    await client.getByRole('button', { name: /^Book/ }).first().click();
    const dialog = client.getByRole('dialog', { name: 'Book a session with Carla Card' });
    await dialog.getByRole('button', { name: 'Wednesday 13 January 2027' }).click();
    await dialog.getByRole('button', { name: '10:00' }).click();
    await dialog.getByLabel('Book the same time every week').check();
    await dialog.getByLabel('Number of weeks').selectOption({ label: '3 weeks' });
    const list = dialog.getByRole('list', { name: 'The sessions of the series' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    await dialog.getByText('3 sessions, paid by card in one payment: held now, charged only if the coach accepts.', { exact: false }).waitFor();
    const price = dialog.getByRole('region', { name: 'Price summary' });
    await expect(price.innerText()).resolves.toMatch(/Session price × 3 sessions\s*£135\.00\s*Admin fee, once\s*£3\.00\s*Total\s*£138\.00/);
    await dialog.locator('fieldset', { hasText: 'Repeat weekly' }).scrollIntoViewIfNeeded();
    await shootAtWidths(client, 'card-series-dialog', dialog.locator('fieldset', { hasText: 'Repeat weekly' }));
    await shootAtWidths(client, 'card-series-price', price);

    await dialog.getByRole('button', { name: 'Request Booking' }).click();
    const pay = client.getByRole('dialog', { name: 'Secure Payment' });
    const summary = pay.getByRole('region', { name: 'Booking summary' });
    // The series' dates come with the server's answer to the dialog's first step.
    await summary.getByText('Weekly series').waitFor();
    await expect(summary.innerText()).resolves.toMatch(/Weekly series\s*Wed, 13 Jan 2027 · Wed, 20 Jan 2027 · Wed, 27 Jan 2027/);
    await expect(pay.innerText()).resolves.toContain('Each session of the series follows these terms on its own');
    await shootAtWidths(client, 'card-series-payment', summary);
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel(/Expiry/).fill('12/34');
    await pay.getByLabel('CVC').fill('123');
    await pay.getByRole('button', { name: 'Pay £138.00' }).click();
    await pay.getByText('Payment Successful!').waitFor();
    await expectToast(client, 'Weekly series of 3 sessions sent to Carla Card!');

    const rows = await sessions();
    expect(rows.map((r) => [r.status, r.payment_status])).toEqual(Array(3).fill(['pending', 'authorized']));
    references = rows.map((r) => r.reference_code);
    expect(await intent()).toMatchObject({ status: 'requires_capture', amount_pence: 13_800, received: 0 });
  });

  it('is captured once when the coach accepts the series in one decision', async () => {
    await coach.goto(`${server.baseUrl}/CoachDashboard`);
    await waitForHydration(coach);
    await cardOf(coach, references[0]!).getByRole('button', { name: 'Accept series' }).click();
    await expectToast(coach, /accepted/i);
    await untilRow(server, 'the capture', `select 1 from bookings where series_id is not null having bool_and(payment_status = 'captured') and count(*) = 3`);
    expect(await intent()).toMatchObject({ status: 'succeeded', received: 13_800 });
    expect((await sessions()).map((r) => [r.status, r.captured])).toEqual(Array(3).fill(['confirmed', 4500]));
  });

  it('refunds the second session to the card when the client cancels it days ahead, and keeps the others', async () => {
    await client.goto(`${server.baseUrl}/MyBookings`);
    await waitForHydration(client);
    const card = cardOf(client, references[1]!);
    await expect(card.getByLabel('Weekly series').innerText()).resolves.toContain('Session 2 of 3');
    // Paid by card with the series: the card says so, not 'Paid with your package'.
    await expect(card.getByRole('note', { name: 'Payment' }).innerText()).resolves.toMatch(/^Paid\n+£45\.00 paid\. FACT holds it until after the session\.$/);
    await card.getByRole('button', { name: 'Cancel', exact: true }).click();
    const cancel = client.getByRole('dialog', { name: 'Cancel Booking' });
    // Paid by card: the dialog speaks of a refund to the card, not of a package.
    const words = await cancel.innerText();
    expect(words, words).not.toContain('package');
    await expect(cancel.getByTestId('cancel-refund').innerText()).resolves.toBe('£45.00');
    await cancel.getByLabel('Reason for cancelling').fill('Away that week');
    await cancel.getByRole('button', { name: 'Cancel Booking' }).click();
    await expectToast(client, /cancelled/i);
    await untilRow(server, 'the refund', `select 1 from test_gateway_intents i join booking_series s on s.payment_intent_id = i.id where i.amount_refunded_pence = 4500`);
    expect((await sessions()).map((r) => r.status)).toEqual(['confirmed', 'cancelled', 'confirmed']);
  });
});
