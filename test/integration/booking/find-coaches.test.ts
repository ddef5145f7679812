import { beforeAll, describe, expect, it } from 'vitest';
import { action, loader } from '../../../app/routes/_app.FindCoaches';
import type { CoachSearchPage } from '../../../domain/search/coach-search';
import { loader as optionsLoader } from '../../../app/routes/api.booking-options';
import { useTestApp } from '../../support/app';
import { bodyOf, call, insertPerson, requestAs, type Person } from '../../support/booking-flow';
import { countQueries } from '../../support/query-counter';

const ctx = useTestApp();
let client: Person;
let coach: Person;
let admin: Person;

const NOW = new Date('2026-03-27T10:30:00Z'); // a Friday in GMT; BST starts on Sunday 29 March

const bookingForm = (over: Record<string, string> = {}) => ({
  intent: 'book',
  coachId: coach.id,
  serviceType: 'striker',
  date: '2026-03-30',
  time: '09:00',
  durationMinutes: '60',
  locationType: 'outdoor',
  locationAddress: 'Hackney Marshes',
  locationNotes: '',
  clientNotes: 'Working on my weak foot',
  ...over,
});

describe('FindCoaches', () => {
  beforeAll(async () => {
    ctx.app.testClock!.set(NOW);
    client = await insertPerson(ctx.db, { type: 'client', name: 'Chloe Client' });
    coach = await insertPerson(ctx.db, { type: 'coach', name: 'Carlos Coach', services: ['striker', 'midfield'], ratePence: 4500, location: 'London' });
    admin = await insertPerson(ctx.db, { type: 'admin', name: 'Ada Admin' });
    await insertPerson(ctx.db, { type: 'coach', name: 'Gina Keeper', services: ['goalkeeping'], ratePence: 12000, location: 'Leeds' });
  });

  it('lists coaches with the filters from the URL, in at most 5 queries', async () => {
    const request = await requestAs(ctx.app, client.id, '/FindCoaches?specialization=goalkeeping&price=100%2B');
    const { result, count, queries } = await countQueries(() => call(loader, ctx.app, request));
    expect(count, queries.join('\n')).toBeLessThanOrEqual(5);
    const body = await bodyOf<{ page: CoachSearchPage }>(result);
    expect(body.page.total).toBe(1);
    expect(body.page.coaches.map((c) => c.fullName)).toEqual(['Gina Keeper']);
  });

  it('sends administrators to the admin dashboard and shows signed-out visitors the coaches, with no players (decision 048)', async () => {
    const asAdmin = await call(loader, ctx.app, await requestAs(ctx.app, admin.id, '/FindCoaches'));
    expect(asAdmin.status).toBe(302);
    expect(asAdmin.headers.get('Location')).toBe('/AdminDashboard');
    const visitor = await call(loader, ctx.app, await requestAs(ctx.app, null, '/FindCoaches?specialization=goalkeeping'));
    expect(visitor.status).toBe(200);
    const body = await bodyOf<{ page: CoachSearchPage; players: unknown[] }>(visitor);
    expect(body.page.coaches.map((c) => c.fullName)).toEqual(['Gina Keeper']);
    expect(body.players).toEqual([]);
  });

  it("gives the booking dialog the coach's services, rate, session lengths and the slot engine's times for the chosen duration", async () => {
    const res = await call(optionsLoader, ctx.app, await requestAs(ctx.app, client.id, `/api/booking-options?coachId=${coach.id}`));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      coachName: 'Carlos Coach',
      services: [
        { value: 'striker', label: 'Striker & Finishing' },
        { value: 'midfield', label: 'Midfield & Playmaking' },
      ],
      sessionOffer: { ratePence: 4500, lengths: [] },
      adminFeePence: 300,
      durationMinutes: 60,
    });
    // A coach without weekly hours keeps SPEC's grid: hourly 09:00 to 20:00, every date of the window.
    const longer = await (await call(optionsLoader, ctx.app, await requestAs(ctx.app, client.id, `/api/booking-options?coachId=${coach.id}&duration=120`))).json();
    expect(longer.durationMinutes).toBe(120);
    expect(longer.days.length).toBeGreaterThan(85);
    expect(longer.days[1].slots.map((t: { time: string }) => t.time)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00']);
    const odd = await call(optionsLoader, ctx.app, await requestAs(ctx.app, client.id, `/api/booking-options?coachId=${coach.id}&duration=45`));
    expect(odd.status).toBe(422);
    const asAdmin = await call(optionsLoader, ctx.app, await requestAs(ctx.app, admin.id, `/api/booking-options?coachId=${coach.id}`));
    expect(asAdmin.status).toBe(403);
  });

  it('books across the change to summer time: 09:00 London on Monday 30 March is stored as 08:00 UTC', async () => {
    // As the dialog sends it: 'Me' ('self'), which a client without players answers without being asked.
    const request = await requestAs(ctx.app, client.id, '/FindCoaches', bookingForm({ playerId: 'self' }));
    const { result: res, count, queries } = await countQueries(() => call(action, ctx.app, request));
    expect(res.status).toBe(200);
    // The person, the rate limit, the coach, the day's next reference number, the coach's
    // schedule for the slot engine, the request's three checks (overlap, a pending request at
    // that start, the reference) in one, the booking, its outbox job.
    expect(count, queries.join('\n')).toBeLessThanOrEqual(8);
    const body = await bodyOf<{ ok: boolean; booking: { id: string; referenceCode: string; coachName: string; totalPricePence: number } }>(res);
    expect(body.ok).toBe(true);
    expect(body.booking).toMatchObject({ coachName: 'Carlos Coach', totalPricePence: 4800 });
    expect(body.booking.referenceCode).toMatch(/^FACT-20260327-[A-Z0-9]{4}$/);
    const [row] = await ctx.db.query<{ starts_at: Date; status: string; client_id: string; service_price_pence: number; location_type: string }>(
      'select starts_at, status, client_id, service_price_pence, location_type from bookings where id = $1',
      [body.booking.id],
    );
    expect(row).toMatchObject({ status: 'pending', client_id: client.id, service_price_pence: 4500, location_type: 'outdoor' });
    expect(row!.starts_at.toISOString()).toBe('2026-03-30T08:00:00.000Z');

    // The Saturday before, still GMT: 09:00 London is 09:00 UTC.
    const winter = await bodyOf<{ booking: { id: string } }>(await call(action, ctx.app, await requestAs(ctx.app, client.id, '/FindCoaches', bookingForm({ date: '2026-03-28' }))));
    const [w] = await ctx.db.query<{ starts_at: Date }>('select starts_at from bookings where id = $1', [winter.booking.id]);
    expect(w!.starts_at.toISOString()).toBe('2026-03-28T09:00:00.000Z');
  });

  it('refuses an invalid form with the first message and changes nothing', async () => {
    const before = await ctx.db.query('select id from bookings');
    const missing = await call(action, ctx.app, await requestAs(ctx.app, client.id, '/FindCoaches', bookingForm({ date: '', time: '' })));
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({ ok: false, message: 'Please select a date', fieldErrors: { date: ['Please select a date'], time: ['Please select a time'] } });
    const notOffered = await call(action, ctx.app, await requestAs(ctx.app, client.id, '/FindCoaches', bookingForm({ serviceType: 'goalkeeping' })));
    expect(notOffered.status).toBe(422);
    expect((await notOffered.json()).message).toBe('This coach does not offer that service.');
    const past = await call(action, ctx.app, await requestAs(ctx.app, client.id, '/FindCoaches', bookingForm({ date: '2026-03-27', time: '09:00' })));
    expect((await past.json()).message).toBe('Booking date must be in the future');
    const self = await call(action, ctx.app, await requestAs(ctx.app, coach.id, '/FindCoaches', bookingForm()));
    expect(self.status).toBe(403);
    expect((await self.json()).message).toBe('Error creating booking: You cannot book a session with yourself. Please try again.');
    const byAdmin = await call(action, ctx.app, await requestAs(ctx.app, admin.id, '/FindCoaches', bookingForm()));
    expect(byAdmin.status).toBe(403);
    expect(await ctx.db.query('select id from bookings')).toHaveLength(before.length);
  });

  it('allows 10 booking attempts an hour and then names the time to wait until', async () => {
    const hasty = await insertPerson(ctx.db, { type: 'client', name: 'Hasty Client' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await call(action, ctx.app, await requestAs(ctx.app, hasty.id, '/FindCoaches', bookingForm({ date: '2026-04-02', time: `${String(9 + i).padStart(2, '0')}:00` })));
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(10).fill(200));
    const eleventh = await call(action, ctx.app, await requestAs(ctx.app, hasty.id, '/FindCoaches', bookingForm({ date: '2026-04-03' })));
    expect(eleventh.status).toBe(429);
    // The window opened at 10:30 GMT and lasts an hour.
    expect((await eleventh.json()).message).toBe('Too many booking attempts. Please wait until 11:30');
    expect(await ctx.db.query(`select id from bookings where client_id = $1`, [hasty.id])).toHaveLength(10);
  });
});
