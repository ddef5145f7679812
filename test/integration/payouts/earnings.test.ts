import { beforeAll, describe, expect, it } from 'vitest';
import { createEarningsReader } from '../../../adapters/persistence/payouts/earnings.query';
import { runTestPayouts } from '../../../adapters/payments/test-gateway/test-payouts';
import { loader as csvLoader } from '../../../app/routes/CoachEarnings.csv';
import { loader as earningsLoader } from '../../../app/routes/_app.CoachEarnings';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { autoCompleteDue } from '../../../domain/booking/session-progress/use-cases/auto-complete-due';
import { releaseDuePayments } from '../../../domain/payments/use-cases/release-due-payments';
import { taxYearOf } from '../../../domain/payouts/earnings';
import { transferCoachShare } from '../../../domain/payouts/use-cases/transfer-coach-share';
import { unwrap } from '../../../domain/shared/result';
import { londonToUtc, utcToLondon } from '../../../domain/shared/london-time';
import { useTestApp } from '../../support/app';
import { call, requestAs } from '../../support/booking-flow';
import { enablePayouts } from '../../support/payout-fixtures';
import { countQueries } from '../../support/query-counter';
import { payWithCard, runJobs } from '../payments/money-helpers';
import { DAY, HOUR, insertParty, storeBooking, type Party } from '../payments/payment-fixtures';

/**
 * The coach's Earnings page against PostgreSQL (decision 012): bookings that went through the real
 * pay → accept → complete → release use cases, the coach share transferred with
 * transferCoachShare and paid out by the offline gateway's daily payout.
 */
const ctx = useTestApp();

interface Page {
  more: false;
  figures: { held: string; onTheWay: string; paidOut: string; nextPayout: { date: string; weekday: string; time: string } | null; payoutsEnabled: boolean };
  months: { key: string; pence: number }[];
  lines: { reference: string; client: string; sessionPrice: string; platformShare: string; coachShare: string; state: string; stateLabel: string; when: string | null }[];
  nextCursor: string | null;
}

async function pageOf(coachId: string, path = '/CoachEarnings'): Promise<Page> {
  const response = await call(earningsLoader, ctx.app, await requestAs(ctx.app, coachId, path));
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

/** A paid and accepted £50 + £3 booking of `client` with `coach` starting at `startsAt`. */
async function acceptedBooking(client: Party, coach: Party, startsAt: Date) {
  const booking = await storeBooking(ctx.app, client, coach, { startsAt });
  unwrap(await payWithCard(ctx.app, { client, coach, admin: client, booking }));
  unwrap(await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id }));
  await runJobs(ctx.app);
  return booking;
}

const at = (date: Date) => ctx.app.testClock!.set(date);
/** 06:01 London on the day after `instant`. */
const nextMorning = (instant: Date) => londonToUtc(utcToLondon(new Date(instant.getTime() + DAY)).date, '06:01')!;

