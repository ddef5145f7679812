import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPackageSalesReader } from '../../../adapters/persistence/packages/package-sales.query';
import { loader as csvLoader } from '../../../app/routes/CoachEarnings.csv';
import { loader as earningsLoader } from '../../../app/routes/_app.CoachEarnings';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { autoCompleteDue } from '../../../domain/booking/session-progress/use-cases/auto-complete-due';
import { releaseDuePayments } from '../../../domain/payments/use-cases/release-due-payments';
import { completePackagePurchase, startPackagePurchase } from '../../../domain/payments/use-cases/buy-package';
import { taxYearOf } from '../../../domain/payouts/earnings';
import { transferCoachShare } from '../../../domain/payouts/use-cases/transfer-coach-share';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { call, requestAs } from '../../support/booking-flow';
import { enablePayouts } from '../../support/payout-fixtures';
import { countQueries } from '../../support/query-counter';
import { payWithCard, runJobs } from '../payments/money-helpers';
import { DAY, HOUR, insertParty, storeBooking, type Party } from '../payments/payment-fixtures';

/**
 * Package sales on the coach's Earnings page and in its CSV (issue 48, 'Everyone sees it'),
 * against PostgreSQL. A client buys an untitled 5 × 60 min package (£200 + £3) and a titled one
 * through the real purchase use cases; another client leaves a checkout unpaid; a third buys from
 * another coach. Two sessions are bookings holding the first two credits of the £200 package
 * (joined through package_credits.booking_id, the link every package booking has): one went
 * through complete → release → transfer, one is still held. Two credits were refunded.
 */
const ctx = useTestApp();

interface Sale {
  id: string;
  soldOn: string;
  client: string;
  name: string;
  terms: string;
  price: string;
  counts: { kind: string; count: number; label: string }[];
  segments: string[];
  refunded: string | null;
}
interface Page {
  sales: { sales: Sale[]; nextCursor: string | null };
  lines: { reference: string; packageSession: string | null; stateLabel: string }[];
}

async function pageOf(coachId: string): Promise<Page> {
  const response = await call(earningsLoader, ctx.app, await requestAs(ctx.app, coachId, '/CoachEarnings'));
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

async function offer(coach: Party, terms: { sessions: number; pence: number; title: string | null }): Promise<string> {
  const [row] = await ctx.db.query<{ id: string }>(
    `insert into package_offers (id, coach_id, sessions, duration_minutes, total_price_pence, validity_weeks, title) values (gen_random_uuid(), $1, $2, 60, $3, 8, $4) returning id`,
    [coach.id, terms.sessions, terms.pence, terms.title],
  );
  return row!.id;
}

/** Starts the client's checkout of the offer and, unless `unpaid`, pays and completes it. */
async function buy(client: Party, offerId: string, options: { unpaid?: boolean } = {}): Promise<string> {
  const session = unwrap(await startPackagePurchase(ctx.app.deps(), { actor: client.actor, offerId }));
  if (options.unpaid) return session.purchaseId;
  expect((await ctx.app.payments.testCards!.confirmCard({ intentId: session.intentId, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', idempotencyKey: randomUUID() })).ok).toBe(true);
  unwrap(await completePackagePurchase(ctx.app.deps(), { actor: client.actor, purchaseId: session.purchaseId }));
  return session.purchaseId;
}

async function acceptedBooking(client: Party, coach: Party, startsAt: Date) {
  const booking = await storeBooking(ctx.app, client, coach, { startsAt, ratePence: 4000 });
  unwrap(await payWithCard(ctx.app, { client, coach, admin: client, booking }));
  unwrap(await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id }));
  await runJobs(ctx.app);
  return booking;
}

const readCsv = async (coachId: string, year: number) => {
  const response = await call(csvLoader, ctx.app, await requestAs(ctx.app, coachId, `/CoachEarnings/csv?year=${year}`));
  expect(response.status).toBe(200);
  const records: string[][] = parse(await response.text(), { bom: true, relax_quotes: false, relax_column_count: false });
  const [header, ...rows] = records;
  return rows.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]!])));
};

