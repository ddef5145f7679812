import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, signIn, tempDataDir } from '../support/accounts';
import { screenshot, useBrowser, waitForHydration } from '../support/browser';
import { useTestServer } from '../support/server';

const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const label = (iso: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const short = (iso: string, year: boolean) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', ...(year ? { year: 'numeric' } : {}), timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`)).replace(',', '');

/** The holiday week: the 21st to the 27th of this month while that is ahead, else of the next month (one more click). */
function holidayWeek(): { from: string; to: string; nextMonth: boolean } {
  const today = londonToday();
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const month = d < 21 ? new Date(Date.UTC(y, m - 1, 1)) : new Date(Date.UTC(y, m, 1));
  const ym = month.toISOString().slice(0, 7);
  return { from: `${ym}-21`, to: `${ym}-27`, nextMonth: d >= 21 };
}

async function openAvailability(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/CoachAvailability`);
  await page.getByRole('heading', { name: 'Availability', level: 1 }).waitFor();
  await waitForHydration(page);
}

describe('CoachAvailability', () => {
  const server = useTestServer({ DATA_DIR: tempDataDir().dir });
  const browser = useBrowser();

  it('lets a coach set Tue and Thu 17:00–20:00, Sat 09:00–12:00 every 30 minutes and a holiday week in at most 15 interactions', async () => {
    const coach = await createUser(server.db, { userType: 'coach', fullName: 'Gordon Keeper', servicesOffered: ['goalkeeping'], ageGroups: ['adults'] });
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, coach.email, coach.password);
    await page.goto(`${server.baseUrl}/CoachDashboard`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Availability' }).click();
    await page.getByRole('heading', { name: 'Availability', level: 1 }).waitFor();
    await waitForHydration(page);
    await page.getByText('No weekly hours yet').waitFor();

    // Every fill, select and click the coach makes, counted.
    const done: string[] = [];
    const act = async (what: string, step: () => Promise<unknown>) => {
      done.push(what);
      await step();
    };
    await act('tick Tuesday', () => page.getByRole('checkbox', { name: 'Tuesday' }).check());
    await act('tick Thursday', () => page.getByRole('checkbox', { name: 'Thursday' }).check());
    await act('tick Saturday', () => page.getByRole('checkbox', { name: 'Saturday' }).check());
    await act('Saturday from 09:00', () => page.getByLabel('Saturday from').selectOption('09:00'));
    await act('Saturday until 12:00', () => page.getByLabel('Saturday until').selectOption('12:00'));
    await act('starts every 30 minutes', () => page.getByLabel('Start times').selectOption('30'));
    await act('save the week', () => page.getByRole('button', { name: 'Save weekly hours' }).click());
    await page.getByText('Weekly hours saved.').waitFor();

    const holiday = holidayWeek();
    if (holiday.nextMonth) await act('next month', () => page.getByRole('button', { name: 'Next month' }).click());
    await act('first day off', () => page.getByRole('button', { name: label(holiday.from), exact: true }).click());
    await act('last day off', () => page.getByRole('button', { name: label(holiday.to), exact: true }).click());
    await act('add the exception', () => page.getByRole('button', { name: 'Add exception' }).click());
    await page.getByText('Exception added.').waitFor();
    expect(done.length, done.join(', ')).toBeLessThanOrEqual(15);

    const dates = `${short(holiday.from, false)} – ${short(holiday.to, true)}`;
    const exceptions = page.getByRole('list', { name: 'Exceptions' });
    await exceptions.getByText(dates).waitFor();
    await screenshot(page, 'coach-availability-1280');

    await page.reload();
    await waitForHydration(page);
    for (const day of ['Tuesday', 'Thursday', 'Saturday']) await expect(page.getByRole('checkbox', { name: day }).isChecked()).resolves.toBe(true);
    for (const day of ['Monday', 'Wednesday', 'Friday', 'Sunday']) await expect(page.getByRole('checkbox', { name: day }).isChecked()).resolves.toBe(false);
    await expect(page.getByLabel('Tuesday from').inputValue()).resolves.toBe('17:00');
    await expect(page.getByLabel('Thursday until').inputValue()).resolves.toBe('20:00');
    await expect(page.getByLabel('Saturday from').inputValue()).resolves.toBe('09:00');
    await expect(page.getByLabel('Saturday until').inputValue()).resolves.toBe('12:00');
    await expect(page.getByLabel('Start times').inputValue()).resolves.toBe('30');
    await expect(exceptions.getByRole('listitem').filter({ hasText: dates }).innerText()).resolves.toMatch(/^Off\b/);

    const stored = await server.db.query<{ weekday: number; start_time: string; end_time: string }>(
      `select weekday, start_time::text, end_time::text from coach_weekly_hours where coach_id = $1 order by weekday`,
      [coach.user.id],
    );
    expect(stored).toEqual([
      { weekday: 2, start_time: '17:00:00', end_time: '20:00:00' },
      { weekday: 4, start_time: '17:00:00', end_time: '20:00:00' },
      { weekday: 6, start_time: '09:00:00', end_time: '12:00:00' },
    ]);
    const [rules] = await server.db.query<{ slot_step_minutes: number }>(`select slot_step_minutes from coach_profiles where user_id = $1`, [coach.user.id]);
    expect(rules?.slot_step_minutes).toBe(30);

    // An exception inside the holiday is refused, naming the holiday; nothing is added.
    const middle = `${holiday.from.slice(0, 8)}24`;
    if (holiday.nextMonth) await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('button', { name: `${label(middle)} (has an exception)`, exact: true }).click();
    await page.getByRole('button', { name: 'Add exception' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `This overlaps your time off ${dates}. Change or delete that one first.` })
      .waitFor();
    await expect(exceptions.getByRole('listitem').count()).resolves.toBe(1);

    const phone = await browser.newPage({ width: 360, height: 800 });
    await signIn(phone, server.baseUrl, coach.email, coach.password);
    await openAvailability(phone, server.baseUrl);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'coach-availability-360');
  });

  it('edits, deletes and validates exceptions and rules, and keeps the week view usable from the keyboard', async () => {
    const coach = await createUser(server.db, { userType: 'coach', fullName: 'Kim Keyboard', servicesOffered: ['goalkeeping'], ageGroups: ['adults'] });
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, coach.email, coach.password);
    await openAvailability(page, server.baseUrl);

    // Keyboard only: Tab to Wednesday's box, Space ticks it, then its 'Copy to all weekdays'.
    const reached: string[] = [];
    for (let i = 0; i < 40 && !reached.includes('Wednesday'); i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => (document.activeElement?.closest('label')?.textContent ?? document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '').trim()),
      );
    }
    expect(reached).toContain('Wednesday');
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Wednesday' }).isChecked()).resolves.toBe(true);
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Copy Wednesday to all weekdays') break;
    }
    await page.keyboard.press('Enter');
    for (const day of ['Monday', 'Tuesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) await expect(page.getByRole('checkbox', { name: day }).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Sunday from').inputValue()).resolves.toBe('17:00');

    // A second range overlapping the first is refused with the day named; nothing is saved.
    await page.getByRole('button', { name: 'Add a range on Monday' }).click();
    await page.getByLabel('Monday range 2 from').selectOption('19:00');
    await page.getByRole('button', { name: 'Save weekly hours' }).click();
    await page.getByRole('alert').filter({ hasText: 'Monday: 19:00–21:00 overlaps 17:00–20:00. Change or remove one of them.' }).waitFor();
    await expect(server.db.query(`select 1 from coach_weekly_hours where coach_id = $1`, [coach.user.id])).resolves.toHaveLength(0);
    await page.getByRole('button', { name: 'Remove Monday range 2 19:00–21:00' }).click();
    await page.getByRole('button', { name: 'Save weekly hours' }).click();
    await page.getByText('Weekly hours saved.').waitFor();

    // The rules.
    await page.getByLabel('Buffer before a session').selectOption('15');
    await page.getByLabel('Minimum notice').selectOption(String(24 * 60));
    await page.getByLabel('Most sessions a day (optional)').fill('30');
    await page.getByRole('button', { name: 'Save booking rules' }).click();
    await page.getByRole('alert').filter({ hasText: 'Sessions per day must be between 1 and 24, or left empty for no limit' }).waitFor();
    await page.getByLabel('Most sessions a day (optional)').fill('3');
    await page.getByRole('button', { name: 'Save booking rules' }).click();
    await page.getByText('Booking rules saved.').waitFor();
    const [rules] = await server.db.query(`select buffer_before_minutes, buffer_after_minutes, minimum_notice_minutes, max_sessions_per_day from coach_profiles where user_id = $1`, [coach.user.id]);
    expect(rules).toEqual({ buffer_before_minutes: 15, buffer_after_minutes: 0, minimum_notice_minutes: 1440, max_sessions_per_day: 3 });

    // An exception with different hours: SPEC's messages first, then added, edited and deleted.
    await page.getByRole('button', { name: 'Add exception' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please select a date range' }).waitFor();
    await page.getByRole('button', { name: 'Next month' }).click();
    const next = new Date(`${londonToday().slice(0, 7)}-01T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const day = `${next.toISOString().slice(0, 8)}10`;
    await page.getByRole('button', { name: label(day), exact: true }).click();
    await page.getByLabel('Different hours').check();
    await page.getByLabel('From (optional)').selectOption('09:00');
    await page.getByLabel('Until (optional)').selectOption('12:00');
    await page.getByLabel('Location for these dates (optional)').fill('Hackney Marshes');
    await page.getByLabel('Notes (optional)').fill('Half term camp');
    await page.getByRole('button', { name: 'Add exception' }).click();
    await page.getByText('Exception added.').waitFor();
    const exceptions = page.getByRole('list', { name: 'Exceptions' });
    const line = exceptions.getByRole('listitem').filter({ hasText: short(day, true) });
    await expect(line.innerText()).resolves.toMatch(/Hours 09:00–12:00\s*·\s*\S+ 10 \S+ \d{4}\s*at Hackney Marshes\s*Half term camp/);

    await line.getByRole('button', { name: /^Edit / }).click();
    await expect(page.getByLabel('Notes (optional)').inputValue()).resolves.toBe('Half term camp');
    await expect(page.getByLabel('From (optional)').inputValue()).resolves.toBe('09:00');
    await page.getByLabel('Notes (optional)').fill('Camp, mornings');
    await page.getByRole('button', { name: 'Save exception' }).click();
    await page.getByText('Exception updated.').waitFor();
    await exceptions.getByText('Camp, mornings').waitFor();

    await exceptions.getByRole('button', { name: /^Delete / }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this availability period?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Exception deleted.').waitFor();
    await page.getByText('No exceptions coming up.').waitFor();
  });

  it('keeps clients and admins out, and shows the owner a link from the profile', async () => {
    const coach = await createUser(server.db, { userType: 'coach', fullName: 'Pat Profile' });
    const client = await createUser(server.db, { fullName: 'Cory Client' });
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, client.email, client.password);
    await page.goto(`${server.baseUrl}/CoachAvailability`);
    await page.waitForURL(/\/FindCoaches/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Availability' }).count()).resolves.toBe(0);

    const own = await browser.newPage();
    await signIn(own, server.baseUrl, coach.email, coach.password);
    await own.goto(`${server.baseUrl}/CoachProfile`);
    await own.getByRole('link', { name: 'Manage availability' }).click();
    await own.getByRole('heading', { name: 'Availability', level: 1 }).waitFor();
  });
});
