/**
 * Interaction figures on FindCoaches (the 200 ms budgets, docs/performance.md), in headless Chromium (Debian's
 * /usr/bin/chromium through playwright-core, as lcp.ts) with 4× CPU throttling, signed in as a
 * client (a session cookie), on loopback (no network throttling):
 *
 * - book: a click on the first coach card's 'Book' button → the booking dialog usable: a
 *   dialog (a <dialog> or a role=dialog element) on the page holding an enabled form field (input, select or textarea).
 *   The dialog's code is loaded on first open (app/components/lazy-dialogs.tsx), so each run is
 *   the first open on a fresh page load. The form is there before the coach's
 *   calendar (/api/booking-options) arrives; the time until the calendar's days are painted too
 *   (day buttons in the dialog, none of it aria-busy) is kept beside the figure.
 * - filter: choosing a Specialization in the filters' select → the results replaced: the
 *   'Found N coaches' line shows a new text and no list is aria-busy.
 *
 * Both are timed inside the page: from the input event's timeStamp (the click; the select's
 * change) to the frame painted after the state is first observed (a MutationObserver sees it;
 * then requestAnimationFrame and a user-blocking task after it, i.e. the next paint), with performance.now() —
 * no round trip through playwright in the figure. Each kind runs on its own fresh page load
 * (a new browser context, page hydrated and idle first); `runs` page loads each, the median is
 * the figure. Also kept: the time to the first DOM change (the first visible response) and the
 * requests the page made after the input (resource timing), to show where the time went.
 */
import { chromium, type Browser, type Page } from 'playwright-core';

export const INTERACTION_CPU_THROTTLING = 4;

export interface InteractionResult {
  /** Chromium's CPU throttling rate during the runs (Emulation.setCPUThrottlingRate). */
  cpuThrottling: number;
  /** Each run's milliseconds from the click on 'Book' to the usable dialog painted. */
  book: number[];
  /** Each run's milliseconds from the Specialization change to the new results painted. */
  filter: number[];
  /** What the filter runs chose and saw, e.g. 'Goalkeeping: "Found 20,000 coaches" → "Found 3,334 coaches"'. */
  filterDetail: string;
  /** The coach whose card's 'Book' was clicked (its button's accessible name). */
  bookDetail: string;
  /**
   * The same two figures read as before 2026-11-29, with a normal-priority task after the frame:
   * it also waited for whatever the page had queued meanwhile (a network answer, a render the
   * answer started), which is not the frame.
   */
  bookQueued: number[];
  filterQueued: number[];
  /** Each run's milliseconds from the click on 'Book' to the dialog's calendar painted with its days. */
  bookCalendar: number[];
  /** Each run's milliseconds from the input event to the page's first DOM change (the first visible response: the dialog's shell, 'Searching…'). */
  bookFirstChange: number[];
  filterFirstChange: number[];
  /** The requests the page made during the last run of each, from the input event: 'path start→end ms'. */
  bookRequests: string[];
  filterRequests: string[];
}

type Probe = { start: number; first: number; seen: number; painted: number; queued: number; calendarPainted?: number; detail: string } | { error: string };

interface Measured {
  ms: number;
  /** As `ms`, read with a normal-priority task after the frame (the figure before 2026-11-29). */
  queuedMs: number;
  firstMs: number;
  /** 'book' only: the calendar's days painted. */
  calendarMs?: number;
  detail: string;
  requests: string[];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

const LAUNCH_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export async function measureInteractions(pageUrl: string, cookie: string, runs = 5): Promise<InteractionResult> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: LAUNCH_ARGS });
  const result: InteractionResult = {
    cpuThrottling: INTERACTION_CPU_THROTTLING,
    book: [],
    filter: [],
    filterDetail: '',
    bookDetail: '',
    bookCalendar: [],
    bookQueued: [],
    filterQueued: [],
    bookFirstChange: [],
    filterFirstChange: [],
    bookRequests: [],
    filterRequests: [],
  };
  try {
    for (let i = 0; i < runs; i++) {
      const book = await onFreshPage(browser, pageUrl, cookie, measureBook);
      result.book.push(book.ms);
      result.bookCalendar.push(book.calendarMs ?? book.ms);
      result.bookQueued.push(book.queuedMs);
      result.bookFirstChange.push(book.firstMs);
      result.bookDetail = book.detail;
      result.bookRequests = book.requests;
      const filter = await onFreshPage(browser, pageUrl, cookie, measureFilter);
      result.filter.push(filter.ms);
      result.filterQueued.push(filter.queuedMs);
      result.filterFirstChange.push(filter.firstMs);
      result.filterDetail = filter.detail;
      result.filterRequests = filter.requests;
    }
  } finally {
    await browser.close();
  }
  return result;
}

