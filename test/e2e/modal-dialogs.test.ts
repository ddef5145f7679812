import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts';
import { screenshot, useBrowser, waitForHydration } from '../support/browser';
import { screenshotBoth } from '../support/booking-e2e';
import { seedDemoWorld } from '../support/demo-world';
import { useTestServer } from '../support/server';

/**
 * Every modal keeps the keyboard inside it and leaves the page behind it inert: the booking,
 * payment, reschedule, decline, cancel and review dialogs, the administrator's dialogs and the
 * phone's menu sheet, on the demo world (bookings in every state, a deletion request, a dispute).
 */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab, then Shift+Tab, twice as many times as the dialog has things to focus: the focus is always
 * in the dialog, or on the document itself (headless Chromium passes through its own UI at the
 * ends of the cycle), never on the page behind.
 */
async function expectFocusKeptIn(page: Page, dialog: Locator): Promise<void> {
  const focusable = await dialog.evaluate((d, selector) => d.querySelectorAll(selector).length, FOCUSABLE);
  const presses = Math.max(2 * focusable, 6);
  const escaped: string[] = [];
  const reached = new Set<string>();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 1; i <= presses; i++) {
      await page.keyboard.press(key);
      const at = await dialog.evaluate((d) => {
        const a = document.activeElement;
        const name = a ? `<${a.tagName.toLowerCase()}> ${(a.getAttribute('aria-label') ?? a.textContent ?? '').trim().slice(0, 40)}` : 'nothing';
        return { inside: !a || a === document.body || d.contains(a), onBody: !a || a === document.body, name, footer: document.querySelector('footer a:focus') !== null };
      });
      if (!at.inside || at.footer) escaped.push(`${key} ×${i}: ${at.name}`);
      else if (!at.onBody) reached.add(at.name);
    }
  }
  expect(escaped, 'the focus left the dialog for the page behind').toEqual([]);
  expect(reached.size, 'the focus went round the dialog').toBeGreaterThanOrEqual(Math.min(focusable, 2));
}

/** The page behind cannot take the focus, even from a script, and a screen reader does not reach it. */
async function expectPageBehindInert(page: Page, dialog: Locator): Promise<void> {
  const focusedBehind = await dialog.evaluate((d) => {
    const behind = Array.from(document.querySelectorAll<HTMLElement>('footer a, header button, main a, main button')).filter((el) => !d.contains(el));
    return behind.filter((el) => (el.focus(), document.activeElement === el)).map((el) => el.textContent?.trim() || el.getAttribute('aria-label'));
  });
  expect(focusedBehind, 'elements behind the dialog took the focus').toEqual([]);
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'footer a' });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    expect(nodes[0]?.ignored, "the footer's link is in the accessibility tree").toBe(true);
  } finally {
    await cdp.detach();
  }
}

/** Opens a dialog with `opener`, tabs through it both ways, checks the page behind, and closes it with Escape. */
async function checkDialog(page: Page, opener: Locator, dialog: Locator, shot: string): Promise<void> {
  await opener.click();
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement !== document.body);
  if (shot.endsWith('-360')) {
    await page.waitForTimeout(300); // the menu sheet's slide
    await screenshot(page, shot);
  } else await screenshotBoth(page, shot);
  await expectFocusKeptIn(page, dialog);
  await expectPageBehindInert(page, dialog);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect(
    opener.evaluate((el) => el === document.activeElement),
    'the focus is back on the opener',
  ).resolves.toBe(true);
}

