import { beforeAll, describe, expect, it } from 'vitest';
import { insertPerson, type Person } from '../../support/booking-flow';
import { sameOrigin, useHttpApp } from '../../support/http-app';

/**
 * Issue 46 over HTTP against PostgreSQL: a coach chooses their base place and how they coach on
 * CoachProfile, and 'Near' finds them there; a client saves a home place on UserProfile, and
 * FindCoaches starts near it; a place the gazetteer does not hold is refused and nothing is saved.
 */
const http = useHttpApp();
const cookies = new Map<string, string>();
const STOCKPORT = 2636882;
const DIDSBURY = 6620310;
let coach: Person;
let client: Person;

const data = (route: string) => `_data=${encodeURIComponent(`routes/${route}`)}`;

async function save(who: Person, page: 'CoachProfile' | 'UserProfile', form: Record<string, string>) {
  const res = await fetch(`${http.baseUrl}/${page}?${data(`_app.${page}`)}`, {
    method: 'POST',
    body: new URLSearchParams({ intent: 'profile', fullName: who.name, ...form }),
    headers: sameOrigin(http.baseUrl, { Cookie: cookies.get(who.id)!, Accept: 'application/json' }),
    redirect: 'manual',
  });
  return { status: res.status, body: (await res.json()) as { ok: boolean; message: string; fieldErrors?: Record<string, string[]> } };
}

async function load<T>(who: Person, path: string, route: string): Promise<{ status: number; location: string | null; body: T | null }> {
  const res = await fetch(`${http.baseUrl}${path}${path.includes('?') ? '&' : '?'}${data(route)}`, { headers: { Cookie: cookies.get(who.id)! }, redirect: 'manual' });
  const location = res.headers.get('X-Remix-Redirect') ?? res.headers.get('Location');
  return { status: res.status, location, body: res.status === 200 ? ((await res.json()) as T) : null };
}

const coachForm = (o: Record<string, string> = {}) => ({ hourlyRate: '40', 'servicesOffered[]': 'striker', 'ageGroups[]': 'under_12', serviceRadius: '10', ...o });

const storedCoach = async () =>
  (
    await http.db.query<{ base_place_id: number | null; session_mode: string; placed: boolean }>(
      'select base_place_id, session_mode, base_earth is not null as placed from coach_profiles where user_id = $1',
      [coach.id],
    )
  )[0];
const storedHome = async () => (await http.db.query<{ home_place_id: number | null }>('select home_place_id from users where id = $1', [client.id]))[0]?.home_place_id;

describe('the base place and the way of coaching on CoachProfile', () => {
  beforeAll(async () => {
    coach = await insertPerson(http.db, { type: 'coach', name: 'Sid Stockport', services: ['striker'], location: '4 Quiet Lane' });
    client = await insertPerson(http.db, { type: 'client', name: 'Pat Parent' });
    for (const p of [coach, client]) cookies.set(p.id, await http.cookieFor(p.id));
  });

  it("saves the chosen place and mode, shows the place by name in the form, and 'Near' finds the coach from there", async () => {
    expect(await save(coach, 'CoachProfile', coachForm({ basePlace: String(STOCKPORT), sessionMode: 'both' }))).toMatchObject({ status: 200, body: { ok: true } });
    expect(await storedCoach()).toEqual({ base_place_id: STOCKPORT, session_mode: 'both', placed: true });
    const page = await load<{ basePlace: unknown }>(coach, '/CoachProfile', '_app.CoachProfile');
    expect(page.body?.basePlace).toEqual({ id: STOCKPORT, label: 'Stockport' });
    const near = await load<{ page: { coaches: { fullName: string; location: string; distanceTenths: number }[] } }>(client, `/FindCoaches?near=${DIDSBURY}&miles=5`, '_app.FindCoaches');
    expect(near.body?.page.coaches.map((c) => [c.fullName, c.location, c.distanceTenths])).toEqual([['Sid Stockport', 'Stockport', 31]]);
    const online = await load<{ page: { coaches: { fullName: string }[] } }>(client, '/FindCoaches?mode=online', '_app.FindCoaches');
    expect(online.body?.page.coaches.map((c) => c.fullName)).toEqual(['Sid Stockport']);
  });

  it("keeps an online-only coach out of 'Near' and clears the place on a blank", async () => {
    expect(await save(coach, 'CoachProfile', coachForm({ basePlace: '', sessionMode: 'online' }))).toMatchObject({ status: 200, body: { ok: true } });
    expect(await storedCoach()).toEqual({ base_place_id: null, session_mode: 'online', placed: false });
    const near = await load<{ page: { coaches: unknown[] } }>(client, `/FindCoaches?near=${DIDSBURY}&miles=50`, '_app.FindCoaches');
    expect(near.body?.page.coaches).toEqual([]);
  });

  it('refuses a place the gazetteer does not hold, or an unknown mode, under its field, and saves nothing', async () => {
    await save(coach, 'CoachProfile', coachForm({ basePlace: String(STOCKPORT), sessionMode: 'in_person', hourlyRate: '40' }));
    const refused = await save(coach, 'CoachProfile', coachForm({ basePlace: '123', sessionMode: 'by post', hourlyRate: '60' }));
    expect(refused.status).toBe(422);
    expect(refused.body.fieldErrors).toMatchObject({ basePlace: ['Please choose a place from the list'], sessionMode: ['Please choose how you coach: in person, online, or both'] });
    expect(await storedCoach()).toEqual({ base_place_id: STOCKPORT, session_mode: 'in_person', placed: true });
    const rate = await http.db.query<{ hourly_rate_pence: number }>('select hourly_rate_pence from coach_profiles where user_id = $1', [coach.id]);
    expect(rate[0]?.hourly_rate_pence).toBe(4000);
  });
});

