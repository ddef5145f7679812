import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, signIn, tempDataDir } from '../support/accounts';
import { cardOf, expectToast, postAction } from '../support/booking-e2e';
import { screenshot, useBrowser, waitForHydration } from '../support/browser';
import { useTestServer } from '../support/server';

const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** ISO weekday of a date: Monday 1 … Sunday 7. */
const weekdayOf = (iso: string) => ((new Date(`${iso}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The holiday: the 21st to the 27th of the month after this one, so it never overlaps the dates booked below. */
function holidayWeek(): { from: string; to: string } {
  const [y, m] = londonToday().split('-').map(Number) as [number, number];
  const ym = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
  return { from: `${ym}-21`, to: `${ym}-27` };
}

/** The first date after today (from tomorrow, so the 2-hour notice never matters) on an ISO weekday. */
function next(weekday: number, after = londonToday()): string {
  let d = addDays(after, 1);
  while (weekdayOf(d) !== weekday) d = addDays(d, 1);
  return d;
}

async function times(dialog: ReturnType<Page['getByRole']>): Promise<string[]> {
  const group = dialog.getByRole('group', { name: 'Time' });
  await group.getByRole('button').first().waitFor();
  return group.getByRole('button').allTextContents();
}

describe('a coach who works Tuesday and Thursday evenings and Saturday mornings', () => {
  const server = useTestServer({ DATA_DIR: tempDataDir().dir });
  const browser = useBrowser();

  it('is offered to a parent only at his hours, booked on Thursday at 17:30, and rescheduled only to free times', async () => {
    const coach = await createUser(server.db, { userType: 'coach', fullName: 'Gordon Keeper', servicesOffered: ['goalkeeping'], ageGroups: ['adults'] });
    const coachPage = await browser.newPage();
    await signIn(coachPage, server.baseUrl, coach.email, coach.password);
    await coachPage.goto(`${server.baseUrl}/CoachAvailability`);
    await waitForHydration(coachPage);
    for (const day of ['Tuesday', 'Thursday', 'Saturday']) await coachPage.getByRole('checkbox', { name: day }).check();
    await coachPage.getByLabel('Saturday from').selectOption('09:00');
    await coachPage.getByLabel('Saturday until').selectOption('12:00');
    await coachPage.getByLabel('Start times').selectOption('30');
    await coachPage.getByRole('button', { name: 'Save weekly hours' }).click();
    await coachPage.getByText('Weekly hours saved.').waitFor();
    const holiday = holidayWeek();
    await server.db.query(
      `insert into availability_periods (id, coach_id, starts_at, ends_at, is_available, created_at, updated_at)
       values (gen_random_uuid(), $1, ($2::date)::timestamp at time zone 'Europe/London', ($3::date + 1)::timestamp at time zone 'Europe/London', false, now(), now())`,
      [coach.user.id, holiday.from, holiday.to],
    );

    const client = await createUser(server.db, { userType: 'client', fullName: 'Pat Parent' });
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, client.email, client.password);
    await page.goto(`${server.baseUrl}/FindCoaches`);
    const card = page.getByRole('article', { name: 'Gordon Keeper' });
    // The card asks when he is next free once it is shown: one of his days, at one of his times.
    await expect.poll(() => card.innerText()).toMatch(/Next available:\s+(Today|Tomorrow|Tue|Thu|Sat) (17|18|19|09|10|11):(00|30)/);
    await card.getByRole('button', { name: 'Book Gordon Keeper' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a session with Gordon Keeper' });
    await dialog.getByText('Pick a date to see the free times.').waitFor();

    // Only his weekdays can be picked; a Monday, a Wednesday and the holiday cannot.
    const thursday = next(4);
    for (const off of [next(1), next(3), next(7)]) await expect(dialog.locator(`button[data-date="${off}"]`).isDisabled()).resolves.toBe(true);
    const holidayDay = dialog.locator(`button[data-date="${holiday.from}"]`);
    if ((await holidayDay.count()) > 0) await expect(holidayDay.isDisabled()).resolves.toBe(true);

    await dialog.locator(`button[data-date="${next(6)}"]`).click();
    await expect(times(dialog)).resolves.toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
    await dialog.locator(`button[data-date="${thursday}"]`).click();
    await expect(times(dialog)).resolves.toEqual(['17:00', '17:30', '18:00', '18:30', '19:00']);
    await screenshot(page, 'scheduling-booking-dialog-thursday');
    await dialog.getByRole('button', { name: '17:30' }).click();
    await dialog.getByRole('button', { name: 'Request Booking' }).click();

    const pay = page.getByRole('dialog', { name: 'Secure Payment' });
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel(/Expiry/).fill('12/34');
    await pay.getByLabel('CVC').fill('123');
    await pay.getByRole('button', { name: /^Pay / }).click();
    await pay.getByText('Payment Successful!').waitFor();
    const [row] = await server.db.query<{ id: string; reference_code: string; starts_at: Date }>('select id, reference_code, starts_at from bookings where coach_id = $1', [coach.user.id]);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(row!.starts_at)).toBe('17:30');
    await postAction(coachPage, server.baseUrl, 'CoachDashboard', { intent: 'accept', bookingId: row!.id });

    // The reschedule dialog offers the free times of his hours: none on a Monday, his evening on the next Tuesday.
    await page.goto(`${server.baseUrl}/MyBookings`);
    await cardOf(page, row!.reference_code).getByRole('button', { name: 'Reschedule' }).click();
    const move = page.getByRole('dialog', { name: 'Reschedule Session' });
    const newTime = move.getByLabel('New time');
    await move.getByLabel('New date').fill(next(2, thursday));
    await expect.poll(() => newTime.locator('option:not([value=""])').allTextContents()).toEqual(['17:00', '17:30', '18:00', '18:30', '19:00']);
    await move.getByLabel('New date').fill(next(1, thursday));
    await expect.poll(() => newTime.locator('option:not([value=""])').count()).toBe(0);
    await move.getByLabel('New date').fill(next(2, thursday));
    await expect.poll(() => newTime.locator('option:not([value=""])').count()).toBe(5);
    await newTime.selectOption('18:00');
    await move.getByLabel(/Reason/).fill('Training moved');
    await move.getByRole('button', { name: 'Send Request' }).click();
    await expectToast(page, 'Reschedule request sent.');

    // His public profile says when he is next free, too.
    await page.goto(`${server.baseUrl}/CoachProfile?userId=${coach.user.id}`);
    const details = page.getByRole('region', { name: 'Profile details' });
    await expect.poll(() => details.innerText()).toMatch(/Next available\s+(Today|Tomorrow|Tue|Thu|Sat)[^\n]* (17|18|19|09|10|11):(00|30)/);
  });
});