describe('the coach’s Earnings page', () => {
  let client: Party;
  let coach: Party;
  let waitingCoach: Party;
  const refs: Record<'paidOut' | 'onTheWay' | 'held' | 'waiting', string> = { paidOut: '', onTheWay: '', held: '', waiting: '' };
  let releasedAt: Date;

  beforeAll(async () => {
    ctx.app.testClock!.reset();
    client = await insertParty(ctx.db, 'client');
    coach = await insertParty(ctx.db, 'coach');
    waitingCoach = await insertParty(ctx.db, 'coach');
    const base = Math.ceil((ctx.app.clock.now().getTime() + 3 * DAY) / HOUR) * HOUR;
    const first = await acceptedBooking(client, coach, new Date(base));
    const second = await acceptedBooking(client, coach, new Date(base + 2 * HOUR));
    const waiting = await acceptedBooking(client, waitingCoach, new Date(base + 3 * HOUR));
    const held = await acceptedBooking(client, coach, new Date(base + 10 * DAY));
    Object.assign(refs, { paidOut: first.referenceCode, onTheWay: second.referenceCode, held: held.referenceCode, waiting: waiting.referenceCode });

    // All three sessions over: completed after 24 h, released 48 h after the last one ended.
    at(new Date(base + 3 * HOUR + 25 * HOUR));
    unwrap(await autoCompleteDue(ctx.app.deps()));
    at(new Date(base + 4 * HOUR + 48 * HOUR + 1000));
    releasedAt = ctx.app.clock.now();
    const released = unwrap(await releaseDuePayments(ctx.app.deps())).done;
    expect(released).toEqual(expect.arrayContaining([first.id, second.id, waiting.id]));

    await enablePayouts(ctx.app, coach.id);
    expect(unwrap(await transferCoachShare(ctx.app.deps(), { bookingId: first.id })).outcome).toBe('transferred');
    expect(unwrap(await transferCoachShare(ctx.app.deps(), { bookingId: waiting.id })).outcome).toBe('waiting');
    // The next morning's 06:00 payout pays the first transfer out; the second is sent after it.
    at(nextMorning(releasedAt));
    expect(await runTestPayouts(ctx.app.orm, ctx.app.clock)).toEqual({ payouts: 1, transfers: 1 });
    expect(unwrap(await transferCoachShare(ctx.app.deps(), { bookingId: second.id })).outcome).toBe('transferred');
  });

  it('shows held, on the way and paid out money and the next payout, expected the morning after', async () => {
    const page = await pageOf(coach.id);
    const expected = londonToUtc(utcToLondon(new Date(ctx.app.clock.now().getTime() + DAY)).date, '06:00')!;
    expect(page.figures).toMatchObject({ held: '£50.00', onTheWay: '£50.00', paidOut: '£50.00', payoutsEnabled: true });
    expect(page.figures.nextPayout?.time).toBe('06:00');
    expect(page.figures.nextPayout?.date).toBe(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric' }).format(expected));
  });

  it('lists one line per booking, newest session first, with the split and the state', async () => {
    const page = await pageOf(coach.id);
    expect(page.lines.map((l) => [l.reference, l.stateLabel])).toEqual([
      [refs.held, 'Held'],
      [refs.onTheWay, 'On the way'],
      [refs.paidOut, 'Paid out'],
    ]);
    for (const line of page.lines) expect(line).toMatchObject({ sessionPrice: '£50.00', platformShare: '£3.00', coachShare: '£50.00', client: expect.stringMatching(/^Test client/) });
    expect(page.lines[0]!.when).toMatch(/^until /);
    expect(page.lines[1]!.when).toMatch(/^expected /);
    expect(page.lines[2]!.when).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(page.nextCursor).toBeNull();
  });

  it('pages through the lines by keyset without repeating or skipping one', async () => {
    const reader = createEarningsReader(ctx.app.orm.em.fork());
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await reader.lines(coach.id, { cursor, limit: 1 });
      seen.push(...page.items.map((i) => i.booking.referenceCode));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual([refs.held, refs.onTheWay, refs.paidOut]);
    // 'Load more' through the route: the lines after the cursor only.
    const first = await reader.lines(coach.id, { cursor: null, limit: 1 });
    const more = await pageOf(coach.id, `/CoachEarnings?lines=1&cursor=${encodeURIComponent(first.next!)}`);
    expect(more.lines.map((l) => l.reference)).toEqual([refs.onTheWay, refs.paidOut]);
  });

  it('draws this month’s released coach share in the chart', async () => {
    const page = await pageOf(coach.id);
    expect(page.months).toHaveLength(12);
    const month = utcToLondon(releasedAt).date.slice(0, 7);
    expect(page.months.find((m) => m.key === month)?.pence).toBe(10_000);
    expect(page.months.reduce((s, m) => s + m.pence, 0)).toBe(10_000);
  });

  it('costs three SQL statements besides the session lookup (figures, package sales, lines), and one for Load more', async () => {
    const first = await countQueries(async () => call(earningsLoader, ctx.app, await requestAs(ctx.app, coach.id, '/CoachEarnings')));
    expect(first.count, first.queries.join('\n')).toBeLessThanOrEqual(4);
    const cursor = (await createEarningsReader(ctx.app.orm.em.fork()).lines(coach.id, { cursor: null, limit: 1 })).next!;
    const more = await countQueries(async () => call(earningsLoader, ctx.app, await requestAs(ctx.app, coach.id, `/CoachEarnings?lines=1&cursor=${encodeURIComponent(cursor)}`)));
    expect(more.count, more.queries.join('\n')).toBeLessThanOrEqual(2);
  });

  it('reads only the booking columns a line shows, for the page and the CSV, never a whole booking', async () => {
    // What earningLineOf takes (BookingMoney), the reference and the session's start; the id for the
    // keyset and the client for the join. A booking's free text (notes, reasons, addresses) stays in PostgreSQL.
    const allowed = new Set(
      [
        'id',
        'client_id',
        'coach_id',
        'reference_code',
        'starts_at',
        'status',
        'payment_status',
        'service_price_pence',
        'admin_fee_pence',
        'amount_captured_pence',
        'amount_refunded_pence',
        'payment_held_until',
        'payment_released_at',
      ].map((c) => `b.${c}`),
    );
    const reader = createEarningsReader(ctx.app.orm.em.fork());
    const year = taxYearOf(releasedAt);
    const reads = [
      await countQueries(() => reader.lines(coach.id, { cursor: null, limit: 50 })),
      await countQueries(() => reader.releasedBetween(coach.id, { from: year.from, to: year.to }, { cursor: null, limit: 500 })),
    ];
    for (const { result, queries } of reads) {
      expect(result.items.length).toBeGreaterThan(0);
      const statement = queries.find((q) => /\bbookings b\b/i.test(q))!;
      const [row] = await ctx.db.query<{ 'QUERY PLAN': unknown }>(`explain (generic_plan, verbose, format json) ${statement}`);
      // The columns of bookings in what the statement returns (a scan below may carry its whole row to a hash or a sort).
      const top = (row!['QUERY PLAN'] as { Plan: { Output: string[] } }[])[0]!.Plan.Output;
      const outputs = top.flatMap((expression) => [...expression.matchAll(/\bb\.(\w+)/g)].map((m) => `b.${m[1]}`));
      expect(
        outputs.filter((column) => !allowed.has(column)),
        statement,
      ).toEqual([]);
    }
  });

  it('tells a coach without payouts to set them up, and keeps their released money waiting', async () => {
    const page = await pageOf(waitingCoach.id);
    expect(page.figures).toMatchObject({ held: '£0.00', onTheWay: '£50.00', paidOut: '£0.00', nextPayout: null, payoutsEnabled: false });
    expect(page.lines).toMatchObject([{ reference: refs.waiting, stateLabel: 'Waiting for payout setup', when: expect.stringMatching(/^released /) }]);
  });

  it('downloads the tax year’s released lines as CSV, formula-safe, without caching', async () => {
    await ctx.db.query(`update users set full_name = '=HYPERLINK("http://evil")' where id = $1`, [client.id]);
    const year = taxYearOf(releasedAt).startYear;
    const response = await call(csvLoader, ctx.app, await requestAs(ctx.app, coach.id, `/CoachEarnings/csv?year=${year}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="fact-earnings-${year}-${String((year + 1) % 100).padStart(2, '0')}.csv"`);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const rows = (await response.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe(
      '"Reference","Session date","Client","Session price","Platform share","Coach share","State","Released at","Paid out at","Type","Package","Sold at","Package price","Refunded to client"',
    );
    expect(
      rows
        .slice(1)
        .map((r) => r.split(',')[0])
        .sort(),
    ).toEqual([refs.paidOut, refs.onTheWay].map((ref) => `"${ref}"`).sort());
    const paid = rows.find((r) => r.startsWith(`"${refs.paidOut}"`))!;
    expect(paid).toContain(`,"'=HYPERLINK(""http://evil"")",50.00,3.00,50.00,"Paid out",`);
    expect(rows.find((r) => r.startsWith(`"${refs.onTheWay}"`))).toMatch(/,50\.00,3\.00,50\.00,"On the way","\d{4}-\d{2}-\d{2} \d{2}:\d{2}","","Session","","",,$/);
    // Another tax year holds nothing of it; a year that has not started is refused.
    const before = await call(csvLoader, ctx.app, await requestAs(ctx.app, coach.id, `/CoachEarnings/csv?year=${year - 1}`));
    expect(
      (await before.text())
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
    expect((await call(csvLoader, ctx.app, await requestAs(ctx.app, coach.id, `/CoachEarnings/csv?year=${year + 1}`))).status).toBe(400);
  });

  it('sends clients and administrators where the other coach-only pages do', async () => {
    const admin = await insertParty(ctx.db, 'admin');
    for (const [who, where] of [
      [client.id, '/FindCoaches'],
      [admin.id, '/AdminDashboard'],
    ] as const) {
      for (const path of ['/CoachEarnings', '/CoachEarnings/csv']) {
        const fn = path.endsWith('csv') ? csvLoader : earningsLoader;
        const response = await call(fn, ctx.app, await requestAs(ctx.app, who, path));
        expect([response.status, response.headers.get('Location')]).toEqual([302, where]);
      }
    }
  });
});
