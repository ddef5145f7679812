import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/accounts';
import { screenshot, useBrowser, waitForHydration } from '../support/browser';
import { notifications } from '../support/booking-e2e';
import { useTestServer } from '../support/server';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** What the toasts occupy on screen, and every control of the page they would hide; `pressed` names the button just used. */
async function layout(page: Page, pressed: string) {
  return page.evaluate((pressed) => {
    const box = (r: DOMRect) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    const stacks = [...document.querySelectorAll('[data-sonner-toaster]')];
    const toasts = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')];
    const shown = toasts.filter((t) => t.dataset.visible === 'true' && t.dataset.removed !== 'true');
    const controls = [...document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, summary, [role="button"]')]
      .filter((c) => !c.closest('[data-sonner-toaster]') && c.checkVisibility({ visibilityProperty: true }))
      .map((c) => ({
        name: (c.getAttribute('aria-label') ?? c.textContent ?? c.getAttribute('name') ?? c.tagName).trim().slice(0, 40),
        // The shell's header and sidebar stay put; the page's own controls scroll.
        chrome: Boolean(c.closest('header.sticky, aside')),
        pressed: c.tagName === 'BUTTON' && c.textContent?.trim() === pressed,
        ...box(c.getBoundingClientRect()),
      }))
      .filter((c) => c.right > c.left && c.bottom > c.top && c.bottom > 0 && c.top < innerHeight && c.right > 0 && c.left < innerWidth);
    const front = shown.find((t) => t.dataset.front === 'true');
    return {
      stacks: stacks.length,
      kept: toasts.length,
      shown: shown.map((t) => box(t.getBoundingClientRect())),
      front: front ? { text: front.querySelector('[data-title]')?.textContent, live: front.closest('[aria-live]')?.getAttribute('aria-live'), ...box(front.getBoundingClientRect()) } : null,
      controls,
      viewport: { width: innerWidth, height: innerHeight },
    };
  }, pressed);
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The box around every toast on screen: one stack is one small box, not a column. */
function around(boxes: Box[]): Box {
  return {
    left: Math.min(...boxes.map((b) => b.left)),
    top: Math.min(...boxes.map((b) => b.top)),
    right: Math.max(...boxes.map((b) => b.right)),
    bottom: Math.max(...boxes.map((b) => b.bottom)),
  };
}

/** When the live region and the first toast in it reached the document (a region added with its text may go unannounced). */
const WATCH_ARRIVALS = () => {
  const seen: Record<string, number> = {};
  (window as unknown as { toastArrivals: Record<string, number> }).toastArrivals = seen;
  let tick = 0;
  new MutationObserver(() => {
    tick += 1;
    if (!seen.region && document.querySelector('section[aria-live="polite"][aria-label^="Notifications"]')) seen.region = tick;
    if (!seen.toast && document.querySelector('[data-sonner-toast]')) seen.toast = tick;
  }).observe(document, { childList: true, subtree: true });
};

async function saveThreeTimes(page: Page, rates: string[]) {
  for (const rate of rates) {
    await page.getByLabel('Hourly rate (£ per session)').fill(rate);
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/CoachProfile'));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await answered;
  }
  await expect.poll(() => notifications(page).locator('[data-sonner-toast]').count(), { interval: 50 }).toBe(3);
  const newestAt = Date.now();
  // Let the stack settle where it stays (sonner slides toasts in over 0.4 s).
  await page.waitForTimeout(600);
  return newestAt;
}

describe('toasts', () => {
  const server = useTestServer();
  const browser = useBrowser();

  it('stack collapsed in the bottom-right corner clear of the shell and the button pressed, announce the newest, and each close after its time', async () => {
    const coach = await createUser(server.db, { userType: 'coach', fullName: 'Toby Toast', servicesOffered: ['goalkeeping'], ageGroups: ['adults'] });
    const page = await browser.newPage({ width: 1280, height: 800 });
    await page.addInitScript(WATCH_ARRIVALS);
    // sonner adds its stylesheet as a <style> element: the page's Content-Security-Policy must let it.
    const refused: string[] = [];
    page.on('console', (message) => /Content Security Policy|Refused to/i.test(message.text()) && refused.push(message.text()));
    await signIn(page, server.baseUrl, coach.email, coach.password);
    await page.goto(`${server.baseUrl}/CoachProfile`);
    await page.getByRole('heading', { name: 'My Coach Profile' }).waitFor();
    await waitForHydration(page);

    const newestAt = await saveThreeTimes(page, ['41', '42', '43']);
    const shown = await layout(page, 'Save Changes');
    await screenshot(page, 'toasts-stacked-1280', { fullPage: false });
    expect(shown.stacks).toBe(1);
    expect(shown.kept).toBe(3);
    const stack = around(shown.shown);
    // In the corner: flush with the bottom-right margin, and collapsed to about one toast's height.
    expect(shown.viewport.width - stack.right).toBeLessThanOrEqual(32);
    expect(shown.viewport.height - stack.bottom).toBeLessThanOrEqual(32);
    expect(stack.bottom - stack.top).toBeLessThan(2 * (shown.front!.bottom - shown.front!.top));
    expect(shown.controls.filter((c) => c.pressed).map((c) => c.name)).toEqual(['Save Changes']);
    expect(shown.controls.filter((c) => (c.chrome || c.pressed) && overlaps(c, stack)).map((c) => c.name)).toEqual([]);
    // The newest is the front toast, inside the polite live region that was there before it.
    expect(shown.front).toMatchObject({ text: 'Profile updated successfully!', live: 'polite' });
    const arrivals = await page.evaluate(() => (window as unknown as { toastArrivals: Record<string, number> }).toastArrivals);
    expect(arrivals.region).toBeLessThan(arrivals.toast!);

    // Each closes after its time (5 s for a confirmation): the newest is still there after 4 s, and
    // gone, with the older ones, soon after 5 s.
    await page.waitForTimeout(4000 - (Date.now() - newestAt));
    await expect(notifications(page).getByText('Profile updated successfully!').count()).resolves.toBeGreaterThan(0);
    await expect.poll(() => notifications(page).locator('[data-sonner-toast]').count(), { timeout: 4000, interval: 100 }).toBe(0);
    expect(Date.now() - newestAt).toBeGreaterThanOrEqual(4900);

    // By keyboard: sonner's Alt+T reaches the stack, Tab the newest toast's close button.
    await saveThreeTimes(page, ['44', '45', '46']);
    await page.keyboard.press('Alt+KeyT');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Dismiss notification');
    await page.keyboard.press('Enter');
    await expect.poll(() => notifications(page).locator('[data-sonner-toast]').count()).toBe(2);
    expect(refused).toEqual([]);
    await page.close();
  });

  it('keep at most 20 (SPEC): the twenty-first closes the oldest', async () => {
    const coach = await createUser(server.db, { userType: 'coach', fullName: 'Tally Twenty', servicesOffered: ['goalkeeping'], ageGroups: ['adults'] });
    const page = await browser.newPage({ width: 1280, height: 800 });
    await signIn(page, server.baseUrl, coach.email, coach.password);
    await page.goto(`${server.baseUrl}/CoachProfile`);
    await page.getByRole('heading', { name: 'My Coach Profile' }).waitFor();
    await waitForHydration(page);
    const rate = page.getByLabel('Hourly rate (£ per session)');
    const live = notifications(page).locator('[data-sonner-toast]:not([data-removed="true"])');
    const saveButton = page.getByRole('button', { name: 'Save Changes' });
    // By Enter in the field, so the pointer can stay on the stack; the form takes it once the last save has settled.
    const save = async (n: number) => {
      await expect.poll(() => saveButton.isEnabled()).toBe(true);
      await rate.fill(String(30 + n));
      const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/CoachProfile'));
      await rate.press('Enter');
      await answered;
    };
    // Each toast is on screen before the next save (a save sent while the last one's answer is still
    // being applied would replace that answer, and its toast, before it shows).
    await save(1);
    await expect.poll(() => live.count()).toBe(1);
    // The pointer resting on the stack pauses every toast's timer, so none closes by its time here.
    await live.first().hover();
    for (let n = 2; n <= 20; n++) {
      await save(n);
      await expect.poll(() => live.count()).toBe(n);
    }
    const oldest = await notifications(page).locator('[data-sonner-toast]').last().elementHandle();
    await expect(oldest.getAttribute('data-removed')).resolves.toBe('false');
    // The profile form takes 20 saves per 15 minutes (SPEC's rate limit): the counter starts again for the 21st.
    await server.db.query(`delete from rate_limit_counters where key = $1`, [`profile:user:${coach.user.id}`]);
    await save(21);
    await expect.poll(async () => !(await oldest.evaluate((li) => li.isConnected)) || (await oldest.getAttribute('data-removed')) === 'true').toBe(true);
    await page.waitForTimeout(500);
    await expect(live.count()).resolves.toBe(20);
    await expect(notifications(page).locator('[data-sonner-toast]').count()).resolves.toBe(20);
    await page.close();
  });

  it('sit below the header on a 360 px phone, clear of its controls and of the button pressed', async () => {
    const coach = await createUser(server.db, { userType: 'coach', fullName: 'Phoebe Phone', servicesOffered: ['goalkeeping'], ageGroups: ['adults'] });
    const page = await browser.newPage({ width: 360, height: 740 });
    await signIn(page, server.baseUrl, coach.email, coach.password);
    await page.goto(`${server.baseUrl}/CoachProfile`);
    await page.getByRole('heading', { name: 'My Coach Profile' }).waitFor();
    await waitForHydration(page);

    await saveThreeTimes(page, ['41', '42', '43']);
    const shown = await layout(page, 'Save Changes');
    await screenshot(page, 'toasts-stacked-360', { fullPage: false });
    expect(shown.stacks).toBe(1);
    const stack = around(shown.shown);
    const header = await page.locator('header').first().boundingBox();
    expect(stack.top).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(stack.bottom - stack.top).toBeLessThan(2 * (shown.front!.bottom - shown.front!.top));
    expect(stack.left).toBeGreaterThanOrEqual(0);
    expect(stack.right).toBeLessThanOrEqual(shown.viewport.width);
    // Clear of the header's menu and Logout, and of the button just pressed.
    expect(shown.controls.filter((c) => c.pressed).map((c) => c.name)).toEqual(['Save Changes']);
    expect(shown.controls.filter((c) => (c.chrome || c.pressed) && overlaps(c, stack)).map((c) => c.name)).toEqual([]);
    await page.close();
  });
});
