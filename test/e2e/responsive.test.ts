import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '../../adapters/composition-root';
import { loadEnv } from '../../adapters/config/env';
import { createLogger } from '../../adapters/logging/logger';
import { seedWorld } from '../../adapters/seed/seed-world';
import { DEMO_PASSWORD } from '../../adapters/seed/seed-world-data';
import { signIn } from '../support/accounts';
import { screenshot, useBrowser } from '../support/browser';
import { useTestServer } from '../support/server';
import { TEST_HASH_COST } from '../support/test-env';

/**
 * No signed-in page scrolls sideways on a 360 px phone, for any role (SPEC §2: below 768 px the
 * sidebar is an off-canvas sheet, so the page alone must fit). The demo world gives every page
 * realistic content: bookings in every state, long references, messages, a dispute, a deletion
 * request. A failure names the page and the elements that stick out, and leaves a screenshot.
 */
const WIDTH = 360;

const server = useTestServer();
const browser = useBrowser();
const ids: Record<string, string> = {};

beforeAll(async () => {
  const env = loadEnv({ NODE_ENV: 'test', FACT_TEST_MODE: '1', ...TEST_HASH_COST, DATABASE_URL: server.db.url, LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fact-responsive-')) });
  const app = await createApplication({
    env,
    logger: createLogger({ level: 'silent', pretty: false }),
    databaseUrl: server.db.url,
    sessionSecret: 'responsive-test-secret-0123456789abcdef',
  });
  try {
    await seedWorld(app);
  } finally {
    await app.close();
  }
  for (const row of await server.db.query<{ id: string; email: string }>('select id, email from users')) ids[row.email] = row.id;
  const [disputed] = await server.db.query<{ id: string }>(
    `select b.id from bookings b join users c on c.id = b.client_id join users k on k.id = b.coach_id
      where c.email = 'mia.thompson@fact.test' and k.email = 'marcus.reid@fact.test' and b.status = 'disputed'`,
  );
  ids.conversation = disputed!.id;
}, 60_000);

/** Pages wider than the viewport, with the elements whose right edge passes it. */
async function sidewaysScroll(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate((width) => {
    const overflow = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth;
    const culprits: string[] = [];
    if (overflow > 0) {
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const box = el.getBoundingClientRect();
        if (box.width > 0 && box.right > width + 0.5) {
          const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
          culprits.push(`<${el.tagName.toLowerCase()} class="${(el.getAttribute('class') ?? '').slice(0, 60)}"> right=${Math.round(box.right)} "${text}"`);
          if (culprits.length >= 5) break;
        }
      }
    }
    return { overflow, culprits };
  }, WIDTH);
}

async function checkPages(email: string, pages: readonly string[]): Promise<string[]> {
  const page = await browser.newPage({ width: WIDTH, height: 780 });
  await signIn(page, server.baseUrl, email, DEMO_PASSWORD);
  const failures: string[] = [];
  for (const p of pages) {
    const response = await page.goto(`${server.baseUrl}/${p}`, { waitUntil: 'load' });
    expect(response?.status(), `${email} ${p}`).toBeLessThan(500);
    const { overflow, culprits } = await sidewaysScroll(page);
    if (overflow > 0) {
      const name = `responsive-${email.split('@')[0]}-${p.replace(/[^A-Za-z0-9]+/g, '_')}`;
      await screenshot(page, name);
      failures.push(`${p} (${new URL(page.url()).pathname}) scrolls ${overflow}px sideways at ${WIDTH}px: ${culprits.join('; ')}`);
    }
  }
  return failures;
}

describe.concurrent(`signed-in pages at ${WIDTH} px`, () => {
  it('fit for a client', async () => {
    const pages = [
      'FindCoaches',
      'MyBookings',
      'MyBookings?tab=past',
      'MyBookings?tab=cancelled',
      'Messages',
      `Conversation?booking_id=${ids.conversation}`,
      'UserProfile',
      `CoachProfile?userId=${ids['marcus.reid@fact.test']}`,
      'PrivacyPolicy',
      'Terms',
    ];
    expect(await checkPages('mia.thompson@fact.test', pages)).toEqual([]);
  });

  it('fit for a coach', async () => {
    const pages = [
      'CoachDashboard',
      'CoachDashboard?tab=upcoming',
      'CoachDashboard?tab=history',
      'Messages',
      `Conversation?booking_id=${ids.conversation}`,
      'CoachProfile',
      'CoachAvailability',
      'FindCoaches',
    ];
    expect(await checkPages('marcus.reid@fact.test', pages)).toEqual([]);
  });

  it('fit for an administrator', async () => {
    const pages = [
      'AdminDashboard',
      'AdminUsers',
      'AdminUsers?type=coach',
      'AdminBookings',
      `AdminBookings?highlight=${ids.conversation}`,
      `AdminBookings/${ids.conversation}`,
      'DataDiagnostic',
      'Messages',
      `Conversation?booking_id=${ids.conversation}`,
      `UserProfile?userId=${ids['mia.thompson@fact.test']}`,
      `CoachProfile?userId=${ids['marcus.reid@fact.test']}`,
    ];
    expect(await checkPages('admin@fact.test', pages)).toEqual([]);
  });
});

describe('AdminBookings beside the sidebar', () => {
  // Five columns did not fit beside the 16 rem sidebar below ~1150 px: the names' column got no
  // width at all and showed a sliver of 'Client'. The actions now take their own line there.
  it.each([800, 1024, 1280, 1440])('keeps every row’s names readable at %i px', async (width) => {
    const page = await browser.newPage({ width, height: 900 });
    await signIn(page, server.baseUrl, 'admin@fact.test', DEMO_PASSWORD);
    await page.goto(`${server.baseUrl}/AdminBookings`, { waitUntil: 'load' });
    const names = await page.locator('.adm-row > div:nth-child(2)').evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().width)));
    expect(names.length).toBeGreaterThan(3);
    const narrow = names.filter((w) => w < 140);
    if (narrow.length) await screenshot(page, `responsive-admin-bookings-${width}`);
    expect(narrow, `names' columns at ${width} px: ${names.join(', ')}`).toEqual([]);
    expect((await sidewaysScroll(page)).overflow).toBeLessThanOrEqual(0);
  });
});