describe('package sales on the coach’s Earnings', () => {
  let coach: Party;
  let client: Party;
  let purchaseId = '';
  let titledId = '';
  const refs = { released: '', held: '', single: '' };
  let releasedAt: Date;

  beforeAll(async () => {
    ctx.app.testClock!.reset();
    coach = await insertParty(ctx.db, 'coach');
    client = await insertParty(ctx.db, 'client');
    const stranger = await insertParty(ctx.db, 'client');
    const otherCoach = await insertParty(ctx.db, 'coach');
    await ctx.db.query(`update users set full_name = 'Clara Client' where id = $1`, [client.id]);

    purchaseId = await buy(client, await offer(coach, { sessions: 5, pence: 20_000, title: null }));
    ctx.app.testClock!.set(new Date(ctx.app.clock.now().getTime() + HOUR));
    titledId = await buy(client, await offer(coach, { sessions: 3, pence: 12_000, title: 'Spring block' }));
    await buy(stranger, await offer(coach, { sessions: 4, pence: 16_000, title: 'Never paid' }), { unpaid: true });
    await buy(client, await offer(otherCoach, { sessions: 2, pence: 9000, title: 'Someone else’s' }));

    const base = Math.ceil((ctx.app.clock.now().getTime() + 3 * DAY) / HOUR) * HOUR;
    const released = await acceptedBooking(client, coach, new Date(base));
    const single = await acceptedBooking(client, coach, new Date(base + 2 * HOUR));
    const held = await acceptedBooking(client, coach, new Date(base + 10 * DAY));
    Object.assign(refs, { released: released.referenceCode, held: held.referenceCode, single: single.referenceCode });

    ctx.app.testClock!.set(new Date(base + 3 * HOUR + 25 * HOUR));
    unwrap(await autoCompleteDue(ctx.app.deps()));
    ctx.app.testClock!.set(new Date(base + 3 * HOUR + 48 * HOUR + 1000));
    releasedAt = ctx.app.clock.now();
    expect(unwrap(await releaseDuePayments(ctx.app.deps())).done).toEqual(expect.arrayContaining([released.id, single.id]));
    await enablePayouts(ctx.app, coach.id);
    for (const b of [released, single]) expect(unwrap(await transferCoachShare(ctx.app.deps(), { bookingId: b.id })).outcome).toBe('transferred');

    // The first credit's session happened and was released, the second is booked, two went back to the card.
    await ctx.db.query(`update package_credits set state = 'released', booking_id = $2, released_at = $3 where purchase_id = $1 and position = 0`, [purchaseId, released.id, releasedAt]);
    await ctx.db.query(`update package_credits set state = 'booked', booking_id = $2 where purchase_id = $1 and position = 1`, [purchaseId, held.id]);
    await ctx.db.query(`update package_credits set state = 'refunded' where purchase_id = $1 and position in (3, 4)`, [purchaseId]);
  }, 120_000);

  it('lists each paid sale of the coach, newest first, with its price without the admin fee and where its sessions stand', async () => {
    const page = await pageOf(coach.id);
    expect(page.sales.sales.map((s) => s.id)).toEqual([titledId, purchaseId]);
    expect(page.sales.nextCursor).toBeNull();
    const [titled, untitled] = page.sales.sales;
    expect(titled).toMatchObject({ name: 'Spring block', price: '£120.00', refunded: null, counts: [{ kind: 'left', count: 3 }] });
    expect(untitled).toMatchObject({
      client: 'Clara Client',
      name: '5 × 60 min',
      terms: '5 sessions of 60 min',
      price: '£200.00',
      segments: ['released', 'booked', 'left', 'refunded', 'refunded'],
      counts: [
        { kind: 'released', count: 1, label: 'released to you' },
        { kind: 'booked', count: 1, label: 'booked' },
        { kind: 'left', count: 1, label: 'left' },
        { kind: 'refunded', count: 2, label: 'refunded' },
      ],
      refunded: '£80.00 refunded to the client for 2 unused sessions',
      soldOn: new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric' }).format(
        new Date((await ctx.db.query<{ paid_at: Date }>('select paid_at from package_purchases where id = $1', [purchaseId]))[0]!.paid_at),
      ),
    });
  });

  it('says which package session a booking line is, and nothing on a single booking', async () => {
    const page = await pageOf(coach.id);
    const byRef = new Map(page.lines.map((l) => [l.reference, l]));
    expect(byRef.get(refs.released)).toMatchObject({ packageSession: 'Session 1 of 5 · 5 × 60 min', stateLabel: 'On the way' });
    expect(byRef.get(refs.held)).toMatchObject({ packageSession: 'Session 2 of 5 · 5 × 60 min', stateLabel: 'Held' });
    expect(byRef.get(refs.single)).toMatchObject({ packageSession: null });
  });

  it('pages the sales by keyset, one statement a page, and through Show more sales', async () => {
    const reader = createPackageSalesReader(ctx.app.orm.em.fork());
    const first = await countQueries(() => reader.recent(coach.id, { cursor: null, limit: 1 }));
    expect(first.count).toBe(1);
    expect(first.result.items.map((i) => i.id)).toEqual([titledId]);
    const more = await countQueries(async () => call(earningsLoader, ctx.app, await requestAs(ctx.app, coach.id, `/CoachEarnings?sales=1&cursor=${encodeURIComponent(first.result.next!)}`)));
    expect(more.count, more.queries.join('\n')).toBeLessThanOrEqual(2);
    const body = (await more.result.json()) as { more: boolean; sales: Sale[]; nextCursor: string | null };
    expect(body).toMatchObject({ more: true, nextCursor: null });
    expect(body.sales.map((s) => s.id)).toEqual([purchaseId]);
  });

  it('reads the sales through the paid-by-coach index', async () => {
    const client = new pg.Client({ connectionString: ctx.db.url });
    await client.connect();
    try {
      await client.query('set enable_seqscan = off');
      for (const where of [
        'p.coach_id = $1 and p.paid_at is not null order by p.paid_at desc, p.id desc',
        "p.coach_id = $1 and p.paid_at >= now() - interval '1 year' and p.paid_at < now() order by p.paid_at, p.id",
      ]) {
        const plan = await client.query(`explain select p.id from package_purchases p where ${where} limit 6`, [coach.id]);
        expect(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')).toContain('package_purchases_paid_by_coach');
      }
    } finally {
      await client.end();
    }
  });

  it('puts the sales of the tax year in the CSV after the releases, each release of a package session named, the Coach share column still adding up to what was released', async () => {
    const rows = await readCsv(coach.id, taxYearOf(releasedAt).startYear);
    const sessions = rows.filter((r) => r.Type !== 'Package sale');
    expect(sessions.map((r) => [r.Reference, r.Type, r.Package]).sort()).toEqual(
      [
        [refs.released, 'Package session', 'Session 1 of 5 · 5 × 60 min'],
        [refs.single, 'Session', ''],
      ].sort(),
    );
    expect(rows.slice(-2).map((r) => r.Type)).toEqual(['Package sale', 'Package sale']);
    const sales = rows.filter((r) => r.Type === 'Package sale');
    expect(sales.map((r) => r.Package)).toEqual(['5 × 60 min', 'Spring block']);
    expect(sales[0]).toMatchObject({
      Reference: '',
      Client: 'Clara Client',
      'Session price': '',
      'Platform share': '',
      'Coach share': '',
      State: '1 released to you · 1 booked · 1 left · 2 refunded',
      'Package price': '200.00',
      'Refunded to client': '80.00',
      'Sold at': expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
    });
    const coachShare = rows.reduce((sum, r) => sum + (r['Coach share'] ? Math.round(Number(r['Coach share']) * 100) : 0), 0);
    expect(coachShare).toBe(2 * 4000);
  });

  it('costs three statements besides the session lookup for the whole first page', async () => {
    const first = await countQueries(async () => call(earningsLoader, ctx.app, await requestAs(ctx.app, coach.id, '/CoachEarnings')));
    expect(first.count, first.queries.join('\n')).toBeLessThanOrEqual(4);
  });
});
