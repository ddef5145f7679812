import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser';

/** Moves the test server's clock (app/routes/test.clock.tsx, FACT_TEST_MODE only). */
export async function setServerClock(baseUrl: string, at: Date): Promise<void> {
  const res = await fetch(`${baseUrl}/test/clock`, { method: 'POST', body: new URLSearchParams({ at: at.toISOString() }) });
  if (!res.ok) throw new Error(`setServerClock: ${res.status} ${await res.text()}`);
}

/** Screenshots at the two widths SPEC cares about (desktop and a 390 px phone), checking no sideways scroll. */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1280`);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(150);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  await screenshot(page, `${name}-390`);
  if (size) await page.setViewportSize(size);
}

/** The toasts' live region (sonner names it 'Notifications' and its hotkey, 'Notifications alt+T'). */
export const notifications = (page: Page) => page.locator('section[aria-label^="Notifications"]');

/** Waits for a toast with this text. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  try {
    await notifications(page).getByText(text).first().waitFor({ timeout: 10_000 });
  } catch (error) {
    const shown = await notifications(page)
      .textContent({ timeout: 1000 })
      .catch(() => '(no toast region)');
    await screenshot(page, 'failed-toast');
    throw new Error(`toast ${String(text)} not shown; notifications: ${shown}`, { cause: error });
  }
}

/** The booking card with this reference on MyBookings / CoachDashboard. */
export function cardOf(page: Page, reference: string) {
  return page.locator('article', { hasText: reference });
}

/** Posts a route action as the page's signed-in person (Remix data request), e.g. to book or accept without the UI. */
export async function postAction(page: Page, baseUrl: string, route: 'FindCoaches' | 'MyBookings' | 'CoachDashboard' | 'CoachProfile' | 'UserProfile', form: Record<string, string>) {
  const response = await page.request.post(`${baseUrl}/${route}?_data=${encodeURIComponent(`routes/_app.${route}`)}`, { form, headers: { Origin: baseUrl } });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok()) throw new Error(`${route} ${form.intent}: ${response.status()} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Books a session through the real action and, unless `paid` is false, pays for it with the test
 * card 4242 through the Secure Payment dialog's own requests (only a paid request reaches the coach,
 * decision 011); returns the booking's id and reference.
 */
export async function bookVia(page: Page, baseUrl: string, coachId: string, date: string, time: string, options: { paid?: boolean } = {}): Promise<{ id: string; referenceCode: string }> {
  const body = await postAction(page, baseUrl, 'FindCoaches', { intent: 'book', coachId, serviceType: 'striker', date, time, durationMinutes: '60', locationType: 'online' });
  const booking = body.booking as { id: string; referenceCode: string };
  if (options.paid !== false) await payVia(page, baseUrl, booking.id);
  return booking;
}

/** The Secure Payment dialog's requests for the page's signed-in client: open the payment, confirm the test card. */
export async function payVia(page: Page, baseUrl: string, bookingId: string, cardNumber = '4242424242424242'): Promise<void> {
  const post = async (form: Record<string, string>) => {
    const response = await page.request.post(`${baseUrl}/api/payments/${bookingId}`, { form, headers: { Origin: baseUrl } });
    const body = (await response.json()) as Record<string, unknown>;
    if (!response.ok()) throw new Error(`payment ${form.intent}: ${response.status()} ${JSON.stringify(body)}`);
    return body;
  };
  const opened = await post({ intent: 'start' });
  const intentId = (opened.session as { intentId: string }).intentId;
  await post({ intent: 'confirm-test-card', intentId, cardNumber, expiry: '12/34', cvc: '123' });
}

/**
 * Watches the page for the booking dialog's loading line from now on (a MutationObserver sees
 * every commit, even one painted for a single frame); the returned function says whether it showed.
 */
export async function watchForCalendarLoading(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const w = window as unknown as { sawLoading: boolean };
    w.sawLoading = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes("Loading the coach's calendar")) w.sawLoading = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { sawLoading: boolean }).sawLoading);
}
