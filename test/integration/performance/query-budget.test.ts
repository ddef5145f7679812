import type { AppLoadContext } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { loader as rootLoader } from '../../../app/root';
import { loader as shellLoader } from '../../../app/routes/_app';
import { loader as adminAuditLoader } from '../../../app/routes/_app.AdminAudit';
import { loader as adminBookingsLoader } from '../../../app/routes/_app.AdminBookings';
import { loader as adminBookingLoader } from '../../../app/routes/_app.AdminBookings_.$bookingId';
import { loader as dataDiagnosticLoader } from '../../../app/routes/_app.DataDiagnostic';
import { loader as coachDashboardLoader } from '../../../app/routes/_app.CoachDashboard';
import { loader as coachEarningsLoader } from '../../../app/routes/_app.CoachEarnings';
import { loader as coachAvailabilityLoader } from '../../../app/routes/_app.CoachAvailability';
import { loader as coachProfileLoader } from '../../../app/routes/_app.CoachProfile';
import { loader as findCoachesLoader } from '../../../app/routes/_app.FindCoaches';
import { loader as messagesLoader } from '../../../app/routes/_app.Messages';
import { loader as myBookingsLoader } from '../../../app/routes/_app.MyBookings';
import { loader as conversationLoader } from '../../../app/routes/Conversation';
import { sendEnquiry } from '../../../domain/messaging/use-cases/send-enquiry';
import { createCoachSearch } from '../../../adapters/persistence/search/coach-search';
import { createSearchTotals } from '../../../adapters/persistence/search/search-totals';
import { cursorAfter, NO_FILTERS } from '../../../domain/search/coach-search';
import { useTestApp } from '../../support/app';
import { insertPerson, remixContext, requestAs, type Person } from '../../support/booking-flow';
import { createTestBooking } from '../../support/fixtures/bookings';
import { countQueries } from '../../support/query-counter';

/**
 * The query budget (docs/performance.md): at most 4 SQL statements for a whole page request of each main page — every loader
 * Remix runs for that URL (root, the signed-in shell, the page), with one Request as the server
 * passes it, so the session lookup is counted once. Set SHOW_QUERIES=1 to print them.
 */
const BUDGET = 4;
const ctx = useTestApp();
let client: Person;
let admin: Person;
let coach: Person;
let bookingId: string;

type Loader = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

