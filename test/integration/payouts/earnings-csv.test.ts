import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTestPayouts } from '../../../adapters/payments/test-gateway/test-payouts';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { autoCompleteDue } from '../../../domain/booking/session-progress/use-cases/auto-complete-due';
import { releaseDuePayments } from '../../../domain/payments/use-cases/release-due-payments';
import { taxYearOf } from '../../../domain/payouts/earnings';
import { transferCoachShare } from '../../../domain/payouts/use-cases/transfer-coach-share';
import { CSV_FORMULA_STARTS, CSV_SEPARATORS, csvTextOfCell } from '../../../domain/shared/csv';
import { londonToUtc, utcToLondon } from '../../../domain/shared/london-time';
import { unwrap } from '../../../domain/shared/result';
import { useHttpApp } from '../../support/http-app';
import { enablePayouts } from '../../support/payout-fixtures';
import { payWithCard, runJobs } from '../payments/money-helpers';
import { DAY, HOUR, insertParty, storeBooking, type Party } from '../payments/payment-fixtures';

/**
 * The Earnings CSV over HTTP against PostgreSQL, read the way an accounting tool reads it: clients
 * whose names a spreadsheet would run as formulas (at the start, or after a `,` `;` tab or line
 * break) book and pay through the real use cases; the coach downloads the tax year's CSV; a strict
 * CSV parser reads it back with every text cell quoted and formula-safe, every amount an unquoted
 * plain number, and the coach shares adding up to what the Earnings page shows.
 */
const http = useHttpApp();

const HOSTILE_NAMES = ['Jamie;=1+1', '=HYPERLINK("http://evil.example","Click")', 'Pat\t-2+3', 'Lee,@SUM(A1:A9)', 'Ann\r\n+cmd|calc', "Jo O'Neil; 'twas", 'Sam "the boot" Smith'];

const COLUMNS = [
  'Reference',
  'Session date',
  'Client',
  'Session price',
  'Platform share',
  'Coach share',
  'State',
  'Released at',
  'Paid out at',
  'Type',
  'Package',
  'Sold at',
  'Package price',
  'Refunded to client',
];
const MONEY = new Set(['Session price', 'Platform share', 'Coach share', 'Package price', 'Refunded to client']);

interface Page {
  figures: { held: string; onTheWay: string; paidOut: string };
  months: { pence: number }[];
  lines: { reference: string; client: string; sessionPrice: string; platformShare: string; coachShare: string; state: string }[];
  nextCursor: string | null;
}

/** '£1,050.00' → 105000 */
const penceOf = (shown: string) => Math.round(Number(shown.replace(/[£,]/g, '')) * 100);

async function get(coachId: string, path: string): Promise<Response> {
  const response = await fetch(`${http.baseUrl}${path}`, { headers: { Cookie: await http.cookieFor(coachId) }, redirect: 'manual' });
  expect(response.status, path).toBe(200);
  return response;
}

/** The Earnings page's data, every line of it ('Load more' followed to the end). */
async function earningsPage(coachId: string): Promise<Page> {
  const data = encodeURIComponent('routes/_app.CoachEarnings');
  const page = (await (await get(coachId, `/CoachEarnings?_data=${data}`)).json()) as Page;
  for (let cursor = page.nextCursor; cursor;) {
    const more = (await (await get(coachId, `/CoachEarnings?lines=1&cursor=${encodeURIComponent(cursor)}&_data=${data}`)).json()) as Page;
    page.lines.push(...more.lines);
    cursor = more.nextCursor;
  }
  return page;
}

interface Cell {
  readonly text: string;
  readonly quoted: boolean;
}

/** Strict RFC 4180 (no stray quotes, every line as many cells as the header), each cell with whether it was quoted. */
function readStrictly(text: string): Cell[][] {
  return parse(text, { bom: true, relax_quotes: false, relax_column_count: false, cast: (value, context): Cell => ({ text: value, quoted: context.quoting }) }) as unknown as Cell[][];
}

/** '-5.00' → -500; what a spreadsheet adds up, so a plain number or nothing. */
function penceOfCell(cell: Cell): number {
  expect(cell.text, 'an amount a spreadsheet adds up').toMatch(/^-?\d+\.\d{2}$/);
  return Math.round(Number(cell.text) * 100);
}

