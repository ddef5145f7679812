import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPerson, type Person } from '../../support/booking-flow';
import { useHttpApp } from '../../support/http-app';
import { buyPackageOver, routeData, sender } from '../../support/package-http';
import { createTestBooking } from '../../support/fixtures/bookings';
import { londonToUtc } from '../../../domain/shared/london-time';
import { createAppWorker } from '../../../adapters/outbox/app-worker';

/**
 * 'Repeat weekly' over HTTP against PostgreSQL (decision 062): every date is shown free or not
 * before anything is sent; a date that is not free is moved or dropped; the series is asked for
 * in one request, each session its own booking and reference, each paid by a credit; the coach
 * answers the whole series in one decision; the client cancels one session and every later one.
 */
const http = useHttpApp();
const DAY = 86_400_000;
const cookies = new Map<string, string>();
let coach: Person;
let client: Person;
let purchaseId = '';

const data = routeData;
const send = sender(http, cookies);

const isoDay = (daysAhead: number) => new Date(Date.now() + daysAhead * DAY).toISOString().slice(0, 10);
const plusWeeks = (date: string, weeks: number) => new Date(Date.parse(`${date}T12:00:00Z`) + weeks * 7 * DAY).toISOString().slice(0, 10);

function seriesForm(first: string, starts: readonly string[]) {
  const form = new URLSearchParams({
    intent: 'book',
    coachId: coach.id,
    serviceType: 'striker',
    date: first,
    time: '10:00',
    durationMinutes: '60',
    locationType: 'online',
    packagePurchaseId: purchaseId,
  });
  for (const s of starts) form.append('seriesStarts[]', s);
  return form;
}

const sessionsOf = (seriesId: string) =>
  http.db.query<{ id: string; reference_code: string; status: string; package_purchase_id: string }>(
    'select id, reference_code, status, package_purchase_id from bookings where series_id = $1 order by starts_at',
    [seriesId],
  );
const seriesEmails = (type: string, seriesId: string) =>
  http.db.query<{ recipient: string; sessions: number }>(
    `select payload->'recipient'->>'userId' as recipient, jsonb_array_length(payload->'details'->'series') as sessions from outbox_jobs where type = $1 and dedupe_key like $2`,
    [type, `%${seriesId}`],
  );
const credits = async () => (await http.db.query<{ state: string }>('select state from package_credits where purchase_id = $1 order by position', [purchaseId])).map((r) => r.state);

