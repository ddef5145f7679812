import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminReadModels, type AdminReadModels } from '../../../adapters/persistence/admin/index';
import { loader as bookingsCsvLoader } from '../../../app/routes/AdminBookings.csv';
import { loader as chargebacksCsvLoader } from '../../../app/routes/AdminChargebacks.csv';
import { loader as payoutsCsvLoader } from '../../../app/routes/AdminPayouts.csv';
import { loader as adminBookingsLoader } from '../../../app/routes/_app.AdminBookings';
import { BOOKING_SEARCH_MESSAGES } from '../../../app/admin/booking-search';
import { CSV_FORMULA_STARTS, CSV_SEPARATORS, csvTextOfCell } from '../../../domain/shared/csv';
import { insertBooking, insertUser } from '../../support/admin-fixtures';
import { useTestApp } from '../../support/app';
import { call, requestAs } from '../../support/booking-flow';
import { countQueries } from '../../support/query-counter';

/**
 * AdminBookings' find and export (decision 056) against PostgreSQL: a party found by name or
 * email, as client or coach, case-insensitively; payment state and the London dates booked; the
 * pages of a search read every match once; the money column names a refund; bad filters refused
 * with their message; the CSV files hold exactly the rows the list does, formula-safe.
 */
const ctx = useTestApp();
let reads: AdminReadModels;
let admin: string, jamie: string, priya: string, hostile: string, marcus: string, olu: string;
const refs: Record<string, string> = {};

/** 2026-11-{day} at {hour}:00 UTC, as PostgreSQL text (the London date is the same day in November). */
const on = (day: number, hour = 12) => `2026-11-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:00:00.000000+00`;

beforeAll(async () => {
  reads = adminReadModels(ctx.app.orm);
  admin = await insertUser(ctx.db, { role: 'admin', fullName: 'Ada Admin', email: 'ada@fact.test' });
  jamie = await insertUser(ctx.db, { fullName: 'Jamie Carter', email: 'jamie.carter@example.test' });
  priya = await insertUser(ctx.db, { fullName: 'Priya Shah', email: 'p.shah@mail.test' });
  hostile = await insertUser(ctx.db, { fullName: '=HYPERLINK("http://evil.example";"x") 100%_Fan', email: 'fan@example.test' });
  marcus = await insertUser(ctx.db, { fullName: 'Marcus Reid', userType: 'coach', email: 'marcus.reid@example.test' });
  olu = await insertUser(ctx.db, { fullName: 'Olu Adeyemi', userType: 'coach', email: 'olu@coaches.test' });
  const rows: [string, string, string, string, string, number][] = [
    // key, client, coach, status, payment, day booked
    ['j1', jamie, marcus, 'completed', 'released', 2],
    ['j2', jamie, olu, 'confirmed', 'captured', 5],
    ['p1', priya, marcus, 'pending', 'authorized', 6],
    ['p2', priya, olu, 'cancelled', 'refunded', 9],
    ['h1', hostile, marcus, 'completed', 'released', 12],
    ['j3', jamie, marcus, 'pending', 'pending', 15],
    ['p3', priya, olu, 'completed', 'released', 20],
  ];
  for (const [key, clientId, coachId, status, paymentStatus, day] of rows) {
    const paid = ['pending', 'authorized'].includes(paymentStatus) ? 0 : 4300;
    refs[key] = (await insertBooking(ctx.db, { clientId, coachId, status, paymentStatus, createdAt: on(day), captured: paid })).id;
  }
  // A partly refunded dispute: £10.50 of £43.00 refunded, the rest released to the coach.
  await ctx.db.query(`update bookings set amount_refunded_pence = 1050, dispute_status = 'resolved', dispute_outcome = 'refund_partial', dispute_refund_pence = 1050 where id = $1`, [refs.j1]);
  await ctx.db.query(`update bookings set amount_refunded_pence = 4300 where id = $1`, [refs.p2]);
  await ctx.db.query(
    `insert into coach_transfers (booking_id, coach_id, coach_share_pence, platform_share_pence, commission_bps, status, transfer_id, released_at)
     select id, coach_id, 2600, amount_captured_pence - amount_refunded_pence - 2600, 2000, 'paid', 'tr_' || left(id::text, 8), created_at + interval '3 days'
     from bookings where status = 'completed'`,
  );
  await ctx.db.query(`update coach_transfers set status = 'failed', transfer_id = null, last_error = '=cmd|calc' where booking_id = $1`, [refs.p3]);
  await ctx.db.query(
    `insert into chargebacks (id, booking_id, amount_pence, reason, status, opened_at) values
       ('dp_older', $1, 4300, 'fraudulent', 'lost', '2026-11-25 10:00:00+00'), ('dp_newer', $2, 1500, 'product_not_received', 'needs_response', '2026-11-26 10:00:00+00')`,
    [refs.h1, refs.j1],
  );
});

const idsOf = (page: { items: { id: string }[] }) => page.items.map((b) => b.id);

