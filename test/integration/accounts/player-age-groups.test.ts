import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { utcToLondon } from '../../../domain/shared/london-time';
import { insertPerson, type Person } from '../../support/booking-flow';
import { sameOrigin, useHttpApp } from '../../support/http-app';

/**
 * Decision 034 over HTTP against PostgreSQL: a player's age group cannot change under a booking.
 * The age at the session is asked again when the coach accepts and when a new time is proposed
 * or accepted; a date-of-birth change that would put the player outside the coach's groups on a
 * pending or confirmed booking is refused, naming the bookings, and saves nothing. Each case sits
 * on a birthday: the day before it and the day of it.
 */
const http = useHttpApp();
const DAY = 86_400_000;
const cookies = new Map<string, string>();
const data = (page: string) => `/${page}?_data=${encodeURIComponent(`routes/_app.${page}`)}`;

async function send(who: Person, url: string, form: Record<string, string>) {
  const res = await fetch(`${http.baseUrl}${url}`, {
    method: 'POST',
    body: new URLSearchParams(form),
    headers: sameOrigin(http.baseUrl, { Cookie: cookies.get(who.id)!, Accept: 'application/json' }),
    redirect: 'manual',
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The London date `days` from the app's today, and the date of birth that makes someone `years` old on `date` (their birthday). */
const londonDay = (days: number) => utcToLondon(new Date(http.app.clock.now().getTime() + days * DAY)).date;
const bornYearsBefore = (date: string, years: number) => `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;

async function person(type: 'client' | 'coach', name: string): Promise<Person> {
  const p = await insertPerson(http.db, { type, name, services: ['striker'] });
  cookies.set(p.id, await http.cookieFor(p.id));
  return p;
}

/** The coach's age groups, as the CoachProfile form would store them. */
const coachesGroups = (coach: Person, groups: readonly string[]) => http.db.query(`update coach_profiles set age_groups = $2 where user_id = $1`, [coach.id, groups]);

async function addPlayer(guardian: Person, firstName: string, dateOfBirth: string): Promise<string> {
  const added = await send(guardian, data('UserProfile'), { intent: 'player-save', firstName, lastName: 'Hughes', dateOfBirth, guardianConsent: 'on' });
  expect(added).toMatchObject({ status: 200, body: { ok: true } });
  const [row] = await http.db.query<{ id: string }>(`select id from players where guardian_id = $1 and first_name = $2`, [guardian.id, firstName]);
  return row!.id;
}

const editPlayer = (guardian: Person, playerId: string, form: Record<string, string>) =>
  send(guardian, data('UserProfile'), { intent: 'player-save', playerId, lastName: 'Hughes', guardianConsent: 'on', ...form });

/** A request for the player at 10:00 London time on `date`, paid with the test card (so the coach may accept it). */
async function bookPaid(guardian: Person, coach: Person, playerId: string, date: string, time = '10:00'): Promise<{ id: string; referenceCode: string }> {
  const booked = await send(guardian, data('FindCoaches'), { intent: 'book', coachId: coach.id, serviceType: 'striker', date, time, durationMinutes: '60', locationType: 'online', playerId });
  expect(booked.status).toBe(200);
  const booking = booked.body.booking as { id: string; referenceCode: string };
  const opened = await send(guardian, `/api/payments/${booking.id}`, { intent: 'start' });
  const intentId = (opened.body.session as { intentId: string }).intentId;
  const paid = await send(guardian, `/api/payments/${booking.id}`, { intent: 'confirm-test-card', intentId, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
  expect(paid).toMatchObject({ status: 200, body: { paymentStatus: 'authorized' } });
  return booking;
}

const act = (who: Person, page: 'CoachDashboard' | 'MyBookings', intent: string, bookingId: string, extra: Record<string, string> = {}) => send(who, data(page), { intent, bookingId, ...extra });

/** Everything a refusal must leave as it was. */
async function snapshot() {
  return {
    players: await http.db.query('select * from players order by id'),
    bookings: await http.db.query('select * from bookings order by id'),
    jobs: await http.db.query('select id, type, status, payload from outbox_jobs order by id'),
  };
}

async function openCalendar(coach: Person): Promise<void> {
  await http.db.query(`insert into availability_periods (id, coach_id, starts_at, ends_at) values ($1, $2, now() - interval '1 day', now() + interval '60 days')`, [randomUUID(), coach.id]);
}

describe('changing a player’s date of birth under bookings still to happen', () => {
  let guardian: Person;
  let coach: Person;
  let ella: string;
  let onD: { id: string; referenceCode: string };
  let dayAfter: { id: string; referenceCode: string };
  let D: string;

  beforeAll(async () => {
    guardian = await person('client', 'Gail Guardian');
    coach = await person('coach', 'Sam Coach');
    // The review's coach: Under 14 to adults.
    await coachesGroups(coach, ['under_14', 'under_16', 'under_18', 'adults']);
    await openCalendar(coach);
    D = londonDay(10);
    ella = await addPlayer(guardian, 'Ella', bornYearsBefore(D, 20));
    onD = await bookPaid(guardian, coach, ella, D);
    dayAfter = await bookPaid(guardian, coach, ella, londonDay(11));
    expect((await act(coach, 'CoachDashboard', 'accept', dayAfter.id)).status).toBe(200);
  });

  it('is refused with 422 naming every pending and confirmed booking it would break, saving nothing', async () => {
    const before = await snapshot();
    // Seven years old on both sessions: Under 8, which Sam does not coach. The new first name is not saved either.
    const refused = await editPlayer(guardian, ella, { firstName: 'Ellie', dateOfBirth: bornYearsBefore(D, 7) });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      ok: false,
      code: 'PLAYER_AGE_GROUP_BOOKED',
      message: `Ella Hughes’s details were not saved: with this date of birth Ella would be outside the coach’s age groups on bookings ${onD.referenceCode} and ${dayAfter.referenceCode}. To change it, cancel those bookings first.`,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('is refused the day before the birthday that would put the player in the coach’s groups, naming only that booking', async () => {
    const before = await snapshot();
    // Born the day after D, twelve years before: 11 on D (Under 12), 12 on the day after (Under 14).
    const refused = await editPlayer(guardian, ella, { firstName: 'Ella', dateOfBirth: bornYearsBefore(londonDay(11), 12) });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'PLAYER_AGE_GROUP_BOOKED',
      message: `Ella Hughes’s details were not saved: with this date of birth Ella would be 11 on the day of booking ${onD.referenceCode}, and Sam Coach does not coach Under 12 players. To change it, cancel that booking first.`,
      fieldErrors: { dateOfBirth: [expect.stringContaining(onD.referenceCode)] },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('is saved when the first session falls on the birthday that puts the player in the coach’s groups', async () => {
    const dob = bornYearsBefore(D, 12);
    const saved = await editPlayer(guardian, ella, { firstName: 'Ella', dateOfBirth: dob });
    expect(saved).toMatchObject({ status: 200, body: { ok: true, message: 'Ella Hughes’s details saved.' } });
    const [row] = await http.db.query<{ dob: string }>(`select to_char(date_of_birth, 'YYYY-MM-DD') as dob from players where id = $1`, [ella]);
    expect(row!.dob).toBe(dob);
  });

  it('is not asked about a booking that is cancelled', async () => {
    expect((await act(guardian, 'MyBookings', 'cancel', onD.id, { reason: 'Holiday' })).status).toBe(200);
    // 11 on D (now cancelled), 12 on the confirmed session the day after.
    const saved = await editPlayer(guardian, ella, { firstName: 'Ella', dateOfBirth: bornYearsBefore(londonDay(11), 12) });
    expect(saved.status).toBe(200);
  });
});

describe('accepting a request and rescheduling a session for a player', () => {
  let guardian: Person;
  let coach: Person;
  let dayBefore: { id: string; referenceCode: string };
  let birthday: { id: string; referenceCode: string };
  let D: string;

  beforeAll(async () => {
    guardian = await person('client', 'Rhys Guardian');
    coach = await person('coach', 'Kim Coach');
    await coachesGroups(coach, ['under_12', 'under_14']);
    await openCalendar(coach);
    D = londonDay(10);
    // Tom turns 12 on D: Under 12 the day before, Under 14 on the day.
    const tom = await addPlayer(guardian, 'Tom', bornYearsBefore(D, 12));
    dayBefore = await bookPaid(guardian, coach, tom, londonDay(9));
    birthday = await bookPaid(guardian, coach, tom, D);
    // Kim stops coaching Under 12 after both requests were made.
    await coachesGroups(coach, ['under_14', 'under_16']);
  });

  it('refuses the coach accepting the request the day before the birthday (422, nothing changed) and accepts the one on it', async () => {
    const before = await snapshot();
    const refused = await act(coach, 'CoachDashboard', 'accept', dayBefore.id);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ ok: false, code: 'COACH_AGE_GROUP_MISMATCH', message: 'Kim Coach does not coach Under 12 players.' });
    expect(await snapshot()).toEqual(before);

    expect(await act(coach, 'CoachDashboard', 'accept', birthday.id)).toMatchObject({ status: 200, body: { ok: true } });
    const [row] = await http.db.query<{ status: string }>(`select status from bookings where id = $1`, [birthday.id]);
    expect(row!.status).toBe('confirmed');
  });

  it('refuses a new time proposed for the day before the birthday (422, nothing changed) and allows one on a later day', async () => {
    const before = await snapshot();
    const refused = await act(guardian, 'MyBookings', 'propose_reschedule', birthday.id, { date: londonDay(9), time: '14:00', reason: 'Cup match' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'COACH_AGE_GROUP_MISMATCH',
      message: 'Kim Coach does not coach Under 12 players.',
      fieldErrors: { date: ['Tom Hughes will be in the Under 12 group on the new date.'] },
    });
    expect(await snapshot()).toEqual(before);

    expect((await act(guardian, 'MyBookings', 'propose_reschedule', birthday.id, { date: londonDay(12), time: '14:00' })).status).toBe(200);
    expect((await act(coach, 'CoachDashboard', 'decline_reschedule', birthday.id)).status).toBe(200);
  });

  it('refuses accepting a new time across the birthday once the coach no longer coaches the group then (422, nothing changed)', async () => {
    // Proposed while Kim coached Under 12; Kim stops before answering.
    await coachesGroups(coach, ['under_12', 'under_14']);
    expect((await act(guardian, 'MyBookings', 'propose_reschedule', birthday.id, { date: londonDay(9), time: '14:00' })).status).toBe(200);
    await coachesGroups(coach, ['under_14', 'under_16']);
    const before = await snapshot();
    const refused = await act(coach, 'CoachDashboard', 'accept_reschedule', birthday.id);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'COACH_AGE_GROUP_MISMATCH', message: 'Kim Coach does not coach Under 12 players.' });
    expect(await snapshot()).toEqual(before);
    const [row] = await http.db.query<{ starts_at: Date; reschedule_status: string }>(`select starts_at, reschedule_status from bookings where id = $1`, [birthday.id]);
    expect(utcToLondon(row!.starts_at).date).toBe(D);
    expect(row!.reschedule_status).toBe('pending');
  });
});

describe('a date-of-birth change at the same moment as a booking change', () => {
  it('waits for the booking that has the player’s row, and is checked against the session it committed', async () => {
    const guardian = await person('client', 'Lee Guardian');
    const coach = await person('coach', 'Ash Coach');
    await coachesGroups(coach, ['under_14', 'under_16']);
    await openCalendar(coach);
    // Mia is 12 from londonDay(9); the session is on londonDay(11).
    const mia = await addPlayer(guardian, 'Mia', bornYearsBefore(londonDay(9), 12));
    const booking = await bookPaid(guardian, coach, mia, londonDay(11));

    // A booking change in flight, as accepting a new time does it: the player's row held FOR
    // SHARE, the session moved two days earlier (to londonDay(9)), not yet committed.
    const other = new pg.Client(http.db.url);
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from players where id = $1 for share', [mia]);
      await other.query(`update bookings set starts_at = starts_at - interval '2 days', ends_at = ends_at - interval '2 days' where id = $1`, [booking.id]);
      // 12 on londonDay(11), but 11 on londonDay(9): fine for the old time, not for the new one.
      const edit = editPlayer(guardian, mia, { firstName: 'Mia', dateOfBirth: bornYearsBefore(londonDay(10), 12) });
      await new Promise((r) => setTimeout(r, 500));
      await other.query('commit');
      const refused = await edit;
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'PLAYER_AGE_GROUP_BOOKED', message: expect.stringContaining(booking.referenceCode) });
    } finally {
      await other.end();
    }
    const [row] = await http.db.query<{ dob: string }>(`select to_char(date_of_birth, 'YYYY-MM-DD') as dob from players where id = $1`, [mia]);
    expect(row!.dob).toBe(bornYearsBefore(londonDay(9), 12));
  });
});
