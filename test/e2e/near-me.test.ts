import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { screenshot, useBrowser } from '../support/browser';
import { useTestServer } from '../support/server';

/**
 * Issue 46, as a parent in Didsbury: 'Near Didsbury, 10 miles' lists the Didsbury coach and the
 * Stockport coach who travels 10 miles, nearest first, and neither the Leeds coach nor the
 * online-only one; 'Use my location' at Didsbury gives the same list.
 */
const DIDSBURY = { latitude: 53.4189, longitude: -2.229 };

describe('a parent in Didsbury looking for a coach near them', () => {
  const server = useTestServer();
  const browser = useBrowser();

  beforeAll(async () => {
    await createUser(server.db, { userType: 'client', email: 'parent@example.com', fullName: 'Dee Parent', location: 'Didsbury' });
    const coaches = [
      { email: 'stockport@example.com', fullName: 'Sam Stockport', place: 'Stockport', radius: 10, mode: 'in_person' },
      { email: 'didsbury@example.com', fullName: 'Dana Didsbury', place: 'Didsbury', radius: 0, mode: 'in_person' },
      { email: 'leeds@example.com', fullName: 'Lee Leeds', place: 'Leeds', radius: 25, mode: 'in_person' },
      { email: 'online@example.com', fullName: 'Olly Online', place: null, radius: 25, mode: 'online' },
    ];
    for (const c of coaches) {
      await createUser(server.db, { userType: 'coach', email: c.email, fullName: c.fullName, location: `1 Private Street, ${c.place ?? 'Online'}`, servicesOffered: ['striker'] });
      await server.db.query(
        `update coach_profiles set base_place_id = (select id from places where label = $2::text), service_radius_miles = $3, session_mode = $4
          where user_id = (select id from users where email = $1)`,
        [c.email, c.place, c.radius, c.mode],
      );
    }
  });

  const listed = async (page: import('playwright-core').Page) =>
    page.getByRole('article').evaluateAll((cards) => cards.map((c) => [c.getAttribute('aria-label'), c.querySelector('[data-testid="coach-reach"]')?.textContent ?? '']));

  it("lists the Didsbury coach and the Stockport coach who travels, nearest first, for 'Near Didsbury, 10 miles', by keyboard", async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'parent@example.com');
    await page.goto(`${server.baseUrl}/FindCoaches`);
    await page.getByText('Found 4 coaches').waitFor();
    const near = page.getByRole('combobox', { name: 'Near' });
    await near.focus();
    await page.keyboard.type('Didsb');
    await page.getByRole('option', { name: 'Didsbury' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await expect(near.getAttribute('aria-activedescendant')).resolves.toBeTruthy();
    await page.keyboard.press('Enter');
    await page.getByText('Found 2 coaches').waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('near')).toBe('6620310');
    expect(url.searchParams.get('miles')).toBe('10');
    expect(await listed(page)).toEqual([
      ['Dana Didsbury', 'Under 0.1 miles away'],
      ['Sam Stockport', '3.1 miles awayTravels to you'],
    ]);
    await expect(page.getByText('1 active filter').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Private Street').count()).resolves.toBe(0);
    await screenshot(page, 'near-didsbury');

    // Reloaded or shared, the URL gives the same search, with the place in the field.
    await page.reload();
    await page.getByText('Found 2 coaches').waitFor();
    await expect(near.inputValue()).resolves.toBe('Didsbury');

    // 'Online' lists the online coach instead, not mixed into the distance list.
    await page.getByLabel('Online instead').check();
    await page.getByText('Found 1 coach', { exact: true }).waitFor();
    expect(await listed(page)).toEqual([['Olly Online', '']]);
  });

  it("gives the same list for 'Use my location' at Didsbury", async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation(DIDSBURY);
    await signIn(page, server.baseUrl, 'parent@example.com');
    await page.goto(`${server.baseUrl}/FindCoaches`);
    await page.getByText('Found 4 coaches').waitFor();
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByText('Found 2 coaches').waitFor();
    expect(await listed(page)).toEqual([
      ['Dana Didsbury', 'Under 0.1 miles away'],
      ['Sam Stockport', '3.1 miles awayTravels to you'],
    ]);
    await expect(page.getByRole('combobox', { name: 'Near' }).inputValue()).resolves.toBe('Didsbury');
    // The position went once, in a POST body; no URL carries it.
    expect(asked.filter((u) => u.includes('53.41') || u.includes('latitude'))).toEqual([]);
    await screenshot(page, 'near-my-location-360');
  });

  it('lets a coach choose their base place and a parent save a home place, where FindCoaches then starts', async () => {
    const coach = await browser.newPage();
    await signIn(coach, server.baseUrl, 'leeds@example.com');
    await coach.goto(`${server.baseUrl}/CoachProfile`);
    const base = coach.getByRole('combobox', { name: 'Base place' });
    await base.fill('');
    await base.focus();
    await coach.keyboard.type('Stockp');
    await coach.getByRole('option', { name: 'Stockport', exact: true }).waitFor();
    await coach.keyboard.press('Enter');
    await coach.getByLabel('In person and online').check();
    await coach.getByLabel('Under 12').check();
    await coach.getByRole('button', { name: 'Save Changes' }).click();
    await coach.getByText('Profile updated').first().waitFor();
    await screenshot(coach, 'coach-base-place');

    const parent = await browser.newPage({ width: 360, height: 800 });
    await signIn(parent, server.baseUrl, 'parent@example.com');
    await parent.goto(`${server.baseUrl}/UserProfile`);
    const home = parent.getByRole('combobox', { name: 'Home place (optional)' });
    await home.focus();
    await parent.keyboard.type('Didsb');
    await parent.getByRole('option', { name: 'Didsbury' }).waitFor();
    await parent.keyboard.press('Enter');
    await parent.getByRole('button', { name: 'Save Changes' }).click();
    await parent.getByText('Profile updated').first().waitFor();
    await screenshot(parent, 'client-home-place-360');
    await parent.goto(`${server.baseUrl}/FindCoaches`);
    await parent.getByText('Found 3 coaches').waitFor();
    expect(new URL(parent.url()).searchParams.get('near')).toBe('6620310');
    await expect(parent.getByRole('combobox', { name: 'Near' }).inputValue()).resolves.toBe('Didsbury');
    // 'Clear all filters' searches anywhere, not back near the home place.
    await parent.getByRole('link', { name: 'Clear all filters' }).click();
    await parent.getByText('Found 4 coaches').waitFor();
  });
});