async function pageRequest(loaders: Loader[], userId: string | null, path: string, params: Record<string, string> = {}) {
  const request = await requestAs(ctx.app, userId, path);
  const context = remixContext(ctx.app);
  return countQueries(async () => {
    const results = await Promise.all(
      loaders.map(async (loader) => {
        try {
          return await loader({ request, context, params });
        } catch (thrown) {
          return thrown;
        }
      }),
    );
    for (const r of results) if (r instanceof Response && r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return results;
  });
}

const SHELL: Loader[] = [rootLoader, shellLoader];

/** The pages the bench loads, each with its loaders (after beforeAll has made the people). */
const benchedPages = (): (readonly [Loader[], string, string])[] => [
  [[...SHELL, findCoachesLoader], client.id, '/FindCoaches'],
  [[...SHELL, myBookingsLoader], client.id, '/MyBookings'],
  [[...SHELL, coachDashboardLoader], coach.id, '/CoachDashboard'],
  [[...SHELL, coachProfileLoader], client.id, `/CoachProfile?userId=${coach.id}`],
  [[...SHELL, adminBookingsLoader], admin.id, '/AdminBookings?status=pending'],
  [[rootLoader, conversationLoader], client.id, `/Conversation?booking_id=${bookingId}`],
];

async function expectWithinBudget(loaders: Loader[], userId: string | null, path: string) {
  const { count, queries } = await pageRequest(loaders, userId, path);
  if (process.env.SHOW_QUERIES) console.log(`${path}: ${count}\n  ${queries.join('\n  ')}`);
  expect(count, `${path}\n${queries.join('\n')}`).toBeLessThanOrEqual(BUDGET);
  return count;
}

describe('SQL statements per page request', () => {
  beforeAll(async () => {
    client = await insertPerson(ctx.db, { type: 'client', name: 'Chloe Client' });
    admin = await insertPerson(ctx.db, { type: 'admin', name: 'Ada Admin' });
    coach = await insertPerson(ctx.db, { type: 'coach', name: 'Alex Keeper', services: ['goalkeeping', 'striker'], ratePence: 4500, location: 'London' });
    for (let i = 0; i < 30; i++) await insertPerson(ctx.db, { type: 'coach', name: `Alex Coach ${i}`, services: ['goalkeeping'], ratePence: 3000 + i * 50 });
    const now = ctx.app.clock.now();
    for (let d = 1; d <= 12; d++) {
      const b = await createTestBooking(ctx.app, {
        clientId: client.id,
        coachId: coach.id,
        serviceType: 'striker',
        startsAt: new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + d * 86_400_000),
      });
      bookingId ??= b.id;
    }
    await ctx.db.query(
      `insert into messages (id, booking_id, sender_id, receiver_id, content, is_read, created_at)
       select gen_random_uuid(), $1, case when s % 2 = 0 then $2::uuid else $3::uuid end, case when s % 2 = 0 then $3::uuid else $2::uuid end,
              'message ' || s, true, now() - s * interval '1 minute'
         from generate_series(1, 120) as s`,
      [bookingId, client.id, coach.id],
    );
  });

  it('FindCoaches, first page', async () => {
    await expectWithinBudget([...SHELL, findCoachesLoader], client.id, '/FindCoaches');
  });

  it('FindCoaches near a place, by distance, with a specialisation and a price band', async () => {
    // Every coach of this file near Manchester: the search pages and counts them.
    await ctx.db.query(`update coach_profiles set base_place_id = (select id from places where label = 'Manchester')`);
    const path = '/FindCoaches?near=6620310&miles=25&specialization=goalkeeping&price=30-60';
    // The gazetteer is read once per server (app/search/places.server.ts), not per page.
    await pageRequest([...SHELL, findCoachesLoader], client.id, path);
    await expectWithinBudget([...SHELL, findCoachesLoader], client.id, path);
    await ctx.db.query(`update coach_profiles set base_place_id = null`);
  });

  it('FindCoaches with specialisation, price band and text', async () => {
    await expectWithinBudget([...SHELL, findCoachesLoader], client.id, '/FindCoaches?specialization=goalkeeping&price=30-60&q=alex');
  });

  it('FindCoaches, a later page by keyset cursor', async () => {
    const [row] = await ctx.db.query<{ rating: string; total_sessions: number; user_id: string }>(
      `select rating, total_sessions, user_id from coach_profiles order by rating desc, total_sessions desc, user_id asc offset 9 limit 1`,
    );
    const cursor = cursorAfter({ rating: Number(row!.rating), totalSessions: row!.total_sessions, userId: row!.user_id });
    await expectWithinBudget([...SHELL, findCoachesLoader], client.id, `/FindCoaches?cursor=${encodeURIComponent(cursor)}`);
  });

  it('FindCoaches counts the coaches matching the same filters once while the production server remembers the total', async () => {
    const totals = createSearchTotals();
    const search = () => createCoachSearch(ctx.app.orm.em.fork(), { totals }).search(NO_FILTERS, { cursor: null, limit: 20 });
    const first = await countQueries(search);
    const second = await countQueries(search);
    expect(first.count).toBe(2);
    expect(second.count).toBe(1);
    expect(second.result.total).toBe(first.result.total);
  });

  it('MyBookings', async () => {
    await expectWithinBudget([...SHELL, myBookingsLoader], client.id, '/MyBookings');
  });

  it('CoachDashboard', async () => {
    await expectWithinBudget([...SHELL, coachDashboardLoader], coach.id, '/CoachDashboard?tab=pending');
  });

  it('CoachEarnings (figures and chart, the first package sales, the first lines)', async () => {
    await expectWithinBudget([...SHELL, coachEarningsLoader], coach.id, '/CoachEarnings');
  });

  it('CoachAvailability (weekly hours and rules in one statement, the exceptions in another)', async () => {
    await expectWithinBudget([...SHELL, coachAvailabilityLoader], coach.id, '/CoachAvailability');
  });

  it('Messages', async () => {
    await expectWithinBudget([...SHELL, messagesLoader], client.id, '/Messages');
  });

  it('FindCoaches signed out (the per-IP view counter, then the search; no session, no players)', async () => {
    await expectWithinBudget([...SHELL, findCoachesLoader], null, '/FindCoaches?specialization=goalkeeping');
  });

  it("a coach's profile signed out (the per-IP view counter, the user, the coach profile)", async () => {
    await expectWithinBudget([...SHELL, coachProfileLoader], null, `/CoachProfile?userId=${coach.id}`);
  });

  it('CoachProfile of another coach, read-only', async () => {
    await expectWithinBudget([...SHELL, coachProfileLoader], client.id, `/CoachProfile?userId=${coach.id}`);
  });

  it('AdminBookings filtered by status', async () => {
    await expectWithinBudget([...SHELL, adminBookingsLoader], admin.id, '/AdminBookings?status=pending');
  });

  it('AdminBookings found by a party, filtered by payment state and dates (decision 056)', async () => {
    await expectWithinBudget([...SHELL, adminBookingsLoader], admin.id, '/AdminBookings?status=all&party=chloe&payment=authorized&from=2026-01-01&to=2027-12-31');
  });

  it('AdminAudit, filtered (decision 056)', async () => {
    await expectWithinBudget([...SHELL, adminAuditLoader], admin.id, `/AdminAudit?actor=${admin.id}&action=user.remove&from=2026-01-01`);
  });

  it('DataDiagnostic: the counts and every consistency check, the newest bookings, accounts, messages and audit entries (decision 056)', async () => {
    await expectWithinBudget([...SHELL, dataDiagnosticLoader], admin.id, '/DataDiagnostic');
  });

  it('AdminBookings with a pinned booking, its transfer and chargeback, and the Chargebacks list', async () => {
    await ctx.db.query(
      `insert into chargebacks (id, booking_id, amount_pence, reason, status, opened_at) values ('dp_budget', $1, 5300, 'fraudulent', 'needs_response', now()) on conflict do nothing`,
      [bookingId],
    );
    const { count, result } = await pageRequest([...SHELL, adminBookingsLoader], admin.id, `/AdminBookings?status=completed&highlight=${bookingId}`);
    expect(count).toBeLessThanOrEqual(BUDGET);
    const page = result[2] as { pinned: { chargebacks: unknown[] } | null; chargebacks: { items: unknown[] } };
    expect(page.pinned?.chargebacks).toHaveLength(1);
    expect(page.chargebacks.items).toHaveLength(1);
  });

  it('an admin booking page: the booking, its transfer and chargebacks, its history and audit lines in one statement', async () => {
    const { count, queries, result } = await pageRequest([...SHELL, adminBookingLoader], admin.id, `/AdminBookings/${bookingId}`, { bookingId });
    expect(count, queries.join('\n')).toBeLessThanOrEqual(BUDGET);
    const page = (await (result[2] as Response).json()) as { timeline: unknown[] };
    expect(page.timeline.length).toBeGreaterThan(0);
  });

  it('Conversation of an enquiry (no shell), already read', async () => {
    const sent = await sendEnquiry(ctx.app.deps(), { actor: client.actor, form: { coachId: coach.id, content: 'Budget question' } });
    if (!sent.ok) throw new Error(sent.error.message);
    const path = `/Conversation?enquiry_id=${sent.value.enquiryId}`;
    await pageRequest([rootLoader, conversationLoader], coach.id, path);
    await expectWithinBudget([rootLoader, conversationLoader], coach.id, path);
  });

  it('Conversation (no shell), already read', async () => {
    await expectWithinBudget([rootLoader, conversationLoader], client.id, `/Conversation?booking_id=${bookingId}`);
  });

  // One unit of work per request (decision 041): the session lookup and every loader of a page read through the request's one
  // unit of work (app/request-deps.server.ts); a list page made three forks and two sets of ports.
  it('each benched page makes one EntityManager fork for the session lookup and all its loaders', async () => {
    const pages = [...benchedPages(), [[...SHELL, messagesLoader], client.id, '/Messages'] as [Loader[], string, string]];
    const em = ctx.app.orm.em;
    const fork = em.fork;
    let forks = 0;
    em.fork = function (this: typeof em, ...args: Parameters<typeof fork>) {
      forks += 1;
      return fork.apply(this, args);
    };
    try {
      for (const [loaders, userId, path] of pages) {
        forks = 0;
        const { count } = await pageRequest(loaders, userId, path);
        expect(count, path).toBeGreaterThan(0);
        expect(forks, path).toBe(1);
      }
    } finally {
      em.fork = fork;
    }
  });
});