async function onFreshPage(browser: Browser, pageUrl: string, cookie: string, measure: (page: Page) => Promise<Measured>): Promise<Measured> {
  const eq = cookie.indexOf('=');
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'en-GB', timezoneId: 'Europe/London' });
  try {
    await context.addCookies([{ name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: new URL(pageUrl).origin }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: INTERACTION_CPU_THROTTLING });
    const response = await page.goto(pageUrl, { waitUntil: 'load', timeout: 60_000 });
    if (!response || !response.ok()) throw new Error(`${pageUrl} answered ${response?.status() ?? 'nothing'}`);
    if (!new URL(page.url()).pathname.toLowerCase().startsWith('/findcoaches')) throw new Error(`${pageUrl} led to ${page.url()} (not signed in?)`);
    await hydrated(page);
    return await measure(page);
  } finally {
    await context.close();
  }
}

/** React has attached its handlers (the 'Book' buttons carry React's props), and the page is idle. */
async function hydrated(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const button = [...document.querySelectorAll('button')].find((b) => /^Book\b/.test(b.getAttribute('aria-label') ?? b.textContent?.trim() ?? ''));
        return !!button && Object.keys(button).some((k) => k.startsWith('__reactProps'));
      },
      undefined,
      { timeout: 60_000 },
    )
    .catch(() => {
      throw new Error("no hydrated 'Book' button on FindCoaches within 60 s");
    });
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
  await idle(page);
}

/** Two idle periods in a row: hydration's effects, the scripts' compile, what a scroll woke are over. */
async function idle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 2_000 }), { timeout: 2_000 })));
}

async function measureBook(page: Page): Promise<Measured> {
  const button = page
    .locator('main button')
    .filter({ hasText: /^\s*Book\s*$/ })
    .first();
  const name = (await button.getAttribute('aria-label')) ?? 'Book';
  await button.scrollIntoViewIfNeeded();
  await idle(page);
  await armProbe(page, 'click', 'book');
  await button.click();
  const probe = await readProbe(page, 'the booking dialog with an enabled field');
  return {
    ms: round(probe.painted - probe.start),
    queuedMs: round(probe.queued - probe.start),
    firstMs: round(probe.first - probe.start),
    calendarMs: round((probe.calendarPainted ?? probe.painted) - probe.start),
    detail: name,
    requests: await requestsSince(page, probe.start),
  };
}

async function measureFilter(page: Page): Promise<Measured> {
  const select = page.locator('select[name="specialization"]').first();
  const options = await select.locator('option').evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })));
  const choice = options.find((o) => o.value === 'goalkeeping') ?? options.find((o) => o.value !== '');
  if (!choice) throw new Error('the Specialization select has no option');
  await select.scrollIntoViewIfNeeded();
  await idle(page);
  await armProbe(page, 'change', 'filter');
  await select.selectOption(choice.value);
  const probe = await readProbe(page, "a new 'Found N coaches' line");
  return {
    ms: round(probe.painted - probe.start),
    queuedMs: round(probe.queued - probe.start),
    firstMs: round(probe.first - probe.start),
    detail: `${choice.label}: ${probe.detail}`,
    requests: await requestsSince(page, probe.start),
  };
}

/**
 * Installs, in the page, a capture listener for the input event (its timeStamp is the start) and
 * a MutationObserver that checks the wanted state after each batch of DOM changes; once it holds,
 * requestAnimationFrame then a user-blocking task (scheduler.postTask) mark the frame painted.
 * A MessageChannel task posted there too gives the figure as read before 2026-11-29: it ran after
 * every task the page had queued before it. Plain JavaScript in a string: the page gets it as
 * written (tsx's transform would add helpers the page lacks).
 */
