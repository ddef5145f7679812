import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action } from '../../../app/routes/_app.FindCoaches';
import { loader as referenceSearch } from '../../../app/routes/admin.booking-search';
import { referenceCodeFor } from '../../../domain/booking/references/reference-code';
import { useTestApp } from '../../support/app';
import { bodyOf, call, insertPerson, requestAs, type Person } from '../../support/booking-flow';

const ctx = useTestApp();
const NOW = new Date('2026-12-01T10:30:00Z'); // London is on GMT: the London day is 2026-12-01
const DAY = '2026-12-01';
const FOUR = 36 ** 4;

let coach: Person;
let admin: Person;
let clients: Person[];

interface Booked {
  ok: boolean;
  message?: string;
  booking?: { referenceCode: string };
}

const bookingForm = (date: string, time: string) => ({
  intent: 'book',
  coachId: coach.id,
  serviceType: 'striker',
  date,
  time,
  durationMinutes: '60',
  locationType: 'outdoor',
  locationAddress: 'Hackney Marshes',
  locationNotes: '',
  clientNotes: '',
});

async function book(client: Person, date: string, time: string): Promise<{ status: number; body: Booked }> {
  const res = await call(action, ctx.app, await requestAs(ctx.app, client.id, '/FindCoaches', bookingForm(date, time)));
  return { status: res.status, body: await bodyOf<Booked>(res) };
}

async function setDayTaken(taken: number): Promise<void> {
  await ctx.db.query(`insert into booking_reference_days (day, taken) values ($1, $2) on conflict (day) do update set taken = excluded.taken`, [DAY, taken]);
}

const dayTaken = async () => Number((await ctx.db.query<{ taken: string }>(`select taken::text from booking_reference_days where day = $1`, [DAY]))[0]?.taken);