describe('finding bookings by a party', () => {
  it('finds a client by part of the name, in any case, newest booked first', async () => {
    expect(idsOf(await reads.bookings({ status: 'all', party: 'carter' }))).toEqual([refs.j3, refs.j2, refs.j1]);
    expect(idsOf(await reads.bookings({ status: 'all', party: 'jamie c' }))).toEqual([refs.j3, refs.j2, refs.j1]);
  });

  it('finds a coach the same way, and a party by part of the email', async () => {
    expect(idsOf(await reads.bookings({ status: 'all', party: 'marcus' }))).toEqual([refs.j3, refs.h1, refs.p1, refs.j1]);
    expect(idsOf(await reads.bookings({ status: 'all', party: 'coaches.test' }))).toEqual([refs.p3, refs.p2, refs.j2]);
    expect(idsOf(await reads.bookings({ status: 'all', party: 'p.shah@' }))).toEqual([refs.p3, refs.p2, refs.p1]);
  });

  it('takes % and _ literally and finds nobody for a stranger', async () => {
    expect(idsOf(await reads.bookings({ status: 'all', party: '100%_' }))).toEqual([refs.h1]);
    expect(idsOf(await reads.bookings({ status: 'all', party: '%%%' }))).toEqual([]);
    expect(idsOf(await reads.bookings({ status: 'all', party: 'nobody' }))).toEqual([]);
  });

  it('combines the party with status, payment state and the booked dates', async () => {
    expect(idsOf(await reads.bookings({ status: 'completed', party: 'marcus' }))).toEqual([refs.h1, refs.j1]);
    expect(idsOf(await reads.bookings({ status: 'all', party: 'olu', payment: 'released' }))).toEqual([refs.p3]);
    const from = new Date('2026-11-05T00:00:00Z');
    const before = new Date('2026-11-13T00:00:00Z');
    expect(idsOf(await reads.bookings({ status: 'all', party: 'reid', bookedFrom: from, bookedBefore: before }))).toEqual([refs.h1, refs.p1]);
  });

  it('pages a search forwards and back, every match once', async () => {
    const first = await reads.bookings({ status: 'all', party: 'example.test', limit: 2 });
    const second = await reads.bookings({ status: 'all', party: 'example.test', limit: 2, after: first.next });
    const third = await reads.bookings({ status: 'all', party: 'example.test', limit: 2, after: second.next });
    const all = [...idsOf(first), ...idsOf(second), ...idsOf(third)];
    // Every booking has a party at example.test but Priya's with Olu (p.shah@mail.test, olu@coaches.test).
    expect(all).toEqual([refs.j3, refs.h1, refs.p1, refs.j2, refs.j1]);
    expect(third.next).toBeNull();
    const back = await reads.bookings({ status: 'all', party: 'example.test', limit: 2, before: second.prev });
    expect(idsOf(back)).toEqual(idsOf(first));
    expect(back.prev).toBeNull();
  });
});

describe('filtering by payment state and the date booked', () => {
  it('keeps one payment state', async () => {
    expect(idsOf(await reads.bookings({ status: 'all', payment: 'released' }))).toEqual([refs.p3, refs.h1, refs.j1]);
    expect(idsOf(await reads.bookings({ status: 'all', payment: 'voided' }))).toEqual([]);
  });

  it('keeps the bookings made between two London dates, both days included', async () => {
    const page = await call(adminBookingsLoader, ctx.app, await requestAs(ctx.app, admin, '/AdminBookings?status=all&from=2026-11-06&to=2026-11-12'));
    expect(page.status).toBe(200);
    const data = (await page.json()) as { page: { items: { id: string }[] } };
    expect(idsOf(data.page)).toEqual([refs.h1, refs.p2, refs.p1]);
  });
});

describe('the AdminBookings page', () => {
  it('shows a partial dispute refund as the refund, not as the whole price paid to the coach', async () => {
    const page = await call(adminBookingsLoader, ctx.app, await requestAs(ctx.app, admin, '/AdminBookings?status=completed&party=jamie'));
    const data = (await page.json()) as { page: { items: { id: string; paymentStatus: string; refund?: unknown }[] } };
    expect(data.page.items).toEqual([expect.objectContaining({ id: refs.j1, paymentStatus: 'released', refund: { refundedPence: 1050, capturedPence: 4300 } })]);
  });

  it('refuses a bad filter with its message beside the box, reading no list, within the query budget', async () => {
    const request = await requestAs(ctx.app, admin, '/AdminBookings?status=all&party=jo&to=2026-13-01');
    const { result: page, queries } = await countQueries(() => call(adminBookingsLoader, ctx.app, request));
    expect(page.status).toBe(400);
    const data = (await page.json()) as { errors: Record<string, string>; page: { items: unknown[] }; values: { party: string } };
    expect(data.errors).toEqual({ party: BOOKING_SEARCH_MESSAGES.partyShort, to: BOOKING_SEARCH_MESSAGES.date });
    expect(data.values.party).toBe('jo');
    expect(data.page.items).toEqual([]);
    expect(queries.join('\n')).not.toMatch(/from bookings b/);
  });

  it('answers a party search within the query budget', async () => {
    const request = await requestAs(ctx.app, admin, '/AdminBookings?status=all&party=marcus&payment=released&from=2026-11-01');
    const { result: page, count, queries } = await countQueries(() => call(adminBookingsLoader, ctx.app, request));
    expect(page.status).toBe(200);
    expect(count, queries.join('\n')).toBeLessThanOrEqual(4);
  });
});

