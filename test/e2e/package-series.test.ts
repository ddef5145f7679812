import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { bookVia, cardOf, expectToast, postAction, setServerClock } from '../support/booking-e2e';
import { shootAtWidths, useBrowser, waitForHydration } from '../support/browser';
import { enablePayouts } from '../support/payout-fixtures';
import { useTestServer } from '../support/server';
import { untilRow } from '../support/until-row';

/**
 * Issue 48's whole path in a real browser (decisions 060, 062): a parent buys a coach's 5-session
 * package with the test card, books three of its sessions as a weekly series for their player
 * (the second week is not free at the usual time and is moved), the coach accepts the series in
 * one decision, the first session completes on its own and its share is released and transferred
 * under the moved test clock, the coach's Earnings page names it 'Session 1 of 5', and the parent
 * cancels the third session less than 24 hours before it, which uses its credit.
 */
const MONDAY = new Date('2027-01-11T09:00:00Z'); // 09:00 in London (GMT)
const WEEKS = ['2027-01-13', '2027-01-20', '2027-01-27'] as const; // Wednesdays
const HOUR = 3_600_000;

describe('a package bought and booked as a weekly series for a player', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let coachId = '';
  let parent: Page;
  let coach: Page;
  /** The series' sessions' references, in date order. */
  let references: string[] = [];

  const credits = async () =>
    (await server.db.query<{ state: string }>('select c.state from package_credits c join package_purchases p on p.id = c.purchase_id where p.coach_id = $1 order by c.position', [coachId])).map(
      (r) => r.state,
    );
  const sessions = () =>
    server.db.query<{ reference_code: string; status: string; payment_status: string; captured: number; intent: string | null; starts_at: Date; player: string | null }>(
      `select b.reference_code, b.status, b.payment_status, b.amount_captured_pence as captured, b.payment_intent_id as intent, b.starts_at, p.first_name as player
         from bookings b left join players p on p.id = b.player_id where b.series_id is not null order by b.starts_at`,
    );

  /** The focused element as 'role: name' (its aria-label, else its label or text). */
  const focused = () =>
    parent.evaluate(() => {
      const e = document.activeElement as HTMLInputElement;
      const role = e.tagName === 'INPUT' ? e.type : e.tagName.toLowerCase();
      const name = e.getAttribute('aria-label') ?? (e.labels?.[0] ?? e).textContent ?? '';
      return `${role}: ${name.replace(/\s+/g, ' ').trim()}`;
    });

  /** Moves the clock past a session's end + 25 h (auto-complete), then past + 48 h (release and transfer). */
  async function completeAndRelease(reference: string) {
    const [row] = await server.db.query<{ ends_at: Date }>('select ends_at from bookings where reference_code = $1', [reference]);
    const end = row!.ends_at.getTime();
    await setServerClock(server.baseUrl, new Date(end + 25 * HOUR));
    await untilRow(server, 'the auto-completion', `select 1 from bookings where reference_code = $1 and status = 'completed'`, [reference]);
    await setServerClock(server.baseUrl, new Date(end + 48 * HOUR + 60_000));
    await untilRow(
      server,
      'the release and transfer',
      `select 1 from bookings b join coach_transfers t on t.booking_id = b.id where b.reference_code = $1 and b.payment_status = 'released' and t.transferred_at is not null`,
      [reference],
    );
  }

  beforeAll(async () => {
    await setServerClock(server.baseUrl, MONDAY);
    coachId = (await createUser(server.db, { userType: 'coach', email: 'wes@example.com', fullName: 'Wes Weekly', hourlyRate: 45, servicesOffered: ['striker'], ageGroups: ['under_12'] })).user.id;
    await createUser(server.db, { userType: 'client', email: 'gemma@example.com', fullName: 'Gemma Hughes' });
    await createUser(server.db, { userType: 'client', email: 'busy@example.com', fullName: 'Busy Maker' });
    // Open for the coming weeks, and able to be paid (the offline Connect account's 'Get paid' done).
    await server.db.query(
      `insert into availability_periods (id, coach_id, starts_at, ends_at, is_available, created_at, updated_at) values (gen_random_uuid(), $1, $2, $2::timestamptz + interval '85 days', true, now(), now())`,
      [coachId, MONDAY],
    );
    await enablePayouts(server.db, coachId);

    coach = await browser.newPage();
    await signIn(coach, server.baseUrl, 'wes@example.com');
    await postAction(coach, server.baseUrl, 'CoachProfile', { intent: 'package-save', sessions: '5', durationMinutes: '60', pricePounds: '200', validityWeeks: '8', title: 'Winter block' });

    parent = await browser.newPage();
    await signIn(parent, server.baseUrl, 'gemma@example.com');
    await postAction(parent, server.baseUrl, 'UserProfile', { intent: 'player-save', firstName: 'Ella', lastName: 'Hughes', dateOfBirth: '2016-02-14', notes: '', guardianConsent: 'on' });

    // Another client's confirmed session takes the coach's 10:00 on the second Wednesday.
    const busy = await browser.newPage();
    await signIn(busy, server.baseUrl, 'busy@example.com');
    const taken = await bookVia(busy, server.baseUrl, coachId, WEEKS[1], '10:00');
    await postAction(coach, server.baseUrl, 'CoachDashboard', { intent: 'accept', bookingId: taken.id });
    await busy.close();
  });

  it('sells the parent the 5-session package on the coach’s profile through the Secure Payment dialog', async () => {
    await parent.goto(`${server.baseUrl}/CoachProfile?userId=${coachId}`);
    const pkg = parent.getByRole('article', { name: 'Winter block' });
    await pkg.waitFor();
    expect(await pkg.innerText()).toMatch(/5 sessions of 1 hour[\s\S]*£200[\s\S]*Save £25 \(11%\) on 5 single sessions/);
    await shootAtWidths(parent, 'package-series-profile-package', pkg);

    await waitForHydration(parent);
    await parent.getByRole('button', { name: 'Buy Winter block for £200' }).click();
    const pay = parent.getByRole('dialog', { name: 'Secure Payment' });
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel(/Expiry/).fill('12/34');
    await pay.getByLabel('CVC').fill('123');
    await pay.getByRole('button', { name: 'Pay £203.00' }).click();
    await pay.getByText('Payment Successful!').waitFor();
    await expectToast(parent, 'Winter block bought');
    expect(await credits()).toEqual(Array(5).fill('available'));

    await parent.goto(`${server.baseUrl}/MyBookings`);
    const mine = parent.locator('section[aria-labelledby="my-packages-title"]');
    await mine.getByText('5 of 5 sessions left, valid until Mon, 8 Mar 2027', { exact: true }).waitFor();
  });

  it('books three weeks for the player from the package, moving the week that is not free, with no payment step', async () => {
    await parent.goto(`${server.baseUrl}/CoachProfile?userId=${coachId}`);
    await waitForHydration(parent);
    await parent.getByRole('button', { name: /^Book/ }).first().click();
    const dialog = parent.getByRole('dialog', { name: 'Book a session with Wes Weekly' });
    await dialog.getByRole('radiogroup', { name: 'Who is this session for?' }).getByText('Ella Hughes').click();
    await dialog.getByRole('button', { name: 'Wednesday 13 January 2027' }).click();
    await dialog.getByRole('button', { name: '10:00' }).click();
    // From here by keyboard: 'How will you pay?' is one Tab stop (the card is chosen), the arrow picks the package.
    await dialog.getByLabel('Notes for the coach').focus();
    await parent.keyboard.press('Tab');
    expect(await focused()).toBe('radio: By card, for this session only');
    await parent.keyboard.press('ArrowUp');
    expect(await dialog.getByRole('radio', { name: /^With a session of Winter block/ }).isChecked()).toBe(true);
    await dialog.getByText('Paid with your package: nothing to pay now').waitFor();
    await parent.keyboard.press('Tab');
    expect(await focused()).toBe('checkbox: Book the same time every week');
    await parent.keyboard.press('Space');
    await parent.keyboard.press('Tab');
    expect(await focused()).toBe('select: Number of weeks');
    await dialog.getByLabel('Number of weeks').selectOption({ label: '3 weeks' });

    const list = dialog.getByRole('list', { name: 'The sessions of the series' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    const items = list.getByRole('listitem');
    await expect(items.nth(0).innerText()).resolves.toMatch(/^Wed 13 Jan, 10:00\s*Free\s*Drop$/);
    await expect(items.nth(1).innerText()).resolves.toMatch(/^Wed 20 Jan, 10:00\s*Not free at 10:00/);
    await expect(items.nth(2).innerText()).resolves.toMatch(/^Wed 27 Jan, 10:00\s*Free\s*Drop$/);
    // A date that is not free is dropped until the parent moves it.
    await dialog.getByText('2 sessions, each paid with a session of your package.', { exact: false }).waitFor();
    const tabs: string[] = [];
    for (let i = 0; i < 5; i++) {
      await parent.keyboard.press('Tab');
      tabs.push(await focused());
    }
    expect(tabs).toEqual(['button: Drop Wed 13 Jan', 'select: Move Wed 20 Jan to', 'button: Drop Wed 27 Jan', 'button: Cancel', 'button: Request Booking']);
    await dialog.getByLabel('Move Wed 20 Jan to').selectOption({ label: 'Move to 12:00' });
    await expect(items.nth(1).innerText()).resolves.toMatch(/^Wed 20 Jan, 12:00\s*Not free at 10:00/);
    await dialog.getByText('3 sessions, each paid with a session of your package.', { exact: false }).waitFor();
    await dialog.locator('fieldset', { hasText: 'Repeat weekly' }).scrollIntoViewIfNeeded();
    await shootAtWidths(parent, 'package-series-dialog', dialog.locator('fieldset', { hasText: 'Repeat weekly' }));
    await shootAtWidths(parent, 'package-series-dialog-pay-with', dialog.locator('fieldset', { hasText: 'How will you pay?' }));

    const sent = parent.waitForResponse((r) => r.url().includes('/FindCoaches') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Request Booking' }).focus();
    await parent.keyboard.press('Enter');
    await sent;
    await expectToast(parent, 'Weekly series of 3 sessions sent to Wes Weekly!');
    await expect(parent.getByRole('dialog', { name: 'Secure Payment' }).count()).resolves.toBe(0);

    const rows = await sessions();
    expect(rows.map((r) => [r.starts_at.toISOString(), r.status, r.player])).toEqual([
      ['2027-01-13T10:00:00.000Z', 'pending', 'Ella'],
      ['2027-01-20T12:00:00.000Z', 'pending', 'Ella'],
      ['2027-01-27T10:00:00.000Z', 'pending', 'Ella'],
    ]);
    references = rows.map((r) => r.reference_code);
    expect(await credits()).toEqual(['booked', 'booked', 'booked', 'available', 'available']);
  });

  it('lets the coach accept the whole series in one decision', async () => {
    await coach.goto(`${server.baseUrl}/CoachDashboard`);
    await waitForHydration(coach);
    for (const [i, reference] of references.entries()) {
      await expect(cardOf(coach, reference).getByLabel('Weekly series').innerText()).resolves.toContain(`Session ${i + 1} of 3`);
    }
    await cardOf(coach, references[0]!).getByRole('button', { name: 'Accept series' }).click();
    await expectToast(coach, /accepted/i);
    await untilRow(server, 'the series confirmed', `select 1 from bookings where series_id is not null having bool_and(status = 'confirmed') and count(*) = 3`, []);
    expect(await credits()).toEqual(['booked', 'booked', 'booked', 'available', 'available']);
    // Paid from the purchase's charge: each session holds its £40 share, and no card payment of its own was started.
    expect((await sessions()).map((r) => [r.status, r.payment_status, r.captured, r.intent])).toEqual(Array(3).fill(['confirmed', 'captured', 4000, null]));

    // The parent's MyBookings: three sessions booked from the package, two left.
    await parent.goto(`${server.baseUrl}/MyBookings`);
    const mine = parent.locator('section[aria-labelledby="my-packages-title"]');
    await mine.getByText('2 of 5 sessions left, valid until Mon, 8 Mar 2027', { exact: true }).waitFor();
    for (const [i, reference] of references.entries()) {
      const card = cardOf(parent, reference);
      await expect(card.getByLabel('Weekly series').innerText()).resolves.toContain(`Session ${i + 1} of 3`);
      await expect(card.getByLabel('Player').innerText()).resolves.toContain('Ella Hughes');
      expect(await card.innerText()).not.toContain('admin fee'); // the package paid it once
      await expect(card.getByRole('note', { name: 'Payment' }).innerText()).resolves.toMatch(/^Paid with your package\n+£40\.00 of your package pays for this session\.$/);
    }
    await shootAtWidths(parent, 'package-series-my-bookings-booked', mine);
  });

  it('completes the first session on its own, releases it to the coach and shows it on Earnings as the package’s session 1', async () => {
    await completeAndRelease(references[0]!);
    expect(await credits()).toEqual(['released', 'booked', 'booked', 'available', 'available']);

    await coach.goto(`${server.baseUrl}/CoachEarnings`);
    await expect(coach.locator(`tr[data-reference="${references[0]}"]`).innerText()).resolves.toContain('Session 1 of 5 · Winter block');
    const sale = coach.locator('section[aria-labelledby="sales-title"]').locator('li[data-sale]');
    await expect(sale.count()).resolves.toBe(1);
    const words = await sale.innerText();
    for (const part of ['Winter block', 'Gemma Hughes · sold 11 Jan 2027', '£200.00', '1 released to you', '2 booked', '2 left']) expect(words).toContain(part);
  });

  it('uses the credit of the third session when the parent cancels it less than 24 hours before, leaving 2 of 5', async () => {
    // The second session happens too (it had to, for the third to be a day away).
    await completeAndRelease(references[1]!);
    await setServerClock(server.baseUrl, new Date(Date.parse(`${WEEKS[2]}T10:00:00Z`) - 22 * HOUR));

    await parent.goto(`${server.baseUrl}/MyBookings`);
    await waitForHydration(parent);
    const card = cardOf(parent, references[2]!);
    await expect(card.getByLabel('Weekly series').innerText()).resolves.toContain('Session 3 of 3');
    await card.getByRole('button', { name: 'Cancel', exact: true }).click();
    const cancel = parent.getByRole('dialog', { name: 'Cancel Booking' });
    // A package session moves no card money: the dialog says the credit is used, with no '£0.00 refunded'.
    const words = await cancel.innerText();
    expect(words).toContain('Less than 24 hours before the start: the session is used and the coach is paid for it.');
    expect(words).toContain('This session of your package is used and Wes Weekly is paid for it. Nothing is refunded.');
    expect(words).not.toContain('£0.00');
    await cancel.getByLabel('Reason for cancelling').fill('Ella is ill');
    await shootAtWidths(parent, 'package-series-cancel-late', cancel);
    await cancel.getByRole('button', { name: 'Cancel Booking' }).click();
    await expectToast(parent, /cancelled/i);
    expect(await credits()).toEqual(['released', 'released', 'used', 'available', 'available']);
    expect((await sessions()).map((r) => [r.status, r.payment_status])).toEqual([
      ['completed', 'released'],
      ['completed', 'released'],
      ['cancelled', 'captured'],
    ]);

    await parent.goto(`${server.baseUrl}/MyBookings?tab=cancelled`);
    await cardOf(parent, references[2]!).getByText('Paid with your package: session used').waitFor();
    await parent.goto(`${server.baseUrl}/MyBookings`);
    const mine = parent.locator('section[aria-labelledby="my-packages-title"]');
    await mine.getByText('2 of 5 sessions left, valid until Mon, 8 Mar 2027', { exact: true }).waitFor();
    await shootAtWidths(parent, 'package-series-my-bookings', mine);
  });
});