describe('modal dialogs', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let password = '';

  beforeAll(async () => {
    password = (await seedDemoWorld(server.db)).password;
  }, 120_000);

  async function signedIn(email: string, path: string, size: { width: number; height: number } = { width: 1280, height: 800 }): Promise<Page> {
    const page = await browser.newPage(size);
    await signIn(page, server.baseUrl, email, password);
    await page.goto(`${server.baseUrl}${path}`);
    await waitForHydration(page);
    return page;
  }

  it('keep the focus in the booking dialog and then the payment dialog, and the page behind them inert', async () => {
    const page = await signedIn('mia.thompson@fact.test', '/FindCoaches');
    const book = page.getByRole('button', { name: /^Book / }).first();
    const dialog = page.getByRole('dialog', { name: /^Book a session with / });
    await checkDialog(page, book, dialog, 'modal-booking-dialog');

    await book.click();
    await dialog.locator('[role="group"] button[aria-pressed]:not([disabled])').first().click();
    await dialog
      .getByRole('button', { name: /^\d\d:\d\d$/ })
      .and(dialog.locator(':not([disabled])'))
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Request Booking' }).click();
    const pay = page.getByRole('dialog', { name: 'Secure Payment' });
    await pay.getByLabel('Card number').waitFor();
    await screenshotBoth(page, 'modal-payment-dialog');
    await expectFocusKeptIn(page, pay);
    await expectPageBehindInert(page, pay);

    // While the payment is on its way the dialog refuses to close. The browser closes a dialog
    // itself on a second Escape with no other input in between: it opens again, still modal.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/payments\//, async (route) => (await held, route.continue()));
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel(/Expiry/).fill('12/34');
    await pay.getByLabel('CVC').fill('123');
    await pay.getByRole('button', { name: /^Pay / }).click();
    await pay.getByRole('button', { name: 'Processing…' }).waitFor();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Escape');
    await page.waitForTimeout(100); // a frame or two, for the dialog to open again
    await expect(pay.evaluate((d) => d.matches(':modal'))).resolves.toBe(true);
    await expect(pay.getByRole('button', { name: 'Processing…' }).isVisible()).resolves.toBe(true);
    await expectPageBehindInert(page, pay);
    release();
    await pay.getByText('Payment Successful!').waitFor();
    await page.unroute(/\/api\/payments\//);
    await pay.waitFor({ state: 'hidden' });
  });

  it('keep the focus in the client’s cancel and reschedule dialogs', async () => {
    const page = await signedIn('mia.thompson@fact.test', '/MyBookings');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'Reschedule' }) })
      .first();
    await checkDialog(page, card.getByRole('button', { name: 'Cancel', exact: true }), page.getByRole('dialog', { name: 'Cancel Booking' }), 'modal-cancel-dialog');
    await checkDialog(page, card.getByRole('button', { name: 'Reschedule' }), page.getByRole('dialog', { name: 'Reschedule Session' }), 'modal-reschedule-dialog');
  });

  it('keep the focus in the coach’s decline and review dialogs', async () => {
    const page = await signedIn('marcus.reid@fact.test', '/CoachDashboard');
    await checkDialog(page, page.getByRole('button', { name: 'Decline' }).first(), page.getByRole('dialog', { name: 'Decline Booking Request' }), 'modal-decline-dialog');
    await page.goto(`${server.baseUrl}/MyBookings?tab=past`);
    await waitForHydration(page);
    await checkDialog(page, page.getByRole('button', { name: 'Leave Review' }).first(), page.getByRole('dialog', { name: 'Leave a Review' }), 'modal-review-dialog');
  });

  it('keep the focus in the administrator’s deletion, dispute and remove-user dialogs', async () => {
    const page = await signedIn('admin@fact.test', '/AdminDashboard');
    await checkDialog(page, page.getByRole('button', { name: 'Decide' }).first(), page.getByRole('dialog', { name: 'Decide deletion request' }), 'modal-decide-deletion-dialog');
    await checkDialog(page, page.getByRole('button', { name: 'Resolve…' }).first(), page.getByRole('dialog', { name: 'Resolve dispute' }), 'modal-resolve-dispute-dialog');
    await page.goto(`${server.baseUrl}/AdminUsers?type=coach`);
    await waitForHydration(page);
    await checkDialog(page, page.getByRole('button', { name: 'Remove', exact: true }).first(), page.getByRole('dialog', { name: 'Remove user' }), 'modal-remove-user-dialog');
  });

  it('keep the focus in the phone’s menu sheet, and the page behind it inert', async () => {
    const page = await signedIn('mia.thompson@fact.test', '/MyBookings', { width: 360, height: 780 });
    await checkDialog(page, page.getByRole('button', { name: 'Toggle sidebar' }), page.getByRole('dialog', { name: 'Menu' }), 'modal-menu-sheet-360');
  });
});