describe("a client's saved home place on UserProfile", () => {
  it('has none until the client chooses one, and FindCoaches then searches anywhere', async () => {
    expect(await storedHome()).toBeNull();
    expect((await load<{ homePlace: unknown }>(client, '/UserProfile', '_app.UserProfile')).body).toMatchObject({ homePlace: null });
    expect(await load(client, '/FindCoaches', '_app.FindCoaches')).toMatchObject({ status: 200 });
  });

  it('saves the chosen place, and a bare FindCoaches goes to the search near it, in the URL', async () => {
    expect(await save(client, 'UserProfile', { homePlace: String(DIDSBURY) })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await storedHome()).toBe(DIDSBURY);
    expect((await load<{ homePlace: unknown }>(client, '/UserProfile', '_app.UserProfile')).body?.homePlace).toEqual({ id: DIDSBURY, label: 'Didsbury' });
    const bare = await load(client, '/FindCoaches?specialization=striker', '_app.FindCoaches');
    expect(bare.location).toBe(`/FindCoaches?specialization=striker&near=${DIDSBURY}`);
    const there = await load<{ nearPlace: unknown; page: { coaches: { fullName: string }[] } }>(client, `/FindCoaches?specialization=striker&near=${DIDSBURY}`, '_app.FindCoaches');
    expect(there.body?.nearPlace).toEqual({ id: DIDSBURY, label: 'Didsbury' });
    expect(there.body?.page.coaches.map((c) => c.fullName)).toEqual(['Sid Stockport']);
  });

  it("leaves the search alone when it says 'anywhere' (near=) or 'Online', and other people's searches alone", async () => {
    expect(await load(client, '/FindCoaches?near=', '_app.FindCoaches')).toMatchObject({ status: 200, location: null });
    expect(await load(client, '/FindCoaches?mode=online', '_app.FindCoaches')).toMatchObject({ status: 200, location: null });
    expect(await load(coach, '/FindCoaches', '_app.FindCoaches')).toMatchObject({ status: 200, location: null });
  });

  it('refuses a place the gazetteer does not hold, keeps the saved one, and clears it on a blank', async () => {
    const refused = await save(client, 'UserProfile', { homePlace: '999999999' });
    expect(refused).toMatchObject({ status: 422, body: { fieldErrors: { homePlace: ['Please choose a place from the list'] } } });
    expect(await storedHome()).toBe(DIDSBURY);
    expect(await save(client, 'UserProfile', { homePlace: '' })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await storedHome()).toBeNull();
  });

  it("never takes a home place from a coach's form", async () => {
    await save(coach, 'UserProfile', { homePlace: String(DIDSBURY) });
    expect((await http.db.query<{ home_place_id: number | null }>('select home_place_id from users where id = $1', [coach.id]))[0]?.home_place_id).toBeNull();
  });
});
