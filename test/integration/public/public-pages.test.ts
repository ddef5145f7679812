import { beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_NO_STORE, PUBLIC_BRIEFLY } from '../../../adapters/http/cache-policy';
import { RATE_LIMITS } from '../../../domain/rate-limit/rate-limit-policy';
import { insertPerson, type Person } from '../../support/booking-flow';
import { createTestBooking } from '../../support/fixtures/bookings';
import { useHttpApp } from '../../support/http-app';

/**
 * Decision 048: FindCoaches and a coach's profile answer signed-out visitors with public fields
 * only, may be cached while signed out (never once signed in), carry a title, a description and a
 * canonical link, and are limited per IP address.
 */
const http = useHttpApp();

let coach: Person;
let client: Person;
const COACH_PHONE = '+44 7700 900123';
const CLIENT_PHONE = '+44 7700 900456';
const CLIENT_NOTE = 'Jordan twisted his ankle last spring';

/** Each test its own visitor address (loopback proxies are trusted), so one test's views do not count against another's. */
let visitor = 0;
const fromNewVisitor = () => ({ 'X-Forwarded-For': `198.51.100.${++visitor}` });

beforeAll(async () => {
  coach = await insertPerson(http.db, { type: 'coach', name: 'Priya Shah', location: 'Leeds' });
  client = await insertPerson(http.db, { type: 'client', name: 'Sam Client' });
  await http.db.query(`update users set phone = $2, bio = 'UEFA B coach' where id = $1`, [coach.id, COACH_PHONE]);
  await http.db.query(`update users set phone = $2 where id = $1`, [client.id, CLIENT_PHONE]);
  const booking = await createTestBooking(http.app, { clientId: client.id, coachId: coach.id });
  await http.db.query(`update bookings set client_notes = $2 where id = $1`, [booking.id, CLIENT_NOTE]);
});

const profilePath = () => `/CoachProfile?userId=${coach.id}`;

