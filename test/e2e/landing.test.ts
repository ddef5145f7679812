import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../support/browser';
import { useTestServer } from '../support/server';

describe('the landing page', () => {
  // Started exactly as `npm start` runs FACT (through tsx); the other browser files use the bundle.
  const server = useTestServer({}, 'npm-start');
  const browser = useBrowser();

  it('shows the product, its promise and the way in', async () => {
    const page = await browser.newPage();
    await page.goto(server.baseUrl);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/Elevate your game with expert football coaching/);
    await expect(page.getByText('Football Academy Coaching & Training').first().isVisible()).resolves.toBe(true);
    for (const text of ['Defensive training', 'Midfield mastery', 'Striker finishing', 'Verified coaches']) {
      await expect(page.getByText(text, { exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(page.getByText(/payments are processed by Stripe/).isVisible()).resolves.toBe(true);
    await screenshot(page, 'landing-1280');
  });

  it('takes a visitor from Find a Coach to registration as a client, styled all the way (the landing page inlines its CSS)', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.baseUrl);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await page.locator('style#inline-css').count()).toBe(1);
    expect(await background()).not.toBe('rgba(0, 0, 0, 0)');
    await page.getByRole('link', { name: 'Find a Coach' }).click();
    await page.waitForURL(/\/Register\?type=user$/);
    expect(new URL(page.url()).searchParams.get('type')).toBe('user');
    expect(await background()).not.toBe('rgba(0, 0, 0, 0)');
    expect(errors).toEqual([]);
  });

  it('sends Become a Coach and Get Started to registration with the right type', async () => {
    const page = await browser.newPage();
    await page.goto(server.baseUrl);
    await expect(page.getByRole('link', { name: 'Become a Coach' }).getAttribute('href')).resolves.toBe('/Register?type=coach');
    await expect(page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).resolves.toBe('/Register?type=user');
  });

  it('names a small PNG icon, which the browser decodes without laying out a document on each in-app navigation', async () => {
    const page = await browser.newPage();
    await page.goto(server.baseUrl);
    const icons = await page.locator('link[rel="icon"]').evaluateAll((links) => links.map((l) => [l.getAttribute('href'), l.getAttribute('type')]));
    expect(icons).toEqual([['/favicon.png', 'image/png']]);
    const icon = await page.request.get(`${server.baseUrl}/favicon.png`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/png');
    expect((await icon.body()).length).toBeLessThan(2_000);
  });

  it('fits a 390 px phone screen without sideways scrolling', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.goto(server.baseUrl);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'landing-390');
  });

  it('serves routes in any letter case and sends unknown paths to the landing page', async () => {
    const lower = await fetch(`${server.baseUrl}/privacypolicy`);
    expect(lower.status).toBe(200);
    expect(await lower.text()).toContain('Back to Home');
    const terms = await fetch(`${server.baseUrl}/TERMS`);
    expect(await terms.text()).toMatch(/at least 16 years old/);
    const unknown = await fetch(`${server.baseUrl}/no-such-page`, { redirect: 'manual' });
    expect(unknown.status).toBe(302);
    expect(new URL(unknown.headers.get('location') ?? '', server.baseUrl).pathname).toBe('/');
  });

  it('answers health and readiness checks', async () => {
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});
