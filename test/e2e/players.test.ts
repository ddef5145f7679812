import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { useBrowser, waitForHydration, shootAtWidths } from '../support/browser';
import { cardOf, expectToast, setServerClock, watchForCalendarLoading } from '../support/booking-e2e';
import { useTestServer } from '../support/server';

/**
 * Decision 017: a guardian adds their child as a player (refused without
 * consent, then accepted), books and pays for a session for them, the coach sees the player's
 * name, age and notes on the request; 'Book again' on the confirmed session opens the dialog on
 * next week's slot.
 */
const MONDAY = new Date('2027-01-11T09:00:00Z'); // 09:00 in London (GMT)

describe('players and guardians', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let reference = '';

  beforeAll(async () => {
    await setServerClock(server.baseUrl, MONDAY);
    await createUser(server.db, { userType: 'client', email: 'gemma@example.com', fullName: 'Gemma Hughes' });
    await createUser(server.db, {
      userType: 'coach',
      email: 'sam@example.com',
      fullName: 'Sam Coach',
      location: 'Didsbury, Manchester',
      hourlyRate: 40,
      servicesOffered: ['striker', 'midfield'],
      ageGroups: ['under_10', 'under_12'],
    });
  });

  it('adds a player under 18 only with the guardian’s consent', async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'gemma@example.com');
    await page.goto(`${server.baseUrl}/UserProfile`);
    const card = page.locator('section#players');
    await card.getByText('No players yet.').waitFor();
    await card.getByRole('button', { name: 'Add player' }).click();
    await card.getByLabel('First name').fill('Ella');
    await card.getByLabel('Last name').fill('Hughes');
    await card.getByLabel('Date of birth').fill('2016-02-14');
    await card.getByLabel('Notes for coaches').fill('Left winger, loves 1v1s. Asthma: inhaler in her kit bag. Emergency: Gemma 07700 900123');
    await card.getByRole('button', { name: 'Add player' }).last().click();
    await expect(card.getByRole('alert').textContent()).resolves.toContain('parent or guardian');
    await expect(server.db.query('select id from players')).resolves.toEqual([]);
    await shootAtWidths(page, 'players-card-consent-needed', card);

    await card.getByRole('checkbox').check();
    await card.getByRole('button', { name: 'Add player' }).last().click();
    await expectToast(page, 'Ella Hughes added to your players.');
    const item = card.getByRole('listitem', { name: 'Ella Hughes' });
    await expect(item.textContent()).resolves.toContain('10 · Under 12');
    const [row] = await server.db.query<{ guardian_consent_at: Date | null }>('select guardian_consent_at from players');
    expect(row!.guardian_consent_at).not.toBeNull();
    await shootAtWidths(page, 'players-card', card);
  });

  it('books and pays for a session for the player, saying who it is for', async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'gemma@example.com');
    await page.goto(`${server.baseUrl}/FindCoaches`);
    await page.getByRole('button', { name: 'For Ella (Under 12)' }).click();
    await page.waitForURL(/age_group=under_12/);
    await page.getByText('Found 1 coach', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Book Sam Coach' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a session with Sam Coach' });
    const who = dialog.getByRole('radiogroup', { name: 'Who is this session for?' });
    await who.waitFor();
    await who.getByText('Ella Hughes').click();
    await dialog.getByRole('button', { name: 'Wednesday 13 January 2027' }).click();
    await dialog.getByRole('button', { name: '17:00' }).click();
    await dialog.getByLabel('Location type').selectOption('outdoor');
    await dialog.getByLabel(/^Address/).fill('Fletcher Moss Park');
    await expect(who.textContent()).resolves.toContain('10 on the day · Under 12');
    await shootAtWidths(page, 'booking-dialog-who-is-this-for', dialog);
    await dialog.getByRole('button', { name: 'Request Booking' }).click();

    const pay = page.getByRole('dialog', { name: 'Secure Payment' });
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel(/Expiry/).fill('12/34');
    await pay.getByLabel('CVC').fill('123');
    await pay.getByRole('button', { name: 'Pay £43.00' }).click();
    await pay.getByText('Payment Successful!').waitFor();
    await expectToast(page, 'Booking request sent successfully to Sam Coach!');
    const [row] = await server.db.query<{ reference_code: string; player_id: string | null; payment_status: string }>('select reference_code, player_id, payment_status from bookings');
    expect(row).toMatchObject({ payment_status: 'authorized' });
    expect(row!.player_id).not.toBeNull();
    reference = row!.reference_code;
  });

  it('shows the coach the player’s name, age and notes on the request', async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'sam@example.com');
    await page.goto(`${server.baseUrl}/CoachDashboard`);
    const card = page.getByRole('article', { name: 'Session with Gemma Hughes' });
    const player = card.getByLabel('Player');
    await expect(player.textContent()).resolves.toContain('Ella Hughes, 10');
    await expect(player.textContent()).resolves.toContain('Asthma: inhaler in her kit bag');
    await shootAtWidths(page, 'coach-card-player', card);
    await card.getByRole('button', { name: 'Accept' }).click();
    await expectToast(page, 'Booking accepted. The session is confirmed.');
    // The conversation's header names the player too.
    await page.goto(`${server.baseUrl}/CoachDashboard?tab=upcoming`);
    await page.getByRole('article', { name: 'Session with Gemma Hughes' }).getByRole('link', { name: 'Message Client' }).click();
    const header = page.locator('header').first();
    await header.getByText('for Ella Hughes, 10').waitFor();
    await expect(header.textContent()).resolves.toContain('Player notes: Left winger');
  });

  it('books again: next week’s slot at the same time, for the same player', async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'gemma@example.com');
    await page.goto(`${server.baseUrl}/MyBookings`);
    const card = cardOf(page, reference);
    await expect(card.getByLabel('Player').textContent()).resolves.toContain('Ella Hughes, 10');
    await waitForHydration(page);
    const sawLoading = await watchForCalendarLoading(page);
    // The pointer on 'Book again' fetches the coach's calendar; the click after its answer opens the form at once.
    const answered = page.waitForResponse(/\/api\/booking-options/);
    await card.getByRole('button', { name: 'Book again' }).hover();
    await answered;
    await card.getByRole('button', { name: 'Book again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a session with Sam Coach' });
    await dialog.getByRole('radiogroup', { name: 'Who is this session for?' }).waitFor();
    await expect(sawLoading()).resolves.toBe(false);
    await expect(dialog.getByRole('button', { name: 'Wednesday 20 January 2027' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(dialog.getByRole('button', { name: '17:00' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(dialog.getByRole('radio', { name: /Ella Hughes/ }).isChecked()).resolves.toBe(true);
    await expect(dialog.getByLabel('Location type').inputValue()).resolves.toBe('outdoor');
    await expect(dialog.getByLabel(/^Address/).inputValue()).resolves.toBe('Fletcher Moss Park');
    await shootAtWidths(page, 'book-again-dialog', dialog);
  });
});
