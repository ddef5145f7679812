import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { cardOf, expectToast, setServerClock } from '../support/booking-e2e';
import { screenshot, shootAtWidths, useBrowser } from '../support/browser';
import { enablePayouts } from '../support/payout-fixtures';
import { useTestServer } from '../support/server';
import { untilRow } from '../support/until-row';

/**
 * The whole money path in a real browser, seen from the coach's Earnings page (decision 012):
 * the client books and pays with 4242 4242 4242 4242, the coach accepts (capture), both mark
 * arrival and completion, the server's own worker releases the money 48 hours after the end
 * ('payments.release-due' under the moved test clock), transfers the coach's share
 * ('payout.transfer') and pays it out at 06:00 London the next morning
 * ('test-gateway.daily-payouts'). The page says Held, then On the way, then Paid out, with the
 * coach's £45.00, and the tax year's CSV downloads with that line.
 */
const MONDAY = new Date('2027-01-11T09:00:00Z'); // 09:00 in London (GMT)

describe('coach earnings: from the card to the coach’s bank', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let reference = '';
  let coachId = '';
  let coach: Page;

  /** Waits until the server's worker has moved the booking's money as far as `sql` says. */
  const figure = (label: string) =>
    coach
      .locator('dl > div', { has: coach.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd')
      .first();
  const line = () => coach.locator(`tr[data-reference="${reference}"]`);

  beforeAll(async () => {
    await setServerClock(server.baseUrl, MONDAY);
    await createUser(server.db, { userType: 'client', email: 'pat@example.com', fullName: 'Pat Payer' });
    coachId = (await createUser(server.db, { userType: 'coach', email: 'sam@example.com', fullName: 'Sam Striker', hourlyRate: 45, servicesOffered: ['striker'] })).user.id;
    coach = await browser.newPage();
    await signIn(coach, server.baseUrl, 'sam@example.com');
  });

  it('asks a new coach to set up payouts, from the Earnings entry of their menu', async () => {
    await coach.goto(`${server.baseUrl}/CoachDashboard`);
    await coach.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Earnings' }).click();
    await coach.getByRole('heading', { name: 'Earnings', level: 1 }).waitFor();
    const setup = coach.getByRole('link', { name: 'Set up payouts to receive your earnings' });
    await expect(setup.getAttribute('href')).resolves.toBe('/CoachProfile#payouts');
    await coach.getByText('No earnings yet.', { exact: false }).waitFor();
    await screenshot(coach, 'coach-earnings-empty-1280');
  });

  it('shows the paid and accepted session as held', async () => {
    const client = await browser.newPage();
    await signIn(client, server.baseUrl, 'pat@example.com');
    await client.goto(`${server.baseUrl}/FindCoaches`);
    await client.getByRole('button', { name: 'Book Sam Striker' }).click();
    const dialog = client.getByRole('dialog', { name: 'Book a session with Sam Striker' });
    await dialog.getByRole('button', { name: 'Wednesday 13 January 2027' }).click();
    await dialog.getByRole('button', { name: '10:00' }).click();
    await dialog.getByRole('button', { name: 'Request Booking' }).click();
    const pay = client.getByRole('dialog', { name: 'Secure Payment' });
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel(/Expiry/).fill('12/34');
    await pay.getByLabel('CVC').fill('123');
    await pay.getByRole('button', { name: 'Pay £48.00' }).click();
    await pay.getByText('Payment Successful!').waitFor();
    const [row] = await server.db.query<{ reference_code: string }>(`select reference_code from bookings where payment_status = 'authorized'`);
    reference = row!.reference_code;

    await coach.goto(`${server.baseUrl}/CoachDashboard`);
    await coach.getByRole('article', { name: 'Session with Pat Payer' }).getByRole('button', { name: 'Accept' }).click();
    await expectToast(coach, 'Booking accepted. The session is confirmed.');
    await untilRow(server, 'the capture', `select 1 from bookings where reference_code = $1 and payment_status = 'captured'`, [reference]);

    await coach.goto(`${server.baseUrl}/CoachEarnings`);
    await expect(figure('Held').textContent()).resolves.toBe('£45.00');
    await expect(line().textContent()).resolves.toContain('Held');
    await expect(line().textContent()).resolves.toContain('until 15 Jan 2027');
    await expect(line().textContent()).resolves.toContain('Pat Payer');
  });

  it('marks arrival and completion for both, then releases and transfers the coach share 48 hours after the end', async () => {
    await setServerClock(server.baseUrl, new Date('2027-01-13T09:50:00Z'));
    const client = await browser.newPage();
    await signIn(client, server.baseUrl, 'pat@example.com');
    for (const page of [client, coach]) {
      await page.goto(`${server.baseUrl}/MyBookings`);
      await cardOf(page, reference).getByRole('button', { name: 'Mark Arrival' }).click();
      await expectToast(page, 'Your arrival has been marked.');
    }
    await setServerClock(server.baseUrl, new Date('2027-01-13T11:05:00Z'));
    for (const page of [coach, client]) {
      await page.goto(`${server.baseUrl}/MyBookings?tab=past`);
      await cardOf(page, reference).getByRole('button', { name: 'Mark Complete' }).click();
      await expectToast(page, 'You have marked the session as complete.');
    }
    await untilRow(server, 'the completion', `select 1 from bookings where reference_code = $1 and status = 'completed'`, [reference]);

    // The coach finishes setting up payouts (their 'Get paid' card; here straight into the records).
    await enablePayouts(server.db, coachId);
    // 48 hours after the 11:00 end: the worker's release task is due in this quarter hour.
    await setServerClock(server.baseUrl, new Date('2027-01-15T11:01:00Z'));
    await untilRow(server, 'the release', `select 1 from bookings where reference_code = $1 and payment_status = 'released'`, [reference]);
    await untilRow(
      server,
      'the transfer',
      `select 1 from coach_transfers t join bookings b on b.id = t.booking_id where b.reference_code = $1 and t.status = 'paid' and t.transferred_at is not null`,
      [reference],
    );

    await coach.goto(`${server.baseUrl}/CoachEarnings`);
    await expect(figure('Held').textContent()).resolves.toBe('£0.00');
    await expect(figure('On the way').textContent()).resolves.toBe('£45.00');
    await expect(figure('Next payout').textContent()).resolves.toBe('16 Jan 2027');
    await coach.getByText('Expected Saturday by 06:00, London time').waitFor();
    await expect(line().textContent()).resolves.toContain('expected 16 Jan 2027');
    await expect(coach.getByRole('link', { name: 'Set up payouts to receive your earnings' }).count()).resolves.toBe(0);
    await screenshot(coach, 'coach-earnings-on-the-way-1280');
  });

  it('pays it out at 06:00 London the next morning: the page says Paid out with the coach’s £45.00', async () => {
    await setServerClock(server.baseUrl, new Date('2027-01-16T06:01:00Z'));
    await untilRow(server, 'the payout', `select 1 from coach_transfers t join bookings b on b.id = t.booking_id where b.reference_code = $1 and t.paid_out_at is not null`, [reference]);

    await coach.goto(`${server.baseUrl}/CoachEarnings`);
    await expect(figure('Paid out').textContent()).resolves.toBe('£45.00');
    await expect(figure('On the way').textContent()).resolves.toBe('£0.00');
    await expect(figure('Held').textContent()).resolves.toBe('£0.00');
    const text = await line().textContent();
    for (const part of [reference, 'Pat Payer', 'Wed, 13 Jan 2027 at 10:00', '£45.00', '£3.00', 'Paid out', '16 Jan 2027']) expect(text).toContain(part);
    const chart = coach.getByRole('img', { name: /Earnings per month/ });
    await expect(chart.getAttribute('aria-label')).resolves.toBe('Earnings per month, February 2026 to January 2027: £45.00 in all; highest £45.00 in January 2027.');
    await expect(coach.locator('.sr-only table tr', { hasText: 'January 2027' }).textContent()).resolves.toContain('£45.00');
    await screenshot(coach, 'coach-earnings-1280');

    await coach.setViewportSize({ width: 360, height: 780 });
    await coach.reload();
    await expect(figure('Paid out').textContent()).resolves.toBe('£45.00');
    await screenshot(coach, 'coach-earnings-360');
    const overflow = await coach.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the Earnings page scrolls sideways at 360 px').toBeLessThanOrEqual(0);
    await coach.setViewportSize({ width: 1280, height: 800 });
  });

  it('downloads the tax year’s CSV with that line', async () => {
    await coach.goto(`${server.baseUrl}/CoachEarnings`);
    await expect(coach.getByLabel('UK tax year').inputValue()).resolves.toBe('2026');
    const [download] = await Promise.all([coach.waitForEvent('download'), coach.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('fact-earnings-2026-27.csv');
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      '"Reference","Session date","Client","Session price","Platform share","Coach share","State","Released at","Paid out at","Type","Package","Sold at","Package price","Refunded to client"',
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(new RegExp(`^"${reference}","2027-01-13","Pat Payer",45\\.00,3\\.00,45\\.00,"Paid out","2027-01-15 11:\\d{2}","2027-01-16 06:0\\d","Session","","",,$`));

    const response = await coach.request.get(`${server.baseUrl}/CoachEarnings/csv?year=2026`);
    expect(response.headers()['cache-control']).toBe('private, no-store');
    expect(response.headers()['content-disposition']).toBe('attachment; filename="fact-earnings-2026-27.csv"');
  });

  it("pages a long history with 'Load more', newest session first", async () => {
    const busy = (await createUser(server.db, { userType: 'coach', email: 'bea@example.com', fullName: 'Bea Busy', hourlyRate: 30, servicesOffered: ['striker'] })).user.id;
    const [pat] = await server.db.query<{ id: string }>(`select id from users where email = 'pat@example.com'`);
    // 25 past sessions, released and paid out (straight into the records: the money path is the tests above).
    await server.db.query(
      `with made as (
         insert into bookings (id, reference_code, client_id, coach_id, service_type, starts_at, ends_at, duration_minutes, location_type,
                               service_price_pence, admin_fee_pence, total_price_pence, status, payment_status, payment_intent_id,
                               amount_authorized_pence, amount_captured_pence, payment_released_at, completed_at, session_started_at)
         select gen_random_uuid(), 'FACT-20261201-L' || lpad(s::text, 3, '0'), $1, $2, 'striker',
                timestamptz '2026-12-01 10:00+00' + s * interval '1 day', timestamptz '2026-12-01 11:00+00' + s * interval '1 day', 60, 'online',
                3000, 300, 3300, 'completed', 'released', 'pi_test_load_more_' || s, 3300, 3300,
                timestamptz '2026-12-03 11:00+00' + s * interval '1 day', timestamptz '2026-12-01 11:00+00' + s * interval '1 day', timestamptz '2026-12-01 10:00+00' + s * interval '1 day'
           from generate_series(1, 25) s
         returning id, coach_id, payment_released_at)
       insert into coach_transfers (booking_id, coach_id, coach_share_pence, platform_share_pence, commission_bps, status, transfer_id, released_at, transferred_at, paid_out_at, payout_id)
       select id, coach_id, 3000, 300, 0, 'paid', 'tr_test_' || replace(id::text, '-', ''), payment_released_at, payment_released_at, payment_released_at + interval '1 day', 'po_test_load_more'
         from made`,
      [pat!.id, busy],
    );
    const page = await browser.newPage({ width: 360, height: 780 });
    await signIn(page, server.baseUrl, 'bea@example.com');
    await page.goto(`${server.baseUrl}/CoachEarnings`);
    const rows = page.locator('tr[data-reference]');
    await expect(rows.count()).resolves.toBe(20);
    await expect(rows.first().getAttribute('data-reference')).resolves.toBe('FACT-20261201-L025');
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.locator('tr[data-reference="FACT-20261201-L001"]').waitFor();
    await expect(rows.count()).resolves.toBe(25);
    await expect(page.getByRole('button', { name: 'Load more' }).count()).resolves.toBe(0);
    const references = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-reference')));
    expect(new Set(references).size).toBe(25);
    await expect(
      page
        .locator('dl > div', { has: page.locator('dt', { hasText: /^Paid out$/ }) })
        .locator('dd')
        .first()
        .textContent(),
    ).resolves.toBe('£750.00');
  });

  it('shows a coach the packages they sold, where each one’s sessions stand, and which package session each release line is', async () => {
    const kit = (await createUser(server.db, { userType: 'coach', email: 'kit@example.com', fullName: 'Kit Packages', hourlyRate: 45, servicesOffered: ['striker'] })).user.id;
    const cleo = (await createUser(server.db, { userType: 'client', email: 'cleo@example.com', fullName: 'Cleo Client' })).user.id;
    const dev = (await createUser(server.db, { userType: 'client', email: 'dev@example.com', fullName: 'Dev Dribble' })).user.id;
    // Straight into the records (buying is test/e2e/packages.test.ts, the money path the tests above):
    // Cleo's untitled 5 × 60 min for £200, sold 2 Jan: session 1 released and paid out, session 2
    // happened (held until its release), session 3 booked, two left. Dev's 'Spring block' (3 for
    // £120), sold in December: one released, two refunded on request.
    await server.db.query(
      `with offer as (
         insert into package_offers (id, coach_id, sessions, duration_minutes, total_price_pence, validity_weeks, title)
         values (gen_random_uuid(), $1, 5, 60, 20000, 8, null), (gen_random_uuid(), $1, 3, 60, 12000, 8, 'Spring block') returning id, sessions),
       bought as (
         insert into package_purchases (id, client_id, coach_id, offer_id, title, sessions, duration_minutes, total_price_pence, admin_fee_pence, payment_intent_id, paid_at, valid_until)
         select gen_random_uuid(), case when o.sessions = 5 then $2::uuid else $3::uuid end, $1, o.id, case when o.sessions = 3 then 'Spring block' end, o.sessions, 60,
                case when o.sessions = 5 then 20000 else 12000 end, 300, 'pi_test_pkg_' || o.sessions,
                case when o.sessions = 5 then timestamptz '2027-01-02 15:30+00' else timestamptz '2026-12-05 10:00+00' end,
                case when o.sessions = 5 then timestamptz '2027-02-27 15:30+00' else timestamptz '2027-01-30 10:00+00' end
           from offer o returning id, sessions, client_id),
       sessions as (
         insert into bookings (id, reference_code, client_id, coach_id, service_type, starts_at, ends_at, duration_minutes, location_type,
                               service_price_pence, admin_fee_pence, total_price_pence, status, payment_status, payment_intent_id,
                               amount_authorized_pence, amount_captured_pence, payment_held_until, payment_released_at, completed_at, session_started_at)
         select gen_random_uuid(), 'FACT-' || to_char(v.starts, 'YYYYMMDD') || '-PKG' || v.n, b.client_id, $1, 'striker', v.starts, v.starts + interval '1 hour', 60, 'online',
                4000, 0, 4000, v.status, v.payment, 'pi_test_pkg_session_' || v.n, 4000, 4000, v.starts + interval '49 hours',
                case when v.payment = 'released' then v.starts + interval '49 hours' end,
                case when v.status = 'completed' then v.starts + interval '1 hour' end, case when v.status = 'completed' then v.starts end
           from bought b
           join (values (5, 0, 1, timestamptz '2027-01-05 10:00+00', 'completed', 'released'), (5, 1, 2, timestamptz '2027-01-15 10:00+00', 'completed', 'captured'),
                        (5, 2, 3, timestamptz '2027-01-20 10:00+00', 'confirmed', 'captured'), (3, 0, 4, timestamptz '2026-12-10 10:00+00', 'completed', 'released'))
                as v(sessions, position, n, starts, status, payment) on v.sessions = b.sessions
         returning id, coach_id, starts_at, payment_released_at, payment_status, reference_code),
       transfers as (
         insert into coach_transfers (booking_id, coach_id, coach_share_pence, platform_share_pence, commission_bps, status, transfer_id, released_at, transferred_at, paid_out_at, payout_id)
         select id, coach_id, 4000, 0, 0, 'paid', 'tr_test_' || replace(id::text, '-', ''), payment_released_at, payment_released_at, payment_released_at + interval '1 day', 'po_test_pkg'
           from sessions where payment_status = 'released' returning booking_id)
       insert into package_credits (purchase_id, position, state, booking_id, released_at)
       select b.id, c.position, c.state, s.id, case when c.state = 'released' then s.payment_released_at end
         from bought b
         join (values (5, 0, 'released', 1), (5, 1, 'used', 2), (5, 2, 'booked', 3), (5, 3, 'available', null), (5, 4, 'available', null),
                      (3, 0, 'released', 4), (3, 1, 'refunded', null), (3, 2, 'refunded', null)) as c(sessions, position, state, n) on c.sessions = b.sessions
         left join sessions s on s.reference_code like '%-PKG' || c.n`,
      [kit, cleo, dev],
    );
    // An unpaid checkout holds no money and is never a sale.
    await server.db.query(
      `insert into package_purchases (id, client_id, coach_id, offer_id, sessions, duration_minutes, total_price_pence, admin_fee_pence)
       select gen_random_uuid(), $2, $1, id, 3, 60, 12000, 300 from package_offers where coach_id = $1 and title = 'Spring block'`,
      [kit, cleo],
    );

    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'kit@example.com');
    await page.goto(`${server.baseUrl}/CoachEarnings`);
    const sales = page.locator('section[aria-labelledby="sales-title"]');
    await sales.getByRole('heading', { name: 'Package sales' }).waitFor();
    await sales.getByText('per completed session', { exact: false }).waitFor();
    const items = sales.locator('li[data-sale]');
    await expect(items.count()).resolves.toBe(2);
    const cleos = await items.nth(0).innerText();
    for (const part of ['5 × 60 min', 'Cleo Client · sold 2 Jan 2027', '£200.00', '1 released to you', '1 used, to be released', '1 booked', '2 left']) expect(cleos).toContain(part);
    const devs = await items.nth(1).innerText();
    for (const part of ['Spring block', 'Dev Dribble · sold 5 Dec 2026', '£120.00', '1 released to you', '2 refunded', '£80.00 refunded to the client for 2 unused sessions'])
      expect(devs).toContain(part);
    await expect(page.locator('tr[data-reference="FACT-20270105-PKG1"]').innerText()).resolves.toContain('Session 1 of 5 · 5 × 60 min');
    await expect(page.locator('tr[data-reference="FACT-20270120-PKG3"]').innerText()).resolves.toContain('Session 3 of 5 · 5 × 60 min');
    await expect(page.locator('tr[data-reference="FACT-20261210-PKG4"]').innerText()).resolves.toContain('Session 1 of 3 · Spring block');
    await shootAtWidths(page, 'coach-earnings-packages', sales);
    await page.close();
  });
});
