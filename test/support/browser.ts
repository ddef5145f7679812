import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const screenshotDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/** One browser per test file; `newPage()` gives an isolated context (its own cookies). */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  /** Each page's uncaught errors, console errors, navigations and requests, printed with a screenshot when a test fails. */
  const problems = new Map<Page, string[]>();
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    let n = 0;
    for (const [page, lines] of problems) {
      if (page.isClosed()) continue;
      const name = `failed-${context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}-${++n}`;
      const file = await screenshot(page, name).catch(() => 'no screenshot');
      console.error(`[browser] ${context.task.name}: page ${n} at ${page.url()}, screenshot ${file}\n${lines.join('\n') || '(no page errors)'}`);
    }
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });
  return {
    /** `javaScript: false`: the page as a browser without scripts (or before any has run) gets it. */
    async newPage(options: { width?: number; height?: number; javaScript?: boolean } = {}): Promise<Page> {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        locale: 'en-GB',
        timezoneId: 'Europe/London',
        javaScriptEnabled: options.javaScript ?? true,
      });
      contexts.push(context);
      const page = await context.newPage();
      const lines: string[] = [];
      problems.set(page, lines);
      page.on('pageerror', (error) => lines.push(`pageerror: ${error.message}`));
      page.on('console', (message) => message.type() === 'error' && lines.push(`console.error: ${message.text()}`));
      page.on('framenavigated', (frame) => frame === page.mainFrame() && lines.push(`navigated: ${frame.url()}`));
      // The page's own requests (documents and fetches, not assets): what a failed journey asked for.
      page.on('response', (response) => {
        const request = response.request();
        if (['document', 'fetch', 'xhr'].includes(request.resourceType())) lines.push(`${request.resourceType()} ${request.method()} ${response.url()} → ${response.status()}`);
      });
      return page;
    },
  };
}

/** Saves a screenshot (of the whole page unless `fullPage` is false) under test-results/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/**
 * Screenshots at 1280 and 360 px wide (the page, and the part a test is about close up, when it
 * names one), checking that nothing scrolls sideways on the phone.
 */
export async function shootAtWidths(page: Page, name: string, part?: Locator): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.waitForTimeout(150);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    const file = await screenshot(page, `${name}-${width}`);
    if (part) await part.screenshot({ path: path.join(path.dirname(file), `${name}-${width}-part.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Until React has taken over the element `selector` finds (its props are on it). A form's
 * server markup looks the same as the hydrated form, enabled buttons included, and a click that
 * comes before the page's own code is in submits a form as plain HTML.
 */
export async function waitForReactOn(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (css) => {
      const el = document.querySelector(css);
      return !!el && Object.keys(el).some((key) => key.startsWith('__reactProps$'));
    },
    selector,
    { timeout: 30_000 },
  );
}

/**
 * Until React has hydrated the whole document. A form filled and submitted before that is posted
 * by the browser itself, which a page built on fetchers answers differently: on a loaded CI
 * machine a test can otherwise click before the scripts have arrived. Remix's router exists as
 * soon as its module has run, but hydrateRoot renders in a transition that yields, so this also
 * waits for the root to be no longer dehydrated (React 18's HostRoot state).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      if (!(window as unknown as { __remixRouter?: unknown }).__remixRouter) return false;
      const key = Object.keys(document).find((k) => k.startsWith('__reactContainer$'));
      const fiber = key ? (document as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[key] : undefined;
      return fiber?.stateNode?.current?.memoizedState?.isDehydrated === false;
    },
    undefined,
    { timeout: 30_000 },
  );
}