describe('a weekly series', () => {
  let first = '';

  beforeAll(async () => {
    coach = await insertPerson(http.db, { type: 'coach', name: 'Wes Weekly', ratePence: 4500, services: ['striker'] });
    client = await insertPerson(http.db, { type: 'client', name: 'Rita Repeat' });
    await http.db.query(`insert into availability_periods (id, coach_id, starts_at, ends_at) values ($1, $2, now() - interval '1 day', now() + interval '85 days')`, [randomUUID(), coach.id]);
    for (const p of [coach, client]) cookies.set(p.id, await http.cookieFor(p.id));
    const offer = await send(coach, data('CoachProfile'), new URLSearchParams({ intent: 'package-save', sessions: '6', durationMinutes: '60', pricePounds: '240', validityWeeks: '12' }));
    expect(offer.status).toBe(200);
    const [row] = await http.db.query<{ id: string }>('select id from package_offers where coach_id = $1', [coach.id]);
    purchaseId = await buyPackageOver(send, client, row!.id);
    first = isoDay(10);
    // The coach is busy at 10:00 in the second week (another client's confirmed session).
    const other = await insertPerson(http.db, { type: 'client', name: 'Busy Maker' });
    const busy = await createTestBooking(http.app, { clientId: other.id, coachId: coach.id, startsAt: londonToUtc(plusWeeks(first, 1), '10:00')! });
    await http.db.query(`update bookings set status = 'confirmed' where id = $1`, [busy.id]);
  });

  it('shows every date with whether the coach is free, and the other times of a day that is not', async () => {
    const res = await send(client, `/api/series-dates?coachId=${coach.id}&date=${first}&time=10:00&duration=60&weeks=3`);
    expect(res.status).toBe(200);
    const dates = res.body.dates as { date: string; time: string; free: boolean; otherTimes: string[] }[];
    expect(dates.map((d) => [d.date, d.time, d.free])).toEqual([
      [first, '10:00', true],
      [plusWeeks(first, 1), '10:00', false],
      [plusWeeks(first, 2), '10:00', true],
    ]);
    expect(dates[1]!.otherTimes).toContain('12:00');
    expect(dates[1]!.otherTimes).not.toContain('10:00');
  });

  it('refuses a series with a date that is not free, saying which, and saves nothing', async () => {
    const refused = await send(client, data('FindCoaches'), seriesForm(first, [`${first}T10:00`, `${plusWeeks(first, 1)}T10:00`]));
    expect(refused.status).toBe(409);
    expect(String(refused.body.message)).toMatch(/^Error creating booking: The coach is not free on .+ at 10:00: drop that date or move it to another time/);
    expect(await http.db.query('select 1 from bookings where client_id = $1', [client.id])).toEqual([]);
    expect(await credits()).toEqual(Array(6).fill('available'));
  });

  it('books the series in one request: each session its own booking and reference, each paid by a credit; the coach is told once', async () => {
    const starts = [`${first}T10:00`, `${plusWeeks(first, 1)}T12:00`, `${plusWeeks(first, 2)}T10:00`];
    const booked = await send(client, data('FindCoaches'), seriesForm(first, starts));
    expect(booked.status).toBe(200);
    expect(booked.body.booking).toMatchObject({ paidFromPackage: true, seriesSessions: 3 });
    const [{ series_id: seriesId }] = (await http.db.query<{ series_id: string }>('select series_id from bookings where id = $1', [(booked.body.booking as { id: string }).id])) as [
      { series_id: string },
    ];
    const sessions = await sessionsOf(seriesId);
    expect(sessions.map((s) => s.status)).toEqual(['pending', 'pending', 'pending']);
    expect(new Set(sessions.map((s) => s.reference_code)).size).toBe(3);
    expect(await credits()).toEqual(['booked', 'booked', 'booked', 'available', 'available', 'available']);
    const emails = await http.db.query(`select 1 from outbox_jobs where type = 'email.booking_requested' and payload->'recipient'->>'userId' = $1 and payload->'booking'->>'id' = any($2)`, [
      coach.id,
      sessions.map((s) => s.id),
    ]);
    expect(emails).toHaveLength(1);

    // An operator's reference search for one session finds the whole series.
    const admin = await insertPerson(http.db, { type: 'admin', name: 'Ada Admin' });
    cookies.set(admin.id, await http.cookieFor(admin.id));
    const search = await send(admin, `/admin/booking-search?q=${sessions[1]!.reference_code}`);
    expect((search.body.items as { id: string; series: { position: number; sessions: number } }[]).map((i) => [i.id, i.series.position])).toEqual([
      [sessions[1]!.id, 2],
      [sessions[0]!.id, 1],
      [sessions[2]!.id, 3],
    ]);

    // The operator's CSV export says which package paid each session and where it is in its series.
    const csv = await fetch(`${http.baseUrl}/AdminBookings/csv?party=${encodeURIComponent('Rita Repeat')}`, { headers: { Cookie: cookies.get(admin.id)! } });
    const rows = parse<Record<string, string>>(await csv.text(), { columns: true });
    expect(rows.map((r) => r.Series).sort()).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(rows.every((r) => r.Package!.length > 0)).toBe(true);

    const dash = await send(coach, data('CoachDashboard'));
    const cards = (dash.body.cards as { id: string; series?: { position: number; sessions: number } }[]).filter((c) => sessions.some((s) => s.id === c.id));
    expect(cards.map((c) => c.series)).toEqual([
      { position: 1, sessions: 3 },
      { position: 2, sessions: 3 },
      { position: 3, sessions: 3 },
    ]);
  });

  it('is accepted in one decision, and the client cancels one session and every later one, each under the policy', async () => {
    const [{ series_id: seriesId }] = (await http.db.query<{ series_id: string }>('select series_id from bookings where client_id = $1 and series_id is not null limit 1', [client.id])) as [
      { series_id: string },
    ];
    const sessions = await sessionsOf(seriesId);
    const accepted = await send(coach, data('CoachDashboard'), new URLSearchParams({ intent: 'accept', bookingId: sessions[1]!.id }));
    expect(accepted.status).toBe(200);
    expect((await sessionsOf(seriesId)).map((s) => s.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    // One summary of the series to the client, besides each session's own confirmation with its invite.
    expect(await seriesEmails('email.series_accepted', seriesId)).toEqual([{ recipient: client.id, sessions: 3 }]);

    const cancelled = await send(client, data('MyBookings'), new URLSearchParams({ intent: 'cancel', bookingId: sessions[1]!.id, reason: 'Moving away', scope: 'series_future' }));
    expect(cancelled.status).toBe(200);
    expect((await sessionsOf(seriesId)).map((s) => s.status)).toEqual(['confirmed', 'cancelled', 'cancelled']);
    // More than 24 hours ahead: both credits come back; the first session keeps its own.
    expect(await credits()).toEqual(['booked', 'available', 'available', 'available', 'available', 'available']);

    // A reschedule moves one session, but not past the end of its package (12 weeks).
    const tooLate = await send(client, data('MyBookings'), new URLSearchParams({ intent: 'propose_reschedule', bookingId: sessions[0]!.id, date: isoDay(86), time: '10:00', reason: 'Holiday' }));
    expect(tooLate.status).toBe(409);
    expect(String(tooLate.body.message)).toMatch(/^This package is valid until .+: choose a session before then\.$/);
  });

  it('is declined in one decision: every request of it, and every credit back', async () => {
    const a = plusWeeks(first, 4);
    const b = plusWeeks(first, 5);
    const booked = await send(client, data('FindCoaches'), seriesForm(a, [`${a}T10:00`, `${b}T10:00`]));
    expect(booked.status).toBe(200);
    const [{ series_id: seriesId }] = (await http.db.query<{ series_id: string }>('select series_id from bookings where id = $1', [(booked.body.booking as { id: string }).id])) as [
      { series_id: string },
    ];
    const [firstOfSeries] = await sessionsOf(seriesId);
    const declined = await send(coach, data('CoachDashboard'), new URLSearchParams({ intent: 'decline', bookingId: firstOfSeries!.id, reason: 'Not those weeks' }));
    expect(declined.status).toBe(200);
    expect((await sessionsOf(seriesId)).map((s) => s.status)).toEqual(['cancelled', 'cancelled']);
    expect(await seriesEmails('email.series_declined', seriesId)).toEqual([{ recipient: client.id, sessions: 2 }]);
    // Both summaries are written and sent like any email.
    await createAppWorker(http.app).drain();
    const sent = await http.db.query<{ status: string }>(`select status from outbox_jobs where type in ('email.series_accepted', 'email.series_declined')`);
    expect(sent.map((j) => j.status)).toEqual(['done', 'done']);
    expect(await credits()).toEqual(['booked', 'available', 'available', 'available', 'available', 'available']);
  });
});
