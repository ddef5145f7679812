import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, createUser, signIn, tempDataDir, verificationLinkFor } from '../support/accounts';
import { useBrowser, waitForHydration, shootAtWidths } from '../support/browser';
import { setServerClock } from '../support/booking-e2e';
import { RATE_LIMITS } from '../../domain/rate-limit/rate-limit-policy';
import { useTestServer } from '../support/server';

/**
 * Decision 048: a signed-out visitor browses coaches and opens a profile in the signed-out shell;
 * 'Book' asks them to log in or register, and after registering and verifying they land in that
 * coach's booking dialog. A parent with two players gets the player their search was for, and
 * with no such search must choose.
 */
const MONDAY = new Date('2027-01-11T09:00:00Z');
const data = tempDataDir();

describe('browsing before signing up', () => {
  const server = useTestServer({ DATA_DIR: data.dir });
  const browser = useBrowser();
  let coachId = '';
  let parentEmail = '';

  beforeAll(async () => {
    await setServerClock(server.baseUrl, MONDAY);
    const coach = await createUser(server.db, {
      userType: 'coach',
      email: 'priya@example.com',
      fullName: 'Priya Shah',
      phone: '+44 7700 900777',
      location: 'Roundhay, Leeds',
      hourlyRate: 40,
      servicesOffered: ['striker', 'goalkeeping'],
      ageGroups: ['under_12', 'under_16'],
    });
    coachId = coach.user.id;
    const parent = await createUser(server.db, { userType: 'client', email: 'dana@example.com', fullName: 'Dana Parent' });
    parentEmail = parent.email;
    await server.db.query(
      `insert into players (id, guardian_id, first_name, last_name, date_of_birth, guardian_consent_at, created_at, updated_at)
       values (gen_random_uuid(), $1, 'Jordan', 'Parent', '2015-06-01', now(), now(), now()),
              (gen_random_uuid(), $1, 'Ella', 'Parent', '2011-03-01', now(), now(), now())`,
      [parent.user.id],
    );
  });

  it('lets a signed-out visitor browse, open a profile, register from Book, verify, and land in that coach’s booking dialog', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/`);
    // SPEC's calls to action stay; 'Browse coaches' joins them.
    for (const name of ['Find a Coach', 'Become a Coach', 'Get Started']) await page.getByRole('link', { name }).first().waitFor();
    await shootAtWidths(page, 'landing-browse-coaches', page.getByRole('link', { name: 'Browse coaches' }));
    await page.getByRole('link', { name: 'Browse coaches' }).click();
    await page.waitForURL(/\/FindCoaches$/);
    await page.getByText('Found 1 coach', { exact: true }).waitFor();
    // The signed-out shell: no sidebar, Login and Sign up, the plain footer.
    await expect(page.getByRole('complementary', { name: 'Sidebar' }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Sign up' }).waitFor();
    await expect(page.locator('footer').textContent()).resolves.not.toContain('constantly improving');
    await shootAtWidths(page, 'public-find-coaches');

    await page.getByRole('link', { name: 'View profile of Priya Shah' }).click();
    await page.waitForURL(new RegExp(`/CoachProfile\\?userId=${coachId}$`));
    const details = page.getByRole('region', { name: 'Profile details' });
    await details.getByText('Roundhay, Leeds').waitFor();
    await details
      .getByText(/^Next available:|\w{3} \d\d:\d\d|No free times/)
      .first()
      .waitFor();
    await expect(page.content()).resolves.not.toContain('priya@example.com');
    await expect(page.content()).resolves.not.toContain('900777');
    await shootAtWidths(page, 'public-coach-profile', page.getByRole('group', { name: 'Contact this coach' }));

    await page.getByRole('link', { name: 'Book a session with Priya Shah' }).click();
    await page.waitForURL(/\/\?login=1&redirectTo=/);
    const login = page.getByRole('dialog', { name: 'Welcome back' });
    await login.waitFor();
    await login.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/Register\?type=user&redirectTo=/);

    const form = page.getByRole('tabpanel', { name: 'Email & Password' });
    await form.getByLabel('Email').fill('new.parent@example.com');
    await form.locator('input[name=password]').fill('secret-pass');
    await form.getByLabel('Full name').fill('Nia Newcomer');
    await form.getByLabel('Phone').fill('+44 7700 900555');
    await form.getByLabel('Location').fill('Leeds');
    await form.getByLabel('Bio').fill('Looking for goalkeeping sessions.');
    await form.getByRole('group', { name: 'Preferred coaching types' }).getByLabel('Goalkeeping').check();
    await form.getByRole('group', { name: 'Preferred session times' }).getByLabel('Weekend').check();
    await form.getByLabel(/I confirm I am at least 16 years old/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${server.baseUrl}/`);

    // The link from the mail, opened in the same browser, leads to the login dialog and back to Priya.
    await page.goto(await verificationLinkFor(data.outbox, 'new.parent@example.com'));
    await page.waitForURL(/\/\?login=1&redirectTo=/);
    await page.getByText('Your email is verified. You can now log in.').waitFor();
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByRole('dialog').getByLabel('Email').fill('new.parent@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByRole('dialog').getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(new RegExp(`/CoachProfile\\?userId=${coachId}&open=book$`));
    const dialog = page.getByRole('dialog', { name: 'Book a session with Priya Shah' });
    await dialog.getByRole('button', { name: 'Wednesday 13 January 2027' }).waitFor();
    await shootAtWidths(page, 'public-back-in-booking-dialog', dialog);
    // Closing it leaves a page that does not open it again.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(new RegExp(`/CoachProfile\\?userId=${coachId}$`));
  });

  it('sends a signed-out visitor’s Book on a card to the login dialog, coming back to that coach’s dialog', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/FindCoaches`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Book Priya Shah' }).click();
    await page.waitForURL(/\/\?login=1&redirectTo=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirectTo') ?? '')).toBe(`/CoachProfile?userId=${coachId}&open=book`);
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByRole('dialog').getByLabel('Email').fill(parentEmail);
    await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
    await page.getByRole('dialog').getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog', { name: 'Book a session with Priya Shah' }).waitFor();
  });

  it('tells a visitor past the page-view limit when they may come back', async () => {
    const page = await browser.newPage();
    // One address of its own (the test server trusts its loopback proxy), so no other test is counted with it.
    const visitor = { 'X-Forwarded-For': '203.0.113.48' };
    await page.setExtraHTTPHeaders(visitor);
    for (let i = 0; i < RATE_LIMITS.browse.limit; i++) await page.request.get(`${server.baseUrl}/FindCoaches`, { headers: visitor });
    const refused = await page.goto(`${server.baseUrl}/CoachProfile?userId=${coachId}`);
    expect(refused?.status()).toBe(429);
    await page.getByRole('heading', { name: 'Too many requests' }).waitFor();
    await page.getByText(/Too many pages viewed in a short time\. Please wait until \d\d:\d\d/).waitFor();
    await shootAtWidths(page, 'public-too-many-views');
  });

  it('preselects the player a parent searched for, and makes them choose when they did not', async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, parentEmail);
    await page.goto(`${server.baseUrl}/FindCoaches`);
    await page.getByRole('button', { name: 'For Jordan (Under 12)' }).click();
    await page.waitForURL(/age_group=under_12/);
    await page.getByText('Found 1 coach', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Book Priya Shah' }).click();
    let dialog = page.getByRole('dialog', { name: 'Book a session with Priya Shah' });
    let who = dialog.getByRole('radiogroup', { name: 'Who is this session for?' });
    await expect(who.getByRole('radio', { name: /Jordan Parent/ }).isChecked()).resolves.toBe(true);
    await expect(who.getByRole('radio', { name: /^Me/ }).isChecked()).resolves.toBe(false);
    await shootAtWidths(page, 'booking-dialog-player-preselected', dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The card's profile carries the search's player to the profile's dialog.
    await page.getByRole('link', { name: 'View profile of Priya Shah' }).click();
    await page.waitForURL(/\/CoachProfile\?userId=.*&for=/);
    await page.getByRole('button', { name: 'Book a session with Priya Shah' }).click();
    dialog = page.getByRole('dialog', { name: 'Book a session with Priya Shah' });
    who = dialog.getByRole('radiogroup', { name: 'Who is this session for?' });
    await expect(who.getByRole('radio', { name: /Jordan Parent/ }).isChecked()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // No search for a player: nobody is chosen, and the request says so.
    await page.goto(`${server.baseUrl}/FindCoaches`);
    await page.getByRole('button', { name: 'Book Priya Shah' }).click();
    dialog = page.getByRole('dialog', { name: 'Book a session with Priya Shah' });
    who = dialog.getByRole('radiogroup', { name: 'Who is this session for?' });
    await who.waitFor();
    for (const name of [/^Me/, /Jordan Parent/, /Ella Parent/]) await expect(who.getByRole('radio', { name }).isChecked()).resolves.toBe(false);
    await dialog.getByRole('button', { name: 'Wednesday 13 January 2027' }).click();
    await dialog.getByRole('button', { name: '17:00' }).click();
    await dialog.getByRole('button', { name: 'Request Booking' }).click();
    await dialog.getByText('Please choose who this session is for').waitFor();
    // The choice takes the focus, so the person sees what is missing however far down they were.
    await expect(who.getByRole('radio', { name: /^Me/ }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(server.db.query('select id from bookings')).resolves.toEqual([]);
    await shootAtWidths(page, 'booking-dialog-player-required', dialog);
    await who.getByText('Ella Parent').click();
    await dialog.getByRole('button', { name: 'Request Booking' }).click();
    await page.getByRole('dialog', { name: 'Secure Payment' }).waitFor();
    const [row] = await server.db.query<{ first_name: string }>('select p.first_name from bookings b join players p on p.id = b.player_id');
    expect(row).toEqual({ first_name: 'Ella' });
  });
});