const PROBE = String.raw`({ eventType, kind }) => {
  delete window.__probe;
  const foundLine = () => {
    for (const el of document.querySelectorAll('main p, main h2, main [aria-live] *')) {
      const t = (el.textContent || '').trim();
      if (/^Found [\d,]+ coach/.test(t) || /^No coaches found/.test(t)) return t;
    }
    return null;
  };
  const before = kind === 'filter' ? foundLine() : null;
  const visibleDialogs = () => [...document.querySelectorAll('dialog, [role="dialog"]')].filter((d) => !d.closest('[aria-hidden="true"]') && d.getClientRects().length > 0);
  // 'book': the dialog's calendar is in when it has day buttons and none of it is aria-busy.
  const calendarIn = () => visibleDialogs().some((d) => d.querySelector('[data-date]') && !d.querySelector('[aria-busy="true"]'));
  const ready = () => {
    if (kind === 'book') {
      for (const dialog of visibleDialogs()) {
        const field = dialog.querySelector('input:not([type="hidden"]), select, textarea');
        if (field && !field.disabled) return field.name || field.id || field.tagName.toLowerCase();
      }
      return null;
    }
    const now = foundLine();
    if (!now || now === before || document.querySelector('main [aria-busy="true"]')) return null;
    return '"' + before + '" → "' + now + '"';
  };
  // After the next frame is painted: requestAnimationFrame, then a user-blocking task (it runs
  // before the tasks the page had queued) and a normal one (it runs after them, as before).
  const afterPaint = (then) => requestAnimationFrame(() => {
    let painted = 0;
    let queued = 0;
    const both = () => painted && queued && then(painted, queued);
    const mark = () => ((painted = performance.now()), both());
    if (window.scheduler?.postTask) window.scheduler.postTask(mark, { priority: 'user-blocking' });
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      queued = performance.now();
      if (!window.scheduler?.postTask) painted = queued;
      both();
    };
    channel.port2.postMessage(null);
  });
  let start = 0;
  let first = 0;
  let seen = 0;
  let detail = null;
  let painted = 0;
  let queued = 0;
  let calendarSeen = false;
  let calendarPainted = 0;
  // Published once the state's frame (and for 'book' the calendar's) is painted.
  const publish = () => {
    if (painted && (kind !== 'book' || calendarPainted)) window.__probe = { start, first, seen, painted, queued, calendarPainted, detail };
  };
  const observer = new MutationObserver(() => {
    if (start === 0) return;
    if (first === 0) first = performance.now();
    if (detail === null) {
      detail = ready();
      if (detail === null) return;
      seen = performance.now();
      afterPaint((p, q) => ((painted = p), (queued = q), publish()));
    }
    // The calendar, in the same frame as the form or in a later one.
    if (kind === 'book' && !calendarSeen && calendarIn()) {
      calendarSeen = true;
      afterPaint((p) => ((calendarPainted = p), publish()));
    }
    if (kind !== 'book' || calendarSeen) observer.disconnect();
  });
  document.addEventListener(eventType, (e) => { if (start === 0) start = e.timeStamp; }, { capture: true, once: true });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  setTimeout(() => {
    if (window.__probe) return;
    observer.disconnect();
    const late = start === 0 ? 'no ' + eventType + ' event reached the page' : detail === null ? 'the state was not reached' : "the coach's calendar was not painted";
    window.__probe = { error: late + ' within 20 s' };
  }, 20000);
}`;

async function armProbe(page: Page, eventType: 'click' | 'change', kind: 'book' | 'filter'): Promise<void> {
  await page.evaluate(`(${PROBE})(${JSON.stringify({ eventType, kind })})`);
}

/** What the page fetched after the input event (a lazy chunk, the calendar, the loader data), from its resource timing. */
async function requestsSince(page: Page, start: number): Promise<string[]> {
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({ name: e.name, startTime: e.startTime, responseEnd: e.responseEnd })),
  );
  return entries
    .filter((e) => e.startTime >= start && !e.name.includes('/favicon'))
    .map((e) => {
      const url = new URL(e.name);
      const file = url.pathname.split('/').pop() ?? url.pathname;
      const data = url.searchParams.get('_data');
      const name = url.pathname.startsWith('/build/') ? file.replace(/-[A-Z0-9]{8}\.js$/, '.js') : `${url.pathname}${data ? ` (_data ${data})` : ''}`;
      return `${name} ${Math.round(e.startTime - start)}→${Math.round(e.responseEnd - start)} ms`;
    });
}

async function readProbe(page: Page, what: string): Promise<Exclude<Probe, { error: string }>> {
  const handle = await page.waitForFunction(() => (window as unknown as { __probe?: Probe }).__probe, undefined, { timeout: 30_000, polling: 100 }).catch(() => null);
  const probe = handle ? ((await handle.jsonValue()) as Probe) : { error: 'no answer from the page' };
  if ('error' in probe) throw new Error(`waiting for ${what}: ${probe.error}`);
  return probe;
}