describe('the Earnings CSV, downloaded over HTTP with hostile client names', () => {
  let coach: Party;
  const references = new Map<string, string>();
  let releasedAt: Date;

  beforeAll(async () => {
    const app = http.app;
    app.testClock!.reset();
    coach = await insertParty(http.db, 'coach');
    const base = Math.ceil((app.clock.now().getTime() + 3 * DAY) / HOUR) * HOUR;
    const bookings = [];
    for (const [i, name] of [...HOSTILE_NAMES, 'Held Client'].entries()) {
      const client = await insertParty(http.db, 'client');
      await http.db.query('update users set full_name = $2 where id = $1', [client.id, name]);
      // The last booking's session is ten days later: still held when the others are released.
      const startsAt = new Date(base + (i < HOSTILE_NAMES.length ? i * 2 * HOUR : 10 * DAY));
      const booking = await storeBooking(app, client, coach, { startsAt });
      unwrap(await payWithCard(app, { client, coach, admin: client, booking }));
      unwrap(await acceptBooking(app.deps(), { actor: coach.actor, bookingId: booking.id }));
      await runJobs(app);
      references.set(booking.referenceCode, name);
      bookings.push(booking);
    }
    const released = bookings.slice(0, HOSTILE_NAMES.length);
    const lastEnd = released.at(-1)!.startsAt.getTime() + HOUR;
    app.testClock!.set(new Date(lastEnd + 25 * HOUR));
    unwrap(await autoCompleteDue(app.deps()));
    app.testClock!.set(new Date(lastEnd + 48 * HOUR + 1000));
    releasedAt = app.clock.now();
    expect(unwrap(await releaseDuePayments(app.deps())).done).toEqual(expect.arrayContaining(released.map((b) => b.id)));

    // Some paid out by the next morning's payout, the rest transferred after it (on the way).
    await enablePayouts(app, coach.id);
    const half = Math.ceil(released.length / 2);
    for (const b of released.slice(0, half)) expect(unwrap(await transferCoachShare(app.deps(), { bookingId: b.id })).outcome).toBe('transferred');
    app.testClock!.set(londonToUtc(utcToLondon(new Date(releasedAt.getTime() + DAY)).date, '06:01')!);
    expect(await runTestPayouts(app.orm, app.clock)).toEqual({ payouts: 1, transfers: half });
    for (const b of released.slice(half)) expect(unwrap(await transferCoachShare(app.deps(), { bookingId: b.id })).outcome).toBe('transferred');
  }, 120_000);

  it('is read back by a strict CSV parser with every name as it was and no cell that starts a formula', async () => {
    const text = await (await get(coach.id, `/CoachEarnings/csv?year=${taxYearOf(releasedAt).startYear}`)).text();
    const [header, ...rows] = readStrictly(text);
    expect(header!.map((c) => csvTextOfCell(c.text))).toEqual(COLUMNS);
    expect(rows).toHaveLength(HOSTILE_NAMES.length);
    for (const row of rows) {
      const client = row[2]!.text;
      expect(csvTextOfCell(client)).toBe(references.get(row[0]!.text));
      for (const sep of CSV_SEPARATORS)
        for (const segment of client.split(sep))
          expect(
            CSV_FORMULA_STARTS.some((c) => segment.startsWith(c)),
            JSON.stringify([client, segment]),
          ).toBe(false);
    }
    // Text quoted, amounts not: a quoted amount is text to some spreadsheets.
    for (const row of [header!, ...rows]) expect(row.map((c) => c.quoted)).toEqual(COLUMNS.map((name) => row === header || !MONEY.has(name)));
  });

  it('has amounts that add up to what the Earnings page shows', async () => {
    const text = await (await get(coach.id, `/CoachEarnings/csv?year=${taxYearOf(releasedAt).startYear}`)).text();
    const [, ...rows] = readStrictly(text);
    const page = await earningsPage(coach.id);
    const csvPence = (column: string) => rows.reduce((sum, row) => sum + penceOfCell(row[COLUMNS.indexOf(column)]!), 0);
    const released = page.lines.filter((l) => l.state !== 'held');
    const pagePence = (field: 'sessionPrice' | 'platformShare' | 'coachShare') => released.reduce((sum, l) => sum + penceOf(l[field]), 0);

    expect(released.map((l) => l.reference).sort()).toEqual(rows.map((r) => r[0]!.text).sort());
    expect([csvPence('Session price'), csvPence('Platform share'), csvPence('Coach share')]).toEqual([pagePence('sessionPrice'), pagePence('platformShare'), pagePence('coachShare')]);
    // The figures at the top: everything released is on the way or paid out, and the chart's months hold it.
    expect(csvPence('Coach share')).toBe(penceOf(page.figures.onTheWay) + penceOf(page.figures.paidOut));
    expect(csvPence('Coach share')).toBe(page.months.reduce((sum, m) => sum + m.pence, 0));
    expect(csvPence('Coach share')).toBe(HOSTILE_NAMES.length * 5000);
  });
});
