/**
 * The landing page's Largest Contentful Paint in headless Chromium (Debian's /usr/bin/chromium
 * through playwright-core) with 4× CPU throttling and the fast-3G network profile (Lighthouse's
 * numbers: 562.5 ms round trip, 1.6 Mbit/s down and 750 kbit/s up, each × 0.9), cache disabled:
 * a first visit. Returns each run's LCP in milliseconds.
 */
import { chromium } from 'playwright-core';

export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };

export interface LcpTimeline {
  htmlFirstByteMs: number;
  htmlDoneMs: number;
  cssDoneMs: number;
  jsFiles: number;
  jsDoneMs: number;
}

export async function measureLcp(url: string, runs = 3): Promise<{ runs: number[]; element: string; timeline: LcpTimeline | null }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const results: number[] = [];
  let element = '';
  let timeline: LcpTimeline | null = null;
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'en-GB', timezoneId: 'Europe/London' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', FAST_3G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: { t: number; el: string } };
        w.__lcp = { t: 0, el: '' };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
            w.__lcp = { t: e.startTime, el: e.element ? `${e.element.tagName.toLowerCase()}${e.element.id ? `#${e.element.id}` : ''} "${(e.element.textContent ?? '').trim().slice(0, 40)}"` : '' };
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
      await page.waitForTimeout(1_500);
      const lcp = await page.evaluate(() => (window as unknown as { __lcp: { t: number; el: string } }).__lcp);
      results.push(Math.round(lcp.t));
      element = lcp.el;
      // Where the time goes: when the document and the stylesheet (render-blocking) arrived.
      timeline = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        const css = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.name.endsWith('.css'));
        const js = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.name.endsWith('.js'));
        return {
          htmlFirstByteMs: Math.round(nav?.responseStart ?? 0),
          htmlDoneMs: Math.round(nav?.responseEnd ?? 0),
          cssDoneMs: Math.round(Math.max(0, ...css.map((r) => r.responseEnd))),
          jsFiles: js.length,
          jsDoneMs: Math.round(Math.max(0, ...js.map((r) => r.responseEnd))),
        };
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { runs: results, element, timeline };
}