describe('the public pages signed out', () => {
  it("show a coach's profile and the coach list without any email address, phone number or client's data", async () => {
    const headers = fromNewVisitor();
    const pages = [profilePath(), `${profilePath()}&_data=routes%2F_app.CoachProfile`, '/FindCoaches', '/FindCoaches?_data=routes%2F_app.FindCoaches'];
    for (const url of pages) {
      const res = await fetch(`${http.baseUrl}${url}`, { headers, redirect: 'manual' });
      const body = await res.text();
      expect(res.status, url).toBe(200);
      expect(body, url).toContain('Priya Shah');
      for (const secret of [`${coach.id}@example.test`, COACH_PHONE, client.name, `${client.id}@example.test`, CLIENT_PHONE, CLIENT_NOTE, '"email"', '"phone"']) {
        expect(body, `${url} holds ${secret}`).not.toContain(secret);
      }
    }
  });

  it('show the public fields of a coach: place, services and prices', async () => {
    const res = await fetch(`${http.baseUrl}${profilePath()}`, { headers: fromNewVisitor() });
    const body = await res.text();
    expect(body).toContain('Leeds');
    expect(body).toContain('UEFA B coach');
    expect(body).toContain('Striker');
    expect(body).toContain('£50');
    expect(body).toMatch(/>Book</);
  });

  it("answer a client's profile as a profile that does not exist", async () => {
    const res = await fetch(`${http.baseUrl}/CoachProfile?userId=${client.id}`, { headers: fromNewVisitor(), redirect: 'manual' });
    const body = await res.text();
    expect(res.status).toBe(404);
    expect(body).not.toContain(client.name);
  });

  it('send a visitor who opens any other page of the app to the login dialog', async () => {
    for (const url of ['/MyBookings', '/Messages', '/CoachProfile', '/UserProfile?userId=' + coach.id]) {
      const res = await fetch(`${http.baseUrl}${url}`, { headers: fromNewVisitor(), redirect: 'manual' });
      await res.arrayBuffer();
      expect(res.status, url).toBe(302);
      expect(res.headers.get('location'), url).toMatch(/^\/\?login=1/);
    }
  });

  it('may be cached briefly while signed out, and never once signed in', async () => {
    const cookie = await http.cookieFor(client.id);
    for (const url of [profilePath(), '/FindCoaches']) {
      const anonymous = await fetch(`${http.baseUrl}${url}`, { headers: fromNewVisitor() });
      await anonymous.arrayBuffer();
      expect(anonymous.headers.get('cache-control'), url).toBe(PUBLIC_BRIEFLY);
      expect(anonymous.headers.get('vary'), url).toMatch(/\bCookie\b/);
      const signedIn = await fetch(`${http.baseUrl}${url}`, { headers: { cookie } });
      await signedIn.arrayBuffer();
      expect(signedIn.status, url).toBe(200);
      expect(signedIn.headers.get('cache-control'), url).toBe(PRIVATE_NO_STORE);
    }
  });

  it("carry a title, a meta description and a canonical link, the profile's with the coach's name", async () => {
    const profile = await (await fetch(`${http.baseUrl}${profilePath()}`, { headers: fromNewVisitor() })).text();
    expect(profile).toMatch(/<title>Priya Shah · Football coach · FACT<\/title>/);
    expect(profile).toMatch(/<meta name="description" content="Book one-to-one football coaching with Priya Shah in Leeds\.[^"]*"/);
    expect(profile).toContain(`<link rel="canonical" href="${http.baseUrl}/CoachProfile?userId=${coach.id}"/>`);
    const list = await (await fetch(`${http.baseUrl}/FindCoaches?specialization=striker`, { headers: fromNewVisitor() })).text();
    expect(list).toMatch(/<title>Find Coaches · FACT<\/title>/);
    expect(list).toMatch(/<meta name="description" content="Browse football coaches[^"]*"/);
    expect(list).toContain(`<link rel="canonical" href="${http.baseUrl}/FindCoaches"/>`);
  });

  it('refuse a visitor past the page-view limit with a page that says when to come back, and count nobody signed in', async () => {
    const headers = fromNewVisitor();
    const limit = RATE_LIMITS.browse.limit;
    for (let i = 0; i < limit; i++) {
      const res = await fetch(`${http.baseUrl}${i % 2 ? '/FindCoaches' : profilePath()}`, { headers });
      await res.arrayBuffer();
      expect(res.status, `view ${i + 1}`).toBe(200);
    }
    const refused = await fetch(`${http.baseUrl}${profilePath()}`, { headers });
    const page = await refused.text();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('cache-control')).not.toContain('public');
    expect(page).toContain('Too many requests');
    expect(page).toMatch(/Too many pages viewed in a short time\. Please wait until \d\d:\d\d/);
    expect(page).not.toContain('Priya Shah');
    expect(http.logs().some((l) => l.msg === 'refused: too many public page views' && l.ip === headers['X-Forwarded-For'])).toBe(true);
    // The same address signed in is a person, not a scraper.
    const signedIn = await fetch(`${http.baseUrl}${profilePath()}`, { headers: { ...headers, cookie: await http.cookieFor(client.id) } });
    await signedIn.arrayBuffer();
    expect(signedIn.status).toBe(200);
    // Another visitor is not held back by the first.
    const other = await fetch(`${http.baseUrl}${profilePath()}`, { headers: fromNewVisitor() });
    await other.arrayBuffer();
    expect(other.status).toBe(200);
  });
});

describe("a page's 'Next available' signed out", () => {
  it('tells when an active coach is next free, and nothing of a deactivated coach or of someone who is not a coach', async () => {
    const gone = await insertPerson(http.db, { type: 'coach', name: 'Gone Coach' });
    await http.db.query(`update users set is_active = false, deactivated_at = now() where id = $1`, [gone.id]);
    const res = await fetch(`${http.baseUrl}/api/next-available?coaches=${coach.id}:60,${gone.id}:60,${client.id}:60`, { headers: fromNewVisitor() });
    expect(res.status).toBe(200);
    const { nextAvailable } = (await res.json()) as { nextAvailable: Record<string, string | null> };
    expect(nextAvailable[coach.id]).toEqual(expect.any(String));
    expect(nextAvailable[gone.id]).toBeNull();
    expect(nextAvailable[client.id]).toBeNull();
  });
});