describe('booking references', () => {
  beforeAll(async () => {
    ctx.app.testClock!.set(NOW);
    coach = await insertPerson(ctx.db, { type: 'coach', name: 'Rita Ref', services: ['striker'], ratePence: 4000 });
    admin = await insertPerson(ctx.db, { type: 'admin', name: 'Ada Admin' });
    // Ten clients with five requests each stay within the ten booking attempts an hour.
    clients = await Promise.all(Array.from({ length: 10 }, (_, i) => insertPerson(ctx.db, { type: 'client', name: `Client ${i}` })));
  });

  afterAll(async () => {
    await ctx.db.query(`drop trigger if exists steal_reference on bookings`);
  });

  it("races 50 requests at the end of a day's four-character references without refusing one, and the five-character ones are found by search", async () => {
    // As if 36^4 - 25 bookings had been made today already: the next 25 get the last four-character
    // references, the 25 after them the first five-character ones.
    await setDayTaken(FOUR - 25);
    const times = ['09:00', '10:00', '11:00', '12:00', '13:00'];
    const answers = await Promise.all(clients.flatMap((client) => times.map((time) => book(client, '2026-12-03', time))));

    expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.message}`)).toEqual([]);
    const references = answers.map((a) => a.body.booking!.referenceCode);
    expect(new Set(references).size).toBe(50);
    const expected = Array.from({ length: 50 }, (_, i) => referenceCodeFor(NOW, FOUR - 25 + i));
    expect([...references].sort()).toEqual([...expected].sort());
    const long = references.filter((r) => /^FACT-20261201-[A-Z0-9]{5}$/.test(r));
    expect(long).toHaveLength(25);
    expect(references.filter((r) => /^FACT-20261201-[A-Z0-9]{4}$/.test(r))).toHaveLength(25);
    expect(await dayTaken()).toBe(FOUR + 25);

    const stored = await ctx.db.query<{ reference_code: string }>(`select reference_code from bookings where reference_code = any($1)`, [references]);
    expect(stored).toHaveLength(50);

    const search = async (q: string) => {
      const res = await call(referenceSearch, ctx.app, await requestAs(ctx.app, admin.id, `/admin/booking-search?q=${encodeURIComponent(q)}`));
      return { status: res.status, body: await bodyOf<{ ok: boolean; items?: { referenceCode: string }[] }>(res) };
    };
    const whole = await search(long[0]!.toLowerCase());
    expect(whole.status).toBe(200);
    expect(whole.body.items!.map((b) => b.referenceCode)).toEqual([long[0]]);
    const prefix = await search(long[1]!.slice(0, -1));
    expect(prefix.body.items!.map((b) => b.referenceCode)).toContain(long[1]);
  });

  it('passes over a reference a booking made before numbering already holds', async () => {
    await setDayTaken(100);
    await ctx.db.query(
      `insert into bookings (id, reference_code, client_id, coach_id, service_type, starts_at, duration_minutes, ends_at, service_price_pence, admin_fee_pence, total_price_pence)
       values (gen_random_uuid(), $1, $2, $3, 'striker', '2026-12-10T10:00Z', 60, '2026-12-10T11:00Z', 4000, 300, 4300)`,
      [referenceCodeFor(NOW, 100), clients[0]!.id, coach.id],
    );
    const answer = await book(clients[1]!, '2026-12-04', '09:00');
    expect(answer.status).toBe(200);
    expect(answer.body.booking!.referenceCode).toBe(referenceCodeFor(NOW, 101));
  });

  it('runs the request again, and does not refuse, when the unique index turns its reference down at the insert', async () => {
    await setDayTaken(200);
    const contested = referenceCodeFor(NOW, 200);
    // Once, just before the request's insert, stores a booking with the same reference in the
    // request's transaction: the insert then meets bookings_reference_unique. A sequence counts the
    // firings, as a sequence is not rolled back with the transaction.
    await ctx.db.query(`create sequence if not exists steal_once`);
    await ctx.db.query(`
      create or replace function steal_reference() returns trigger language plpgsql as $$
      begin
        if pg_trigger_depth() = 1 and new.reference_code = '${contested}' and nextval('steal_once') = 1 then
          insert into bookings (id, reference_code, client_id, coach_id, service_type, starts_at, duration_minutes, ends_at, service_price_pence, admin_fee_pence, total_price_pence)
          values (gen_random_uuid(), new.reference_code, new.client_id, new.coach_id, new.service_type, new.starts_at + interval '30 days',
                  new.duration_minutes, new.ends_at + interval '30 days', new.service_price_pence, new.admin_fee_pence, new.total_price_pence);
        end if;
        return new;
      end $$`);
    await ctx.db.query(`create trigger steal_reference before insert on bookings for each row execute function steal_reference()`);
    try {
      const answer = await book(clients[2]!, '2026-12-04', '10:00');
      // The refused insert rolled back with its number; the second run drew it again and stored it.
      expect(answer).toMatchObject({ status: 200, body: { ok: true, booking: { referenceCode: contested } } });
      expect(await ctx.db.query(`select id from bookings where reference_code = $1`, [contested])).toHaveLength(1);
      await expect(ctx.db.query(`select nextval('steal_once') as n`)).resolves.toEqual([{ n: '3' }]);
    } finally {
      await ctx.db.query(`drop trigger if exists steal_reference on bookings`);
    }
  });

  it("refuses only when every reference it tries is taken, and then says 'Please try again.' once", async () => {
    const unlucky = clients[3]!;
    // Every reference this client's request stores is stored first by someone else.
    await ctx.db.query(`
      create or replace function steal_reference() returns trigger language plpgsql as $$
      begin
        if pg_trigger_depth() = 1 and new.client_id = '${unlucky.id}' then
          insert into bookings (id, reference_code, client_id, coach_id, service_type, starts_at, duration_minutes, ends_at, service_price_pence, admin_fee_pence, total_price_pence)
          values (gen_random_uuid(), new.reference_code, new.client_id, new.coach_id, new.service_type, new.starts_at + interval '30 days',
                  new.duration_minutes, new.ends_at + interval '30 days', new.service_price_pence, new.admin_fee_pence, new.total_price_pence);
        end if;
        return new;
      end $$`);
    await ctx.db.query(`create trigger steal_reference before insert on bookings for each row execute function steal_reference()`);
    try {
      const answer = await book(unlucky, '2026-12-04', '11:00');
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('Error creating booking: Could not create a booking reference. Please try again.');
    } finally {
      await ctx.db.query(`drop trigger if exists steal_reference on bookings`);
    }
  });
});