/** A cell cut at every place a spreadsheet may start a new one. */
const splitAtSeparators = (cell: string) => [...cell].reduce<string[]>((pieces, c) => (CSV_SEPARATORS.includes(c) ? [...pieces, ''] : [...pieces.slice(0, -1), `${pieces.at(-1) ?? ''}${c}`]), ['']);

/** A CSV response read the way a spreadsheet-safe reader does: strict, every text cell unmarked. */
async function csvOf(response: Response): Promise<Record<string, string>[]> {
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
  expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="fact-(bookings|payouts|chargebacks)-\d{4}-\d{2}-\d{2}\.csv"$/);
  const text = (await response.text()).replace(/^\uFEFF/, '');
  const records = parse<Record<string, string>>(text, { columns: true, relax_quotes: false });
  for (const record of records) for (const cell of Object.values(record)) for (const piece of splitAtSeparators(cell)) expect(CSV_FORMULA_STARTS.includes(piece[0] ?? ''), cell).toBe(false);
  return records.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, csvTextOfCell(v)])));
}

describe('the CSV exports', () => {
  it('exports the filtered list, every page of it, with amounts as plain numbers and hostile names neutralised', async () => {
    const rows = await csvOf(await call(bookingsCsvLoader, ctx.app, await requestAs(ctx.app, admin, '/AdminBookings/csv?status=completed&party=marcus')));
    const listed = await reads.bookings({ status: 'completed', party: 'marcus' });
    expect(rows.map((r) => r.Reference)).toEqual(listed.items.map((b) => b.referenceCode));
    expect(rows[0]).toMatchObject({ Client: '=HYPERLINK("http://evil.example";"x") 100%_Fan', Coach: 'Marcus Reid', Status: 'Completed', Total: '43.00', Captured: '43.00', Refunded: '0.00' });
    expect(rows[1]).toMatchObject({ Client: 'Jamie Carter', Payment: 'Paid to coach', Captured: '43.00', Refunded: '10.50', 'Coach share': '26.00', Dispute: 'resolved' });
    expect(rows[1]!['Booked at']).toBe('2026-11-02 12:00');
  });

  it('exports every booking when nothing is filtered, across export pages', async () => {
    const rows = await csvOf(await call(bookingsCsvLoader, ctx.app, await requestAs(ctx.app, admin, '/AdminBookings/csv')));
    expect(rows).toHaveLength(7);
  });

  it('refuses a filter the list would refuse, with its message', async () => {
    const response = await call(bookingsCsvLoader, ctx.app, await requestAs(ctx.app, admin, '/AdminBookings/csv?payment=stolen'));
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(BOOKING_SEARCH_MESSAGES.payment);
  });

  it('exports the payouts, newest released first, optionally of one state', async () => {
    const rows = await csvOf(await call(payoutsCsvLoader, ctx.app, await requestAs(ctx.app, admin, '/AdminPayouts/csv')));
    expect(rows.map((r) => r.State)).toEqual(['Failed', 'Transferred', 'Transferred']);
    expect(rows[0]).toMatchObject({ Coach: 'Olu Adeyemi', 'Coach share': '26.00', 'Platform share': '17.00', 'Commission %': '20.00', 'Last error': '=cmd|calc', 'Transfer id': '' });
    const failed = await csvOf(await call(payoutsCsvLoader, ctx.app, await requestAs(ctx.app, admin, '/AdminPayouts/csv?status=failed')));
    expect(failed).toHaveLength(1);
    const refused = await call(payoutsCsvLoader, ctx.app, await requestAs(ctx.app, admin, '/AdminPayouts/csv?status=lost'));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/^Unknown payout state “lost”/);
  });

  it('exports every chargeback, newest opened first', async () => {
    const rows = await csvOf(await call(chargebacksCsvLoader, ctx.app, await requestAs(ctx.app, admin, '/AdminChargebacks/csv')));
    expect(rows).toEqual([
      expect.objectContaining({ Chargeback: 'dp_newer', Client: 'Jamie Carter', State: expect.any(String), Amount: '15.00', Reason: 'product not received' }),
      expect.objectContaining({ Chargeback: 'dp_older', Amount: '43.00', 'Opened at': '2026-11-25 10:00' }),
    ]);
  });

  it('pages the chargebacks by their text ids without starting over', async () => {
    const first = await reads.chargebackPage({ limit: 1 });
    const second = await reads.chargebackPage({ limit: 1, after: first.next });
    expect([...first.items, ...second.items].map((c) => c.id)).toEqual(['dp_newer', 'dp_older']);
    expect(second.next).toBeNull();
  });
});
