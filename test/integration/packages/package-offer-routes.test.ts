import { beforeAll, describe, expect, it } from 'vitest';
import { insertPerson, type Person } from '../../support/booking-flow';
import { sameOrigin, useHttpApp } from '../../support/http-app';

/**
 * CoachProfile's Packages card over HTTP against PostgreSQL: the coach adds, changes and retires
 * packages; other people see what is on sale with its saving; nobody else can touch them.
 */
const http = useHttpApp();
const cookies = new Map<string, string>();
const PROFILE = `/CoachProfile?_data=${encodeURIComponent('routes/_app.CoachProfile')}`;
let coach: Person;
let otherCoach: Person;
let client: Person;

async function post(who: Person, form: Record<string, string>) {
  const res = await fetch(`${http.baseUrl}${PROFILE}`, {
    method: 'POST',
    body: new URLSearchParams(form),
    headers: sameOrigin(http.baseUrl, { Cookie: cookies.get(who.id)!, Accept: 'application/json' }),
    redirect: 'manual',
  });
  return { status: res.status, body: (await res.json()) as { ok: boolean; message: string; fieldErrors?: Record<string, string[]> } };
}

async function packagesSeenBy(viewer: Person | null, coachId: string) {
  const url = `${http.baseUrl}/CoachProfile?userId=${coachId}&_data=${encodeURIComponent('routes/_app.CoachProfile')}`;
  const res = await fetch(url, { headers: viewer ? { Cookie: cookies.get(viewer.id)! } : {} });
  expect(res.status).toBe(200);
  return ((await res.json()) as { packages: { id: string; name: string; price: string; saving: string | null }[] }).packages;
}

async function availabilitySeenBy(viewer: Person, coachId: string) {
  const url = `${http.baseUrl}/CoachProfile?userId=${coachId}&_data=${encodeURIComponent('routes/_app.CoachProfile')}`;
  const res = await fetch(url, { headers: { Cookie: cookies.get(viewer.id)! } });
  return ((await res.json()) as { availability: unknown[] }).availability;
}

const stored = () =>
  http.db.query<{ sessions: number; total_price_pence: number; title: string | null; retired: boolean }>(
    'select sessions, total_price_pence, title, retired_at is not null as retired from package_offers where coach_id = $1 order by created_at, id',
    [coach.id],
  );

describe('a coach’s packages, from the profile page', () => {
  beforeAll(async () => {
    coach = await insertPerson(http.db, { type: 'coach', name: 'Polly Packages', ratePence: 4500 });
    otherCoach = await insertPerson(http.db, { type: 'coach', name: 'Oscar Other' });
    client = await insertPerson(http.db, { type: 'client', name: 'Clara Client' });
    for (const p of [coach, otherCoach, client]) cookies.set(p.id, await http.cookieFor(p.id));
  });

  it('adds a package and shows it to a client and a signed-out visitor with its saving', async () => {
    const added = await post(coach, { intent: 'package-save', sessions: '5', durationMinutes: '60', pricePounds: '200', validityWeeks: '8', title: '' });
    expect(added).toMatchObject({ status: 200, body: { ok: true, message: 'Package added to your profile.' } });
    const expected = [{ name: '5 sessions of 1 hour', price: '£200', saving: 'Save £25 (11%) on 5 single sessions' }];
    expect(await packagesSeenBy(client, coach.id)).toMatchObject(expected);
    expect(await packagesSeenBy(null, coach.id)).toMatchObject(expected);
  });

  it('reads the coach’s availability in the same statement as the packages, as the availability repository would', async () => {
    await http.db.query(
      `insert into availability_periods (id, coach_id, starts_at, ends_at, daily_start, daily_end, notes, is_available)
       values (gen_random_uuid(), $1, now() + interval '1 day', now() + interval '8 days', '09:00', '17:30', 'Weekday evenings too', true),
              (gen_random_uuid(), $1, now() - interval '9 days', now() - interval '2 days', null, null, null, true)`,
      [coach.id],
    );
    const shown = await availabilitySeenBy(client, coach.id);
    expect(shown).toHaveLength(1);
    expect(JSON.stringify(shown)).toContain('Weekday evenings too');
    expect(JSON.stringify(shown)).toMatch(/09:00[\s\S]*17:30/);
  });

  it('refuses a price above the single sessions, or in pence, with the rule’s words, and saves nothing', async () => {
    const dear = await post(coach, { intent: 'package-save', sessions: '4', durationMinutes: '60', pricePounds: '181', validityWeeks: '8' });
    expect(dear).toMatchObject({ status: 422, body: { ok: false, fieldErrors: { totalPricePence: ["A package can't cost more than 4 single sessions (£180.00)."] } } });
    const pence = await post(coach, { intent: 'package-save', sessions: '4', durationMinutes: '60', pricePounds: '150.50', validityWeeks: '8' });
    expect(pence.body.fieldErrors).toEqual({ totalPricePence: ['The price must be a whole number of pounds.'] });
    const typed = await post(coach, { intent: 'package-save', sessions: 'lots', durationMinutes: '45', pricePounds: '', validityWeeks: '100' });
    expect(typed.body.fieldErrors).toEqual({ sessions: ['A package has 2 to 20 sessions.'], totalPricePence: ['The price must be a whole number of pounds.'] });
    const rules = await post(coach, { intent: 'package-save', sessions: '4', durationMinutes: '45', pricePounds: '100', validityWeeks: '100' });
    expect(Object.keys(rules.body.fieldErrors ?? {}).sort()).toEqual(['durationMinutes', 'validityWeeks']);
    expect(await stored()).toHaveLength(1);
  });

  it('changes and retires only the coach’s own packages; to anyone else a package is not found', async () => {
    const [offer] = await packagesSeenBy(client, coach.id);
    const byOther = await post(otherCoach, { intent: 'package-retire', offerId: offer!.id });
    expect(byOther).toMatchObject({ status: 404, body: { message: 'Package not found' } });
    const byClient = await post(client, { intent: 'package-save', offerId: offer!.id, sessions: '5', durationMinutes: '60', pricePounds: '1', validityWeeks: '8' });
    expect(byClient.status).toBe(404);
    const notAnId = await post(coach, { intent: 'package-retire', offerId: 'nope' });
    expect(notAnId.status).toBe(404);

    const changed = await post(coach, { intent: 'package-save', offerId: offer!.id, sessions: '5', durationMinutes: '60', pricePounds: '190', validityWeeks: '8', title: 'Summer block' });
    expect(changed.body.ok).toBe(true);
    expect(await stored()).toEqual([{ sessions: 5, total_price_pence: 19_000, title: 'Summer block', retired: false }]);

    const retired = await post(coach, { intent: 'package-retire', offerId: offer!.id });
    expect(retired.body).toMatchObject({ ok: true });
    expect(await packagesSeenBy(client, coach.id)).toEqual([]);
    expect(await stored()).toEqual([{ sessions: 5, total_price_pence: 19_000, title: 'Summer block', retired: true }]);
  });
});
